"""Incremental adjacent-pair statistics over weighted words, shared by the BPE and WordPiece
trainers.

Every symbol gets a small integer id, written as the one character ``chr(id)`` (a "symbol
character"), so a word is a plain ``str`` of symbol characters and a pair is the 2-character
string of its two symbols. That lets the hot operations run inside ``str`` methods (``find``,
``replace``) and dicts keyed by short strings, instead of Python loops over lists.

A merge touches only the words holding the pair (``where`` lists them), and only the
neighbours of each occurrence: pair counts change by local deltas, as in Sennrich et al. and
the ``tokenizers`` trainer. Total work over a whole training run is about the number of
symbols in the distinct words, not merges × corpus.

>>> table = SymbolTable()
>>> a, b, c = (table.add(s) for s in "abc")
>>> stats = PairStats([a + b + a + b + c, b + c], [2, 1])
>>> stats.counts[a + b], stats.counts[b + c]
(4, 3)
>>> change = stats.merge(a + b, table.add("ab"))
>>> change.occurrences, table.text(stats.words[0])
(4, ['ab', 'ab', 'c'])
>>> stats.counts[change.merged + change.merged], stats.counts.get(b + c)
(2, 1)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from operator import add
from typing import Iterable, Iterator, Mapping

import numpy as np

class SymbolTable:
    """Symbol strings <-> symbol characters: the ``i``-th new string gets ``chr(i)``.

    The same string always gets the same character, so a merge that spells an existing
    symbol (``a + bc`` after ``ab + c``) reuses it, as in ``tokenizers``. Symbol characters are
    internal (they may be lone surrogates, which Python strings hold fine): only the strings
    behind them leave the trainers.
    """

    def __init__(self) -> None:
        self.strings: list[str] = []
        self.chars: dict[str, str] = {}

    def add(self, symbol: str) -> str:
        char = self.chars.get(symbol)
        if char is None:
            char = self.chars[symbol] = chr(len(self.strings))
            self.strings.append(symbol)
        return char

    def string(self, char: str) -> str:
        return self.strings[ord(char)]

    def text(self, word: str) -> list[str]:
        """A word of symbol characters as its symbol strings."""
        return [self.strings[ord(c)] for c in word]

    def __len__(self) -> int:
        return len(self.strings)


def by_frequency(word_counts: Mapping[str, int]) -> Iterator[tuple[int, list[str]]]:
    """Words grouped by count, groups in ascending count order (deterministic).

    >>> list(by_frequency({"a": 2, "b": 1, "c": 2}))
    [(1, ['b']), (2, ['a', 'c'])]
    """
    groups: dict[int, list[str]] = defaultdict(list)
    for word, count in word_counts.items():
        groups[count].append(word)
    for count in sorted(groups):
        yield count, groups[count]


def weighted_chars(groups: Iterable[tuple[int, Iterable[str]]]) -> Counter:
    """``{character: Σ count}`` over ``(count, texts)`` groups; counted by ``Counter`` in C.

    >>> weighted_chars([(2, ["ab"]), (1, ["b"])])
    Counter({'b': 3, 'a': 2})
    """
    total: Counter = Counter()
    for count, texts in groups:
        for char, n in Counter("".join(texts)).items():
            total[char] += n * count
    return total


@dataclass
class MergeChange:
    """What one merge did: the merged symbol character, how often it was applied (weighted by
    word counts), and the pairs whose count rose (they need a fresh place in a max-heap)."""

    merged: str
    occurrences: int = 0
    increased: list = field(default_factory=list)


class PairStats:
    """Weighted adjacent-pair counts of ``words`` (strings of symbol characters), kept up to date
    by :meth:`merge`.

    ``where[pair]`` lists the indexes of words that held ``pair`` at some point (stale entries and
    repeats are allowed: a merge simply finds nothing there), so it is only ever appended to.
    """

    def __init__(self, words: list[str], freqs: list[int]) -> None:
        self.words = words
        self.freqs = freqs
        self.counts: dict[str, int] = defaultdict(int)
        self.where: dict[str, list[int]] = defaultdict(list)
        for pair, count, holders in _initial_pairs(words, freqs):
            self.counts[pair] = count
            self.where[pair] = holders

    def merge(self, pair: str, merged: str) -> MergeChange:
        """Replace every occurrence of ``pair`` (left to right, non-overlapping, as
        ``str.replace`` does) by the symbol character ``merged``, updating the counts.

        For an occurrence ``x A B y`` the pairs ``xA`` and ``By`` lose the word's count and ``xM``,
        ``My`` gain it; back-to-back occurrences ``A B A B`` turn ``BA`` into ``MM``.
        (One function on purpose: this loop is the trainers' hot path, and a call per word
        would cost a third of its time.)
        """
        change = MergeChange(merged)
        delta: dict[str, int] = defaultdict(int)
        words, freqs, where = self.words, self.freqs, self.where
        left, right = pair
        joint, bridge = merged + merged, right + left
        # a set of ints iterates in the same order on every run (ints hash to themselves)
        for index in set(where.pop(pair, ())):
            word = words[index]
            at = word.find(pair)
            if at < 0:  # stale: an earlier merge took the pair away
                continue
            freq = freqs[index]
            previous_end = -1  # back-to-back occurrences share the pair between them
            while at >= 0:
                change.occurrences += freq
                after = at + 2
                following = word.find(pair, after)
                if at == previous_end:  # A B | A B: the B A between them becomes M M
                    delta[bridge] -= freq
                    delta[joint] += freq
                    where[joint].append(index)
                elif at > 0:
                    before = word[at - 1]
                    delta[before + left] -= freq
                    delta[before + merged] += freq
                    where[before + merged].append(index)
                if following != after and after < len(word):
                    nxt = word[after]
                    delta[right + nxt] -= freq
                    delta[merged + nxt] += freq
                    where[merged + nxt].append(index)
                previous_end, at = after, following
            words[index] = word.replace(pair, merged)
        self._apply(pair, delta, change)
        return change

    def _apply(self, pair: str, delta: dict, change: MergeChange) -> None:
        counts = self.counts
        counts.pop(pair, None)
        delta.pop(pair, None)  # A A A: the merged pair itself also shows up as a neighbour
        for key, step in delta.items():
            if step:
                counts[key] += step
                if step > 0:
                    change.increased.append(key)


def _initial_pairs(words: list[str], freqs: list[int]):
    """``(pair, weighted count, [word indexes])`` for every adjacent pair, computed in numpy:
    a Python loop over every position of every word would take seconds on a 10 MB corpus.

    >>> [(p, c, w) for p, c, w in _initial_pairs(["abab", "ba"], [2, 5])]
    [('ab', 4, [0]), ('ba', 7, [0, 1])]
    """
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    codes = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
    owner = np.repeat(np.arange(len(words), dtype=np.int64), lengths)
    inside = owner[:-1] == owner[1:]  # pairs that do not straddle two words
    pair_code = ((codes[:-1] << 21) | codes[1:])[inside]  # code points fit in 21 bits
    owner = owner[:-1][inside]
    if not len(pair_code):
        return
    weight = np.asarray(freqs, dtype=np.int64)[owner]
    order = np.lexsort((owner, pair_code))
    pair_code, owner, weight = pair_code[order], owner[order], weight[order]
    starts = np.flatnonzero(np.r_[True, pair_code[1:] != pair_code[:-1]])
    totals = np.add.reduceat(weight, starts)
    # one index per (pair, word), kept in ascending word order
    first_in_word = np.r_[True, (pair_code[1:] != pair_code[:-1]) | (owner[1:] != owner[:-1])]
    holder_starts = np.cumsum(first_in_word)[starts] - 1
    # the lists share one int object per word index (8 bytes an entry instead of 36)
    holders = list(map(list(range(len(words))).__getitem__, owner[first_in_word].tolist()))
    bounds = holder_starts.tolist() + [len(holders)]
    for k, (code, total) in enumerate(zip(pair_code[starts].tolist(), totals.tolist())):
        pair = chr(code >> 21) + chr(code & 0x1FFFFF)
        yield pair, total, holders[bounds[k]:bounds[k + 1]]
