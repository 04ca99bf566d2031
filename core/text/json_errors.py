"""What is wrong with a JSON text, as a note the fronts word: Python's ``json`` names the
problem in an English phrase (``err.msg``); the common ones are mapped to our own codes here,
and only a phrase this table does not know is passed on as the library's own words.

The position stays where it is: the error that carries this note has the line and column
(``err.lineno``, ``err.colno``) as its own typed fields.

>>> import json
>>> from core.notes import english
>>> try:
...     json.loads('{"a": }')
... except json.JSONDecodeError as err:
...     english(json_problem(err)), err.colno
('a value is expected here', 7)
"""

from __future__ import annotations

import json

from ..notes import Note, SAID, note

# the start of json's message -> our code (Python 3.11 to 3.13 phrase them so)
PROBLEMS = (
    ("Expecting value", "json.expecting_value"),
    ("Expecting property name enclosed in double quotes", "json.expecting_name"),
    ("Expecting ':' delimiter", "json.expecting_colon"),
    ("Expecting ',' delimiter", "json.expecting_comma"),
    ("Unterminated string", "json.unterminated_string"),
    ("Invalid control character", "json.control_character"),
    ("Invalid \\escape", "json.bad_escape"),
    ("Invalid \\uXXXX escape", "json.bad_escape"),
    ("Extra data", "json.extra_data"),
    ("Illegal trailing comma", "json.trailing_comma"),
)


def json_problem(err: json.JSONDecodeError | str) -> Note:
    """The sub-note saying what is wrong (an argument of ``json.invalid`` and the like).

    >>> json_problem("Extra data").code, json_problem("Something new").args
    ('json.extra_data', {'said': 'Something new'})
    """
    message = err if isinstance(err, str) else err.msg
    for start, code in PROBLEMS:
        if message.startswith(start):
            return note(code)
    return note("json.syntax", **{SAID: message})
