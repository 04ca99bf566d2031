"""The Encoding type: partial flags, the JSON form, and span invariants."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.encodings.encoding import Encoding, Flag
from core.formats.detect import load_tokenizer
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
    from core.text.offsets import Unit
    from tests.core.builders import tiktoken_runtime

    if make == "tiktoken":
        runtime = tiktoken_runtime()
    else:  # the demo's own tokenizers (HF pieces come from the native encoding)
        runtime = load_tokenizer(Path(__file__).parents[3] / "resources" / "demo" / make)
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
