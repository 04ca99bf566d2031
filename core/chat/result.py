"""What ``tokbench chat`` and the Chat pane show of one conversation, as typed values.

:class:`ChatReport` is made by :func:`core.chat.report.chat_report` (the one function both
fronts call); :meth:`ChatReport.to_json` is the one JSON form (``tokbench chat --json``, the
pane's *Export JSON…*). The views bind to the fields: tokens (:class:`~core.chat.tokens.ChatToken`),
segments, checks (:class:`~core.notes.Note`), the budget, the BOS source and the injections,
each with both readings' IDs as numbers.

>>> from core.chat.tokens import ChatToken
>>> toks = (ChatToken(1, "<s>", None, None, "template", None, 0, 3),
...         ChatToken(2, "hi", 0, "user", "content", "content", 3, 5))
>>> tokens_in_span(toks, (3, 4))
[1]
>>> ChatReport("<s>hi", ()).to_json()
{'text': '<s>hi', 'budget': None, 'checks': []}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..notes import Note
from .tokens import ChatToken, token_ids
from .fit import BosSource
from .segments import Segment

JSON_VERSION = 1  # of ChatReport.to_json (tokbench chat --json, the Chat pane's export)


def tokens_in_span(tokens: Sequence[ChatToken], span: tuple[int, int]) -> list[int]:
    """Indexes of the tokens whose span overlaps ``span`` (a token of no text counts when it
    sits inside it)."""
    start, end = span
    return [index for index, token in enumerate(tokens)
            if (token.start < end and token.end > start)
            or (token.start == token.end and start <= token.start < end)]


@dataclass(frozen=True)
class MessageBudget:
    """The tokens of one message's content."""

    message: int
    role: str | None
    tokens: int

    def to_json(self) -> dict:
        return {"message": self.message, "role": self.role, "tokens": self.tokens}


@dataclass(frozen=True)
class Truncation:
    """What right-side truncation at the context window cuts: how many tokens, from which
    character of the render, which messages lose tokens."""

    tokens: int
    from_char: int
    messages: tuple[int, ...]

    def to_json(self) -> dict:
        return {"tokens": self.tokens, "from_char": self.from_char,
                "messages": list(self.messages)}


@dataclass(frozen=True)
class TokenBudget:
    """Where a chat's tokens go (:func:`core.chat.budget.token_budget`): per role and message
    of content, tool definitions, documents, the template's own text, the generation prompt;
    against ``context`` when one is given (``remaining``, ``truncated``)."""

    total: int
    context: int | None
    remaining: int | None
    by_role: dict[str, int]
    messages: tuple[MessageBudget, ...]
    tools: int
    documents: int
    template: int
    generation_prompt: int
    truncated: Truncation | None = None

    def to_json(self) -> dict:
        return {"total": self.total, "context": self.context, "remaining": self.remaining,
                "by_role": dict(self.by_role), "messages": [m.to_json() for m in self.messages],
                "tools": self.tools, "documents": self.documents, "template": self.template,
                "generation_prompt": self.generation_prompt,
                "truncated": None if self.truncated is None else self.truncated.to_json()}


@dataclass(frozen=True)
class Reading:
    """One reading of an injected literal: the token IDs at its place, with their pieces."""

    ids: tuple[int, ...]
    pieces: tuple[str, ...]


@dataclass(frozen=True)
class Injection:
    """A special-token literal typed in a message, and how each pipeline reads it.

    ``message``: the message index, or the content field (``tools``, ``documents``);
    ``sanitized``: the workbench's reading (transformers' ``sanitize_control_tokens``), the
    literal's characters as text; ``unsanitized``: what a plain
    ``apply_chat_template(tokenize=True)`` feeds the model there (the control IDs)."""

    literal: str
    span: tuple[int, int]
    message: int | str | None
    role: str
    sanitized: Reading
    unsanitized: Reading


@dataclass(frozen=True)
class ChatReport:
    """One conversation rendered (and, with a tokenizer, encoded and checked).

    Always: ``text`` (the render), ``segments`` (it cut into template text and message
    content), ``checks``. With a tokenizer (``tokens`` is not None): the ``reading``
    (``sanitized`` or ``unsanitized``), ``tokens`` with provenance, the assistant mask and
    where it comes from, the unsanitized reading's IDs, the segment boundaries one encoding
    merges across (``split_merges``), the ``budget``, where BOS comes from (``bos``) and the
    ``injections`` (the literals typed in content, both readings).
    """

    text: str
    checks: tuple[Note, ...]
    segments: tuple[Segment, ...] = ()
    reading: str | None = None
    tokens: Sequence[ChatToken] | None = None
    assistant_mask: tuple[int, ...] = ()
    assistant_mask_source: str | None = None
    unsanitized_ids: tuple[int, ...] = ()
    split_merges: tuple[int, ...] = ()
    budget: TokenBudget | None = None
    bos: BosSource | None = None
    injections: tuple[Injection, ...] = field(default=())

    @property
    def encoded(self) -> bool:
        """Whether a tokenizer encoded the render (tokens, mask, budget are there)."""
        return self.tokens is not None

    @property
    def ids(self) -> list[int]:
        return token_ids(self.tokens or ())

    def checks_with(self, code: str) -> list[Note]:
        return [n for n in self.checks if n.code == code]

    def to_json(self) -> dict:
        """The stable JSON form (``tokbench chat --json``; see docs). Without a tokenizer:
        ``{"text", "budget": null, "checks"}``."""
        checks = [n.to_json() for n in self.checks]
        if not self.encoded:
            return {"text": self.text, "budget": None, "checks": checks}
        return {
            "text": self.text,
            "reading": self.reading,
            "ids": self.ids,
            "tokens": [t.to_json() for t in self.tokens],
            "assistant_mask": list(self.assistant_mask),
            "assistant_mask_source": self.assistant_mask_source,
            "unsanitized_ids": list(self.unsanitized_ids),
            "split_merges": list(self.split_merges),
            "budget": None if self.budget is None else self.budget.to_json(),
            "bos": None if self.bos is None else self.bos.to_json(),
            "checks": checks,
        }
