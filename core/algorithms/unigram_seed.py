"""The first, large Unigram vocabulary: every character plus the most frequent substrings.

SentencePiece enumerates repeated substrings with a suffix array and keeps the ``seed_size`` best
by ``frequency × length``. Here the same counts come from *naming* substrings by length: a
substring of length ``L`` is (its first ``L - 1`` characters' name, its last character), and one
``np.unique`` per length gives every distinct substring a dense name and a count. It is exact (no
hashing), and a substring seen fewer than twice is dropped with all its extensions, which keeps
the work near the corpus size.

>>> from core.algorithms.unigram_batch import CharTable, WordBatch
>>> chars = CharTable.from_words(["▁abab", "▁ab"])
>>> batch = WordBatch.from_counts({"▁abab": 2, "▁ab": 1}, chars)
>>> codes, offsets, scores, letters = seed_pieces(batch, chars, size=3)
>>> pieces = ["".join(chars.chars[c] for c in codes[a:b]) for a, b in zip(offsets, offsets[1:])]
>>> list(zip(pieces, scores.tolist()))[letters:]
[('ab', 10.0), ('▁abab', 10.0), ('▁ab', 9.0)]
"""

from __future__ import annotations

import numpy as np

from ..progress import check_cancel
from .unigram_batch import UNKNOWN, CharTable, WordBatch


def char_frequencies(batch: WordBatch, alphabet: int) -> np.ndarray:
    """How often each character id occurs in the corpus (words weighted by their counts),
    counted a slice of words at a time (whole counts add up exactly in any order)."""
    freq = np.zeros(alphabet)
    for part in batch.split(1 << 20):
        freq += np.bincount(part.codes, weights=np.repeat(part.freqs, part.lengths),
                            minlength=alphabet)
    return freq


def covered_chars(counts: dict[str, float], coverage: float) -> list[str]:
    """The most frequent characters whose occurrences add up to ``coverage`` of all (as
    SentencePiece's ``character_coverage``: characters are added while the share so far is
    below it). Ties: by code point.

    >>> covered_chars({"aab": 3, "c": 1}, 0.7)
    ['a', 'b']
    """
    return covered_words(counts, coverage)[0].chars[1:]


def covered_words(counts: dict[str, float], coverage: float) -> tuple[CharTable, WordBatch]:
    """The characters within ``coverage`` (ids in the order ``covered_chars`` lists them) and
    the words as a batch over them: the text is encoded once, with every character, then
    the ids are mapped (the characters left out become unknown, id 0).

    >>> chars, batch = covered_words({"aab": 3, "c": 1}, 0.7)
    >>> chars.chars, batch.codes.tolist()
    (['', 'a', 'b'], [1, 1, 2, 0])
    """
    every = CharTable.from_words(counts)
    batch = WordBatch.from_counts(counts, every)
    freq = char_frequencies(batch, len(every))[1:]
    order = sorted(range(len(freq)), key=lambda i: (-freq[i], every.chars[i + 1]))
    kept, total, running = [], float(freq.sum()), 0.0
    for i in order:
        if coverage < 1.0 and running >= coverage * total:
            break
        running += freq[i]
        kept.append(every.chars[i + 1])
    chars = CharTable(kept)
    remap = np.zeros(len(every), dtype=np.int32)
    remap[1:] = chars.encode("".join(every.chars[1:]))
    batch.codes = remap[batch.codes]
    return chars, batch


def seed_pieces(batch: WordBatch, chars: CharTable, size: int, max_piece_length: int = 16,
                cancel=None) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Characters (score: frequency) then at most ``size`` substrings of 2 to
    ``max_piece_length`` characters (score: frequency × length), best first.

    Returns the pieces as a code table (``codes``, ``offsets``), their scores, and how many of
    the first pieces are single characters. As in SentencePiece, a substring must be seen at
    least twice and be *right-maximal* (followed by two different characters, or sometimes by
    a word end): "Mosco" always followed by "w" adds nothing that "Moscow" does not.
    Ties: shorter first, then earlier in the batch. Unknown characters never join a piece.
    """
    char_freq = char_frequencies(batch, len(chars))
    letters = np.flatnonzero(char_freq[1:] > 0) + 1
    score, length, where = _best_substrings(batch, size, max_piece_length, cancel)
    lengths = np.concatenate([np.ones(len(letters), np.int64), length])
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    itype = _index_type(len(batch.codes) + int(offsets[-1]))
    take = np.repeat((where - offsets[len(letters):-1]).astype(itype), length)
    take += np.arange(offsets[len(letters)], offsets[-1], dtype=itype)
    codes = np.concatenate([letters.astype(np.int32), batch.codes[take]])
    return codes, offsets, np.concatenate([char_freq[letters], score]), len(letters)


def _best_substrings(batch: WordBatch, size: int, max_piece_length: int, cancel=None,
                     group: int = 1 << 18):
    """(score, length, first position) of the ``size`` best substrings, best first.

    Substrings with different first characters never share a name, so the start positions
    are counted in groups of about ``group`` by first character: memory stays bounded.
    """
    codes = batch.codes
    starts = np.flatnonzero(codes != UNKNOWN).astype(_index_type(len(codes)))
    groups = max(1, -(-len(starts) // group))
    best = _TopList(size)
    # each start's group, once (a small int), not each character looked up again per group
    group_of = (codes[starts] % groups).astype(np.min_scalar_type(groups))
    for g in range(groups):
        mine = starts[group_of == g]
        _group_substrings(batch, mine, best, max_piece_length, cancel)
    del group_of
    return best.result()


def _group_substrings(batch: WordBatch, starts: np.ndarray, best: "_TopList",
                      max_piece_length: int, cancel=None) -> None:
    """Offer ``best`` the substrings starting at ``starts``. Level ``n`` names the substrings
    of length ``n``; a level-``n - 1`` substring is offered once level ``n`` shows it
    right-maximal."""
    codes = batch.codes
    word = (np.searchsorted(batch.offsets, starts, side="right") - 1).astype(starts.dtype)
    alphabet = int(codes.max(initial=0)) + 1
    names = codes[starts].astype(np.int64)  # a one-character substring's name: its character
    previous = None        # (frequency, first position) of each level-(n-1) name
    for n in range(2, max_piece_length + 2):
        check_cancel(cancel)  # a level takes well under a second on a 10 MB corpus
        fits = starts + n <= batch.offsets[word + 1]
        fits[fits] = codes[starts[fits] + n - 1] != UNKNOWN
        starts, names, word = starts[fits], names[fits], word[fits]
        keys, inverse = np.unique(names * alphabet + codes[starts + n - 1], return_inverse=True)
        freq = np.bincount(inverse.ravel(), weights=batch.freqs[word], minlength=len(keys))
        if previous is not None:
            best.offer(_right_maximal(previous, keys // alphabet, freq, n - 1))
        if n > max_piece_length or not len(keys):
            break
        # a substring seen once has no extension seen twice: stop following it
        again = freq[inverse.ravel()] >= 2
        starts, names, word = starts[again], inverse.ravel()[again], word[again]
        previous = (freq, _first_positions(starts, names, len(keys)))


def _first_positions(starts: np.ndarray, names: np.ndarray, count: int) -> np.ndarray:
    """The first start of each name (-1 for names with no start left)."""
    out = np.full(count, np.iinfo(np.int64).max)
    np.minimum.at(out, names, starts)
    out[out == np.iinfo(np.int64).max] = -1
    return out.astype(starts.dtype)


def _right_maximal(previous, parent: np.ndarray, child_freq: np.ndarray, n: int):
    """Candidates among the length-``n`` substrings: seen twice and right-maximal (two kinds
    of next character, or a total over next characters short of the substring's own count)."""
    freq, where = previous
    kinds = np.bincount(parent, minlength=len(freq))
    extended = np.bincount(parent, weights=child_freq, minlength=len(freq))
    keep = (freq >= 2) & ((kinds >= 2) | (extended < freq - 1e-9))
    return freq[keep] * n, np.full(int(keep.sum()), n, np.int8), where[keep]


def _index_type(count: int):
    return np.int32 if count < 1 << 31 else np.int64


class _TopList:
    """The ``size`` best candidates (score, length, position) offered so far, by score, then
    length, then position: a strict order (two substrings of one length never share their
    first position), so when the lists are merged does not change the result. Offers wait
    until about ``size / 4`` of them are pending and are then merged in one sort (merging each
    of the ~200 offers into a million kept candidates was ~4% of a 32k training).

    >>> top = _TopList(2)
    >>> top.offer((np.array([4.0, 9.0]), np.array([2, 3], np.int8), np.array([0, 5])))
    >>> top.offer((np.array([9.0]), np.array([2], np.int8), np.array([7])))
    >>> [column.tolist() for column in top.result()]
    [[9.0, 9.0], [2, 3], [7, 5]]
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.best = (np.zeros(0), np.zeros(0, np.int8), np.zeros(0, np.int32))
        self.pending: list[tuple] = []
        self.waiting = 0

    def offer(self, found) -> None:
        if len(self.best[0]) >= self.size:  # what scores below the last kept never enters
            fits = found[0] >= self.best[0][self.size - 1]
            found = tuple(column[fits] for column in found)
        if len(found[0]):
            self.pending.append(found)
            self.waiting += len(found[0])
            if self.waiting >= self.size // 4:  # (pending ones cost memory: 13 bytes each)
                self._merge()

    def result(self):
        self._merge()
        return self.best

    def _merge(self) -> None:
        if self.pending:
            found = tuple(np.concatenate(column) for column in zip(*self.pending))
            self.best = _top(self.best, found, self.size)
        self.pending, self.waiting = [], 0


def _top(best, found, size: int):
    """The ``size`` best of two candidate lists: by score, then length, then position."""
    if len(best[0]) >= size:  # once full, what scores below the last kept can never enter
        fits = found[0] >= best[0][size - 1]
        found = tuple(column[fits] for column in found)
        if not len(found[0]):
            return best
    score, length, where = (np.concatenate(pair) for pair in zip(best, found))
    order = np.lexsort((where, length, -score))[:size]
    return score[order], length[order], where[order]
