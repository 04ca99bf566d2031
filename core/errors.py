"""Errors the core raises for bad input: each names the problem and where.

Every user-facing failure in the workbench is one of these; the GUI and the CLI show
``str(error)`` and never a traceback.

>>> str(FormatError("not a tokenizer", path="x.bin"))
'x.bin: not a tokenizer'
"""

from __future__ import annotations

from .notes import english


class WorkbenchError(Exception):
    """A problem with the user's input, described for the user.

    Args:
        message: what is wrong, in plain words.
        path: the file it concerns, if any.
        line: 1-based line number in that file, if known.
        column: 1-based column, if known.
        offset: 0-based byte offset in that file, if known.

    ``code`` names the kind of problem. An error that is frequent and fixed carries a ``note``
    (:class:`core.notes.Note`: a code and its values), which a front end words in its own
    language; ``message`` is then its English (see :meth:`of`).
    """

    code = "input"

    def __init__(self, message: str, *, path: object = None, line: int | None = None,
                 column: int | None = None, offset: int | None = None, note=None) -> None:
        self.message = message
        self.note = note
        self.path = None if path is None else str(path)
        self.line = line
        self.column = column
        self.offset = offset
        super().__init__(str(self))

    @classmethod
    def of(cls, note, **kwargs):
        """The error a note says, its message the note's English.

        >>> from core.notes import note
        >>> str(WorkbenchError.of(note("sentencepiece.needs_unknown")))
        'SentencePiece needs an unknown piece: add <unk> to the special tokens'
        """
        return cls(english(note), note=note, **kwargs)

    def __reduce__(self):
        # the Train pane gets errors from a child process: keep path, line, offset and note
        return (_rebuild, (type(self), self.message, self.path, self.line, self.column,
                           self.offset, self.note))

    def render(self, message: str) -> str:
        """``message`` (this error's, or its note in another language) with where it is."""
        where = self.location()
        if self.line is not None and not self.path:
            where = f"line {where}"
        return f"{where}: {message}" if where else message

    def location(self) -> str:
        """Where it is, in no language: ``path:line:column`` as far as known.

        >>> WorkbenchError("x", path="a.json", line=3, column=7).location()
        'a.json:3:7'
        """
        where = self.path or ""
        if self.line is not None:
            where += f":{self.line}" if where else f"{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    def __str__(self) -> str:
        return self.render(self.message)


class FormatError(WorkbenchError):
    """A file is not a tokenizer of a supported format, or is malformed."""

    code = "format"


class BundleError(WorkbenchError):
    """A bundle is missing a file, has a bad manifest, or fails a checksum."""

    code = "bundle"


class IntegrityError(BundleError):
    """A bundle's files are not the ones its manifest checksummed: changed, missing, or named
    by an unsafe path. Not bad input but damage or tampering, which ``tokbench`` tells apart
    (exit 3)."""

    code = "integrity"


class TextError(WorkbenchError):
    """Input text cannot be tokenized as given (for example lone surrogates)."""

    code = "text"


def _rebuild(cls, message, path, line, column, offset, note=None):
    return cls(message, path=path, line=line, column=column, offset=offset, note=note)
