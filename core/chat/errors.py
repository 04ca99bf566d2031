"""The error a chat template render ends with, as the user should read it.

>>> str(ChatTemplateError("TemplateError", "System role not supported", line=3))
'line 3: TemplateError: System role not supported'
"""

from __future__ import annotations

from ..errors import WorkbenchError


class ChatTemplateError(WorkbenchError):
    """A template failed: ``kind`` is the error's type name as transformers would raise it
    (``TemplateError``, ``UndefinedError``, ``TemplateSyntaxError``, ``ValueError``, ...),
    ``detail`` its own message, ``line`` the template line when known."""

    code = "chat_template"

    def __init__(self, kind: str, detail: str, *, line: int | None = None, path: object = None):
        self.kind = kind
        self.detail = detail
        super().__init__(f"{kind}: {detail}", line=line, path=path)

    def __reduce__(self):
        # errors cross from the render child process to the caller
        return (_rebuild, (type(self), self.kind, self.detail, self.line, self.path))

    def as_json(self) -> dict:
        """The ``{"type", "message", "line"}`` object the CLI prints."""
        return {"type": self.kind, "message": self.detail, "line": self.line}


class RenderLimitError(ChatTemplateError):
    """A render stopped because it ran too long or produced too much output."""

    code = "chat_template_limit"


def _rebuild(cls, kind, detail, line, path):
    return cls(kind, detail, line=line, path=path)
