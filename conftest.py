"""pytest's root configuration: what the doctests of ``app/`` need.

The GUI modules' docstring examples make widgets, and a widget made with no ``QApplication``
ends the interpreter (a crash, not a failure): each doctest of ``app`` gets pytest-qt's
``qapp`` first. The doctests of ``core`` get nothing: ``core`` never imports Qt.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _qt_application_for_app_doctests(request):
    """pytest-qt's ``qapp`` for a doctest of a module of ``app``; nothing for any other test."""
    test = getattr(request.node, "dtest", None)  # a DoctestItem's doctest
    if test is not None and test.name.split(".", 1)[0] == "app":
        request.getfixturevalue("qapp")
    yield
