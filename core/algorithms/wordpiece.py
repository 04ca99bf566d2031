"""WordPiece: greedy longest-match-first encoding, and training by the likelihood score.

Encoding a word takes the longest vocabulary entry that starts it, then the longest entry (with
the ``##`` continuation prefix) that starts the rest, and so on; if some rest has no match, the
whole word becomes one unknown token. Training merges the pair with the highest
``count(ab) / (count(a) * count(b))``: pairs whose parts rarely occur apart.

>>> vocab = {"un", "##aff", "##able", "[UNK]"}
>>> encode_word("unaffable", vocab)
['un', '##aff', '##able']
>>> encode_word("unknowable", vocab)
['[UNK]']
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import repeat
from typing import Container, Mapping, Optional

import numpy as np

from ..progress import CancelFn, Progress, ProgressFn, Throttle, check_cancel
from .pairs import MergeChange, PairStats, SymbolTable, by_frequency, weighted_chars

PREFIX = "##"


def encode_word(word: str, vocab: Container[str], *, unk: str = "[UNK]", prefix: str = PREFIX,
                max_chars: int = 100, trace: Optional[list] = None) -> list[str]:
    """Greedy longest-match-first. ``trace`` receives ``(start, end, piece)`` per match."""
    if len(word) > max_chars:
        return [unk]
    pieces: list[str] = []
    start = 0
    while start < len(word):
        end = len(word)
        match = None
        while end > start:
            candidate = word[start:end] if start == 0 else prefix + word[start:end]
            if candidate in vocab:
                match = candidate
                break
            end -= 1
        if match is None:
            if trace is not None:
                trace.append((start, len(word), None))
            return [unk]
        if trace is not None:
            trace.append((start, end, match))
        pieces.append(match)
        start = end
    return pieces


@dataclass(frozen=True)
class ScoredMerge:
    rank: int
    left: str
    right: str
    score: float
    count: int


def train_wordpiece(word_counts: Mapping[str, int], *, vocab_size: int, min_frequency: int = 1,
                    special_tokens: tuple[str, ...] = ("[PAD]", "[UNK]", "[CLS]", "[SEP]",
                                                       "[MASK]"),
                    prefix: str = PREFIX, progress: Optional[ProgressFn] = None,
                    cancel: Optional[CancelFn] = None) -> tuple[list[str], list[ScoredMerge]]:
    """Learn a WordPiece vocabulary: special tokens, the characters (continuations with
    ``##``), then merged units by score ``count(ab) / (count(a) * count(b))`` over pairs seen at
    least ``min_frequency`` times. Ties (stable, documented): the higher pair count, then the
    smaller ``(left, right)`` strings. The result depends only on the ``{word: count}`` content.

    Returns the vocabulary (in id order) and the merge log.

    >>> vocab, merges = train_wordpiece({"hug": 10, "pug": 5, "hugs": 5}, vocab_size=10,
    ...                                 special_tokens=("[UNK]",))
    >>> vocab
    ['[UNK]', '##g', '##s', '##u', 'h', 'p', '##ug', 'hug', 'pug', 'hugs']
    >>> merges[0]  # every pair scores 1/20 here: the most frequent wins
    ScoredMerge(rank=0, left='##u', right='##g', score=0.05, count=20)
    """
    report = Throttle(progress)
    report(Progress("counting pairs", 0), force=True)
    table = SymbolTable()
    words, freqs, units = _symbolize(word_counts, prefix, table)
    vocab = list(dict.fromkeys(list(special_tokens) + sorted(table.strings)))
    known = set(vocab)
    check_cancel(cancel)
    if len(vocab) >= vocab_size:  # the characters alone fill the vocabulary: nothing to merge
        words, freqs = [], []
    stats = PairStats(words, freqs, min_frequency)
    queue = _ScoreQueue(stats, table, units)
    check_cancel(cancel)
    report(Progress("merges", len(vocab), vocab_size), force=True)
    merges: list[ScoredMerge] = []
    while len(vocab) < vocab_size:
        check_cancel(cancel)  # every merge: a call costs far less than a merge
        best = queue.pop_best()
        if best is None:
            break
        pair, score, count = best
        left, right = table.string(pair[0]), table.string(pair[1])
        text = left + right[len(prefix):] if right.startswith(prefix) else left + right
        merges.append(ScoredMerge(len(merges), left, right, score, count))
        if text not in known:
            known.add(text)
            vocab.append(text)
        size = len(table)
        merged = table.add(text)
        queue.update(pair, stats.merge(pair, merged, respelled=len(table) == size))
        report(Progress("merges", len(vocab), vocab_size))
    check_cancel(cancel)
    report(Progress("merges", max(len(vocab), vocab_size), max(len(vocab), vocab_size)),
           force=True)
    return vocab, merges


def _symbolize(word_counts: Mapping[str, int], prefix: str,
               table: SymbolTable) -> tuple[list[str], list[int], Counter]:
    """Each non-empty word as a string of symbol characters (its first character, then
    ``##``-prefixed continuations), with its count; symbols in sorted order in ``table``; and
    every symbol's count (by symbol character).

    >>> t = SymbolTable()
    >>> words, freqs, units = _symbolize({"ab": 2, "b": 1}, "##", t)
    >>> [t.text(w) for w in words], freqs, sorted((t.string(c), n) for c, n in units.items())
    ([['b'], ['a', '##b']], [1, 2], [('##b', 2), ('a', 2), ('b', 1)])
    """
    groups = [(count, [w for w in group if w]) for count, group in by_frequency(word_counts)]
    heads = weighted_chars((c, (w[0] for w in g)) for c, g in groups)
    tails = weighted_chars((c, (w[1:] for w in g)) for c, g in groups)
    for symbol in sorted(set(heads) | {prefix + ch for ch in tails}):
        table.add(symbol)
    head = {ord(ch): table.chars[ch] for ch in heads}
    tail = {ord(ch): table.chars[prefix + ch] for ch in tails}
    words, freqs = [], []
    for count, group in groups:
        for word in group:
            words.append(word[0].translate(head) + word[1:].translate(tail))
            freqs.append(count)
    units = Counter({table.chars[ch]: n for ch, n in heads.items()})
    for ch, n in tails.items():
        units[table.chars[prefix + ch]] += n
    return words, freqs, units


class _ScoreQueue:
    """Max-heap of pairs by (score, count, then smallest ``(left, right)``), checked lazily.

    A merge ``a b -> ab`` lowers the counts of ``a`` and ``b``, which *raises* the score of every
    pair holding them. Re-pushing all those pairs would cost ~100 pushes a merge (and as many
    stale entries), so the symbol goes in instead, as a marker at the bound ``1 / count(a)``: no
    pair holding ``a`` can score more, since ``count(ax) <= count(x)``. When a marker reaches the
    top, the symbol's pairs (found through ``partners``) are ranked by score once; those that
    could be next are pushed, the others wait behind a new marker at the best remaining score
    (the ranking is kept until the symbol's count changes). Every other change lowers
    a score, so a popped entry that no longer matches its pair's current score is simply pushed
    again with the current one. Markers sort before pairs of equal score.
    """

    def __init__(self, stats: PairStats, table: SymbolTable, units: Counter) -> None:
        self.stats, self.strings, self.units = stats, table.strings, units
        # symbol -> pairs holding it (lists: half the memory of sets; forgotten pairs and
        # repeats are dropped when the symbol's pairs are ranked)
        self.partners: dict[str, list[str]] = defaultdict(list)
        self.pending: set[str] = set()  # symbols whose marker is queued
        self.ranked: dict[str, list] = {}  # symbol -> its pairs by score (see _rank)
        for key in stats.counts:
            self._link(key)
        self.items = [self._entry(key) for key in stats.counts]
        heapq.heapify(self.items)

    def _link(self, key: str) -> None:
        self.partners[key[0]].append(key)
        if key[1] != key[0]:
            self.partners[key[1]].append(key)

    def _entry(self, key: str) -> tuple:
        count = self.stats.counts[key]
        score = count / (self.units[key[0]] * self.units[key[1]])
        return (-score, -count, self.strings[ord(key[0])], self.strings[ord(key[1])], key)

    def pop_best(self) -> tuple[str, float, int] | None:
        counts = self.stats.counts
        while self.items:
            entry = heapq.heappop(self.items)
            key = entry[4]
            if len(key) == 1:  # a symbol's marker reached the top: queue its pairs for real
                if key in self.pending:
                    self.pending.discard(key)
                    self._expand(key)
                continue
            if key not in counts:  # merged, or forgotten as rarer than min_frequency
                continue
            current = self._entry(key)
            if current == entry:
                return key, -entry[0], -entry[1]
            heapq.heappush(self.items, current)
        return None

    def _expand(self, symbol: str) -> None:
        """Push the symbol's pairs that could be next (score at least the heap's best); the
        rest wait behind a marker at the best of their scores."""
        ranked = self.ranked.get(symbol)
        if ranked is None or ranked[0] != self.units[symbol]:  # first time, or count changed
            ranked = self.ranked[symbol] = self._rank(symbol)
        _, scores, keys, at = ranked
        top = -self.items[0][0] if self.items else 0.0
        counts = self.stats.counts
        while at < len(keys) and scores[at] >= top:
            if keys[at] in counts:
                heapq.heappush(self.items, self._entry(keys[at]))
            at += 1
        ranked[3] = at
        if at < len(keys):
            self._mark(symbol, scores[at])
        else:
            del self.ranked[symbol]

    def _rank(self, symbol: str) -> list:
        """``[symbol count, scores, pairs, cursor]``: the symbol's kept pairs, best first.

        A saved score stays an upper bound while the symbol's count is unchanged: the pair's
        count can only fall, and if the partner's count falls, the partner's own marker covers
        the pair. (Pairs of equal score may come in any order: every pair at or above the
        heap's best is pushed together, so the queue ends up the same.)"""
        counts, units = self.stats.counts, self.units
        live = list(filter(counts.__contains__, dict.fromkeys(self.partners.pop(symbol, ()))))
        if live:
            self.partners[symbol] = live
        if len(live) < _NUMPY_RANK:
            scored = sorted(((counts[k] / (units[k[0]] * units[k[1]]), k) for k in live),
                            reverse=True)
            return [units[symbol], [score for score, _ in scored], [key for _, key in scored], 0]
        return [units[symbol], *_ranked_scores(symbol, live, counts, units), 0]

    def _mark(self, symbol: str, bound: float) -> None:
        heapq.heappush(self.items, (-bound, -math.inf, "", "", symbol))
        self.pending.add(symbol)

    def update(self, pair: str, change: MergeChange) -> None:
        """After ``pair`` merged into ``change.merged``: new unit counts, fresh heap entries."""
        units = self.units
        units[pair[0]] -= change.occurrences
        units[pair[1]] -= change.occurrences
        units[change.merged] += change.occurrences
        for key in change.increased:
            self._link(key)
            heapq.heappush(self.items, self._entry(key))
        for symbol in set(pair):
            if units[symbol] > 0:
                self._mark(symbol, 1 / units[symbol])
            else:  # used up: it has no pairs left
                self.partners.pop(symbol, None)


_NUMPY_RANK = 48  # from this many pairs, ranking them in numpy is faster than in Python
_EXACT = 2 ** 53  # integers below this are exact in float64


def _ranked_scores(symbol: str, keys: list[str], counts: Mapping[str, int],
                   units: Mapping[str, int]) -> tuple[list[float], list[str]]:
    """``symbol``'s pairs ``keys`` by score ``count(ab) / (count(a) * count(b))``, best first,
    with their scores: the same floats as Python's ``int / int`` (both operands are exact in
    float64 and IEEE division rounds once), or Python's own where a product is too large.

    >>> _ranked_scores("a", ["ab", "ca", "aa"], {"ab": 2, "ca": 3, "aa": 1},
    ...                {"a": 4, "b": 2, "c": 3})
    ([0.25, 0.25, 0.0625], ['ab', 'ca', 'aa'])
    """
    pair = np.fromiter(map(counts.__getitem__, keys), dtype=np.int64, count=len(keys))
    # the partner of ``symbol`` in each pair (``aa`` -> ``a``)
    other = np.fromiter(map(units.__getitem__, map(str.replace, keys, repeat(symbol),
                                                   repeat(""), repeat(1))),
                        dtype=np.int64, count=len(keys))
    if int(other.max(initial=0)) * units[symbol] >= _EXACT:  # a float64 would round it:
        scores = [counts[k] / (units[k[0]] * units[k[1]]) for k in keys]  # exact Python ints
    else:
        scores = (pair / (other * units[symbol])).tolist()
    order = np.argsort(np.negative(scores), kind="stable").tolist()
    return [scores[i] for i in order], [keys[i] for i in order]
