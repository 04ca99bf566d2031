"""The Encoding type: partial flags, the JSON form, span refinement, and span invariants."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.encoding import Encoding, Flag, refine_overlapping_spans
from core.formats import load_tokenizer
from core.vocab_bytes import VocabBytes
from tests.core.builders import (ENDOFTEXT, SAMPLES, built, options_for,  # noqa: F401
                                 tiktoken_runtime)


def _spans(enc: Encoding, unit="bytes") -> list[tuple[int, int]]:
    s, e = enc.spans(unit)
    return list(zip(s.tolist(), e.tolist()))


# --- Encoding.build ---------------------------------------------------------------------------


def test_build_flags_partial_tokens():
    text = "你a世"  # E4 BD A0 | 61 | E4 B8 96
    enc = Encoding.build(text, ids=[1, 2, 3, 4, 5], byte_starts=[0, 1, 3, 4, 6],
                         byte_ends=[1, 3, 4, 6, 7], pieces=list("abcde"),
                         token_bytes=[b"\xe4", b"\xbd\xa0", b"a", b"\xe4\xb8", b"\x96"])
    partial = [bool(f & Flag.PARTIAL) for f in enc.flags]
    assert partial == [True, True, False, True, True]
    assert enc.flag_names(0) == ["partial"] and enc.flag_names(2) == []
    # partial spans are widened outward to whole code points, graphemes, UTF-16 units
    assert _spans(enc, "cp") == [(0, 1), (0, 1), (1, 2), (2, 3), (2, 3)]
    assert _spans(enc, "utf16") == [(0, 1), (0, 1), (1, 2), (2, 3), (2, 3)]
    assert _spans(enc, "grapheme") == [(0, 1), (0, 1), (1, 2), (2, 3), (2, 3)]


def test_build_keeps_runtime_flags_and_does_not_mutate_the_input():
    flags = np.array([Flag.SPECIAL | Flag.INSERTED, 0], dtype=np.uint8)
    enc = Encoding.build("\u00e9", ids=[0, 9], byte_starts=[0, 0], byte_ends=[0, 1],
                         flags=flags, pieces=["<s>", "x"], token_bytes=[b"<s>", b"\xc3"])
    assert flags.tolist() == [Flag.SPECIAL | Flag.INSERTED, 0]
    assert enc.flags.tolist() == [Flag.SPECIAL | Flag.INSERTED, Flag.PARTIAL]
    assert enc.flag_names(0) == ["special", "inserted"]
    assert enc.special_tokens_mask.tolist() == [1, 0]
    assert enc.attention_mask.tolist() == [1, 1]


def test_pieces_and_token_bytes_are_lazy():
    calls = []

    def pieces():
        calls.append("pieces")
        return ["a"]

    enc = Encoding.build("a", ids=[5], byte_starts=[0], byte_ends=[1], pieces=pieces,
                         token_bytes=lambda: [b"a"])
    assert calls == [] and len(enc) == 1
    assert enc.pieces == ["a"] and enc.pieces == ["a"]
    assert calls == ["pieces"]
    assert enc.token_bytes == [b"a"]


def test_astral_and_grapheme_units():
    text = "a😀e\u0301"  # 😀 is 2 UTF-16 units; e + combining acute is one grapheme
    data = text.encode()
    enc = Encoding.build(text, ids=[1, 2, 3, 4], byte_starts=[0, 1, 5, 6],
                         byte_ends=[1, 5, 6, len(data)], pieces=list("abcd"),
                         token_bytes=[data[0:1], data[1:5], data[5:6], data[6:]])
    assert _spans(enc, "cp") == [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert _spans(enc, "utf16") == [(0, 1), (1, 3), (3, 4), (4, 5)]
    assert _spans(enc, "grapheme") == [(0, 1), (1, 2), (2, 3), (2, 3)]
    assert not (enc.flags & Flag.PARTIAL).any()


def test_to_json_shape():
    text = "你a"
    enc = Encoding.build(text, ids=[7, 8, 9, 100], byte_starts=[0, 2, 3, 4],
                         byte_ends=[2, 3, 4, 4], pieces=["x", "y", "a", "</s>"],
                         token_bytes=[b"\xe4\xbd", b"\xa0", b"a", b"</s>"],
                         flags=[0, 0, 0, Flag.SPECIAL | Flag.INSERTED])
    data = enc.to_json()
    assert set(data) == {"ids", "tokens"}
    assert data["ids"] == [7, 8, 9, 100]
    assert len(data["tokens"]) == 4
    for token in data["tokens"]:
        assert set(token) == {"id", "piece", "bytes", "spans", "flags"}
        assert set(token["spans"]) == {"bytes", "cp", "utf16", "grapheme"}
        for span in token["spans"].values():
            assert isinstance(span, list) and len(span) == 2
            assert all(type(v) is int for v in span)
        assert type(token["id"]) is int
    first, second, third, last = data["tokens"]
    assert first == {"id": 7, "piece": "x", "bytes": "e4bd",
                     "spans": {"bytes": [0, 2], "cp": [0, 1], "utf16": [0, 1],
                               "grapheme": [0, 1]},
                     "flags": ["partial"]}
    assert second["bytes"] == "a0" and second["flags"] == ["partial"]
    assert third["spans"] == {"bytes": [3, 4], "cp": [1, 2], "utf16": [1, 2], "grapheme": [1, 2]}
    assert third["flags"] == []
    assert last["flags"] == ["special"]  # "inserted" is internal
    assert last["bytes"] == b"</s>".hex()
    import json

    json.dumps(data)  # plain JSON types only


def test_to_json_of_a_real_encoding():
    text = "世界 café"
    data = tiktoken_runtime().encode(text).to_json()
    joined = bytes.fromhex("".join(t["bytes"] for t in data["tokens"]))
    assert joined == text.encode()
    assert any("partial" in t["flags"] for t in data["tokens"])  # 界 is split into bytes
    assert [t["id"] for t in data["tokens"]] == data["ids"]


# --- refine_overlapping_spans -----------------------------------------------------------------


def _refine(text, starts, ends, pieces, content=None):
    s, e = np.array(starts, np.int64), np.array(ends, np.int64)
    mask = np.ones(len(s), bool) if content is None else np.array(content, bool)
    refine_overlapping_spans(text.encode(), s, e, np.arange(len(pieces)),
                             VocabBytes.from_list(pieces), mask)
    return list(zip(s.tolist(), e.tolist()))


def test_refine_splits_a_cjk_character_across_byte_tokens():
    text = "a世b"  # 世 = E4 B8 96 at bytes 1..4
    pieces = [b"a", b"\xe4", b"\xb8\x96", b"b"]
    assert _refine(text, [0, 1, 1, 4], [1, 4, 4, 5], pieces) == [(0, 1), (1, 2), (2, 4), (4, 5)]


def test_refine_three_way_split_and_neighbouring_characters():
    text = "世界"
    pieces = [b"\xe4", b"\xb8", b"\x96", b"\xe7\x95", b"\x8c"]
    got = _refine(text, [0, 0, 0, 3, 3], [3, 3, 3, 6, 6], pieces)
    assert got == [(0, 1), (1, 2), (2, 3), (3, 5), (5, 6)]


def test_refine_keeps_shared_span_when_normalization_changed_the_text():
    # NFKC: "ﬃ" (3 bytes) became "ffi"; the tokens' bytes do not match the original bytes
    text = "xﬃ"
    pieces = [b"x", b"ff", b"i"]
    assert _refine(text, [0, 1, 1], [1, 4, 4], pieces) == [(0, 1), (1, 4), (1, 4)]


def test_refine_ignores_non_content_tokens_and_leaves_disjoint_spans_alone():
    text = "ab世"
    pieces = [b"<s>", b"a", b"b", b"\xe4\xb8", b"\x96"]
    got = _refine(text, [0, 0, 1, 2, 2], [0, 1, 2, 5, 5], pieces,
                  content=[False, True, True, True, True])
    assert got == [(0, 0), (0, 1), (1, 2), (2, 4), (4, 5)]


def test_refine_with_one_token_is_a_no_op():
    assert _refine("世", [0], [3], [b"\xe4"]) == [(0, 3)]


def test_refine_skips_a_made_up_leading_space_token():
    # Metaspace puts "▁" (a space) before the first word; the text has no space there
    text = "世"
    pieces = [b" ", b"\xe4\xb8", b"\x96"]
    assert _refine(text, [0, 0, 0], [3, 3, 3], pieces) == [(0, 3), (0, 2), (2, 3)]


def test_refine_decides_each_run_on_its_own():
    text = "世ﬃ界"  # run 1 fits, run 2 (normalized) does not, run 3 fits
    pieces = [b"\xe4", b"\xb8\x96", b"ff", b"i", b"\xe7\x95", b"\x8c"]
    got = _refine(text, [0, 0, 3, 3, 6, 6], [3, 3, 6, 6, 9, 9], pieces)
    assert got == [(0, 1), (1, 3), (3, 6), (3, 6), (6, 8), (8, 9)]


def _refine_one_run_at_a_time(data, starts, ends, pieces):
    """The plain definition: each run of overlapping tokens, laid end to end if it fits."""
    starts, ends = list(starts), list(ends)
    order = [i for i in range(len(starts)) if ends[i] > starts[i]]
    runs, reach = [], -1
    for i in order:
        if runs and starts[i] < reach:
            runs[-1].append(i)
        else:
            runs.append([i])
        reach = max(reach, ends[i]) if len(runs[-1]) > 1 else ends[i]
    for run in (r for r in runs if len(r) > 1):
        lo, hi = min(starts[i] for i in run), max(ends[i] for i in run)
        first = pieces[run[0]]
        skip = 1 if first and not first.strip() and data[lo:lo + len(first)] != first else 0
        if data[lo:hi] == b"".join(pieces[i] for i in run[skip:]):
            pos = lo
            for i in run[skip:]:
                starts[i], ends[i] = pos, pos + len(pieces[i])
                pos += len(pieces[i])
    return list(zip(starts, ends))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "世", "é", " ", "ﬃ", "😀"]), min_size=1, max_size=12),
       st.data())
def test_refine_equals_the_run_by_run_definition(chars, data):
    """Tokens split characters at random; some runs are given wrong bytes (as normalization
    does): the vectorized refinement must equal the plain one."""
    text = "".join(chars)
    starts, ends, pieces, pos = [], [], [], 0
    for ch in chars:
        raw = ch.encode()
        cut = data.draw(st.integers(0, len(raw)))
        parts = [p for p in (raw[:cut], raw[cut:]) if p]
        if data.draw(st.booleans()):
            parts = [p.upper() if p.isascii() else p for p in parts]
        if data.draw(st.integers(0, 5)) == 0:
            parts = [b" "] + parts  # a made-up space
        for part in parts:
            starts.append(pos)
            ends.append(pos + len(raw))
            pieces.append(part)
        pos += len(raw)
    expected = _refine_one_run_at_a_time(text.encode(), starts, ends, pieces)
    assert _refine(text, starts, ends, pieces) == expected


# --- runtime invariants -----------------------------------------------------------------------


def _check_tiling(enc: Encoding, text: str) -> None:
    data = text.encode("utf-8")
    s, e = enc.byte_starts.tolist(), enc.byte_ends.tolist()
    assert all(0 <= a <= b <= len(data) for a, b in zip(s, e))
    assert all(b1 <= a2 for b1, a2 in zip(e, s[1:])), "spans overlap or are out of order"
    assert b"".join(data[a:b] for a, b in zip(s, e)) == data
    assert [data[a:b] for a, b in zip(s, e)] == [bytes(t) for t in enc.token_bytes]
    # partial exactly where a span cuts a character
    boundaries = {len(text[:i].encode()) for i in range(len(text) + 1)}
    partial = [bool(f & Flag.PARTIAL) for f in enc.flags]
    assert partial == [a not in boundaries or b not in boundaries for a, b in zip(s, e)]


@pytest.mark.parametrize("kind", ["tiktoken", "tokenizer.json", "gpt2-bpe"])
def test_byte_level_spans_tile_the_text(kind, built):
    runtime = load_tokenizer(built[kind], **options_for(kind))
    for text in SAMPLES + ["Hello world  café 世界", "a\u0301 😀😀 \r\n\t x"]:
        enc = runtime.encode(text, add_special_tokens=False)
        _check_tiling(enc, text)
        assert runtime.decode(enc.ids.tolist()) == text


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)
_MIXED = st.lists(st.sampled_from(["the", " the", "ing", "世", "界", "é", "e\u0301", "😀", " ",
                                   "\n", ENDOFTEXT, "ﬃ", "a"]), max_size=20).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_TEXT, _MIXED))
def test_tiktoken_spans_property(text):
    runtime = _PROPERTY_RUNTIME
    enc = runtime.encode(text)
    _check_tiling(enc, text)
    assert runtime.decode(enc.ids.tolist()) == text
    assert enc.ids.tolist() == runtime.enc.encode_ordinary(text)
    assert not (enc.flags & Flag.SPECIAL).any()  # literals stay text unless parsing is asked
    cp_s, cp_e = enc.spans("cp")
    assert all(0 <= a <= b <= len(text) for a, b in zip(cp_s.tolist(), cp_e.tolist()))


_PROPERTY_RUNTIME = tiktoken_runtime()


def test_tiktoken_special_literal_parsing():
    runtime = tiktoken_runtime()
    text = f"a{ENDOFTEXT}b"
    plain = runtime.encode(text)
    assert runtime.special[ENDOFTEXT] not in plain.ids.tolist()
    assert [(w.code, w.span, w.args["literal"]) for w in plain.warnings] == [
        ("special.kept_as_text", (1, 1 + len(ENDOFTEXT)), ENDOFTEXT)]
    parsed = runtime.encode(text, parse_special=True)
    assert parsed.ids.tolist() == [ord("a"), runtime.special[ENDOFTEXT], ord("b")]
    assert parsed.flag_names(1) == ["special"]
    assert _spans(parsed) == [(0, 1), (1, 1 + len(ENDOFTEXT)), (1 + len(ENDOFTEXT), len(text))]


def test_batch_index_out_of_range_raises():
    from tests.core.builders import tiktoken_runtime

    batch = tiktoken_runtime().encode_batch(["a", "bb"])
    assert batch[-1].text == "bb" and batch[-2].text == "a"
    with pytest.raises(IndexError):
        batch[-3]
    with pytest.raises(IndexError):
        batch[2]


@pytest.mark.parametrize("make", ["tiktoken", "demo-bpe/tokenizer.json",
                                  "demo-unigram/tokenizer.model"])
def test_to_json_equals_the_token_by_token_reading(make):
    """The fast JSON form says per token what the public accessors say (flags without
    "inserted", pieces, hex bytes, spans in every unit)."""
    from core.text import Unit
    from tests.core.builders import tiktoken_runtime

    if make == "tiktoken":
        runtime = tiktoken_runtime()
    else:  # the demo's own tokenizers (HF pieces come from the native encoding)
        runtime = load_tokenizer(Path(__file__).parents[2] / "resources" / "demo" / make)
    text = "Hello 世界 👍🏽 e\u0301 <|endoftext|> 世界世界"
    enc = runtime.encode(text, parse_special=True)
    got = enc.to_json()
    assert got["ids"] == enc.ids.tolist()
    for i, token in enumerate(got["tokens"]):
        assert token["id"] == int(enc.ids[i])
        assert token["piece"] == enc.pieces[i]
        assert token["bytes"] == enc.bytes_at(i).hex()
        assert token["flags"] == [n for n in enc.flag_names(i) if n != "inserted"]
        for unit in Unit:
            s, e = enc.spans(unit)
            assert token["spans"][unit.value] == [int(s[i]), int(e[i])]
    assert any(token["flags"] for token in got["tokens"])
