"""Streaming decode (core.stream) held to each runtime's own ``decode`` of the whole sequence,
to ``tokenizers.decoders.DecodeStream`` on the same IDs, and to itself under every chunking.

Oracles: ``runtime.decode(ids)`` (the native library), ``DecodeStream.step`` (HF tokenizers).
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from tokenizers.decoders import DecodeStream

from core.formats import load_tokenizer
from core.runtimes.hf import HFRuntime
from core.stream import (StopMatcher, StreamDecoder, StreamError, TextStream, invalid_runs,
                         show_invalid, utf8_waiting)
from tests.conftest import DEMO, TOKENIZERS, require_data
from tests.core import families as F
from tests.core.test_pretokens import _runtimes_without_data

TEXTS = ["Hello 世界 👨\u200d👩\u200d👧\u200d👦 café", "低碳模型 🤖🧠 emoji: 😀👍🏽🇯🇵 🏳\ufe0f\u200d🌈 ok",
         "日本語の文には空白がない。 こんにちは 안녕하세요", "مرحبا بالعالم، שלום עולם नमस्ते",
         "  two  spaces\n\ttab\r\n", "unaffable, isn't it? I do not know. He's 'quoted' here!",
         "<s>hi</s> there <|endoftext|> [CLS] x", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 e\u0301 ﬃ", ""]
RUNTIMES = list(_runtimes_without_data())
REAL = {"gpt2": "gpt2.tiktoken", "mistral": "mistral-v3/tokenizer.model",
        "bert": "bert-minilm/tokenizer.json", "spm-ja": "sentencepiece/test_ja_model.model"}


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


def _check_equal_to_decode(runtime, ids) -> str:
    decoder, out = _streamed(runtime, ids)
    expected = runtime.decode(ids)
    assert decoder.lossy_text == expected
    assert "".join(out) == decoder.text
    if "\ufffd" not in expected:
        assert decoder.text == expected
    return decoder.text


# -- every runtime family: output equals decode, for every chunking -----------------------------
@pytest.mark.parametrize("runtime", RUNTIMES, ids=lambda r: r.name or type(r).__name__)
def test_stream_equals_decode_on_every_family(runtime):
    for text in TEXTS + F.STRESS[::3]:
        ids = _ids(runtime, text)
        _check_equal_to_decode(runtime, ids)
        # every single split point gives the same text
        whole = _streamed(runtime, ids, [len(ids)])[0].text
        for cut in range(len(ids) + 1):
            assert _streamed(runtime, ids, [cut])[0].text == whole


@pytest.mark.parametrize("runtime", RUNTIMES, ids=lambda r: r.name or type(r).__name__)
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_ids_random_chunking(runtime, data):
    """Arbitrary ID sequences (stray continuation bytes, cut characters, specials anywhere):
    the runtime's reading is kept exactly, nothing invalid shows as a silent �, and every
    chunking gives the same output."""
    ids = data.draw(st.lists(st.integers(0, runtime.id_space - 1), max_size=12))
    text = _check_equal_to_decode(runtime, ids)
    sizes = data.draw(st.lists(st.integers(1, 4), max_size=len(ids)))
    assert _streamed(runtime, ids, sizes)[0].text == text
    if "\ufffd" not in "".join(runtime.piece(i) for i in ids):
        assert "\ufffd" not in text


# -- HF DecodeStream on the same IDs --------------------------------------------------------------
@pytest.mark.parametrize("runtime", [r for r in RUNTIMES if isinstance(r, HFRuntime)],
                         ids=lambda r: r.name)
def test_equals_hf_decode_stream(runtime):
    """The same text; step by step the same too, but with byte fallback, where a run of byte
    pieces waits for its end (see core.stream)."""
    for text in TEXTS:
        ids = _ids(runtime, text)
        stream, decoder = DecodeStream(skip_special_tokens=False), StreamDecoder(runtime)
        theirs = [stream.step(runtime.tk, i) or "" for i in ids]
        ours = [decoder.push(i) for i in ids]
        ours[-1:] = [ours[-1] + decoder.finish()] if ours else []
        assert "".join(ours) == "".join(theirs)
        if not runtime.byte_fallback:
            assert ours == theirs


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


def test_spm_byte_fallback_gives_up_at_a_stray_byte():
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    e4, bd, a0 = (runtime.token_to_id(p) for p in ("<0xE4>", "<0xBD>", "<0xA0>"))
    decoder = StreamDecoder(runtime)
    assert decoder.push(bd) == "<BD>"                    # a continuation byte first: never valid
    assert decoder.push([e4, bd]) == ""                  # waiting for A0
    assert decoder.push(e4) == ""                        # E4 BD E4: the last E4 may still complete
    assert decoder.push([bd, a0]) == "<E4 BD>你"
    assert decoder.lossy_text == runtime.decode([bd, e4, bd, e4, bd, a0])


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


def test_hf_byte_fallback_run_waits_for_its_end():
    """tokenizers' ByteFallback turns a whole invalid run to "�": <0x00><0x80> is "��", so
    "\x00" cannot be emitted before the run ends."""
    runtime = HFRuntime(F.llama2_spec(False), name="llama2")
    nul, stray, word = (runtime.token_to_id(p) for p in ("<0x00>", "<0x80>", "▁the"))
    assert runtime.decode([nul, stray]) == "\ufffd\ufffd"
    decoder = StreamDecoder(runtime)
    assert decoder.push(nul) == "" and decoder.push(stray) == ""
    assert decoder.push(word) == "<00 80> the"
    assert decoder.lossy_text == runtime.decode([nul, stray, word])


def test_a_hole_in_the_ids_is_named():
    class Holey:  # a runtime whose ID 7 is unused (as o200k has unused IDs)
        id_space = 10

        def token_bytes(self, token_id):
            return b"" if token_id == 7 else b"\xe4" if token_id == 8 else b"a"

        def decode(self, ids):
            if 7 in ids:
                raise KeyError(f"Invalid token for decoding: 7")
            return "".join("\ufffd" if i == 8 else "a" for i in ids)

    decoder = StreamDecoder(Holey())
    assert decoder.push([1, 8, 7]) == "a"  # 8 = E4 waits; 7 adds no byte
    with pytest.raises(StreamError, match="token ID 7 at stream position 2 cannot be decoded"):
        decoder.push(1)


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
    steps = stream.push(ids) + stream.finish()
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
def test_text_stream_any_chunking_same_steps(runtime, data):
    text = data.draw(st.sampled_from(TEXTS[:4]))
    ids = _ids(runtime, text)
    decoded = runtime.decode(ids)
    stop = data.draw(st.sampled_from([decoded[a:a + 3] for a in range(0, len(decoded), 5)]
                                     or ["x"])) or "x"
    one = TextStream(runtime, stops=[stop])
    single = one.push(ids) + one.finish()
    other, steps, pos = TextStream(runtime, stops=[stop]), [], 0
    for size in data.draw(st.lists(st.integers(1, 5), max_size=len(ids))):
        steps += other.push(ids[pos:pos + size])
        pos += size
    steps += other.push(ids[pos:]) + other.finish()
    assert steps == single
    assert one.text == decoded[:decoded.find(stop)]


# -- real tokenizers ------------------------------------------------------------------------------
@pytest.mark.realdata
@pytest.mark.parametrize("name", list(REAL))
def test_real_tokenizers(name):
    runtime = _real(name)
    for text in TEXTS + F.STRESS:
        ids = _ids(runtime, text)
        _check_equal_to_decode(runtime, ids)
        if isinstance(runtime, HFRuntime):
            stream = DecodeStream(skip_special_tokens=False)
            theirs = [stream.step(runtime.tk, i) or "" for i in ids]
            assert "".join(_streamed(runtime, ids)[1]) == "".join(theirs)


@pytest.mark.realdata
@pytest.mark.parametrize("name", list(REAL))
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_real_tokenizers_random_ids(name, data):
    """Arbitrary IDs (bytes that never form a character, controls anywhere) on the real files."""
    runtime = _real(name)
    ids = data.draw(st.lists(st.integers(0, runtime.id_space - 1), max_size=10))
    text = _check_equal_to_decode(runtime, ids)
    sizes = data.draw(st.lists(st.integers(1, 4), max_size=len(ids)))
    assert _streamed(runtime, ids, sizes)[0].text == text


@lru_cache(maxsize=None)
def _real(name: str):
    return load_tokenizer(require_data(TOKENIZERS / REAL[name]))
