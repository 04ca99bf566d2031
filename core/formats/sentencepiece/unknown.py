"""How many characters each SentencePiece ``<unk>`` stands for, read off the normalized text.

An unknown piece has no fixed length: SentencePiece makes each character that is not a
one-character piece ("uncovered") into an unknown node and merges a run of them into one
``<unk>``. The library says how long the run was only in the piece's surface (a second encode
call with ``out_type=str``, or the protobuf). With the normalized text at hand it can be read off
instead. The run starts where the pieces before it end (known: every other piece's length is
its own) and covers uncovered characters only; when the piece after it begins with a covered
character, the run ends exactly at the first covered character. Text by text, from the first
unknown piece on, every position stays exact. A text where the piece after an unknown one
begins with an uncovered character (a longer piece that starts with one) could end the run
earlier: it is left to the surfaces, as is any text whose lengths do not add up.

>>> covered = np.zeros(0x110000, dtype=bool); covered[[ord("▁"), ord("a")]] = True
>>> vocab = piece_code_points(["▁", "a", "<unk>"])
>>> lengths = np.array([1, 0, 1, 0])          # ▁, <unk>, a, <unk>
>>> unknown = np.array([False, True, False, True])
>>> unknown_lengths_from_text(["▁XYaZ"], np.array([0, 4]), lengths, unknown, vocab,
...                           np.array([0, 2, 1, 2]), covered)
array([ True])
>>> lengths.tolist()
[1, 2, 1, 1]
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ...text.graphemes import code_points


def piece_code_points(pieces: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Every piece's code points end to end, and where each id's begin (``len + 1`` entries)."""
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    offsets = np.concatenate(([0], np.cumsum(lengths)))
    return code_points("".join(pieces)), offsets


def unknown_lengths_from_text(normalized: Sequence[str], first: np.ndarray, lengths: np.ndarray,
                              unknown: np.ndarray, vocab: tuple[np.ndarray, np.ndarray],
                              ids: np.ndarray, covered: np.ndarray) -> np.ndarray:
    """Fill in the length (in characters) of every unknown piece of the given texts, in place.

    Args:
        normalized: each text's normalized text (as the pieces spell it, ``▁`` for spaces).
        first: K + 1 token offsets: text k's tokens are ``first[k]:first[k + 1]``.
        lengths: every token's length in characters; unknown pieces' entries are filled in.
        unknown: per token, whether it is the unknown piece.
        vocab: :func:`piece_code_points` of the model's pieces (to check the spelling).
        ids: every token's id.
        covered: per code point, whether it is a one-character piece the model can use.

    Returns, per text, whether its lengths are now known and check out (a text without
    unknown pieces is True as it is).
    """
    k = len(first) - 1
    resolved = np.ones(k, dtype=bool)
    unknown_at = np.flatnonzero(unknown)
    if not len(unknown_at):
        return resolved
    # the text of each unknown piece (in order, so each text's pieces lie together): looked
    # up for these pieces alone, not repeated over every token
    texts = np.searchsorted(first, unknown_at, side="right") - 1
    new_text = np.empty(len(texts), dtype=bool)
    new_text[0] = True
    np.not_equal(texts[1:], texts[:-1], out=new_text[1:])
    group_start = np.flatnonzero(new_text)
    with_unknown = texts[group_start]
    chosen = [normalized[t] for t in with_unknown.tolist()]
    sizes = np.fromiter(map(len, chosen), dtype=np.int64, count=len(chosen))
    base = np.zeros(k, dtype=np.int64)  # where each text starts in the joined normalized texts
    base[with_unknown] = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    text_end = np.zeros(k, dtype=np.int64)
    text_end[with_unknown] = base[with_unknown] + sizes
    chars = code_points("".join(chosen))
    runs = _uncovered_run_lengths(chars, covered, base[with_unknown], text_end[with_unknown])
    limit = len(runs) - 1  # a position past the last text finds no run (0)

    # position of each unknown piece: the known lengths before it in its text, plus the
    # unknown lengths before it (found round by round: the r-th unknown piece of every text)
    known = lengths.copy()
    known[unknown_at] = 0
    before = np.zeros(len(known) + 1, dtype=np.int64)
    np.cumsum(known, out=before[1:])
    position = base[texts] + before[unknown_at] - before[first[texts]]
    # the r-th unknown piece of its text has rank r
    rank = np.arange(len(unknown_at)) - np.repeat(group_start,
                                                  np.diff(group_start, append=len(texts)))
    found = np.zeros(k, dtype=np.int64)  # unknown characters found so far per text
    at = np.zeros(len(unknown_at), dtype=np.int64)
    # a stable sort of small ints is a radix sort (int64 ranks took a merge sort)
    by_rank = np.argsort(rank.astype(np.int16) if rank.max() < 2**15 else rank, kind="stable")
    bounds = np.searchsorted(rank[by_rank], np.arange(int(rank.max()) + 2))
    # a round costs a few numpy calls whatever its size: worth it while many texts take part;
    # the long tail (one text may have 20k unknown pieces) is read piece by piece
    rounds = int(np.searchsorted(-np.diff(bounds), -_FEWEST_FOR_A_ROUND, side="right"))
    for r in range(rounds):
        now = by_rank[bounds[r]:bounds[r + 1]]
        t = texts[now]
        at[now] = p = np.minimum(position[now] + found[t], limit)
        found[t] += runs[p]
    if rounds <= int(rank.max()):
        found = _chase_runs(runs, position, texts, rank >= rounds, found, at)
    x = runs[at]
    lengths[unknown_at] = x
    # checks, all at once: a run is never empty; the last piece's run reaches the text's end;
    # the piece after any other run is known and begins with a covered character (else the
    # run might end earlier than the uncovered characters do)
    last = unknown_at + 1 == first[texts + 1]
    following = np.minimum(unknown_at + 1, len(ids) - 1)
    blob, offsets = vocab
    begins_covered = covered[blob[np.minimum(offsets[ids[following]], len(blob) - 1)]]
    fine = (x > 0) & np.where(last, at + x == text_end[texts],
                              (at + x < text_end[texts]) & ~unknown[following] & begins_covered
                              & (offsets[ids[following] + 1] > offsets[ids[following]]))
    resolved[texts[~fine]] = False
    # and every text's pieces add up to its normalized length
    t = with_unknown
    resolved[t] &= before[first[t + 1]] - before[first[t]] + found[t] == sizes
    return resolved


_FEWEST_FOR_A_ROUND = 48  # texts; below this a Python step per piece is cheaper (~0.2 vs ~15 µs)


def _chase_runs(runs: np.ndarray, position: np.ndarray, texts: np.ndarray, pending: np.ndarray,
                found: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The rounds' step for the ``pending`` unknown pieces, one by one in token order: each
    starts at its position plus the unknown characters found before it in its text. Fills
    ``at`` in place; returns ``found`` with these pieces' runs added."""
    which = np.flatnonzero(pending)
    runs_of = memoryview(runs)  # a Python int per look-up, no numpy scalar
    limit = len(runs) - 1
    found_in = found.tolist()
    out = []
    for start, t in zip(position[which].tolist(), texts[which].tolist()):
        p = start + found_in[t]
        if p > limit:
            p = limit
        out.append(p)
        found_in[t] += runs_of[p]
    at[which] = out
    return np.asarray(found_in, dtype=np.int64)


def _uncovered_run_lengths(chars: np.ndarray, covered: np.ndarray, starts: np.ndarray,
                           ends: np.ndarray) -> np.ndarray:
    """Per character: how many uncovered characters follow from there (itself included) before
    a covered one or the end of its text; one more entry (0) for the position past the last
    text. Each position's run is the distance to the next covered character (one ``repeat``
    of their positions) or its text's end, whichever is first (int32 where it fits: the 5 M
    characters of a corpus; the reversed ``minimum.accumulate`` over int64 took 2-4 times as
    long).

    >>> covered = np.zeros(0x110000, dtype=bool); covered[ord("a")] = True
    >>> _uncovered_run_lengths(code_points("XaYZ" "Q"), covered, np.array([0, 4]),
    ...                        np.array([4, 5])).tolist()
    [1, 0, 2, 1, 1, 0]
    """
    n = len(chars)
    dtype = np.int32 if n < 2**31 - 1 else np.int64
    stop = np.zeros(n + 1, dtype=bool)
    covered.take(chars, out=stop[:n])
    stop[n] = True
    at = np.flatnonzero(stop).astype(dtype)
    run = np.repeat(at, np.diff(at, prepend=dtype(-1)))
    # the texts lie end to end (the last one ends at n): the position past them stays n
    text_end = np.repeat(ends.astype(dtype), ends - starts)
    np.minimum(run[:n], text_end, out=run[:n])
    run -= np.arange(n + 1, dtype=dtype)
    return run
