"""A render made only to be compared with another (``unless_differs_from``: the system check's
render without the system message) stops where it leaves that text, and is whole where it
does not; through the render process, the text it is compared with may be another render's of
the same trip (:class:`core.chat.bounded.BatchText`)."""

from __future__ import annotations

import pytest

from core.chat import CHATML, ChatTemplateError
from core.chat.bounded import BatchText, BoundedRenderer
from core.chat.render import render

CHAT = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "bye"}]


def test_a_render_equal_to_the_text_is_whole():
    text = render(CHATML, CHAT).text
    same = render(CHATML, CHAT, unless_differs_from=text)
    assert same == render(CHATML, CHAT) and not same.differs


def test_a_render_that_leaves_the_text_stops_there():
    text = render(CHATML, CHAT).text
    without = render(CHATML, CHAT[1:]).text
    cut = render(CHATML, CHAT[1:], unless_differs_from=text)
    assert cut.differs and without.startswith(cut.text) and not text.startswith(cut.text)
    assert len(cut.text) < len(without)
    # longer than the text compared with: differs too
    longer = render(CHATML, CHAT, add_generation_prompt=True, unless_differs_from=text)
    assert longer.differs and longer.text.startswith(text)


def test_an_error_after_the_render_left_the_text_is_not_met():
    refusing = "{{ messages[0].content }}|{{ raise_exception('late') }}"
    with pytest.raises(ChatTemplateError):
        render(refusing, CHAT)
    assert render(refusing, CHAT, unless_differs_from="other|").differs
    with pytest.raises(ChatTemplateError):  # met while the output still matched
        render(refusing, CHAT, unless_differs_from="Be brief.|")


@pytest.mark.slow  # a render child process
def test_the_render_process_compares_with_a_text_of_the_same_trip():
    text = render(CHATML, CHAT).text
    with BoundedRenderer() as renderer:
        first, same, cut, refused, unresolved = renderer.render_many([
            (CHATML, CHAT, {}),
            (CHATML, CHAT, {"unless_differs_from": BatchText(0)}),
            (CHATML, CHAT[1:], {"unless_differs_from": BatchText(0)}),
            ("{{ raise_exception('no') }}", CHAT, {}),
            (CHATML, CHAT[1:], {"unless_differs_from": BatchText(3)})])  # failed: made whole
    assert first.text == same.text == text and not same.differs
    without = render(CHATML, CHAT[1:]).text
    assert cut.differs and without.startswith(cut.text) and not text.startswith(cut.text)
    assert isinstance(refused, ChatTemplateError)
    assert unresolved == render(CHATML, CHAT[1:]) and not unresolved.differs
