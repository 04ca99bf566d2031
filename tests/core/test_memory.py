import platform
import re
import sys
from pathlib import Path

import pytest

from core.memory import keep_freed_memory, release_freed_memory


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="mallopt is glibc's")
def test_glibc_thresholds_are_set():
    assert keep_freed_memory() is True
    assert keep_freed_memory() is True  # once per process, the same answer after


def test_release_freed_memory_runs_anywhere():
    assert release_freed_memory() is None  # malloc_trim on glibc, nothing elsewhere


def test_glibc_memory_policies_live_in_one_module():
    """Keeping and releasing freed memory pull opposite ways: one module decides both."""
    root = Path(__file__).resolve().parents[2]
    users = sorted(str(path.relative_to(root)) for folder in ("core", "app")
                   for path in (root / folder).rglob("*.py")
                   if re.search(r"mallopt|malloc_trim", path.read_text(encoding="utf-8")))
    assert users == ["core/memory.py"]
