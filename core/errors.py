"""Errors the core raises for bad input: each names the problem and where.

Every user-facing failure in the workbench is one of these; the GUI and the CLI show
``str(error)`` and never a traceback.

>>> str(FormatError("not a tokenizer", path="x.bin"))
'x.bin: not a tokenizer'
"""

from __future__ import annotations


class WorkbenchError(Exception):
    """A problem with the user's input, described for the user.

    Args:
        message: what is wrong, in plain words.
        path: the file it concerns, if any.
        line: 1-based line number in that file, if known.
        column: 1-based column, if known.
        offset: 0-based byte offset in that file, if known.

    ``code`` names the kind of problem for a front end that renders it in another language
    (the message itself stays English for now: it carries the file and line).
    """

    code = "input"

    def __init__(self, message: str, *, path: object = None, line: int | None = None,
                 column: int | None = None, offset: int | None = None) -> None:
        self.message = message
        self.path = None if path is None else str(path)
        self.line = line
        self.column = column
        self.offset = offset
        super().__init__(str(self))

    def __reduce__(self):
        # the Train pane gets errors from a child process: keep path, line and offset
        return (_rebuild, (type(self), self.message, self.path, self.line, self.column,
                           self.offset))

    def __str__(self) -> str:
        where = self.path or ""
        if self.line is not None:
            where += f":{self.line}" if where else f"line {self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}" if where else self.message


class FormatError(WorkbenchError):
    """A file is not a tokenizer of a supported format, or is malformed."""

    code = "format"


class BundleError(WorkbenchError):
    """A bundle is missing a file, has a bad manifest, or fails a checksum."""

    code = "bundle"


class TextError(WorkbenchError):
    """Input text cannot be tokenized as given (for example lone surrogates)."""

    code = "text"


def _rebuild(cls, message, path, line, column, offset):
    return cls(message, path=path, line=line, column=column, offset=offset)
