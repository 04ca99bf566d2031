"""Fidelity: on every real tokenizer and every FLORES language, the workbench's IDs equal the native
library's and every byte span covers exactly the bytes the native runtime attributes to the token.

The native side is built independently of the workbench's loaders (straight from the library).
"""

from __future__ import annotations

import functools
import re

import numpy as np
import pytest

from core.encodings.encoding import Flag
from core.formats.detect import load_tokenizer
from tests.conftest import REAL_TOKENIZERS, TOKENIZERS, flores_lines, require_data

pytestmark = pytest.mark.realdata
PROBE = "Hello 世界 👨\u200d👩\u200d👧 café"
EXTRA = [PROBE, "", " ", "ﬃ Ⅳ\r\n\ttab  two", "a\u0301\u200b\u202eRTL\ufeff", "😀" * 5, "1234567.89",
         "<|endoftext|>[CLS]<s>", "\x00\x01", "مرحبا بالعالم", "    def f():\n        return 1\n"]
BYTE_FALLBACK = {"mistral"}  # the real tokenizers with byte-fallback pieces


def native_for(name: str, path):
    """A function text -> (ids, native spans) straight from the native library."""
    if name == "gpt2":
        import tiktoken
        from tiktoken.load import load_tiktoken_bpe
        from tiktoken_ext.openai_public import r50k_pat_str

        enc = tiktoken.Encoding("ref", pat_str=r50k_pat_str,
                                mergeable_ranks=load_tiktoken_bpe(str(path)),
                                special_tokens={"<|endoftext|>": 50256})

        def run(text):
            ids = enc.encode_ordinary(text)
            return ids, [enc.decode_single_token_bytes(i) for i in ids]
        return run
    if name.startswith(("bert", "claude")):
        from tokenizers import Tokenizer
        from tokenizers.implementations import BertWordPieceTokenizer

        if name == "bert-vocab":
            tk = BertWordPieceTokenizer(str(path), lowercase=True)._tokenizer
        else:
            tk = Tokenizer.from_file(str(path))
        tk.no_padding()
        tk.no_truncation()
        tk.encode_special_tokens = True

        def run(text):
            enc = tk.encode(text)
            return enc.ids, enc.offsets
        return run
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_file=str(path))

    def run(text):
        proto = sp.encode(text, out_type="proto")
        return [p.id for p in proto.pieces], [(p.begin, p.end, p.piece) for p in proto.pieces]
    return run


def check_spans(name, text, enc, native_spans, token_list=None) -> int:
    """Assert the spans; return how many byte-fallback tokens were checked. ``token_list``:
    every id's bytes (the runtime's ``vocab_bytes.token_list``), else each token's are asked
    of the Encoding."""
    data = text.encode("utf-8")
    starts, ends = enc.byte_starts, enc.byte_ends
    assert ((0 <= starts) & (starts <= ends) & (ends <= len(data))).all()
    content = ((enc.flags & Flag.INSERTED) == 0).tolist()
    # compared as Python ints: numpy scalars and enum members in these per-token loops made the
    # checks, not the encoders, 3/4 of this file's time (30,000 texts per tokenizer)
    starts, ends, flags = starts.tolist(), ends.tolist(), enc.flags.tolist()
    if name == "gpt2":
        # token bytes concatenate to the text: each span holds exactly the token's bytes
        assert [data[s:e] for s, e in zip(starts, ends)] == native_spans
    elif name.startswith(("bert", "claude")):
        cs, ce = enc.spans("cp")
        ours = [(a, b) for a, b, c in zip(cs.tolist(), ce.tolist(), content) if c]
        theirs = [tuple(o) for o, c in zip(native_spans, content) if c]
        assert ours == theirs
        # a byte-level tokenizer cuts most CJK characters: 2 M partial tokens on FLORES, each
        # looked up in the id list (the Encoding's lookups per token were half this test's time)
        ids = enc.ids.tolist()
        for i in np.flatnonzero(enc.flags & Flag.PARTIAL).tolist():
            want = enc.bytes_at(i) if token_list is None else token_list[ids[i]]
            assert data[starts[i]:ends[i]] == want
    else:
        byte_spans = byte_piece_spans(data, native_spans)
        for i, (b, e, piece) in enumerate(native_spans):
            if i in byte_spans:
                assert flags[i] & _BYTE_FALLBACK, (i, piece)
                want = byte_spans[i]
                assert (starts[i], ends[i]) == want, (i, piece, text)
                assert bool(flags[i] & _PARTIAL) == (not _whole_characters(data, *want))
            elif b < e:
                assert (starts[i], ends[i]) == (b, e), (i, piece)
        return len(byte_spans)
    return 0


_BYTE_FALLBACK, _PARTIAL = int(Flag.BYTE_FALLBACK), int(Flag.PARTIAL)


def byte_piece_spans(data: bytes, native_spans) -> dict[int, tuple[int, int]]:
    """What each byte-fallback piece's span must be, from SentencePiece's own offsets.

    SentencePiece gives a character that fell back to bytes (``𝔘`` -> ``<0xF0> <0x9D> <0x94>
    <0x98>``) to its last byte piece (``(2, 6)``); the pieces before it get an empty span at the
    character's start (``(2, 2)``). Each byte piece stands for one byte of that character: where
    the run's bytes are the text's bytes there, piece ``k`` of the run spans exactly byte
    ``B + k``; where normalization changed the character, every piece of the run gets the whole
    character ``(B, E)`` (no byte of the original is its own).

    >>> byte_piece_spans("é".encode(), [(0, 0, "<0xC3>"), (0, 2, "<0xA9>")])
    {0: (0, 1), 1: (1, 2)}
    """
    out: dict[int, tuple[int, int]] = {}
    run: list[int] = []
    for i, (b, e, piece) in enumerate(native_spans):
        if byte_piece_value(piece) is None:
            assert not run, "a byte piece's character must end in a byte piece"
            continue
        run.append(i)
        if b == e:  # an earlier byte of a character: its span comes with the run's last piece
            continue
        assert all(native_spans[j][:2] == (b, b) for j in run[:-1]), native_spans[run[0]:i + 1]
        run_bytes = bytes(byte_piece_value(native_spans[j][2]) for j in run)
        for k, j in enumerate(run):
            out[j] = (b + k, b + k + 1) if data[b:e] == run_bytes else (b, e)
        run = []
    assert not run, "a run of byte pieces without a character"
    return out


@functools.lru_cache(maxsize=None)  # pieces repeat: a vocabulary's worth of answers at most
def byte_piece_value(piece: str) -> int | None:
    """``<0xF0>`` -> 0xF0; None for any other piece (read here, not with the runtime's reader)."""
    match = _BYTE_PIECE.fullmatch(piece)
    return int(match.group(1), 16) if match else None


_BYTE_PIECE = re.compile(r"<0x([0-9A-F]{2})>")


def _whole_characters(data: bytes, start: int, end: int) -> bool:
    """Whether ``data[start:end]`` begins and ends on UTF-8 character boundaries."""
    def boundary(i: int) -> bool:
        return i in (0, len(data)) or data[i] & 0xC0 != 0x80
    return boundary(start) and boundary(end)


@pytest.mark.parametrize("name,rel", REAL_TOKENIZERS, ids=[n for n, _ in REAL_TOKENIZERS])
def test_ids_and_spans_match_native_on_flores(name, rel):
    path = require_data(TOKENIZERS / rel)
    runtime = load_tokenizer(path)
    native = native_for(name, path)
    checked = byte_pieces = 0
    token_list = runtime.vocab_bytes.token_list  # what runtime.token_bytes(id) gives
    for lang, lines in flores_lines().items():
        for text in lines + EXTRA:
            enc = runtime.encode(text, add_special_tokens=name.startswith("bert"))
            ids, spans = native(text)
            assert enc.ids.tolist() == list(ids), (lang, text[:60])
            byte_pieces += check_spans(name, text, enc, spans, token_list)
            checked += 1
    assert checked > 30 * 997
    if name in BYTE_FALLBACK:  # the byte-piece rule above was exercised, not skipped
        assert byte_pieces > 100


def test_byte_pieces_the_careful_way_on_flores():
    """The SentencePiece runtime's other route (the protobuf's offsets: earlier byte pieces of
    a character share its span, narrowed in core.encodings.spans) gives byte pieces the same spans."""
    from core.encodings.batch import encode_one

    path = require_data(TOKENIZERS / "mistral-v3/tokenizer.model")
    runtime = load_tokenizer(path)
    native = native_for("mistral", path)
    byte_pieces = 0
    for lang, lines in flores_lines(60).items():
        for text in lines:
            raw = runtime._native_batch([text], False, False)[0]
            enc = encode_one(runtime, text, runtime._careful(text, raw, []))
            ids, spans = native(text)
            assert enc.ids.tolist() == list(ids), (lang, text[:60])
            byte_pieces += check_spans("mistral", text, enc, spans)
    assert byte_pieces > 100


LOSSLESS = {"gpt2", "mistral"}


@pytest.mark.parametrize("name,rel", [t for t in REAL_TOKENIZERS if t[0] in LOSSLESS])
def test_decode_round_trips_on_flores(name, rel):
    runtime = load_tokenizer(require_data(TOKENIZERS / rel))
    for lang, lines in flores_lines(200).items():
        for text in lines:
            assert runtime.round_trip(text).ok, (lang, text[:60])


def test_readme_probe_values():
    gpt2 = load_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken"))
    assert gpt2.encode(PROBE).ids.tolist() == [15496, 220, 10310, 244, 45911, 234, 50169, 101,
                                               447, 235, 41840, 102, 447, 235, 41840, 100, 40304]
    bert = load_tokenizer(require_data(TOKENIZERS / "bert-minilm/tokenizer.json"))
    assert bert.encode(PROBE, add_special_tokens=False).ids.tolist() == [7592, 1745, 100, 100, 7668]
    assert bert.encode(PROBE).ids.tolist() == [101, 7592, 1745, 100, 100, 7668, 102]
