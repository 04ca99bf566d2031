"""Where a chat's tokens go: each message's content, tool definitions, documents, the template's
own text (role headers, separators, BOS) and the generation prompt, against a context window.

>>> from core.chat.tokens import ChatToken
>>> toks = [ChatToken(1, "<s>", None, None, "template", None, 0, 3),
...         ChatToken(2, "hi", 0, "user", "content", "content", 3, 5)]
>>> b = token_budget(toks, context=1)
>>> b.total, b.by_role, b.template, b.truncated.tokens
(2, {'user': 1}, 1, 1)
"""

from __future__ import annotations

from typing import Sequence

from .tokens import ChatToken
from .result import MessageBudget, TokenBudget, Truncation


def token_budget(tokens: Sequence[ChatToken], *, generation_prompt_start: int | None = None,
                 context: int | None = None, runs: Sequence[tuple] | None = None) -> TokenBudget:
    """The budget (the ``budget`` of ``tokbench chat --json`` is its ``to_json()``).

    ``generation_prompt_start``: where the generation prompt begins in the render (template
    tokens from there on count as ``generation_prompt``). With ``context``, ``remaining`` and
    ``truncated`` (right-side truncation at the window: how many tokens, from which character,
    which messages lose tokens) are filled; else they are None. ``runs``: the tokens'
    ``(source, field, role, message, count)`` runs of one provenance, in order, when known
    (:meth:`~core.chat.encode.ChatEncoding.reading_runs`): counted a run at a time.
    """
    by_role: dict[str, int] = {}
    per_message: dict[int, list] = {}  # message -> [role, tokens]
    counts = {"tools": 0, "documents": 0, "template": 0, "generation_prompt": 0}
    if runs is not None and generation_prompt_start is None:
        # the loop below, a run of tokens at a time (a step per token was 0.2 ms of a
        # 50-message chat's report)
        for source, field, role, message, n in runs:
            if source == "content" and field in ("tools", "documents"):
                counts[field] += n
            elif source == "content":
                shown = role or "?"
                by_role[shown] = by_role.get(shown, 0) + n
                per_message.setdefault(message, [role, 0])[1] += n
            else:
                counts["template"] += n
        tokens_counted: Sequence[ChatToken] = ()
    else:
        tokens_counted = tokens
    for token in tokens_counted:
        if token.source == "content" and token.field in ("tools", "documents"):
            counts[token.field] += 1
        elif token.source == "content":
            role = token.role or "?"
            by_role[role] = by_role.get(role, 0) + 1
            per_message.setdefault(token.message, [token.role, 0])[1] += 1
        elif generation_prompt_start is not None and token.start >= generation_prompt_start:
            counts["generation_prompt"] += 1
        else:
            counts["template"] += 1
    total = len(tokens)
    truncated = None
    if context is not None and total > context:
        cut = tokens[context:]
        truncated = Truncation(len(cut), cut[0].start,
                               tuple(sorted({t.message for t in cut if t.message is not None})))
    return TokenBudget(total, context, None if context is None else context - total, by_role,
                       tuple(MessageBudget(k, *per_message[k]) for k in sorted(per_message)),
                       **counts, truncated=truncated)
