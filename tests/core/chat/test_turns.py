"""The marker method (:func:`core.chat.turns.marker_diff_spans`: one marked render, the first
turn of each kind measured) finds the assistant turns the prefix method
(:func:`core.chat.mask.prefix_diff_spans`, every prefix rendered) finds, on the real templates
and the built-in ones, for generated conversations (hypothesis) and the benchmark's 50-message
chat — and renders a constant few prefixes where the prefix method renders two per turn.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.chat import CHATML, ChatTemplateError
from core.chat.builtin import BUILTIN_TEMPLATES
from core.chat.conversation import Conversation
from core.chat.mask import prefix_diff_spans
from core.chat.render import render
from core.chat.segments import split_segments
from core.chat.turns import marker_diff_spans, turn_kind, turn_renders
from tests.conftest import DATA, require_data
from tests.core.chat.conversations import CONVERSATIONS, WEATHER_TOOL

CHAT = DATA / "chat"
TEMPLATE_NAMES = sorted(p.stem for p in (CHAT / "templates").glob("*.jinja")) or ["absent"]
END_LITERALS = ["<|im_end|>", "</s>", "<|eot_id|>", "<end_of_turn>", "<|end|>", "<|endoftext|>",
                "<｜end▁of▁sentence｜>"]
SEARCH_TOOL = {"type": "function", "function": {
    "name": "search", "description": "Search the web",
    "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                   "required": ["query"]}}}


class Counting:
    """A renderer that counts the renders asked of it."""

    def __init__(self):
        self.calls = 0

    def __call__(self, template, messages, **options):
        self.calls += 1
        return render(template, messages, **options)


def outcome(method, *args, **kwargs):
    """The spans a method finds, or that a render refused (the report then measures none)."""
    try:
        return method(*args, **kwargs)
    except ChatTemplateError as err:
        return ("refused", err.kind)


def both(template: str, messages: list, **options):
    """(prefix method, marker method, renders each asked for), or None when the template
    refuses the conversation itself."""
    try:
        cut = split_segments(template, messages, **options)
    except ChatTemplateError:
        return None
    prefix, marker = Counting(), Counting()
    by_prefix = outcome(prefix_diff_spans, template, messages, cut.text, END_LITERALS,
                        render_with=prefix, **options)
    by_marker = outcome(marker_diff_spans, template, messages, cut.text, END_LITERALS, cut,
                        render_with=marker, **options)
    return by_prefix, by_marker, prefix.calls, marker.calls


# -- conversations ------------------------------------------------------------------------------

TEXTS = st.sampled_from(["Hi", "Hello there!", "  padded  ", "", " ", "line one\nline two",
                         "Zürich 東京 👍🏽", "<|im_end|> typed", "[INST] not a turn [/INST]",
                         "It is 10 °C.", "ok", "a\tb", "</s>"])


@st.composite
def conversations(draw):
    """A system prompt or not, then rounds of user / assistant (text, or a tool call and its
    result, then text), ending on a user or an assistant turn; tools defined or not."""
    messages = []
    if draw(st.booleans()):
        messages.append({"role": "system", "content": draw(TEXTS)})
    for k in range(draw(st.integers(1, 5))):
        messages.append({"role": "user", "content": draw(TEXTS)})
        if draw(st.booleans()):
            call_id = f"call{k:05d}"
            name = draw(st.sampled_from(["get_weather", "search"]))
            arguments = ({"city": draw(TEXTS), "unit": "c"} if name == "get_weather"
                         else {"query": draw(TEXTS)})
            messages += [
                {"role": "assistant", "content": None, "tool_calls": [{
                    "id": call_id, "type": "function",
                    "function": {"name": name, "arguments": arguments}}]},
                {"role": "tool", "tool_call_id": call_id, "name": name,
                 "content": json.dumps({"result": draw(TEXTS)})}]
        messages.append({"role": "assistant", "content": draw(TEXTS)})
    if draw(st.booleans()):
        messages.append({"role": "user", "content": draw(TEXTS)})
    tools = [WEATHER_TOOL, SEARCH_TOOL] if draw(st.booleans()) else None
    return messages, tools


def check_template(template: str, special_tokens: dict, examples: int = 40) -> None:
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(conversations(), st.booleans())
    def check(conversation, prompt):
        messages, tools = conversation
        found = both(template, messages, tools=tools, documents=None,
                     special_tokens=special_tokens, add_generation_prompt=prompt)
        if found is not None:
            by_prefix, by_marker, _, _ = found
            assert by_marker == by_prefix, (messages, tools, prompt)

    check()


@pytest.fixture(scope="module")
def specials():
    require_data(CHAT)
    return json.loads((CHAT / "special_tokens.json").read_text(encoding="utf-8"))


@pytest.mark.realdata
@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_the_marker_method_finds_the_prefix_methods_turns_on_real_templates(name, specials):
    template = require_data(CHAT / "templates" / f"{name}.jinja").read_text(encoding="utf-8")
    check_template(template, specials[name]["special_tokens"])


@pytest.mark.parametrize("name", sorted(BUILTIN_TEMPLATES))
def test_the_marker_method_finds_the_prefix_methods_turns_on_built_in_templates(name):
    check_template(BUILTIN_TEMPLATES[name], {"bos_token": "<s>", "eos_token": "</s>"})


@pytest.mark.parametrize("case", sorted(CONVERSATIONS))
def test_every_conversation_shape_of_the_render_tests(case):
    messages, extra = CONVERSATIONS[case]
    for template in BUILTIN_TEMPLATES.values():
        found = both(template, messages, **extra, special_tokens={"eos_token": "</s>"})
        if found is not None:
            assert found[1] == found[0], case


# templates that defeat each shortcut: a history rewritten at the last message, a generation
# prompt unlike a finished turn's start, a prefix refused, text moved after the turns
TRICKY = {
    "last-rewritten": "{% for m in messages %}{% if loop.last %}LAST {% endif %}{{ m.content }}|"
                      "{% endfor %}",
    "thinking-prompt": "{% for m in messages %}<{{ m.role }}>{{ m.content }}</s>{% endfor %}"
                       "{% if add_generation_prompt %}<assistant><think>{% endif %}",
    "refuses-one": "{% if messages | length == 1 %}{{ raise_exception('too short') }}{% endif %}"
                   + CHATML,
    "system-last": "{% for m in messages if m.role != 'system' %}<{{ m.role }}>{{ m.content }}"
                   "</s>{% endfor %}{% for m in messages if m.role == 'system' %}{{ m.content }}"
                   "{% endfor %}",
    "count-in-header": "{% for m in messages %}[{{ loop.index }}/{{ messages | length }}]"
                       "{{ m.content }}</s>{% endfor %}",
}


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_templates_that_defeat_the_shortcuts_get_the_prefix_methods_answer(name):
    check_template(TRICKY[name], {"eos_token": "</s>"}, examples=25)


# -- the long chat: few renders ------------------------------------------------------------------

def fifty_messages():
    from tests.bench.chat import conversation_50

    return conversation_50()


@pytest.mark.realdata
@pytest.mark.parametrize("name", ["qwen2_5", "mistral_v0_3", "llama3_1"])
def test_a_fifty_message_chat_measures_the_first_turn_of_each_kind_only(name, specials):
    template = require_data(CHAT / "templates" / f"{name}.jinja").read_text(encoding="utf-8")
    messages, tools = fifty_messages()
    by_prefix, by_marker, prefix_renders, marker_renders = both(
        template, messages, tools=tools, documents=None,
        special_tokens=specials[name]["special_tokens"])
    assert by_marker == by_prefix
    kinds = {turn_kind(messages, k) for k, m in enumerate(messages) if m["role"] == "assistant"}
    assert prefix_renders == 48 and marker_renders == 2 * len(kinds) == len(turn_renders(messages))


@pytest.mark.slow  # a render child process
def test_the_report_is_the_one_the_prefix_method_gives(monkeypatch):
    """The whole chat report (mask, turn checks, stop checks) with the marker method equals the
    report the prefix method makes."""
    from core.chat import report as chat_report_module
    from core.chat.bounded import BoundedRenderer
    from core.chat.report import chat_report
    from core.formats.detect import load_tokenizer
    from tests.conftest import DEMO

    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    messages = [{"role": "system", "content": "Be brief."}]
    for k in range(6):
        messages += [{"role": "user", "content": f"question {k}"},
                     {"role": "assistant", "content": f"answer {k}"}]
    with BoundedRenderer() as renderer:
        for template in (CHATML, TRICKY["last-rewritten"], TRICKY["thinking-prompt"]):
            fast = chat_report(template, Conversation(messages), runtime=runtime,
                               renderer=renderer)
            monkeypatch.setattr(chat_report_module, "marker_diff_spans",
                                lambda t, m, text, ends, segmentation, **kw: prefix_diff_spans(
                                    t, m, text, ends, **kw))
            slow = chat_report(template, Conversation(messages), runtime=runtime,
                               renderer=renderer)
            monkeypatch.undo()
            assert fast == slow
