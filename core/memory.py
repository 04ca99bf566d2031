"""glibc's two memory policies, in one place: keep freed memory by default, give it back on request.

They pull opposite ways on purpose, for two different workloads (glibc only; elsewhere both do
nothing):

* :func:`keep_freed_memory` — the default of the workbench's processes, for *repeated* large
  batches. Encoding a corpus builds arrays of tens of MB per unit (7 M tokens of an 11 MB corpus: ~700 MB
in all). glibc hands large blocks back to the kernel as soon as they are freed, so the next
batch takes every page again as a fresh page fault: on the 2-core VMs this was measured on,
0.1–0.9 s of kernel time per batch on top of ~1 s of work, varying from run to run. Raising
glibc's mmap and trim thresholds keeps freed blocks for reuse (kernel time ~0.02 s). The cost:
after a big batch the process keeps up to ``TRIM_THRESHOLD`` of freed memory (reused by the
next batch, not leaked).

The workbench's entry points (GUI, ``tokbench``) and the benchmarks call
:func:`keep_freed_memory` once at start; the library never does it on import.

* :func:`release_freed_memory` — an explicit hand-back at a known point where the *next* phase
  does not reuse what the last one freed. The Unigram trainer's phases (seeding, EM rounds,
  pruning) each build different temporaries; glibc serves arrays below the mmap threshold from
  its heap, whose freed middle stays resident, so without a trim each phase's leftovers add to
  the next phase's peak. ``malloc_trim`` gives those pages back whatever the thresholds above
  say, so the two policies do not fight: freed memory is kept between batches, and released
  where a phase ends.

>>> keep_freed_memory() in (True, False)
True
>>> release_freed_memory()
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20   # glibc's largest allowed value on 64-bit
TRIM_THRESHOLD = 1 << 30


@functools.cache
def keep_freed_memory() -> bool:
    """Set glibc's thresholds (once per process); False where there is no glibc ``mallopt``."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl and others have no mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
                and mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))


@functools.cache
def _malloc_trim():
    """glibc's ``malloc_trim``, or None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):  # musl and others have none
        return None


def release_freed_memory() -> None:
    """Give the pages of freed memory back to the system now (glibc; elsewhere nothing)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
