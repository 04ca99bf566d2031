"""Short garbage-collector pauses for the GUI thread.

Python's cyclic collector now and then scans every tracked object while holding the GIL. With
Qt wrappers, the loaded tokenizers and a large inspected text alive, one full scan took 40–60 ms
here: a stall of the GUI thread (or of a worker's progress) that the user feels. Objects that
live on (the window, a loaded tokenizer, the result being shown) are moved out of the
collector's view with ``gc.freeze()``, so later scans only look at what is new. Reference
counting still frees them as usual once they are dropped; only reference cycles among frozen
objects wait, which the workbench does not rely on.

>>> settle()  # after building something long-lived
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Take every object alive now out of the cyclic collector's scans."""
    gc.collect(0)  # young garbage first: what is frozen is not collected as a cycle later
    gc.freeze()
