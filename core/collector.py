"""A pause of Python's cyclic garbage collector around allocation-heavy work without cycles.

A native batch answer is tens of thousands of Python lists holding millions of ints (a
SentencePiece batch of the 11 MB corpus: 3.4 M ids, 3 M normalized offsets). While they are
alive, every container the work allocates counts towards the next collection, and each full
collection walks every item of every list: ~0.2 s of a 1.7 s batch, finding nothing (the lists
hold ints; nothing refers back). Reference counting still frees everything as usual; only
cycles made inside the pause wait for the next collection after it.

>>> with collector_paused():
...     lists = [[k] for k in range(3)]
>>> import gc; gc.isenabled()
True
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """Turn the cyclic collector off for the block (and back on only if it was on: nested and
    caller-disabled uses stay as they were)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
