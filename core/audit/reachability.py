"""Which tokens a text can produce on its own: partial, self-reachable, self-unreachable.

Every ordinary token (special tokens are reported apart, ids without bytes are *empty*) gets one
status:

- ``partial``: its bytes are not whole UTF-8 characters (``b"\\xe4\\xb8"``): it can only appear
  inside longer text, so it is not encoded alone;
- ``reachable``: encoding the token's own text, with no special tokens added, gives exactly
  that token;
- ``unreachable``: its text is whole characters but encodes to other tokens (it spans a
  pre-tokenizer boundary, a normalizer rewrites it, or the model prefers other pieces).
  Among them, ``word_internal`` marks a piece that can only follow other text of its word
  (WordPiece ``##ing``; a piece without the leading space when the tokenizer adds one).

**The token's own text** is its bytes decoded, with one rule for tokenizers that put a space
before the text (SentencePiece's *dummy prefix*, a ``Metaspace``/``add_prefix_space``
pre-tokenizer; found by encoding ``"a"`` and looking for a leading space): a piece whose bytes
start with that space (``▁the`` = ``" the"``) is checked as its text **without** the space
(``"the"``), since the tokenizer supplies the ``▁`` itself — ``▁the`` is what the word "the"
becomes anywhere. A piece without it (``the``, ``,``, ``<0x41>``) is encoded as its plain text
too, but the tokenizer then adds a ``▁`` the piece does not have, so it is self-unreachable and
marked word-internal. Encoding runs the whole pipeline (normalizer, pre-tokenizer, model) with
the runtime's batch call, so a 200,000-token vocabulary is one pass of the native library.

>>> # reach = self_reachability(load("gpt2.tiktoken")); reach.status[1169] == REACHABLE
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..encodings.encoding import Flag
from ..progress import CancelFn, Progress, ProgressFn, check_cancel
from ..formats.runtime import Runtime

# a token's status (one uint8 per id)
EMPTY, SPECIAL, PARTIAL, REACHABLE, UNREACHABLE = range(5)
STATUS_NAMES = ("empty", "special", "partial", "reachable", "unreachable")
APART_KINDS = frozenset({"special", "control", "added", "unknown"})
BATCH = 2048  # texts per encode_batch call: progress, cancel and a GIL hand-over between calls


@dataclass
class Reachability:
    """Self-reachability of every id of a runtime.

    Attributes:
        status: one of ``EMPTY``..``UNREACHABLE`` per id.
        word_internal: per id, True for an unreachable piece that only follows other text of
            its word (see the module docstring).
        encodes_to: for each unreachable id, the ids its own text encodes to.
        prefix_space: the tokenizer puts a space before text (a dummy prefix).
    """

    status: np.ndarray
    word_internal: np.ndarray
    encodes_to: dict[int, list[int]] = field(default_factory=dict)
    prefix_space: bool = False

    def ids(self, status: int) -> list[int]:
        """Ids with ``status``, ascending."""
        return np.flatnonzero(self.status == status).tolist()

    @property
    def ordinary(self) -> np.ndarray:
        """Per id: an ordinary token (not special, not empty)."""
        return self.status >= PARTIAL


def apart_ids(runtime: Runtime) -> set[int]:
    """Ids reported apart: special tokens, and pieces whose kind says they are not text
    (control, added, unknown).

    >>> # apart_ids(bert) -> {0, 100, 101, 102, 103}
    """
    kinds = runtime.model_view().piece_kinds
    apart = {t.id for t in runtime.special_tokens()}
    apart.update(i for i, kind in enumerate(kinds) if kind in APART_KINDS)
    return {i for i in apart if 0 <= i < runtime.id_space}


# texts to find the prefix space with, tried in turn until one is not the unknown token
PROBES = ("a", "e", "0", ".", "の")


def adds_prefix_space(runtime: Runtime) -> bool:
    """True when the tokenizer puts a space before the text (SentencePiece's dummy prefix): the
    first probe text it encodes without the unknown token decodes with a leading space.

    >>> # adds_prefix_space(load("mistral-v3/tokenizer.model")) -> True
    """
    for probe in PROBES:
        encoding = runtime.encode(probe, add_special_tokens=False)
        if len(encoding.ids) and not (encoding.flags & Flag.UNK).any():
            return runtime.decode_bytes(encoding.ids.tolist()).startswith(b" ")
    return False


def own_texts(runtime: Runtime, status: np.ndarray, prefix_space: bool
              ) -> tuple[list[int], list[str], np.ndarray]:
    """Fills ``status`` with EMPTY / SPECIAL / PARTIAL; returns the other ids, each one's own
    text, and which of them are word-internal.

    >>> # own_texts(spm, ...) -> ([.., 400, ..], [.., "When", ..], [.., False, ..])
    """
    view = runtime.model_view()
    apart = apart_ids(runtime)
    cont = view.continuation_prefix
    ids, texts, internal = [], [], []
    for token_id, data in enumerate(view.vocab[:runtime.id_space]):
        if token_id in apart:
            status[token_id] = SPECIAL
            continue
        if not data:
            continue  # EMPTY: an id no token fills (a rank file's hole)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            status[token_id] = PARTIAL
            continue
        word_internal = bool(cont) and view.pieces[token_id].startswith(cont)
        if prefix_space:
            if text.startswith(" "):
                text = text[1:]  # the tokenizer supplies this space itself
            else:
                word_internal = True
        ids.append(token_id)
        texts.append(text)
        internal.append(word_internal)
    return ids, texts, np.asarray(internal, dtype=bool)


def self_reachability(runtime: Runtime, *, progress: ProgressFn | None = None,
                      cancel: CancelFn | None = None) -> Reachability:
    """Encode every ordinary token's own text in batches; compare with the token."""
    size = runtime.id_space
    status = np.full(size, EMPTY, dtype=np.uint8)
    prefix_space = adds_prefix_space(runtime)
    ids, texts, internal = own_texts(runtime, status, prefix_space)
    word_internal = np.zeros(size, dtype=bool)
    encodes_to: dict[int, list[int]] = {}
    for start in range(0, len(texts), BATCH):
        check_cancel(cancel)
        time.sleep(0)  # let a GUI thread waiting for the GIL have it between two batches
        if progress:
            progress(Progress("reachability", start, len(texts)))
        chunk_ids = np.asarray(ids[start:start + BATCH], dtype=np.int64)
        batch = runtime.encode_batch(texts[start:start + BATCH], add_special_tokens=False)
        counts = np.bincount(batch.text_of_token, minlength=len(chunk_ids))
        firsts = np.cumsum(counts) - counts
        first_id = np.full(len(chunk_ids), -1, dtype=np.int64)  # -1: the text gave no token
        some = counts > 0
        first_id[some] = batch.ids[firsts[some]]
        ok = (counts == 1) & (first_id == chunk_ids)
        status[chunk_ids[ok]] = REACHABLE
        status[chunk_ids[~ok]] = UNREACHABLE
        word_internal[chunk_ids[~ok]] = internal[start:start + BATCH][~ok]
        for k in np.flatnonzero(~ok).tolist():
            encodes_to[int(chunk_ids[k])] = batch.ids[firsts[k]:firsts[k] + counts[k]].tolist()
    if progress:
        progress(Progress("reachability", len(texts), len(texts)))
    return Reachability(status, word_internal, encodes_to, prefix_space)
