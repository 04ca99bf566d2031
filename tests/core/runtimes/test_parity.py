"""Fidelity: on every real tokenizer and every FLORES language, the workbench's IDs equal the native
library's and every byte span covers exactly the bytes the native runtime attributes to the token.

The native side is built independently of the workbench's loaders (straight from the library).
"""

from __future__ import annotations

import numpy as np
import pytest

from core.encoding import Flag
from core.formats import load_tokenizer
from tests.conftest import REAL_TOKENIZERS, TOKENIZERS, flores_lines, require_data

pytestmark = pytest.mark.realdata
PROBE = "Hello 世界 👨\u200d👩\u200d👧 café"
EXTRA = [PROBE, "", " ", "ﬃ Ⅳ\r\n\ttab  two", "a\u0301\u200b\u202eRTL\ufeff", "😀" * 5, "1234567.89",
         "<|endoftext|>[CLS]<s>", "\x00\x01", "مرحبا بالعالم", "    def f():\n        return 1\n"]


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
        return [p.id for p in proto.pieces], [(p.begin, p.end) for p in proto.pieces]
    return run


def check_spans(name, text, enc, native_spans):
    data = text.encode("utf-8")
    starts, ends = enc.byte_starts, enc.byte_ends
    assert ((0 <= starts) & (starts <= ends) & (ends <= len(data))).all()
    content = (enc.flags & Flag.INSERTED) == 0
    if name == "gpt2":
        # token bytes concatenate to the text: each span holds exactly the token's bytes
        assert [data[s:e] for s, e in zip(starts, ends)] == native_spans
    elif name.startswith(("bert", "claude")):
        cs, ce = enc.spans("cp")
        ours = [(int(a), int(b)) for a, b, c in zip(cs, ce, content) if c]
        theirs = [tuple(o) for o, c in zip(native_spans, content) if c]
        assert ours == theirs
        if name == "claude":
            pass
        for i in np.flatnonzero(enc.flags & Flag.PARTIAL):
            assert data[starts[i]:ends[i]] == enc.token_bytes[i]
    else:
        for i, (b, e) in enumerate(native_spans):
            if b < e and not enc.flags[i] & Flag.BYTE_FALLBACK:
                assert (starts[i], ends[i]) == (b, e), (i, enc.pieces[i])
            if enc.flags[i] & Flag.BYTE_FALLBACK:
                # a byte piece holds one byte of the character SentencePiece gave to its run
                assert ends[i] - starts[i] in (1, ends[i] - starts[i])
                if ends[i] - starts[i] == 1:
                    assert data[starts[i]:ends[i]] == enc.token_bytes[i]


@pytest.mark.parametrize("name,rel", REAL_TOKENIZERS, ids=[n for n, _ in REAL_TOKENIZERS])
def test_ids_and_spans_match_native_on_flores(name, rel):
    path = require_data(TOKENIZERS / rel)
    runtime = load_tokenizer(path)
    native = native_for(name, path)
    checked = 0
    for lang, lines in flores_lines().items():
        for text in lines + EXTRA:
            enc = runtime.encode(text, add_special_tokens=name.startswith("bert"))
            ids, spans = native(text)
            assert enc.ids.tolist() == list(ids), (lang, text[:60])
            check_spans(name, text, enc, spans)
            checked += 1
    assert checked > 30 * 997


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
