"""The Chat pane's Tokens tab is the text view over a chat's tokens: role colours, the assistant
mask under its tokens, a shared character divided by the tokens' bytes."""

from __future__ import annotations

import pytest

from app.widgets.chat_colors import MASK_COLOR, role_color, template_color
from app.widgets.chat_tokens_view import ChatTokensView
from core.chat.tokens import ChatToken

pytestmark = pytest.mark.gui


def test_roles_colour_the_bands_and_the_mask_is_underlined(qtbot):
    text = "<u>hi 🌧<a>ok"
    emoji = text.index("🌧")
    tokens = [ChatToken(1, "<u>", None, None, "template", None, 0, 3),
              ChatToken(2, "hi", 0, "user", "content", None, 3, 5),
              ChatToken(3, " \xf0\x9f", 0, "user", "content", None, 5, emoji + 1),
              ChatToken(4, "\x8c\xa7", 0, "user", "content", None, emoji, emoji + 1),
              ChatToken(5, "<a>", None, None, "template", None, emoji + 1, emoji + 4),
              ChatToken(6, "ok", 1, "assistant", "content", None, emoji + 4, emoji + 6)]
    sizes = {1: 3, 2: 2, 3: 3, 4: 2, 5: 3, 6: 2}
    view = ChatTokensView()
    qtbot.addWidget(view)
    view.resize(500, 200)
    view.show()
    view.set_tokens(text, tokens, [0, 0, 0, 0, 0, 1], token_bytes=lambda i: b"x" * sizes[i])
    enc = view.encoding
    # " " + the emoji's first byte, then its other three bytes: the counts add up
    data = text.encode()
    first = data.index(" 🌧".encode())
    assert enc.byte_starts[2:4].tolist() == [first, first + 3]
    assert enc.byte_ends[2:4].tolist() == [first + 3, first + 5]
    assert view.color_of(1).name() == role_color("user").darker(108).name()  # neighbours alternate
    assert view.color_of(2).name() == role_color("user").name()
    assert view.color_of(5).name() == role_color("assistant").darker(108).name()
    assert view.color_of(0).name() == template_color(None).name()
    assert view.underlined.tolist() == [False] * 5 + [True]
    assert view.underline_color.name() == MASK_COLOR
    view.select([2, 3])
    assert view.selected() == [2, 3]
    assert "assistant mask: learned" in view.tooltip(5)
