"""The error a chat template render ends with, as the user should read it.

>>> str(ChatTemplateError("TemplateError", "System role not supported", line=3))
'line 3: TemplateError: System role not supported'
"""

from __future__ import annotations

from ..errors import WorkbenchError
from ..notes import english


class ChatTemplateError(WorkbenchError):
    """A template failed: ``kind`` is the error's type name as transformers would raise it
    (``TemplateError``, ``UndefinedError``, ``TemplateSyntaxError``, ``ValueError``, ...),
    ``detail`` its own message, ``line`` the template line when known. A failure the workbench
    itself describes (a render stopped, no template to choose) carries its ``note`` too, and
    ``detail`` is the note's English (see :meth:`of_note`)."""

    code = "chat_template"

    def __init__(self, kind: str, detail: str, *, line: int | None = None, path: object = None,
                 note=None):
        self.kind = kind
        self.detail = detail
        super().__init__(f"{kind}: {detail}", line=line, path=path, note=note)

    @classmethod
    def of_note(cls, kind: str, note, **where):
        """The error of type ``kind`` that ``note`` describes.

        >>> from core.notes import note
        >>> str(RenderLimitError.of_note("MemoryError", note("chat.render_out_of_memory")))
        'MemoryError: the template ran out of memory'
        """
        return cls(kind, english(note), note=note, **where)

    def render(self, message: str) -> str:
        # the note says the detail: its type stays in front of it, in every language
        return super().render(f"{self.kind}: {message}" if self.note is not None
                              and message != self.message else message)

    def __reduce__(self):
        # errors cross from the render child process to the caller
        return (_rebuild, (type(self), self.kind, self.detail, self.line, self.path, self.note))

    def as_json(self) -> dict:
        """The ``{"type", "message", "line"}`` object the CLI prints."""
        return {"type": self.kind, "message": self.detail, "line": self.line}


class RenderLimitError(ChatTemplateError):
    """A render stopped because it ran too long or produced too much output."""

    code = "chat_template_limit"


def _rebuild(cls, kind, detail, line, path, note=None):
    return cls(kind, detail, line=line, path=path, note=note)
