"""Checks on a rendered, encoded chat, as :class:`~core.notes.Note` values.

* ``chat.special_in_content``: a special-token literal typed in a message (an injection attempt);
  the sanitized encoding keeps it as text, and the note names the control IDs an unsanitized
  pipeline would have read there.
* ``chat.no_generation_prompt``: the last message is not the assistant's and no generation prompt
  was asked for (nor continuation): the model would write on in that message.

>>> [n.code for n in generation_prompt_notes([{"role": "user", "content": "hi"}], False, False)]
['chat.no_generation_prompt']
"""

from __future__ import annotations

from ..notes import Note, note
from .encode import ChatEncoding, content_literals, runtime_literal_finder
from .result import Injection, Reading, tokens_in_span
from .segments import Segmentation


def generation_prompt_notes(messages: list, add_generation_prompt: bool,
                            continue_final_message, prompt_text="x") -> list[Note]:
    """``prompt_text``: what the generation prompt would add to the render (or a function
    that says, called only when it matters: it renders); a template that writes none
    (``[INST]``-style: ``[/INST]`` already hands over) gets no note."""
    if not prompt_text_matters(messages, add_generation_prompt, continue_final_message):
        return []
    if not (prompt_text() if callable(prompt_text) else prompt_text):
        return []
    return [note("chat.no_generation_prompt", role=messages[-1]["role"])]


def prompt_text_matters(messages: list, add_generation_prompt: bool,
                        continue_final_message) -> bool:
    """Whether :func:`generation_prompt_notes` needs the prompt text (the render with the
    generation prompt): the last message is the user's or a tool's and neither a prompt nor a
    continuation was asked for.

    >>> prompt_text_matters([{"role": "assistant", "content": "hi"}], False, False)
    False
    """
    if add_generation_prompt or continue_final_message or not messages:
        return False
    last = messages[-1]
    return isinstance(last, dict) and last.get("role") in ("user", "tool")


def injections(segmentation: Segmentation, encoding: ChatEncoding, runtime,
               template: str | None = None) -> list[Injection]:
    """Each special-token literal typed in message content, with both readings at its place:
    the sanitized tokens overlapping it, and the unsanitized reading's tokens lying within it
    (the control IDs a plain pipeline would read)."""
    out = []
    sanitized = encoding.tokens
    for start, end, literal, segment in content_literals(
            segmentation, runtime_literal_finder(runtime, template)):
        ids = tuple(token_id for token_id, (s, e) in zip(encoding.unsanitized_ids,
                                                         encoding.unsanitized_spans)
                    if s >= start and e <= end and e > s)
        kept = [sanitized[i] for i in tokens_in_span(sanitized, (start, end))]
        out.append(Injection(
            literal, (start, end),
            segment.message if segment.message is not None else segment.field,
            segment.role or segment.field or "",
            Reading(tuple(t.id for t in kept), tuple(t.piece for t in kept)),
            Reading(ids, tuple(runtime.piece(i) for i in ids))))
    return out


def injection_note(injection: Injection) -> Note:
    """The ``chat.special_in_content`` note of an :class:`~core.chat.result.Injection` (its
    unsanitized IDs, as text, in the note's ``ids``)."""
    return note("chat.special_in_content", span=injection.span, literal=injection.literal,
                message=injection.message, role=injection.role,
                ids=[int(i) for i in injection.unsanitized.ids])


def injection_notes(segmentation: Segmentation, encoding: ChatEncoding, runtime,
                    template: str | None = None) -> list[Note]:
    """The ``chat.special_in_content`` notes of :func:`injections`."""
    return [injection_note(found) for found in injections(segmentation, encoding, runtime,
                                                           template)]
