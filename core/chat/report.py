"""Everything ``tokbench chat`` reports on one conversation, as one JSON-ready dict.

Every render it needs (the conversation, the marked segments, the prefixes for the mask, the
render with or without the generation prompt) runs in one
:class:`~core.chat.bounded.BoundedRenderer` child, so a template that loops forever on any of
those inputs is stopped.

>>> from core.chat import CHATML
>>> from core.chat.conversation import Conversation
>>> r = chat_report(CHATML, Conversation([{"role": "user", "content": "hi"}]))
>>> r["text"], [c["code"] for c in r["checks"]]
('<|im_start|>user\\nhi<|im_end|>\\n', ['chat.no_generation_prompt'])
"""

from __future__ import annotations

from datetime import datetime

from .bounded import BoundedRenderer
from .budget import token_budget
from .checks import generation_prompt_notes, injection_notes
from .conversation import Conversation
from .encode import encode_chat, typed_literals
from .mask import mask_from_spans, prefix_diff_spans
from .render import render
from .segments import split_segments


def chat_report(template: str, conversation: Conversation, *, runtime=None,
                special_tokens: dict | None = None, variables: dict | None = None,
                add_generation_prompt: bool = False, continue_final_message: bool = False,
                now: datetime | None = None, context: int | None = None,
                renderer: BoundedRenderer | None = None) -> dict:
    """``{"text", "ids", "tokens", "assistant_mask", "assistant_mask_source",
    "unsanitized_ids", "split_merges", "budget", "checks"}`` (the ids, tokens, mask and budget
    only with a ``runtime``). Raises :class:`~core.chat.errors.ChatTemplateError`."""
    options = dict(tools=conversation.tools, documents=conversation.documents,
                   special_tokens=special_tokens, variables=variables)
    if now is not None:
        options["clock"] = lambda: now
    flags = dict(add_generation_prompt=add_generation_prompt,
                 continue_final_message=continue_final_message)
    bounded = renderer or BoundedRenderer()

    def render_bounded(template: str, messages: list, **kw):
        # every render of the report runs in the bounded child: a template may hang only on
        # the inputs of a later render (a prefix, the marked segments, the generation prompt)
        kw.pop("clock", None)  # the child takes the frozen time as ``now``
        return bounded.render(template, messages, now=now, **kw)

    try:
        return _report(template, conversation, options, flags, render_bounded, runtime,
                       special_tokens, add_generation_prompt, continue_final_message, context)
    finally:
        if renderer is None:
            bounded.close()


def _report(template, conversation, options, flags, render_bounded, runtime, special_tokens,
            add_generation_prompt, continue_final_message, context) -> dict:
    rendered = render_bounded(template, conversation.messages, **options, **flags)
    messages = conversation.messages
    checks = generation_prompt_notes(messages, add_generation_prompt, continue_final_message,
                                     _prompt_text(template, messages, rendered.text, options,
                                                  render_bounded))
    report = {"text": rendered.text}
    if runtime is None:
        report["budget"] = None
        report["checks"] = [n.to_json() for n in checks]
        return report

    segmentation = split_segments(template, messages, render_with=render_bounded, **options,
                                  **flags)
    encoding = encode_chat(runtime, segmentation, template)
    spans = [(t.start, t.end) for t in encoding.tokens]
    if rendered.generation_spans or "generation" in template and "endgeneration" in template:
        mask, source = mask_from_spans(spans, rendered.generation_spans), "generation"
    else:
        # what can end a turn: the literals a template writes as control tokens (not a plain
        # added "\n", which is text the assistant does not produce) and the named specials
        ends = ({t.content for t in typed_literals(runtime.special_tokens(), template)}
                | set((special_tokens or {}).values()))
        found = prefix_diff_spans(template, messages, rendered.text, ends,
                                  render_with=render_bounded, **options)
        mask, source = mask_from_spans(spans, found.spans), "prefix"
    prompt_start = None
    if add_generation_prompt:
        without = render_bounded(template, messages, **options).text
        if rendered.text.startswith(without):
            prompt_start = len(without)
    checks += injection_notes(segmentation, encoding, runtime.special_tokens(), template)
    report.update({
        "ids": encoding.ids,
        "tokens": [t.to_json() for t in encoding.tokens],
        "assistant_mask": mask,
        "assistant_mask_source": source,
        "unsanitized_ids": list(encoding.unsanitized_ids),
        "split_merges": list(encoding.split_merges),
        "budget": token_budget(encoding.tokens, generation_prompt_start=prompt_start,
                               context=context),
        "checks": [n.to_json() for n in checks],
    })
    return report


def _prompt_text(template: str, messages: list, text: str, options: dict, render=render) -> str:
    """What the generation prompt adds to ``text`` (rendered without it); "" when nothing, or
    when the template cannot say (it fails with the prompt asked for)."""
    from .errors import ChatTemplateError, RenderLimitError

    try:
        prompted = render(template, messages, add_generation_prompt=True, **options).text
    except RenderLimitError:
        raise  # a template that hangs or floods here is stopped, not read as "no prompt"
    except ChatTemplateError:
        return ""
    return prompted[len(text):] if prompted.startswith(text) else prompted
