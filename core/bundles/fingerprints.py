"""Fingerprints that recognise a tokenizer whatever its files look like: the behaviour fingerprint
(a hash of the IDs of the built-in stress set) and the vocabulary fingerprint (a hash of every
id's bytes). Both are the same for one tokenizer in any format. They sit below bundles and golden
samples, which record them (a bundle's manifest, a golden file).
"""

from __future__ import annotations

import hashlib
import weakref

import numpy as np

from .golden_stress import STRESS_SAMPLES


def encode_each(runtime, texts: list[str]) -> list:
    """Each text's Encoding, or the runtime's error message where it refuses one (a WordLevel
    model without an unknown token raises on a word it lacks): one batch call, text by text only
    when the batch fails.

    >>> class Refuses:
    ...     def encode_batch(self, texts): raise ValueError("no [UNK]")
    ...     def encode(self, text): raise ValueError("no [UNK]")
    >>> encode_each(Refuses(), ["a"])
    ['ValueError: no [UNK]']
    """
    try:
        return list(runtime.encode_batch(texts))
    except Exception:  # the native library's own error type: any of them
        pass
    out = []
    for text in texts:
        try:
            out.append(runtime.encode(text))
        except Exception as err:
            out.append(f"{type(err).__name__}: {err}")
    return out


def vocabulary_fingerprint(runtime) -> str:
    """A short hash over every id's bytes (special tokens: their literal) in id order: the same
    for a ``tokenizer.json`` and a tiktoken file of one tokenizer."""
    vocab = runtime.vocab_bytes
    digest = hashlib.sha256(np.asarray(vocab.all_lengths, dtype="<i8").tobytes())
    digest.update(np.asarray(vocab.blob, dtype=np.uint8).tobytes())
    return digest.hexdigest()[:16]


def behaviour_fingerprint(runtime) -> str:
    """A short hash over the IDs of the built-in stress set (special tokens added as the
    tokenizer adds them): two tokenizers that encode it alike share it."""
    digest = hashlib.sha256()
    for enc in encode_each(runtime, [text for _, text in STRESS_SAMPLES]):
        # a refused text counts as its error message: refusing is behaviour too
        digest.update((enc.encode() if isinstance(enc, str)
                       else np.asarray(enc.ids, dtype="<i8").tobytes()) + b"|")
    return digest.hexdigest()[:16]


# kept beside the runtime object, not on it (the Runtime protocol has no such field), and gone with it
_fingerprints: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def fingerprint(runtime) -> dict[str, str]:
    """``{"behaviour": ..., "vocabulary": ...}`` (computed once per runtime object)."""
    cached = _fingerprints.get(runtime)
    if cached is None:
        cached = {"behaviour": behaviour_fingerprint(runtime),
                  "vocabulary": vocabulary_fingerprint(runtime)}
        _fingerprints[runtime] = cached
    return dict(cached)
