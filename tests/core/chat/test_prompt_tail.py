"""The generation prompt from the template's tail (:mod:`core.chat.prompt_tail`) is the one the
render of the whole conversation with ``add_generation_prompt`` gives, on the real templates, the
built-in ones and templates written to defeat it; a tail is refused where it could differ.
"""

from __future__ import annotations

import pytest

from core.chat import ChatTemplateError
from core.chat.builtin import BUILTIN_TEMPLATES
from core.chat.prompt_tail import STAND_IN, generation_prompt_tail, prompt_text
from core.chat.render import render
from tests.conftest import DATA, require_data
from tests.core.chat.conversations import CONVERSATIONS

CHAT = DATA / "chat"
TEMPLATE_NAMES = sorted(p.stem for p in (CHAT / "templates").glob("*.jinja")) or ["absent"]
NAMED = {"bos_token": "<s>", "eos_token": "</s>"}


def readable(template: str, messages: list, **options) -> str | None:
    """What the generation prompt adds, from two renders of the whole conversation (None: the
    conversation itself is refused)."""
    try:
        text = render(template, messages, **options).text
    except ChatTemplateError:
        return None
    try:
        prompted = render(template, messages, add_generation_prompt=True, **options).text
    except ChatTemplateError:
        return ""
    return prompted[len(text):] if prompted.startswith(text) else prompted


def by_tail(template: str, messages: list, **options) -> str | None:
    """The same from the tail's two renders of a stand-in conversation (and the whole one
    where the template has no tail)."""
    tail = generation_prompt_tail(template)
    try:
        text = render(template, messages, **options).text
    except ChatTemplateError:
        return None
    if not tail.reads_flag:
        return ""
    if tail.source is None:
        return readable(template, messages, **options)
    named = {"special_tokens": options.get("special_tokens")}
    without = render(tail.source, STAND_IN, **named).text
    try:
        prompted = render(tail.source, STAND_IN, add_generation_prompt=True, **named).text
    except ChatTemplateError:
        return ""
    found = prompt_text(text, without, prompted)
    return readable(template, messages, **options) if found is None else found


def cases():
    for name, (messages, extra) in CONVERSATIONS.items():
        if messages and isinstance(messages[-1], dict) and messages[-1].get("role") != "assistant":
            yield name, messages, extra


@pytest.mark.realdata
@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_the_tail_gives_the_real_templates_prompt(name):
    template = require_data(CHAT / "templates" / f"{name}.jinja").read_text()
    compared = 0
    for _, messages, extra in cases():
        for named in (NAMED, None):
            expected = readable(template, messages, special_tokens=named, **extra)
            assert by_tail(template, messages, special_tokens=named, **extra) == expected, name
            compared += expected is not None
    assert compared  # the template renders some of the conversations


def test_the_real_templates_that_have_a_tail_are_found():
    """Qwen's, Llama's, Gemma's, Phi's and ChatML's generation prompt is their last statement;
    Mistral's template never reads the flag; DeepSeek's prompt reads a namespace its loop sets."""
    found = {}
    for name in TEMPLATE_NAMES:
        path = CHAT / "templates" / f"{name}.jinja"
        if path.exists():
            tail = generation_prompt_tail(path.read_text())
            found[name] = (tail.reads_flag, tail.source is not None)
    if not found:
        pytest.skip("real data not present (../shared/data is absent)")
    expected = {"chatml": (True, True), "deepseek_v3": (True, False), "gemma2": (True, True),
                "llama3_1": (True, True), "llama3_trl_training": (True, True),
                "mistral_v0_3": (False, False), "phi3_5_mini": (True, True),
                "qwen2_5": (True, True)}
    assert found == {k: v for k, v in expected.items() if k in found}


def assert_tail_gives_the_whole_renders_prompt(template: str) -> None:
    """On every conversation of :func:`cases`, the tail's answer is the two whole renders'."""
    for _, messages, extra in cases():
        expected = readable(template, messages, special_tokens=NAMED, **extra)
        assert by_tail(template, messages, special_tokens=NAMED, **extra) == expected


@pytest.mark.parametrize("name", sorted(BUILTIN_TEMPLATES))
def test_the_tail_gives_the_builtin_templates_prompt(name):
    template = BUILTIN_TEMPLATES[name]
    assert_tail_gives_the_whole_renders_prompt(template)


LOOP = "{% for m in messages %}<{{ m.role }}>{{ m.content }}{% endfor %}"
TRICKY = {
    # the flag read before the loop: the tail would be the whole template
    "read first": "{% if add_generation_prompt %}[gp]{% endif %}" + LOOP,
    # the tail reads what the loop set
    "namespace": "{% set ns = namespace(last='') %}{% for m in messages %}{{ m.content }}"
                 "{% set ns.last = m.role %}{% endfor %}"
                 "{% if add_generation_prompt and ns.last != 'assistant' %}<go>{% endif %}",
    "set before": "{% set go = '<go>' %}" + LOOP + "{% if add_generation_prompt %}{{ go }}{% endif %}",
    "macro": "{% macro go() %}<go>{% endmacro %}" + LOOP
             + "{% if add_generation_prompt %}{{ go() }}{% endif %}",
    # the tail reads the conversation
    "messages": LOOP + "{% if add_generation_prompt %}{{ messages[-1].role }}{% endif %}",
    # the tail writes something either way, and an else
    "else": LOOP + "{% if add_generation_prompt %}<go>{% else %}{{ eos_token }}{% endif %}",
    "after": LOOP + "{% if add_generation_prompt %}<go>{% endif %}{{ '[end]' }}",
    "two reads": LOOP + "{% if add_generation_prompt %}<a>{% endif %}x"
                 "{% if not add_generation_prompt %}<b>{% endif %}",
    # the tail fails with the flag: the whole render does too
    "refuses": LOOP + "{% if add_generation_prompt %}{{ raise_exception('no') }}{% endif %}",
    "default idiom": "{% if not add_generation_prompt is defined %}"
                     "{% set add_generation_prompt = false %}{% endif %}" + LOOP
                     + "{% if add_generation_prompt %}<go>{% endif %}",
    "never": LOOP,
    "multi-line": LOOP + "\n{%- if add_generation_prompt %}\n    {{- '<go>' }}\n{%- endif %}\n",
}


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_the_tail_gives_the_same_prompt_on_templates_written_against_it(name):
    template = TRICKY[name]
    assert_tail_gives_the_whole_renders_prompt(template)


@pytest.mark.parametrize("name, has_tail", [
    ("read first", False), ("namespace", False), ("set before", False), ("macro", False),
    ("messages", False), ("else", True), ("after", True), ("two reads", True),
    ("refuses", True), ("default idiom", True), ("multi-line", True)])
def test_a_tail_is_refused_where_it_could_differ(name, has_tail):
    tail = generation_prompt_tail(TRICKY[name])
    assert tail.reads_flag and (tail.source is not None) == has_tail


def test_a_template_that_never_reads_the_flag_has_no_prompt():
    assert not generation_prompt_tail(TRICKY["never"]).reads_flag
    assert generation_prompt_tail("{% if x %}").reads_flag  # unparsable: render it
