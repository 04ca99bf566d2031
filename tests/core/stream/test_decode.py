"""Streaming decode (core.stream.decode) held step by step to ``tokenizers.decoders.DecodeStream`` on the
same IDs (one ID or several per step, with a prompt prefilled, special tokens skipped or not), and,
for runtimes with no ``DecodeStream``, to ``DecodeStream``'s rule on the runtime's own ``decode``.

Oracles: ``DecodeStream.step`` (HF tokenizers) and ``runtime.decode`` (the native library); see
tests/core/stream_oracle.py for what each says where the IDs are no valid UTF-8.
"""

from __future__ import annotations

import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from tokenizers import Tokenizer, decoders, models
from tokenizers.decoders import DecodeStream

from core.formats.detect import load_tokenizer
from core.formats.runtime import StreamTraits
from core.formats.gguf.runtime import GGUFRuntime
from core.formats.hf.runtime import HFRuntime
from core.stream.decode import (SKIPPED_KINDS, StopMatcher, StreamDecoder, StreamError, TextStream,
                         invalid_runs, show_invalid, utf8_waiting)
from tests.conftest import DATA, DEMO, TOKENIZERS, require_data
from tests.core import families as F
from tests.core.stream_oracle import decode_stream_steps, rule_steps
from tests.core.pipeline.test_pretokens import _runtimes_without_data

TEXTS = ["Hello 世界 👨\u200d👩\u200d👧\u200d👦 café", "低碳模型 🤖🧠 emoji: 😀👍🏽🇯🇵 🏳\ufe0f\u200d🌈 ok",
         "日本語の文には空白がない。 こんにちは 안녕하세요", "مرحبا بالعالم، שלום עולם नमस्ते",
         "  two  spaces\n\ttab\r\n", "unaffable, isn't it? I do not know. He's 'quoted' here!",
         "<s>hi</s> there <|endoftext|> [CLS] x", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 e\u0301 ﬃ", ""]
RUNTIMES = list(_runtimes_without_data())
HF_RUNTIMES = [r for r in RUNTIMES if isinstance(r, HFRuntime)]
# every shared tokenizer file, with a decoder (all of them have one), by kind of oracle
REAL_HF = {"bert-json": "tokenizers/bert-minilm/tokenizer.json",
           "claude-legacy": "tokenizers/claude-legacy/tokenizer.json",
           **{f"gguf-{name}": f"gguf/ggml-vocab-{name}.gguf" for name in
              ("bert-bge", "deepseek-coder", "gpt-2", "llama-spm", "phi-3", "starcoder")}}
REAL_NATIVE = {"gpt2": "tokenizers/gpt2.tiktoken",
               "mistral": "tokenizers/mistral-v3/tokenizer.model",
               "spm-en": "tokenizers/sentencepiece/test_model.model",
               "spm-ja": "tokenizers/sentencepiece/test_ja_model.model",
               "tekken": "tokenizers/mistral-tekken/tekken_240718.json"}
# characters of 1 to 4 UTF-8 bytes, combining marks, spaces: text whose IDs cut characters
ALPHABET = "a Zé\u0301世界😀👍🏽\n▁"


def _ids(runtime, text: str) -> list[int]:
    return runtime.encode(text, add_special_tokens=True, parse_special=True).ids.tolist()


def _streamed(runtime, ids, chunks=None) -> tuple[StreamDecoder, list[str]]:
    """Decode ``ids`` pushed in ``chunks`` (sizes; default one by one)."""
    decoder, out, pos = StreamDecoder(runtime), [], 0
    for size in chunks or [1] * len(ids):
        out.append(decoder.push(ids[pos:pos + size]))
        pos += size
    out.append(decoder.push(ids[pos:]) + decoder.finish())
    return decoder, out


def _skipped(runtime) -> frozenset[int]:
    return frozenset(t.id for t in runtime.special_tokens() if t.kind in SKIPPED_KINDS)


def _run(runtime, steps, *, skip=False, prefill=()) -> tuple[StreamDecoder, list[str], list[str]]:
    """Push each step; (decoder, each step's text as shown, each step's text as the runtime
    reads it (with �)), after checking that a step shows its invalid bytes as hex, never as a
    silent �."""
    decoder = StreamDecoder(runtime, skip_special=skip, prefill=prefill)
    shown, lossy = [], []
    for step in steps:
        before = len(decoder.lossy_text)
        shown.append(decoder.push(step))
        lossy.append(decoder.lossy_text[before:])
        if "\ufffd" not in lossy[-1]:
            assert shown[-1] == lossy[-1]
        elif not any(_own_replacement(runtime, i) for i in prefill + [i for s in steps for i in s]):
            assert "\ufffd" not in shown[-1], (shown[-1], lossy[-1])
    return decoder, shown, lossy


@lru_cache(maxsize=100_000)
def _own_replacement(runtime, token_id: int) -> bool:
    """Whether an ID's "�" is no invalid byte: the text holds one (bytes EF BF BD), or the
    runtime decodes the ID's valid bytes to "�" (an added token such as "À" in a tokenizer.json
    whose ByteLevel decoder reads it as the byte C0)."""
    data = runtime.token_bytes(token_id)
    return b"\xef\xbf\xbd" in data or (not invalid_runs(data)
                                       and "\ufffd" in runtime.decode([token_id]))


def check_steps(runtime, steps, *, skip=False, prefill=()) -> StreamDecoder:
    """Our text at every step against the oracle: ``DecodeStream`` for a runtime that decodes
    with its ``tokenizers.Tokenizer``, ``DecodeStream``'s rule on ``decode`` for the others (a
    GGUF file decodes as llama.cpp does: its user-defined tokens as their own text)."""
    steps, prefill = [list(s) for s in steps], list(prefill)
    decoder, shown, lossy = _run(runtime, steps, skip=skip, prefill=prefill)
    # a byte-level GGUF decodes as llama.cpp, not as its tokenizers.Tokenizer (GGUFRuntime.decode)
    llama_cpp_decode = isinstance(runtime, GGUFRuntime) and runtime.byte_level
    if isinstance(runtime, HFRuntime) and not llama_cpp_decode:
        assert lossy == decode_stream_steps(runtime.tk, steps, skip=skip, prefill=prefill)
    else:
        dropped = _skipped(runtime) if skip else frozenset()

        def decode(ids):
            return runtime.decode([i for i in ids if i not in dropped])

        base, so_far = rule_steps(decode, steps, prefill)
        assert [base + "".join(lossy[:k + 1]) for k in range(len(steps))] == so_far
        rest = decoder.finish()
        if "\ufffd" not in rest:
            assert base + decoder.lossy_text == decode(prefill + [i for s in steps for i in s])
    return decoder


def _chunked(ids, sizes) -> list[list[int]]:
    out, pos = [], 0
    for size in sizes:
        if pos >= len(ids):
            break
        out.append(ids[pos:pos + size])
        pos += size
    return out + ([ids[pos:]] if pos < len(ids) else [])


# -- the cases: a character at the step its last byte arrives --------------------------
def _byte_fallback_tokenizer(model: str) -> HFRuntime:
    """``<0x20>``, ``<0xC3>``, ``<0xA9>`` as IDs 1, 2, 3 with a bare ByteFallback decoder (the
    tokenizers test's vocabulary), as a Unigram and as a BPE model."""
    pieces = ["<unk>", "<0x20>", "<0xC3>", "<0xA9>", "\u2581This"]
    if model == "unigram":
        tk = Tokenizer(models.Unigram([(p, -0.1 * k) for k, p in enumerate(pieces)], 0,
                                      byte_fallback=True))
    else:
        tk = Tokenizer(models.BPE({p: k for k, p in enumerate(pieces)}, [], unk_token="<unk>",
                                  byte_fallback=True))
    tk.decoder = decoders.ByteFallback()
    return HFRuntime(json.loads(tk.to_str()), name=f"byte-fallback-{model}")


@pytest.mark.parametrize("model", ["unigram", "bpe"])
def test_a_character_is_emitted_at_the_step_of_its_last_byte(model):
    runtime = _byte_fallback_tokenizer(model)
    space, c3, a9 = (runtime.token_to_id(p) for p in ("<0x20>", "<0xC3>", "<0xA9>"))
    decoder = check_steps(runtime, [[space], [c3], [a9]])
    assert decoder.text == " é"
    decoder = StreamDecoder(runtime)
    assert [decoder.push(space), decoder.push(c3), decoder.push(a9)] == [" ", "", "é"]
    for skip in (False, True):
        check_steps(runtime, [[space, c3], [a9, space], [c3], [c3], [a9]], skip=skip)


@pytest.mark.parametrize("runtime", [r for r in HF_RUNTIMES if r.byte_fallback],
                         ids=lambda r: r.name)
def test_byte_pieces_through_the_llama2_decoder_chain(runtime):
    """Replace + ByteFallback + Fuse + Strip: "龘" is emitted at its third byte piece, "龗" at
    its sixth, as DecodeStream does (they came out only at the end of the run)."""
    ids = _ids(runtime, "▁龘龗 ok 龘")
    pieces = [runtime.piece(i) for i in ids]
    assert sum(p.startswith("<0x") for p in pieces) == 9  # the characters are byte pieces
    decoder = check_steps(runtime, [[i] for i in ids])
    assert decoder.text + decoder.finish() == runtime.decode(ids)
    decoder, shown, _ = _run(runtime, [[i] for i in ids])
    first = next(k for k, p in enumerate(pieces) if p.startswith("<0x"))
    assert shown[first:first + 6] == ["", "", "龘", "", "", "龗"]


def test_a_byte_fallback_run_made_invalid_later_keeps_what_was_emitted():
    """tokenizers' ByteFallback reads <0x41><0x80> as "��", taking back the "A" DecodeStream
    emitted (it raises "Invalid prefix"); the emitted "A" stands and the stray byte is shown."""
    runtime = HFRuntime(F.llama2_spec(False), name="llama2")
    a, stray, word = (runtime.token_to_id(p) for p in ("<0x41>", "<0x80>", "▁the"))
    assert runtime.decode([a, stray]) == "\ufffd\ufffd"
    stream = DecodeStream(skip_special_tokens=False)
    assert [stream.step(runtime.tk, a), stream.step(runtime.tk, stray)] == ["A", None]
    with pytest.raises(Exception, match="Invalid prefix"):
        stream.step(runtime.tk, word)
    decoder = StreamDecoder(runtime)
    assert [decoder.push(a), decoder.push(stray), decoder.push(word)] == ["A", "", "<80> the"]
    assert decoder.lossy_text == "A" + runtime.decode([stray, word])
    # arriving together, the run is read as a whole, as DecodeStream.step([...]) reads it
    assert StreamDecoder(runtime).push([a, stray, word]) == "<41 80> the"
    check_steps(runtime, [[a], [stray], [word], [a, stray], [word]])


# -- every runtime family, step by step -----------------------------------------------------------
@pytest.mark.parametrize("runtime", RUNTIMES, ids=lambda r: r.name or type(r).__name__)
def test_every_family_step_by_step_on_texts(runtime):
    for text in TEXTS + F.STRESS[::3]:
        ids = _ids(runtime, text)
        for skip in (False, True):
            check_steps(runtime, [[i] for i in ids], skip=skip)
        decoder, out = _streamed(runtime, ids)
        assert "".join(out) == decoder.text
        if "\ufffd" not in runtime.decode(ids):
            assert decoder.text == runtime.decode(ids)
        # IDs arriving together: one step each, as DecodeStream.step([...])
        for size in (2, 3, len(ids) or 1):
            check_steps(runtime, _chunked(ids, [size] * len(ids)))


@lru_cache(maxsize=None)
def _byte_ids(runtime) -> dict[int, int]:
    """byte -> an ID that is that byte alone (a byte piece or a one-byte token)."""
    out = {}
    for token_id in range(runtime.id_space):
        try:
            data = runtime.token_bytes(token_id)
        except Exception:
            continue
        if len(data) == 1 and runtime.piece(token_id) not in ("", None):
            out.setdefault(data[0], token_id)
    return out


def id_streams(runtime, max_segments: int = 6):
    """Random ID streams: a text's IDs (whole characters), random bytes as byte IDs (valid and
    invalid UTF-8, characters cut), the bytes of a character cut short, random IDs, special IDs."""
    byte_ids = _byte_ids(runtime)
    specials = [t.id for t in runtime.special_tokens()] or [0]

    def as_bytes(data: bytes) -> list[int]:
        return [byte_ids[b] for b in data if b in byte_ids]

    segment = st.one_of(
        st.text(ALPHABET, max_size=5).map(lambda t: runtime.encode(
            t, add_special_tokens=False).ids.tolist()),
        st.binary(max_size=4).map(as_bytes),
        st.sampled_from(["é", "世", "😀", "👍🏽"]).flatmap(
            lambda c: st.integers(1, len(c.encode()) - 1).map(lambda n: as_bytes(c.encode()[:n]))),
        st.lists(st.integers(0, runtime.id_space - 1), max_size=3),
        st.lists(st.sampled_from(specials), min_size=1, max_size=2))
    return st.lists(segment, max_size=max_segments).map(lambda parts: [i for p in parts for i in p])


def _check_random(runtime, data, max_segments=6):
    ids = data.draw(id_streams(runtime, max_segments), label="ids")
    sizes = data.draw(st.lists(st.integers(1, 4), max_size=len(ids)), label="step sizes")
    prompt = data.draw(st.one_of(st.just([]), id_streams(runtime, 3)), label="prefill")
    skip = data.draw(st.booleans(), label="skip_special")
    check_steps(runtime, _chunked(ids, sizes), skip=skip, prefill=prompt)


@pytest.mark.parametrize("runtime", RUNTIMES, ids=lambda r: r.name or type(r).__name__)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_id_streams_step_by_step(runtime, data):
    """Arbitrary ID streams (stray continuation bytes, cut characters, specials anywhere), one ID
    or several per step, after a prompt or not, special tokens skipped or not: every step equals
    the oracle's, and nothing invalid shows as a silent �."""
    _check_random(runtime, data)


@pytest.mark.parametrize("model", ["unigram", "bpe"])
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_byte_pieces_step_by_step(model, data):
    runtime = _byte_fallback_tokenizer(model)
    ids = data.draw(st.lists(st.integers(0, runtime.id_space - 1), max_size=12))
    sizes = data.draw(st.lists(st.integers(1, 3), max_size=len(ids)))
    check_steps(runtime, _chunked(ids, sizes), skip=data.draw(st.booleans()),
                prefill=data.draw(st.lists(st.integers(0, runtime.id_space - 1), max_size=4)))


# -- a prompt's IDs first (DecodeStream(ids=...)) -----------------------------------------------
def test_prefill_as_tokenizers_tests_it():
    """tokenizers' own test: DecodeStream(ids=[0, 1, 2]).step(3) is " john"."""
    tk = Tokenizer(models.BPE())
    tk.add_tokens(["my", "name", "is", "john"])
    runtime = HFRuntime(json.loads(tk.to_str()), name="added")
    assert DecodeStream(ids=[0, 1, 2]).step(tk, 3) == " john"
    assert StreamDecoder(runtime, prefill=[0, 1, 2]).push(3) == " john"
    stream = TextStream(runtime, prefill=[0, 1])
    assert [s.text for s in stream.push([2, 3]) + stream.finish()] == ["", " is john", ""]


@pytest.mark.parametrize("runtime", HF_RUNTIMES, ids=lambda r: r.name)
def test_prefill_equals_decode_stream_with_ids(runtime):
    """Where the prompt's decode ends in a whole character, every step equals
    DecodeStream(ids=prompt)'s."""
    for text in TEXTS[:4]:
        ids = _ids(runtime, text)
        for cut in range(1, len(ids), 3):
            prompt, rest = ids[:cut], ids[cut:]
            if runtime.decode(prompt).endswith("\ufffd"):
                continue
            stream = DecodeStream(ids=prompt, skip_special_tokens=False)
            theirs = [stream.step(runtime.tk, i) or "" for i in rest]
            assert _run(runtime, [[i] for i in rest], prefill=prompt)[2] == theirs


def test_a_character_the_prompt_leaves_open_is_completed_not_the_prompt_repeated():
    """The prompt "I" + the first two bytes of "你" (GPT-2 byte-level): the next ID gives "你"
    alone. DecodeStream(ids=prompt) gives "I你": it emits a prompt's whole text again when the
    prompt's decode ends in "�" (tokenizers' test_decode_stream_fallback asserts that too)."""
    runtime = HFRuntime(F.gpt2_spec(), name="gpt2")
    ids = runtime.encode("I你好", add_special_tokens=False).ids.tolist()
    data = [runtime.token_bytes(i) for i in ids]
    cut = next(k for k in range(1, len(ids)) if utf8_waiting(b"".join(data[:k])))
    prompt, rest = ids[:cut], ids[cut:]
    ours = StreamDecoder(runtime, prefill=prompt)
    shown = [ours.push(i) for i in rest]
    prompt_text = runtime.decode(prompt).rstrip("\ufffd")
    assert prompt_text and "".join(shown) == runtime.decode(ids)[len(prompt_text):]
    theirs = DecodeStream(ids=prompt)
    steps = [theirs.step(runtime.tk, i) or "" for i in rest]
    first = next(k for k, s in enumerate(steps) if s)
    assert steps[first] == prompt_text + shown[first] and steps[first + 1:] == shown[first + 1:]
    assert shown == decode_stream_steps(runtime.tk, [[i] for i in rest], prefill=prompt)


def test_a_prompt_id_out_of_range_is_named_as_the_prompts():
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    with pytest.raises(StreamError, match="token ID 5000 at prompt position 1 is out of range"):
        StreamDecoder(runtime, prefill=[5, 5000])
    with pytest.raises(StreamError, match="prompt position 9 is out of range"):
        StreamDecoder(runtime, prefill=[5] * 9 + [-3])


def test_a_long_prompt_that_ends_in_bytes_keeps_only_its_open_character_pending():
    """More than the last few prompt IDs end in "�" (stray bytes): the prompt is still read one
    ID at a time, so only the IDs after its last whole character are pending."""
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    stray = runtime.token_to_id("<0x80>")
    prompt = _ids(runtime, "hello world") + [stray] * 12
    decoder = StreamDecoder(runtime, prefill=prompt)
    assert decoder.pending_ids == [stray] * 12 and decoder.text == ""
    check_steps(runtime, [[runtime.token_to_id("▁")]], prefill=prompt)


# -- invalid UTF-8 in a stream --------------------------------------------------------------------
def test_utf8_waiting_and_invalid_runs():
    assert utf8_waiting(b"a\xf0\x9f\x98") and not utf8_waiting(b"\xf0\x9f\x98\x80")
    assert not utf8_waiting(b"\xe4\xbdA") and not utf8_waiting(b"\xc0")  # C0 never completes
    assert invalid_runs("你".encode()[:2] + b"x" + b"\x80") == [b"\xe4\xbd", b"\x80"]
    assert show_invalid("\ufffd\ufffd\ufffd", b"\xe4\xe5\xbd") == "<E4 E5 BD>"
    assert show_invalid("a\ufffd", "a\ufffd".encode()) == "a\ufffd"  # a real � stays


def test_byte_level_waits_for_the_character_and_shows_a_cut_one_as_hex():
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    ids = _ids(runtime, "你")
    pieces = [runtime.token_bytes(i) for i in ids]
    assert len(ids) > 1 and b"".join(pieces) == "你".encode()
    decoder = StreamDecoder(runtime)
    assert [decoder.push(i) for i in ids] == [""] * (len(ids) - 1) + ["你"]
    decoder = StreamDecoder(runtime)
    assert decoder.push(ids[:-1]) == "" and decoder.pending_ids == ids[:-1]
    assert decoder.finish() == f"<{b''.join(pieces[:-1]).hex(' ').upper()}>"
    assert decoder.lossy_text == runtime.decode(ids[:-1])


def test_spm_byte_fallback_holds_a_stray_byte_until_a_character_follows():
    """As DecodeStream holds text that ends in "�": a stray byte is shown (in hex) with the
    character after it, or at the end of the stream."""
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    e4, bd, a0 = (runtime.token_to_id(p) for p in ("<0xE4>", "<0xBD>", "<0xA0>"))
    decoder = StreamDecoder(runtime)
    assert decoder.push(bd) == ""                        # a continuation byte first: never valid
    assert decoder.push([e4, bd]) == ""                  # waiting for A0
    assert decoder.push(e4) == ""                        # E4 BD E4: the last E4 may still complete
    assert decoder.push([bd, a0]) == "<BD E4 BD>你"
    assert decoder.lossy_text == runtime.decode([bd, e4, bd, e4, bd, a0])
    decoder = StreamDecoder(runtime)
    assert decoder.push([a0, e4]) == "" and decoder.finish() == "<A0 E4>"


def test_spm_context_reaches_back_over_pieces_that_decode_to_nothing():
    """After <unk> <s>, a "▁" is a space: the window must not start at <s>, where SentencePiece
    would read "▁" as the first piece's and drop it (found by the random-ID test)."""
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    ids = [runtime.unk_id, runtime.token_to_id("<s>"), runtime.token_to_id("▁")]
    assert runtime.decode(ids) == " ⁇  "
    assert [StreamDecoder(runtime).push(ids)] == [runtime.decode(ids)]
    assert "".join(_streamed(runtime, ids)[1]) == " ⁇  "


def test_a_long_run_of_ids_that_decode_to_nothing_costs_linear_work():
    """10,000 SentencePiece control pieces (each decodes to "") between two pieces: the output
    still equals decode of the whole, and the IDs handed to decode grow linearly with the
    stream (they were re-decoded as a growing window at every step). Counted, not timed."""
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    bos, space = runtime.token_to_id("<s>"), runtime.token_to_id("▁")
    ids = [runtime.unk_id] + [bos] * 10_000 + [space, runtime.unk_id]
    decoded = []

    class Counting:
        def __getattr__(self, name):
            return getattr(runtime, name)

        def decode(self, some):
            decoded.append(len(some))
            return runtime.decode(some)

    for chunk in (1, 7):
        decoded.clear()
        decoder = StreamDecoder(Counting())
        out = "".join(decoder.push(ids[k:k + chunk]) for k in range(0, len(ids), chunk))
        assert out + decoder.finish() == runtime.decode(ids)
        assert sum(decoded) <= 8 * len(ids), (chunk, sum(decoded))


def test_a_hole_in_the_ids_is_named():
    class Holey:  # a runtime whose ID 7 is unused (as o200k has unused IDs)
        id_space = 10
        stream_traits = StreamTraits()

        def token_bytes(self, token_id):
            return b"" if token_id == 7 else b"\xe4" if token_id == 8 else b"a"

        def decode(self, ids):
            if 7 in ids:
                raise KeyError(f"Invalid token for decoding: 7")
            return "".join("\ufffd" if i == 8 else "a" for i in ids)

    decoder = StreamDecoder(Holey())
    assert decoder.push(1) == "a" and decoder.push([8, 7]) == ""  # 8 = E4 waits; 7 adds no byte
    with pytest.raises(StreamError, match="token ID 7 at stream position 2 cannot be decoded"):
        decoder.push(1)
    with pytest.raises(StreamError, match="token ID 7 at stream position 3 cannot be decoded"):
        StreamDecoder(Holey()).push([1, 1, 1, 7, 1])


def test_out_of_range_id_is_named():
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    decoder = StreamDecoder(runtime)
    decoder.push(_ids(runtime, "ok"))
    with pytest.raises(StreamError, match=r"token ID 99999 at stream position 1 is out of range: "
                                          r"the vocabulary has IDs 0\.\.1999"):
        decoder.push(99999)
    with pytest.raises(StreamError, match="token ID -1"):
        decoder.push(-1)
    assert decoder.finish() == "" and decoder.text == "ok"  # the stream goes on as before


# -- stop strings ---------------------------------------------------------------------------------
def _match(stops, pieces):
    matcher, out = StopMatcher(stops), []
    for piece in pieces:
        out.append(matcher.feed(piece))
        if matcher.hit is not None:
            break
    else:
        out.append(matcher.flush())
    return "".join(out), matcher.matched, matcher.hit


@pytest.mark.parametrize("stops,pieces,expected", [
    (["abc"], ["xa", "b", "cy"], ("x", "abc", 1)),               # across three pieces
    (["ab", "bc"], ["xb", "c"], ("x", "bc", 1)),                 # overlapping: bc ends first
    (["ab", "bc"], ["x", "abc"], ("x", "ab", 1)),                # ab ends first
    (["abcd", "bc"], ["abc", "d"], ("a", "bc", 1)),             # bc ends before abcd does
    (["ab", "abc"], ["ab", "c"], ("", "ab", 0)),                 # a prefix of another, at start
    (["END"], ["E", "N", "D!"], ("", "END", 0)),                 # at the very start
    (["END"], ["EN", "X EN"], ("ENX EN", None, None)),           # never completed: all at the end
    (["aa"], ["a", "a"], ("", "aa", 0)),
    (["aab"], ["aaa", "b"], ("a", "aab", 1)),                    # self-overlap held right
])
def test_stop_matcher(stops, pieces, expected):
    assert _match(stops, pieces) == expected


def test_stop_matcher_never_emits_a_part_of_a_stop():
    matcher = StopMatcher(["</s>", "###"])
    assert matcher.feed("ok </") == "ok " and matcher.feed("s") == ""
    assert matcher.feed("x#") == "</sx"
    assert matcher.feed("##") == "" and matcher.hit == 7 and matcher.matched == "###"


def test_stop_matcher_rejects_an_empty_stop():
    with pytest.raises(StreamError, match="non-empty"):
        StopMatcher(["ok", ""])


@settings(max_examples=60, deadline=None)
@given(text=st.text("abc", max_size=14), stops=st.lists(st.text("abc", min_size=1, max_size=3),
                                                        min_size=1, max_size=3),
       cuts=st.lists(st.integers(0, 14), max_size=5))
def test_stop_matcher_any_cutting_equals_the_first_end(text, stops, cuts):
    points = sorted(set(c for c in cuts if c <= len(text)))
    pieces = [text[a:b] for a, b in zip([0] + points, points + [len(text)])]
    ends = [(text.find(s) + len(s), text.find(s), s) for s in stops if s in text]
    if ends:
        end, start, stop = min(ends)
        assert _match(stops, pieces) == (text[:start], stop, start)
    else:
        assert _match(stops, pieces) == (text, None, None)


def test_text_stream_stop_across_three_tokens_reports_token_and_offset():
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    text = "The answer: 你好 STOP here"
    ids = _ids(runtime, text)
    stream = TextStream(runtime, stops=["你好 ST"])
    steps = [step for token_id in ids for step in stream.push(token_id)] + stream.finish()
    assert stream.text == "The answer: "
    hit = steps[-1].stop
    assert hit.stop == "你好 ST" and hit.char_offset == len("The answer: ")
    # the token that completes the stop is the first whose prefix decodes past "ST"
    done = next(k for k in range(len(ids)) if "你好 ST" in runtime.decode(ids[:k + 1]))
    assert hit.token_index == done and len(steps) == done + 1
    first = next(k for k in range(len(ids)) if "你" in runtime.decode(ids[:k + 1]))
    assert done - first >= 2  # the stop spans at least three tokens
    assert stream.push(ids) == []  # stopped: nothing more


def test_text_stream_stop_id_flushes_held_text_and_cut_bytes():
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    eos = 0
    ids = _ids(runtime, "ab 你")
    stream = TextStream(runtime, stops=["ab 你x"], stop_ids=[eos])
    steps = stream.push(ids[:-1] + [eos, 5])
    assert len(steps) == len(ids)  # the ID after the stop is not taken
    cut = b"".join(runtime.token_bytes(i) for i in ids[-1:])
    assert steps[-1].stop.stop == eos and steps[-1].stop.token_index == len(ids) - 1
    assert stream.text == "ab " + f"<{'你'.encode()[:-len(cut)].hex(' ').upper()}>"
    assert steps[-1].stop.char_offset == len(stream.text)


def test_text_stream_without_a_stop_emits_everything_at_finish():
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    ids = _ids(runtime, "hello world")
    stream = TextStream(runtime, stops=["world!"])
    steps = stream.push(ids)
    assert stream.text == "hello "
    last = stream.finish()
    assert last[0].token_id is None and last[0].stop is None
    assert stream.text == runtime.decode(ids) and all(s.stop is None for s in steps)
    assert stream.finish() == [] and stream.text == runtime.decode(ids)  # the end comes once


@pytest.mark.parametrize("runtime", RUNTIMES[:4], ids=lambda r: r.name or type(r).__name__)
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_text_stream_any_chunking_same_text_and_stop(runtime, data):
    """IDs arriving together bring their text at their last ID; the text, the stop and where it
    matched are those of one ID at a time (up to the step that completed the stop)."""
    text = data.draw(st.sampled_from(TEXTS[:4]))
    ids = _ids(runtime, text)
    decoded = runtime.decode(ids)
    stop = data.draw(st.sampled_from([decoded[a:a + 3] for a in range(0, len(decoded), 5)]
                                     or ["x"])) or "x"
    one = TextStream(runtime, stops=[stop])
    single = [s for i in ids for s in one.push(i)] + one.finish()
    other, steps, pos = TextStream(runtime, stops=[stop]), [], 0
    for size in data.draw(st.lists(st.integers(1, 5), max_size=len(ids))):
        steps += other.push(ids[pos:pos + size])
        pos += size
    steps += other.push(ids[pos:]) + other.finish()
    assert one.text == other.text == decoded[:decoded.find(stop)]
    assert (steps[-1].stop is None) == (single[-1].stop is None)
    if single[-1].stop is not None:
        hit, chunked = single[-1].stop, steps[-1].stop
        assert (chunked.stop, chunked.char_offset) == (hit.stop, hit.char_offset)
        assert chunked.token_index >= hit.token_index == len(single) - 1
        assert chunked.token_index == len(steps) - 1
    assert "".join(s.text for s in steps) == other.text


# -- real tokenizers ------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _real(rel: str):
    return load_tokenizer(require_data(DATA / rel))


@pytest.mark.realdata
@pytest.mark.parametrize("rel", list(REAL_HF.values()) + list(REAL_NATIVE.values()),
                         ids=list(REAL_HF) + list(REAL_NATIVE))
def test_real_tokenizers_step_by_step(rel):
    """Every shared tokenizer, on texts in many scripts and the stress list: one ID per step,
    special tokens skipped and not, and several IDs per step."""
    runtime = _real(rel)
    assert isinstance(runtime, HFRuntime) == (rel in REAL_HF.values())
    for text in TEXTS + F.STRESS:
        ids = _ids(runtime, text)
        for skip in (False, True):
            check_steps(runtime, [[i] for i in ids], skip=skip)
        check_steps(runtime, _chunked(ids, [3] * len(ids)), prefill=ids[:2])


@pytest.mark.realdata
@pytest.mark.parametrize("rel", list(REAL_HF.values()) + list(REAL_NATIVE.values()),
                         ids=list(REAL_HF) + list(REAL_NATIVE))
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_real_tokenizers_random_id_streams(rel, data):
    """Arbitrary ID streams (bytes that never form a character, controls anywhere) on the real
    files, step by step against the oracle."""
    _check_random(_real(rel), data)


@pytest.mark.realdata
def test_llama_spm_gguf_emits_each_character_at_its_last_byte():
    """Llama's own vocabulary (llama.cpp's test GGUF, run as tokenizers runs it: Replace +
    ByteFallback + Fuse + Strip): a rare CJK character falls back to three byte pieces and comes
    out at the third, as DecodeStream has it."""
    runtime = _real(REAL_HF["gguf-llama-spm"])
    text = "▁龘 and 𝔘"
    ids = runtime.encode(text, add_special_tokens=False).ids.tolist()
    pieces = [runtime.piece(i) for i in ids]
    assert [p for p in pieces if p.startswith("<0x")], pieces
    check_steps(runtime, [[i] for i in ids])
    shown = _run(runtime, [[i] for i in ids])[1]
    for k in range(len(ids)):
        so_far = runtime.decode(ids[:k + 1])
        if not so_far.endswith("\ufffd"):  # every character out at the step of its last byte
            assert "".join(shown[:k + 1]) == so_far, (k, pieces[:k + 1], shown[:k + 1])
        else:
            assert shown[k] == ""
