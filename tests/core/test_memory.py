import platform
import sys

import pytest

from core.memory import keep_freed_memory


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="mallopt is glibc's")
def test_glibc_thresholds_are_set():
    assert keep_freed_memory() is True
    assert keep_freed_memory() is True  # once per process, the same answer after
