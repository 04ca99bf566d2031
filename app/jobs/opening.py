"""The window's open job: a tokenizer opened, with what its Tokenizer tab shows computed too.

The tab shows the behaviour and vocabulary fingerprints (``Loaded.describe``): hashing a
vocabulary's bytes and encoding the probe texts take 0.5–2 s for a 100k-token vocabulary, so
they are computed here, in the worker, where the open already runs; the tab then reads them from
:func:`core.bundles.fingerprints.fingerprint`'s per-runtime cache.

>>> # open_for_window(detect_source("tokenizer.json")) -> Loaded (fingerprints cached)
"""

from __future__ import annotations

from core.bundles.fingerprints import fingerprint
from core.loading import Loaded, open_source


def open_for_window(source, **options) -> Loaded:
    """:func:`core.loading.open_source` (``options`` passed on), then the runtime's fingerprints
    computed once so that showing them later on the GUI thread costs nothing."""
    loaded = open_source(source, **options)
    fingerprint(loaded.runtime)
    return loaded
