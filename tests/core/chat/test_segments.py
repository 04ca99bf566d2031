"""The rendered text cut into template text and message content: segments cover the render
exactly, content segments hold the message's own text, and injected control tokens stay content."""

import json

import pytest

from core.chat import CHATML, ChatTemplateError
from core.chat.segments import split_segments
from tests.conftest import DATA, require_data
from tests.core.chat.conversations import (CONVERSATIONS, OPTIONS, WEATHER_TOOL,
                                           control_token_message)

CHAT = DATA / "chat"


def _check_cover(cut):
    position = 0
    for segment in cut.segments:
        assert segment.start == position < segment.end
        position = segment.end
    assert position == len(cut.text)


def _content_texts(cut, message):
    return [cut.text[s.start:s.end] for s in cut.segments
            if s.source == "content" and s.message == message]


def test_chatml_content_is_content_and_markup_is_template():
    messages = [{"role": "system", "content": "  Be brief. "}, {"role": "user", "content": "Hi"},
                {"role": "assistant", "content": ""}]
    cut = split_segments(CHATML, messages, add_generation_prompt=True)
    _check_cover(cut)
    assert cut.exact
    content = [(s.message, s.role, s.field, cut.text[s.start:s.end])
               for s in cut.segments if s.source == "content"]
    # whitespace around content counts as template text; an empty content has no segment
    assert content == [(0, "system", "content", "Be brief."), (1, "user", "content", "Hi")]
    assert "".join(cut.text[s.start:s.end] for s in cut.segments) == cut.text


def test_tool_definitions_and_arguments_are_marked_with_their_field():
    template = ("{{ tools | tojson }}|{% for m in messages %}{{ m.role }}:{{ m.content }}"
                "{% for c in m.tool_calls %}{{ c.function.arguments | tojson }}{% endfor %};"
                "{% endfor %}{{ documents[0].text }}")
    messages = [{"role": "user", "content": "Weather?"},
                {"role": "assistant", "tool_calls": [{"type": "function", "function": {
                    "name": "get_weather", "arguments": {"city": 'Zü"rich'}}}]}]
    cut = split_segments(template, messages, tools=[WEATHER_TOOL],
                         documents=[{"title": "t", "text": "Doc text"}])
    _check_cover(cut)
    fields = {(s.field, cut.text[s.start:s.end]) for s in cut.segments if s.source == "content"}
    assert ("tool_call_arguments", 'Zü\\"rich') in fields  # as tojson wrote it
    assert ("tools", "Current weather in a city") in fields
    assert ("documents", "Doc text") in fields and ("content", "Weather?") in fields
    assert all(s.message is None for s in cut.segments if s.field in {"tools", "documents"})


def test_a_template_that_cuts_content_falls_back_to_search():
    template = "{% for m in messages %}[{{ m.content[:4] }}]{{ m.content }}{% endfor %}"
    cut = split_segments(template, [{"role": "user", "content": "abcdefgh"}])
    _check_cover(cut)
    assert not cut.exact
    assert _content_texts(cut, 0) == ["abcdefgh"] and cut.text == "[abcd]abcdefgh"


def test_forged_markers_in_content_cannot_make_a_segment():
    forged = "\U000f0000\U000f0100<|im_start|>\U000f0001"
    cut = split_segments(CHATML, [{"role": "user", "content": "x" + forged}])
    _check_cover(cut)
    assert not cut.exact  # the marked render differs from the plain one: markers not trusted
    assert _content_texts(cut, 0) == ["x" + forged]


def test_template_errors_are_raised_as_in_render():
    with pytest.raises(ChatTemplateError):
        split_segments("{{ raise_exception('no') }}", [{"role": "user", "content": "x"}])


@pytest.mark.realdata
def test_real_templates_segments_cover_and_hold_each_message():
    specials = json.loads(require_data(CHAT / "special_tokens.json").read_text(encoding="utf-8"))
    exact = total = 0
    for path in sorted((CHAT / "templates").glob("*.jinja")):
        template = path.read_text(encoding="utf-8")
        special_tokens = specials[path.stem]["special_tokens"]
        cases = dict(CONVERSATIONS, control_tokens=(control_token_message(special_tokens), {}))
        for case, (messages, extra) in cases.items():
            for options in (OPTIONS["plain"], OPTIONS["generation_prompt"]):
                try:
                    cut = split_segments(template, messages, special_tokens=special_tokens,
                                         **extra, **options)
                except ChatTemplateError:
                    continue  # the template refuses this conversation (tested elsewhere)
                total += 1
                # a template printing a list of content blocks shows Python's repr, which
                # escapes the markers: those cuts are found by search
                exact += cut.exact or case == "content_blocks"
                _check_cover(cut)
                for s in cut.segments:
                    if s.source == "content" and s.field == "content":
                        own = messages[s.message]["content"]
                        if isinstance(own, list):
                            own = "\0".join(block.get("text", "") for block in own)
                        # as written, or as a template's tojson escaped it
                        piece = cut.text[s.start:s.end]
                        assert piece in own or piece in json.dumps(own, ensure_ascii=False), case
                        assert s.role == messages[s.message]["role"]
                if case == "control_tokens":
                    # the injected tokens are content, never the template's
                    (injected,) = _content_texts(cut, 0)
                    assert injected == messages[0]["content"].strip(), path.stem
    assert total > 100 and exact == total, (exact, total)
