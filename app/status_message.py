"""A status-bar message that can be said again after a live language switch.

A pane words its message with ``self.tr`` when something happens ("Compared: breaking"); the
words are in the language installed then. After Language → 简体中文 the window makes its panes
anew (:mod:`app.pane_rebuild`) and the message would stay English or be lost. A :class:`Said`
is the message's text (a ``str``: every reader of a status signal keeps working) with the
function that worded it, so the window words it again in the new language.

>>> message = said(lambda: "Compared: {verdict}".format(verdict="breaking"))
>>> message, message.again() == message
('Compared: breaking', True)
"""

from __future__ import annotations

from typing import Callable


class Said(str):
    """A message's text now, and ``again()``: the same message worded by the translators
    installed now. ``make`` must only word (``self.tr``, ``format``): it runs again later."""

    make: Callable[[], str]

    def __new__(cls, make: Callable[[], str]) -> "Said":
        message = super().__new__(cls, make())
        message.make = make
        return message

    def again(self) -> "Said":
        return Said(self.make)


def said(make: Callable[[], str]) -> Said:
    """A status message worded by ``make`` (a lambda around the ``self.tr(...)`` a pane would
    emit), so that it can be worded again in another language."""
    return Said(make)
