"""Which tokens the assistant must learn to produce: the loss mask of a chat.

Two sources. A template with ``{% generation %}`` blocks says so itself: the render records the
blocks' spans, and every token overlapping one is masked — transformers'
``return_assistant_tokens_mask``, token for token. Almost no real model template has the tags, so
the other source renders successive prefixes of the conversation: for assistant message ``k``, the
render of messages ``[:k]`` with the generation prompt ends where the assistant starts writing,
and the render of ``[:k+1]`` without it ends after its turn. What lies between, cut after the last
end-of-turn literal (the ``\\n`` a template writes after ``<|im_end|>`` is not generated: the
model stops at the token), is what the model must produce.

>>> mask_from_spans([(0, 2), (2, 5), (5, 6)], [(2, 6)])
[0, 1, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .render import render as _render


@dataclass(frozen=True)
class PrefixSpans:
    """Assistant spans found by prefix renders, and the messages where the renders were not
    prefixes of each other (a template that rewrites history: no span for those).

    ``turns``: ``(message index, start, end)`` of each measured assistant turn in the render,
    whole (before the cut after its end-of-turn literal): what the template writes for it.
    """

    spans: tuple[tuple[int, int], ...]
    unstable: tuple[int, ...]
    turns: tuple[tuple[int, int, int], ...] = ()


def mask_from_spans(token_spans: Sequence[tuple[int, int]],
                    spans: Sequence[tuple[int, int]]) -> list[int]:
    """1 for each token overlapping a span, as transformers computes it (spans in order)."""
    mask = [0] * len(token_spans)
    if not spans:
        return mask
    # the current span's ends held in locals: two len() and two lookups per token were most
    # of the cost over a long chat's tokens
    k, last = 0, len(spans) - 1
    low, high = spans[0]
    for i, (start, end) in enumerate(token_spans):
        while start >= high:
            if k == last:
                return mask
            k += 1
            low, high = spans[k]
        if end > low:
            mask[i] = 1
    return mask


def prefix_renders(messages: list) -> list[tuple[list, dict]]:
    """The renders :func:`prefix_diff_spans` asks for, in its order, as ``(messages, flags)``:
    for each assistant message ``k`` past the first, ``[:k]`` with the generation prompt and
    ``[:k+1]`` without — so a caller can have them all rendered at once.

    >>> [(len(m), f) for m, f in prefix_renders([{"role": "user"}, {"role": "assistant"}])]
    [(1, {'add_generation_prompt': True}), (2, {})]
    """
    return [pair for k in assistant_turns(messages) if k > 0 for pair in prefix_pair(messages, k)]


def assistant_turns(messages: list) -> list[int]:
    """The indexes of the assistant messages.

    >>> assistant_turns([{"role": "user"}, {"role": "assistant"}, "x"])
    [1]
    """
    return [k for k, message in enumerate(messages)
            if isinstance(message, dict) and message.get("role") == "assistant"]


def prefix_pair(messages: list, k: int) -> tuple[tuple[list, dict], tuple[list, dict]]:
    """Where assistant turn ``k`` starts (``[:k]`` + generation prompt) and ends (``[:k+1]``)."""
    return (messages[:k], {"add_generation_prompt": True}), (messages[:k + 1], {})


def prefix_diff_spans(template: str, messages: list, full_text: str,
                      end_tokens: Iterable[str], render_with=None, **options) -> PrefixSpans:
    """Each assistant turn's span in ``full_text`` (the render of all ``messages`` with the
    same ``options``), found from prefix renders (:func:`prefix_renders`). ``end_tokens``: the
    literals that end a turn (EOS, end of turn); the span is cut after the last one found in
    the turn.

    This is the definition of the mask; :func:`core.chat.turns.marker_diff_spans` finds the
    same spans with a render per kind of turn instead of two per turn."""
    found = TurnSpans(full_text, end_tokens)
    for k in assistant_turns(messages):
        found.add(k, measure_turn(template, messages, k, full_text, render_with, **options))
    return found.result()


@dataclass(frozen=True)
class Measured:
    """One assistant turn measured by its prefix renders: where it starts and ends in the full
    render (None when the renders are not prefixes of it), and the render before the turn."""

    start: int | None
    end: int | None
    before: str = ""


def measure_turn(template: str, messages: list, k: int, full_text: str, render_with=None,
                 **options) -> Measured:
    """Assistant turn ``k`` from the renders of ``[:k]`` with the generation prompt (where the
    assistant starts writing) and of ``[:k+1]`` (after its turn); unmeasured (``start`` None)
    when those are not prefixes of each other and of ``full_text``, or ``k`` is 0."""
    if k == 0:  # no empty conversation renders: nothing to measure the turn against
        return Measured(None, None)
    render = render_with or _render  # ``render_with``: e.g. a bounded renderer
    options = {key: value for key, value in options.items()
               if key not in ("add_generation_prompt", "continue_final_message")}
    before, after = (render(template, prefix, **options, **flags).text
                     for prefix, flags in prefix_pair(messages, k))
    if not (after.startswith(before) and full_text.startswith(after)):
        return Measured(None, None, before)
    return Measured(len(before), len(after), before)


class TurnSpans:
    """The :class:`PrefixSpans` of a conversation, turn by turn: a measured turn's span is cut
    after the last end-of-turn literal in it (the ``\\n`` a template writes after
    ``<|im_end|>`` is not generated)."""

    def __init__(self, full_text: str, end_tokens: Iterable[str]) -> None:
        self.text = full_text
        self.ends = [t for t in end_tokens if t]
        self.spans: list[tuple[int, int]] = []
        self.unstable: list[int] = []
        self.turns: list[tuple[int, int, int]] = []

    def add(self, k: int, measured: Measured) -> None:
        if measured.start is None:
            self.unstable.append(k)
            return
        start, end = measured.start, measured.end
        turn = self.text[start:end]
        self.turns.append((k, start, end))
        cut = max((turn.rfind(t) + len(t) for t in self.ends if t in turn), default=len(turn))
        if cut > 0:
            self.spans.append((start, start + cut))

    def result(self) -> PrefixSpans:
        return PrefixSpans(tuple(self.spans), tuple(self.unstable), tuple(self.turns))


def last_learned_run(ids: Sequence[int], mask: Sequence[int] | None) -> list[int]:
    """The IDs of the last run of masked tokens — what the model writes in the last assistant
    turn, end-of-turn token included — or every ID when nothing is masked.

    >>> last_learned_run([5, 6, 7, 8, 9], [0, 1, 0, 1, 1])
    [8, 9]
    >>> last_learned_run([5, 6], [0, 0])
    [5, 6]
    """
    if not mask or not any(mask):
        return list(ids)
    end = max(i for i, m in enumerate(mask) if m) + 1
    start = end
    while start > 0 and mask[start - 1]:
        start -= 1
    return list(ids[start:end])
