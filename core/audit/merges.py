"""BPE tokens no merge sequence produces (*merge-unreachable*), from the model's own tables.

**Definition.** A BPE token is *merge-reachable* when running the merges alone on the token's
own symbols — its characters (byte-level: its byte stand-ins; tiktoken: its bytes), with no
normalizer, no pre-tokenizer and no whole-word shortcut — ends in that one token. Otherwise it
is *merge-unreachable*, for one of two reasons:

- ``no-merge``: it is not a base symbol and no merge (tiktoken: no split into two tokens of the
  vocabulary) yields it;
- ``shadowed``: a merge yields it, but running the merges never puts its two halves side by
  side (merges of better rank take its symbols first, or a half never forms itself).

Why running it alone is enough: merges inside a longer word act on the token's symbols in the
same order as alone, unless a merge across its edge fires first — and then the token cannot
form there either. So a merge-unreachable token never comes out of the merges at all; only a
runtime that looks a whole pre-token up in the vocabulary first (tiktoken, ``ignore_merges``)
can still produce it, which self-reachability shows.

>>> ranks = {("a", "b"): 0, ("b", "c"): 1, ("a", "bc"): 2}
>>> bpe_symbols(["a", "b", "c"], ranks.get, lambda l, r: l + r)
['ab', 'c']
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

import numpy as np

from ..pipeline.pretokens import ModelView
from ..progress import CancelFn, Progress, ProgressFn, check_cancel

NEVER = float("inf")  # the rank of a pair no merge joins
STEP = 512  # tokens between two looks at cancel and progress


@dataclass
class MergeReachability:
    """Merge-unreachable ordinary tokens of a BPE model, each with its reason."""

    unreachable: dict[int, str]  # id -> "no-merge" | "shadowed"
    checked: int                 # tokens checked

    @property
    def ids(self) -> list[int]:
        return sorted(self.unreachable)


def bpe_symbols(symbols: list, rank: Callable[[Hashable], int | None],
                join: Callable[[object, object], object]) -> list:
    """Apply merges to ``symbols`` as BPE does: the adjacent pair of lowest rank (the leftmost
    of equals, as tiktoken and ``tokenizers`` do), until no pair merges.

    ``rank(pair)`` is the pair's rank or None; ``join(left, right)`` the merged symbol. Each
    pair's rank is asked once and only the two pairs around a merge are asked again, so a
    200,000-token vocabulary replays in seconds.

    >>> ranks = {b"ab": 3, b"bc": 1}
    >>> bpe_symbols([b"a", b"b", b"c"], lambda pair: ranks.get(pair[0] + pair[1]), bytes.__add__)
    [b'a', b'bc']
    """
    symbols = list(symbols)

    def pair_rank(k: int) -> float:
        r = rank((symbols[k], symbols[k + 1]))
        return NEVER if r is None else r

    pairs = [pair_rank(k) for k in range(len(symbols) - 1)]
    while pairs:
        best = min(pairs)
        if best == NEVER:
            break
        k = pairs.index(best)  # the leftmost
        symbols[k:k + 2] = [join(symbols[k], symbols[k + 1])]
        del pairs[k]
        if k > 0:
            pairs[k - 1] = pair_rank(k - 1)
        if k < len(pairs):
            pairs[k] = pair_rank(k)
    return symbols


def merge_reachability(view: ModelView, ordinary: Sequence[int], *,
                       progress: ProgressFn | None = None,
                       cancel: CancelFn | None = None) -> MergeReachability | None:
    """Merge-unreachable tokens among ``ordinary`` ids, or None when the model has no merges
    to check (not BPE; SentencePiece BPE, whose file keeps scores, not merges; the reference
    engine's separate end-of-word symbol)."""
    def check(n: int) -> None:  # every STEP tokens: stop if asked, say how far, let others run
        check_cancel(cancel)
        if progress:
            progress(Progress("merges", n, len(ordinary)))
        # this loop is pure Python: hand the GIL over, or a GUI thread waiting for it can
        # wait tens of milliseconds on a busy machine
        time.sleep(0)

    if view.kind == "tiktoken/BPE":
        return _rank_file(view, ordinary, check)
    if view.kind == "tokenizers/BPE" and view.merges:
        return _merge_list(view, ordinary, check)
    return None


def _rank_file(view: ModelView, ordinary: Sequence[int], check) -> MergeReachability:
    """tiktoken: a pair merges by the rank of its concatenation, if that is a token."""
    ranks = {view.vocab[i]: i for i in ordinary if view.vocab[i]}
    found: dict[int, str] = {}
    for n, token_id in enumerate(ordinary):
        if n % STEP == 0:
            check(n)
        data = view.vocab[token_id]
        # two bytes always merge: their concatenation is this token
        if len(data) > 2 and not _forms_from_bytes(data, ranks):
            splits = any(data[:k] in ranks and data[k:] in ranks for k in range(1, len(data)))
            found[token_id] = "shadowed" if splits else "no-merge"
    return MergeReachability(found, len(ordinary))


def _forms_from_bytes(data: bytes, ranks: dict[bytes, int]) -> bool:
    """:func:`bpe_symbols` on the bytes of ``data`` ends in ``data`` alone (written out for
    bytes: the audit runs it on every token of a 200k vocabulary)."""
    get = ranks.get
    parts = [data[k:k + 1] for k in range(len(data))]
    pairs = [get(parts[k] + parts[k + 1], NEVER) for k in range(len(parts) - 1)]
    while pairs:
        best = min(pairs)
        if best == NEVER:
            return False
        k = pairs.index(best)
        parts[k:k + 2] = [parts[k] + parts[k + 1]]
        del pairs[k]
        if k > 0:
            pairs[k - 1] = get(parts[k - 1] + parts[k], NEVER)
        if k < len(pairs):
            pairs[k] = get(parts[k] + parts[k + 1], NEVER)
    return len(parts) == 1


def _merge_list(view: ModelView, ordinary: Sequence[int], check) -> MergeReachability:
    """HF BPE: merges in rank order; a continuing-subword prefix and an end-of-word suffix
    are part of the symbols, as the model splits a word."""
    options = view.options
    cont = view.continuation_prefix
    suffix = str(options.get("end_of_word_suffix") or "")
    ranks = {pair: r for r, pair in reversed(list(enumerate(view.merges)))}

    def join(left: str, right: str) -> str:
        return left + (right[len(cont):] if cont and right.startswith(cont) else right)

    results = {join(a, b) for a, b in view.merges}
    found: dict[int, str] = {}
    for n, token_id in enumerate(ordinary):
        if n % STEP == 0:
            check(n)
        piece = view.pieces[token_id]
        symbols = _symbols(piece, cont, suffix)
        if len(symbols) < 2 or view.piece_kinds[token_id] == "byte":
            continue  # a base symbol (or byte fallback): produced without a merge
        if bpe_symbols(symbols, ranks.get, join) != [piece]:
            found[token_id] = "shadowed" if piece in results else "no-merge"
    return MergeReachability(found, len(ordinary))


def _symbols(piece: str, cont: str, suffix: str) -> list[str]:
    """The symbols the model starts a piece from.

    >>> _symbols("##ing", "##", ""), _symbols("the</w>", "", "</w>")
    (['##i', '##n', '##g'], ['t', 'h', 'e</w>'])
    """
    initial = not (cont and piece.startswith(cont))
    core = piece if initial else piece[len(cont):]
    ends = bool(suffix) and core.endswith(suffix) and len(core) > len(suffix)
    if ends:
        core = core[:-len(suffix)]
    if not core:
        return [piece]
    symbols = [c if (k == 0 and initial) else cont + c for k, c in enumerate(core)]
    if ends:
        symbols[-1] += suffix
    return symbols


def as_array(result: MergeReachability | None, size: int) -> np.ndarray:
    """Per id: merge-unreachable (False everywhere when nothing was checked)."""
    flags = np.zeros(size, dtype=bool)
    if result is not None:
        flags[result.ids] = True
    return flags
