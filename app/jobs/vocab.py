"""The vocabulary browser's job: the ids to list for a search, a sort and an audit filter, with
what the table needs to show them (the runtime's model view, the byte lengths for a sort).

>>> # runtime, ids, lengths, view = vocab_page(runtime, "ing", "length ↓")
"""

from __future__ import annotations

import numpy as np

from core.audit import AuditReport, audit_vocabulary
from core.formats.runtime import Runtime
from core.text.offsets import visible_bytes


def vocab_lengths(runtime: Runtime) -> np.ndarray:
    """Byte length of every id's token bytes."""
    return runtime.vocab_bytes.lengths(np.arange(runtime.vocab_size)).astype(np.int32)


def vocab_view(runtime: Runtime, query: str, sort: str, lengths: np.ndarray | None = None,
               only: np.ndarray | None = None, counts: np.ndarray | None = None,
               groups: np.ndarray | None = None) -> np.ndarray:
    """Ids matching ``query`` (a substring of the piece or of its text; a number also matches
    that id), in ``sort`` order; ``only``: a per-id mask (an audit filter) they must be in;
    ``counts``: per-id use on a corpus, for the ``count ↑`` sort (rarest first); ``groups``:
    per-id key that keeps near duplicates together in ``id`` order.

    >>> # vocab_view(runtime, "ing", "length ↓")[:3] -> the longest pieces containing "ing"
    """
    ids = np.arange(runtime.vocab_size, dtype=np.int64)
    if only is not None:
        ids = ids[only[:runtime.vocab_size]]
    query = query.strip()
    if query:
        needle = query.lower()
        matches = [i for i in ids.tolist()
                   if needle in runtime.piece(i).lower()
                   or needle in visible_bytes(runtime.token_bytes(i), show_invisibles=False).lower()]
        if query.isdigit() and int(query) < runtime.vocab_size and (
                only is None or only[int(query)]):
            matches = [int(query)] + [i for i in matches if i != int(query)]
        ids = np.asarray(matches, dtype=np.int64)
    if sort == "count ↑" and counts is not None and len(ids):
        return ids[np.argsort(counts[ids], kind="stable")]
    if sort == "id" and groups is not None and len(ids):
        return ids[np.argsort(groups[ids], kind="stable")]
    if sort.startswith("length") and len(ids):
        lengths = vocab_lengths(runtime) if lengths is None else lengths
        order = np.argsort(lengths[ids], kind="stable")
        ids = ids[order[::-1]] if sort == "length ↓" else ids[order]
    return ids


def vocab_page(runtime: Runtime, query: str, sort: str, lengths: np.ndarray | None = None,
               only: np.ndarray | None = None, counts: np.ndarray | None = None,
               groups: np.ndarray | None = None) -> tuple:
    """``(runtime, ids, lengths, model view)``: :func:`vocab_view` with the same arguments, the
    byte lengths (computed here when a sort needs them and none were given) and the runtime's
    :class:`~core.pipeline.pretokens.ModelView`, which the table reads and which takes a while to build
    for a large vocabulary."""
    if lengths is None and sort != "id":
        lengths = vocab_lengths(runtime)
    return (runtime, vocab_view(runtime, query, sort, lengths, only, counts, groups), lengths,
            runtime.model_view())


def audit_with_group_sizes(runtime: Runtime, *, progress=None, cancel=None,
                           **options) -> AuditReport:
    """:func:`core.audit.audit_vocabulary`, with its groups' sizes counted here in the worker
    (counting eight masks of a 65k vocabulary took ~40 ms of the GUI thread when the result came)."""
    # progress and cancel named: the job API hands them only to functions that name them
    audit = audit_vocabulary(runtime, progress=progress, cancel=cancel, **options)
    audit.group_sizes()
    return audit
