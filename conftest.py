"""What the doctests of ``app/`` need: a Qt application before an example makes a widget (the
tests' own fixtures live in ``tests/conftest.py``; this file only reaches the packages' doctests,
which pytest collects from ``core`` and ``app`` as ``pyproject.toml``'s testpaths say)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem

APP = Path(__file__).resolve().parent / "app"


@pytest.fixture(autouse=True)
def _qt_for_app_doctests(request):
    """pytest-qt's ``qapp`` for a doctest of an ``app/`` module; nothing for any other test."""
    item = request.node
    if isinstance(item, DoctestItem) and APP in Path(item.path).resolve().parents:
        request.getfixturevalue("qapp")
    yield
