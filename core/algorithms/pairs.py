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
from typing import Iterable, Iterator, Mapping

import numpy as np

class SymbolTable:
    """Symbol strings <-> symbol characters: the ``i``-th new string gets ``chr(i)``.

    The same string always gets the same character, so a merge that spells an existing
    symbol (``a + bc`` after ``ab + c``) reuses it, as in ``tokenizers``. Symbol characters are
    internal (they may be lone surrogates, which Python strings hold fine; at most 1,114,112
    symbols): only the strings behind them leave the trainers.
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
    word counts), and the pairs whose count rose and are still counted (they need a fresh place
    in a max-heap); every other changed count fell."""

    merged: str
    occurrences: int = 0
    increased: list = field(default_factory=list)


class PairStats:
    """Weighted adjacent-pair counts of ``words`` (strings of symbol characters), kept up to date
    by :meth:`merge`; only pairs counted at least ``floor`` times are kept.

    Forgetting rare pairs is exact, and saves most of the memory: a pair's count only rises in
    a merge that creates one of its two symbols, so once below ``floor`` it stays there, unless
    a later merge spells one of its symbols again (``a+bc`` after ``ab+c``); :meth:`merge` then
    recounts that symbol's pairs from the words.

    ``where[pair]`` lists the indexes of words that held ``pair`` at some point (stale entries and
    repeats are allowed: a merge simply finds nothing there), so it is only ever appended to.
    The initial counting's lists stay in one int32 array (``spans[pair]``: its slice), made
    Python lists only for the pairs a merge reads: most pairs are never merged, and a list per
    pair cost ~11% of a 32k BPE run and twice the memory.
    """

    def __init__(self, words: list[str], freqs: list[int], floor: int = 1) -> None:
        self.words = words
        self.freqs = freqs
        self.floor = max(1, floor)
        self.where: dict[str, list[int]] = {}
        pairs, counts, self.held, bounds = _initial_pairs(words, freqs, self.floor)
        self.counts: dict[str, int] = dict(zip(pairs, counts))
        self.spans: dict[str, tuple[int, int]] = dict(zip(pairs, zip(bounds, bounds[1:])))

    def holders(self, pair: str) -> list[int]:
        """The indexes of the words that held ``pair`` (see the class), forgotten here: the
        caller (a merge) takes them."""
        held = self.where.pop(pair, [])
        span = self.spans.pop(pair, None)
        if span is not None:
            held += self.held[span[0]:span[1]].tolist()
        return held

    def listed(self, pair: str) -> list[int]:
        """What :meth:`holders` would return, without forgetting it."""
        span = self.spans.get(pair)
        extra = self.held[span[0]:span[1]].tolist() if span is not None else []
        return self.where.get(pair, []) + extra

    def _forget(self, key: str) -> None:
        self.where.pop(key, None)
        self.spans.pop(key, None)

    def merge(self, pair: str, merged: str, respelled: bool = False) -> MergeChange:
        """Replace every occurrence of ``pair`` (left to right, non-overlapping, as
        ``str.replace`` does) by the symbol character ``merged``, updating the counts.
        ``respelled``: ``merged`` is a symbol that already existed.

        For an occurrence ``x A B y`` the pairs ``xA`` and ``By`` lose the word's count and ``xM``,
        ``My`` gain it; back-to-back occurrences ``A B A B`` turn ``BA`` into ``MM``. Changes are
        gathered per pair and applied once at the end: far fewer dict updates than occurrences.
        """
        words, freqs = self.words, self.freqs
        left, right = pair
        joint, bridge = merged + merged, right + left
        lost: dict[str, int] = defaultdict(int)  # pair -> count it loses
        gained: dict[str, list[int]] = defaultdict(list)  # pair -> indexes of words gaining it
        occurrences = 0
        # a set of ints iterates in the same order on every run (ints hash to themselves)
        for index in set(self.holders(pair)):
            word = words[index]
            at = word.find(pair)
            if at < 0:  # stale: an earlier merge took the pair away
                continue
            freq = freqs[index]
            after = at + 2
            if word.find(pair, after) < 0:  # one occurrence, as in most words: no loop
                occurrences += freq
                if at > 0:
                    before = word[at - 1]
                    lost[before + left] += freq
                    gained[before + merged].append(index)
                if after < len(word):
                    following = word[after]
                    lost[right + following] += freq
                    gained[merged + following].append(index)
                words[index] = word[:at] + merged + word[after:]
                continue
            previous_end = -1  # back-to-back occurrences share the pair between them
            while at >= 0:
                occurrences += freq
                after = at + 2
                following = word.find(pair, after)
                if at == previous_end:  # A B | A B: the B A between them becomes M M
                    lost[bridge] += freq
                    gained[joint].append(index)
                elif at > 0:
                    lost[word[at - 1] + left] += freq
                    gained[word[at - 1] + merged].append(index)
                if following != after and after < len(word):
                    lost[right + word[after]] += freq
                    gained[merged + word[after]].append(index)
                previous_end, at = after, following
            words[index] = word.replace(pair, merged)
        increased = self._apply(lost, gained)
        self.counts.pop(pair, None)  # A A A: the pair itself was also counted down above
        if respelled:
            increased = [k for k in self._recount(merged) if self._keep(k)]
        return MergeChange(merged, occurrences, increased)

    def _apply(self, lost: dict[str, int], gained: dict[str, list[int]]) -> list[str]:
        """Apply a merge's changes; returns the kept pairs that rose."""
        counts, where, freqs, floor = self.counts, self.where, self.freqs, self.floor
        for key, amount in lost.items():
            count = counts.get(key)
            if count is None:  # already forgotten as rare
                continue
            count -= amount
            if count >= floor:
                counts[key] = count
            else:
                del counts[key]
                self._forget(key)
        increased = []
        for key, holders in gained.items():
            # pairs with the merged symbol: new, unless it was respelled (then recounted anyway)
            count = counts.get(key, 0) + sum(map(freqs.__getitem__, holders))
            if count >= floor:
                counts[key] = count
                where.setdefault(key, []).extend(holders)
                increased.append(key)
        return increased

    def _keep(self, key: str) -> bool:
        """Forget ``key`` if it fell below the floor; true if it is kept."""
        if self.counts.get(key, 0) >= self.floor:
            return True
        self.counts.pop(key, None)
        self._forget(key)
        return False

    def _recount(self, symbol: str) -> list[str]:
        """Count every pair holding ``symbol`` afresh from the words (rare: after a merge spelled
        an existing symbol, whose forgotten pairs may have risen again); returns them."""
        found: dict[str, int] = defaultdict(int)
        holders: dict[str, list[int]] = defaultdict(list)
        for index, word in enumerate(self.words):
            at = word.find(symbol)
            while at >= 0:
                # the pair ending here, unless the previous symbol is the same (counted already)
                if at > 0 and word[at - 1] != symbol:
                    found[word[at - 1] + symbol] += self.freqs[index]
                    holders[word[at - 1] + symbol].append(index)
                if at + 1 < len(word):
                    found[symbol + word[at + 1]] += self.freqs[index]
                    holders[symbol + word[at + 1]].append(index)
                at = word.find(symbol, at + 1)
        for key, count in found.items():
            self.counts[key] = count
            self._forget(key)  # the recount found every holder
            self.where[key] = holders[key]
        return list(found)


def _initial_pairs(words: list[str], freqs: list[int], floor: int = 1):
    """Every adjacent pair counted at least ``floor`` times: ``(pairs, weighted counts,
    holders, bounds)``, the word indexes holding pair ``k`` being ``holders[bounds[k]:bounds[k +
    1]]`` (an int32 array, ascending). Computed in numpy (a Python loop over every position of
    every word takes seconds on a 10 MB corpus); arrays are reused in place: on a 100 MB corpus
    they hold tens of millions of positions.

    >>> pairs, counts, holders, bounds = _initial_pairs(["abab", "ba"], [2, 5])
    >>> pairs, counts, holders.tolist(), bounds
    (['ab', 'ba'], [4, 7], [0, 0, 1], [0, 1, 3])
    >>> _initial_pairs(["abab", "ba"], [2, 5], floor=5)[0]
    ['ba']
    """
    key, symbol_bits, word_bits = _sorted_pair_keys(words)
    if not len(key):
        return [], [], np.zeros(0, np.int32), [0]
    pair = key >> word_bits
    new_pair = np.r_[True, pair[1:] != pair[:-1]]
    starts = np.flatnonzero(new_pair)
    pair = pair[starts]
    owner = np.bitwise_and(key, (1 << word_bits) - 1, out=key)  # key is not needed any more
    # a pair's count is at most every word's frequency times its pairs: past int64, exact
    # Python ints (slow, but no count a real corpus reaches; a wrapped int64 would lose the pair)
    exact = sum(freqs) * max(map(len, words)) >= 2**63
    weights = np.asarray(freqs, dtype=object if exact else
                         np.int32 if max(freqs) < 2**31 else np.int64)
    totals = np.add.reduceat(weights[owner], starts, dtype=object if exact else np.int64)
    kept = totals >= floor
    codes, counts = pair[kept], totals[kept].tolist()  # Python ints for kept pairs only
    # one row per (kept pair, word holding it); rows stay in ascending word order
    rows = np.repeat(kept, np.diff(np.r_[starts, len(owner)]))
    rows &= new_pair | np.r_[True, owner[1:] != owner[:-1]]
    sizes = np.add.reduceat(rows, starts, dtype=np.int64)[kept]
    holders = owner[rows].astype(np.int32 if len(words) < 2**31 else np.int64)
    del owner, key, rows, new_pair
    bounds = np.r_[0, np.cumsum(sizes)].tolist()
    mask = (1 << symbol_bits) - 1
    pairs = list(map(str.__add__, map(chr, (codes >> symbol_bits).tolist()),
                     map(chr, (codes & mask).tolist())))
    return pairs, counts, holders, bounds


def _sorted_pair_keys(words: list[str]) -> tuple[np.ndarray, int, int]:
    """Every adjacent pair inside a word as one int64 ``left | right | word index`` (bit fields),
    sorted (so by pair, then word); with the bit widths of a symbol and of a word index."""
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    # surrogatepass: symbol characters past 0xD7FF are lone surrogates (see SymbolTable)
    text = "".join(words).encode("utf-32-le", "surrogatepass")
    codes = np.frombuffer(text, dtype=np.uint32)
    symbol_bits = int(codes.max()).bit_length() if len(codes) else 1
    word_bits = max(1, len(words).bit_length())
    if 2 * symbol_bits + word_bits > 63:
        raise ValueError(f"too many symbols or words to count pairs: {len(words)} words")
    key = codes[:-1].astype(np.int64)
    key <<= symbol_bits
    key |= codes[1:]
    del codes, text
    ends = np.cumsum(lengths)
    # pairs straddling two words start at a word's last symbol (empty words end nowhere new)
    key = np.delete(key, ends[(ends > 0) & (ends <= len(key))] - 1)
    key <<= word_bits
    key |= np.repeat(np.arange(len(words), dtype=np.int64), np.maximum(lengths - 1, 0))
    key.sort()
    return key, symbol_bits, word_bits
