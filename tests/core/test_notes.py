"""Notes are values (code, severity, args, span) with one English rendering."""

from __future__ import annotations

import string

import pytest

from core.notes import CODES, ENGLISH, Note, english, note, round_trip_notes
from core.formats.runtime import RoundTrip, special_literal_notes


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_renders_in_english_from_its_args(code):
    severity, template = CODES[code]
    assert severity in ("info", "warning", "error")
    args = {name: 1234 for name in fields(template)}
    text = english(note(code, **args))
    # no placeholder left unfilled: the only braces are the template's own ({{"ids": [...]}})
    written = sum(literal.count("{") for literal, *_ in string.Formatter().parse(template))
    assert text.replace("{error}", "").count("{") == written and text.strip() == text and text


def test_an_unknown_code_fails_where_it_is_made():
    with pytest.raises(KeyError):
        note("no.such.code")


def test_json_form_has_code_severity_message_args_span():
    made = note("round_trip.differs", span=(3, 5), start=3, end=5)
    assert made == Note("round_trip.differs", "warning", {"start": 3, "end": 5}, (3, 5))
    assert made.to_json() == {"code": "round_trip.differs", "severity": "warning",
                              "message": ENGLISH["round_trip.differs"].format(start=3, end=5),
                              "args": {"start": 3, "end": 5}, "span": [3, 5]}
    assert note("stages.limited", limit=10).to_json()["span"] is None


def test_round_trip_note_only_when_it_fails():
    assert round_trip_notes(RoundTrip.compare("Hello", "Hello")) == []
    [differs] = round_trip_notes(RoundTrip.compare("Hello", "hello"))
    assert differs.code == "round_trip.differs" and differs.span == (0, 1)


def test_special_literal_notes_name_each_literal_then_count_the_rest():
    literals = [(i * 3, i * 3 + 3, "<s>") for i in range(5)]
    kept = special_literal_notes(literals, parse_special=False)
    assert [(n.code, n.span) for n in kept] == [("special.kept_as_text", (0, 3)),
                                                ("special.kept_as_text", (3, 6)),
                                                ("special.kept_as_text", (6, 9)),
                                                ("special.more", None)]
    assert kept[-1].args == {"count": 2} and kept[-1].severity == "warning"
    parsed = special_literal_notes(literals[:1] * 4, parse_special=True)
    assert {n.severity for n in parsed} == {"info"}
    assert english(parsed[0]) == ("special-token literal '<s>' at code point 0 parsed as a "
                                  "special token")


def test_a_sub_note_a_list_and_a_librarys_words_go_to_json_and_back():
    """A sub-note (where in a file) goes to JSON in a note's own form and comes back a note; a
    list stays a list; the library's words (``said``) follow the sentence in the message."""
    from core.notes import Joined, from_json, worded

    cut = note("gguf.header_truncated", where=note("gguf.in_key", key="tokenizer.ggml.tokens"),
               byte=237, size=240)
    data = cut.to_json()
    assert data["args"]["where"]["code"] == "gguf.in_key"
    assert data["message"] == ("the GGUF header is truncated while reading key "
                               "'tokenizer.ggml.tokens' (byte 237 of 240)")
    assert from_json(data) == cut and english(from_json(data)) == data["message"]
    listed = note("align.unknown_mode", mode="x", modes=["strict", "expand"])
    assert from_json(listed.to_json()).args["modes"] == ["strict", "expand"]
    refused = note("hf.rejected", said="data did not match any variant")
    assert refused.to_json()["message"] == (
        "the tokenizers runtime rejected this file: data did not match any variant")
    # each front joins a list and sets the library's words apart in its own way
    assert worded(listed, ENGLISH, {}, {}, separator="、") == "unknown mode 'x'; use strict、expand"
    assert worded(refused, ENGLISH, {}, {}, said="{message} [{said}]") == (
        "the tokenizers runtime rejected this file [data did not match any variant]")
    assert str(Joined([], ", ")) == "—"
