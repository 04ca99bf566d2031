"""What ``tokbench`` prints for programs: one JSON envelope on every ``--json`` output, and each
error as JSON under ``--json`` (on stdout; the one-line message still goes to stderr)::

    {"tokbench": "<command>", "version": N, ...the command's own keys}
    {"tokbench": "<command>", "version": N,
     "error": {"code": "...", "message": "...", "path": ..., "line": ..., "column": ...}}

``version`` is the command's :data:`JSON_VERSION` (its module's): it goes up when a key changes
meaning or goes away; new keys may appear without it. ``error.message`` is the sentence stderr
shows; ``code`` says the kind (``usage``, ``input``, ``format``, ``bundle``, ``text``,
``integrity``, ``chat_template``, ``internal``...).

>>> envelope("fingerprint", 1, {"behaviour": "ab12"})
{'tokbench': 'fingerprint', 'version': 1, 'behaviour': 'ab12'}
>>> error_object(WorkbenchError("not a tokenizer", path="x.bin"))["message"]
'x.bin: not a tokenizer'
"""

from __future__ import annotations

import json
import sys

from core.envelope import ENVELOPE_KEYS, envelope, json_line  # noqa: F401 (the CLI's envelope)
from core.errors import WorkbenchError


class InputError(WorkbenchError):
    """Bad input a command found itself, with ``details`` for the JSON error (the bad records
    of a dataset, say)."""

    def __init__(self, message: str, *, code: str | None = None, details: dict | None = None,
                 **where) -> None:
        super().__init__(message, **where)
        if code is not None:
            self.code = code  # the kind of the error it stands for (a dataset's, say)
        self.details = details or {}


def print_json(command: str, version: int, payload: dict) -> None:
    """Print one enveloped JSON object on one line (:func:`core.envelope.json_line`, which the
    GUI's exports write too)."""
    print(json_line(command, version, payload))


def error_object(err: Exception, code: str | None = None) -> dict:
    """The ``error`` of a JSON error: its kind, the message stderr shows, where it is, and
    what more the error knows (a template's error type and line, a note's code and values)."""
    from core.chat.errors import ChatTemplateError  # here: core.chat loads jinja2

    if isinstance(err, WorkbenchError):
        found = {"code": code or err.code, "message": str(err), "path": err.path,
                 "line": err.line, "column": err.column}
        if err.note is not None:
            found["note"] = err.note.to_json()
        if isinstance(err, ChatTemplateError):
            found.update(type=err.kind, detail=err.detail)
        if isinstance(err, InputError):
            found.update(err.details)
        return found
    if isinstance(err, OSError):
        return {"code": code or "input", "message": os_error_text(err), "path": err.filename,
                "line": None, "column": None}
    return {"code": code or "internal", "message": f"{type(err).__name__}: {err}", "path": None,
            "line": None, "column": None}


def os_error_text(err: OSError) -> str:
    """``path: reason`` of a file the system refused (missing, unreadable, a folder...)."""
    return f"{err.filename}: {err.strerror or err}" if err.filename else str(err.strerror or err)


def print_error(command: str | None, version: int | None, err: Exception, *, as_json: bool,
                code: str | None = None, line: str | None = None) -> None:
    """The error on stderr in one line (``line``, else ``tokbench: error: <message>``); under
    ``--json`` also as JSON on stdout."""
    found = error_object(err, code)
    try:
        print(line or f"tokbench: error: {found['message']}", file=sys.stderr)
        if as_json and command is not None:
            print(json.dumps({"tokbench": command, "version": version, "error": found},
                             ensure_ascii=False))
    except OSError:
        pass  # the terminal or the pipe is gone: the exit code still says it
