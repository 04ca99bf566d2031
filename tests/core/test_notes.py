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
