"""How many times a chat report renders the whole conversation (issue #27, item 2): transformers
renders the benchmark's 50-message chat once; the report renders it for its text and its marked
segments, and without its system message for the system check — the generation prompt's check
renders the template's tail (:mod:`core.chat.prompt_tail`), the mask the first turn of each kind
(:mod:`core.chat.turns`). Counted on the real templates, through the report's own render cache,
with no render asked twice."""

from __future__ import annotations

import json

import pytest

from core.chat import ChatTemplateError
from core.chat.conversation import Conversation
from core.chat.prompt_tail import generation_prompt_tail
from core.chat.render import render
from core.chat.report import chat_report
from core.formats.detect import load_tokenizer
from tests.conftest import DATA, DEMO, require_data

CHAT = DATA / "chat"
TEMPLATE_NAMES = sorted(p.stem for p in (CHAT / "templates").glob("*.jinja")) or ["absent"]


class Counting:
    """A renderer (render only: the cache renders each request as it is asked) noting how many
    messages each render had, and what it rendered."""

    def __init__(self):
        self.renders: list[tuple[int, str]] = []

    def render(self, template, messages, now=None, **options):
        shown = json.dumps([template, messages, options], sort_keys=True, default=repr)
        self.renders.append((len(messages), shown))
        return render(template, messages, **options)

    def close(self):
        pass


@pytest.mark.realdata
@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_a_fifty_message_report_renders_the_whole_chat_three_times(name):
    from tests.bench.chat import conversation_50

    template = require_data(CHAT / "templates" / f"{name}.jinja").read_text(encoding="utf-8")
    named = json.loads((CHAT / "special_tokens.json").read_text())[name]["special_tokens"]
    messages, tools = conversation_50()
    counting = Counting()
    try:
        chat_report(template, Conversation(messages, tools, None), special_tokens=named,
                    renderer=counting,
                    runtime=load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json"))
    except ChatTemplateError:
        pytest.skip(f"{name} refuses the benchmark's chat")
    shown = [s for _, s in counting.renders]
    assert len(shown) == len(set(shown))  # no render asked twice
    whole = sum(1 for count, _ in counting.renders if count >= len(messages) - 1)
    tail = generation_prompt_tail(template)
    # its text, its marked segments, without its system message; the conversation with the
    # generation prompt only where the template's tail cannot stand for it (DeepSeek's)
    assert whole == 3 + (tail.reads_flag and tail.source is None)
