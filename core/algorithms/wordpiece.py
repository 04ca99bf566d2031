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
    # by count, ascending, then in the mapping's order (as ``by_frequency`` groups them)
    everything = list(word_counts)
    frequency = np.fromiter(word_counts.values(), dtype=np.float64, count=len(everything))
    lengths = np.fromiter(map(len, everything), dtype=np.int64, count=len(everything))
    order = np.argsort(frequency, kind="stable")
    order = order[lengths[order] > 0]
    if not len(order):
        return [], [], Counter()
    if float(frequency.max()) * int(lengths.sum()) >= _EXACT:  # float64 sums could round
        return _symbolize_exactly(word_counts, prefix, table)
    words = list(map(everything.__getitem__, order.tolist()))
    freqs = frequency[order].astype(np.int64).tolist()
    lengths = lengths[order]
    # every character of every word by code point, the heads (first characters) and the rest
    codes = np.frombuffer("".join(words).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    starts = np.cumsum(lengths) - lengths
    size = int(codes.max()) + 1
    head_totals = np.bincount(codes[starts], frequency[order], size)
    # every character's total less the heads' (exact: float64 sums of integers below 2**53);
    # temporaries are dropped as soon as done with, the peak memory of a training is here
    tail_totals = np.bincount(codes, np.repeat(frequency[order], lengths), size)
    tail_totals -= head_totals
    heads, tails = np.flatnonzero(head_totals), np.flatnonzero(tail_totals)
    for symbol in sorted(set(map(chr, heads.tolist())) |
                         {prefix + ch for ch in map(chr, tails.tolist())}):
        table.add(symbol)
    units: Counter = Counter()
    lookup = np.zeros((2, size), dtype=np.uint32)  # code point -> symbol, as head / in the rest
    for row, found, totals, before in ((0, heads, head_totals, ""),
                                       (1, tails, tail_totals, prefix)):
        symbols = [table.chars[before + ch] for ch in map(chr, found.tolist())]
        lookup[row, found] = list(map(ord, symbols))
        for symbol, total in zip(symbols, totals[found].astype(np.int64).tolist()):
            units[symbol] += total
    spelled = lookup[1, codes]
    spelled[starts] = lookup[0, codes[starts]]
    del codes, lookup
    text = spelled.tobytes().decode("utf-32-le", "surrogatepass")
    del spelled
    bounds = np.cumsum(lengths).tolist()
    return list(map(text.__getitem__, map(slice, [0] + bounds[:-1], bounds))), freqs, units


def _symbolize_exactly(word_counts: Mapping[str, int], prefix: str,
                       table: SymbolTable) -> tuple[list[str], list[int], Counter]:
    """:func:`_symbolize` word by word, with Python's exact integers (for counts so large
    that float64 sums would round)."""
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


class _SymbolPairs:
    """The pairs holding one symbol, as its marker in :class:`_ScoreQueue` covers them.

    Each pair's bound is ``count(pair) / count(partner)`` (the symbol's own count divides every
    score alike): the pair count as last seen, an upper bound since pair counts only fall, over
    the partner's count of now. Many pairs (``_NUMPY_RANK``) sit in arrays, bounded in numpy
    (``counts`` negated once pushed, so those drop out of the bounds), a few in ``extra``;
    pairs made since by merges wait in the queue's ``fresh`` lists until the next walk."""

    __slots__ = ("keys", "partners", "counts", "extra", "extra_pushed")

    def __init__(self, keys: list[str], partners: np.ndarray, counts: np.ndarray,
                 extra: list[str]) -> None:
        self.keys, self.partners, self.counts = keys, partners, counts
        self.extra = extra
        self.extra_pushed: set[str] = set()


class _ScoreQueue:
    """Max-heap of pairs by (score, count, then smallest ``(left, right)``), checked lazily.

    A merge ``a b -> ab`` lowers the counts of ``a`` and ``b``, which *raises* the score of every
    pair holding them. Re-pushing all those pairs would cost ~100 pushes a merge (and as many
    stale entries), so the symbol goes in instead, as a marker at the bound ``1 / count(a)``: no
    pair holding ``a`` can score more, since ``count(ax) <= count(x)``. When a marker reaches the
    top, the symbol's pairs are bounded by ``count(ax) / (count(a) * count(x))`` with ``count(ax)``
    as last seen (it only falls: a pair rises only in the merge that makes one of its symbols,
    and is then pushed with its exact score) and the symbols' counts of now, so a bound never
    goes stale, whoever fell since. The pairs whose bound reaches the heap's best are pushed with
    their exact score, the others wait behind a new marker at the best remaining bound, until
    the symbol's count falls again and all its pairs wait again. Every other change lowers a
    score, so a popped entry that no longer matches its pair's current score is simply pushed
    again with the current one. Markers sort before pairs of equal score; bounds are widened by
    ``_SLACK`` so that float rounding never hides a pair scoring at least the heap's best.
    """

    def __init__(self, stats: PairStats, table: SymbolTable, units: Counter) -> None:
        self.stats, self.strings, self.units = stats, table.strings, units
        self.pending: set[str] = set()  # symbols whose marker is queued
        self.moved: set[str] = set()  # symbols whose count fell since their pairs were walked
        self.pairs: dict[str, _SymbolPairs] = {}
        self.fresh: dict[str, list[str]] = defaultdict(list)  # pairs made by merges, by symbol
        # every symbol's count by id (the symbol character's code), for bounds in numpy
        self.unit_array = np.full(max(16, 2 * len(table)), np.inf)
        for symbol, count in units.items():
            self.unit_array[ord(symbol)] = count
        self._index_initial_pairs(list(stats.counts), len(table))
        self.items = [self._entry(key) for key in stats.counts]
        heapq.heapify(self.items)

    def _index_initial_pairs(self, keys: list[str], symbols: int) -> None:
        """The initial pairs of each symbol as a slice of rows (partner id, count, pair), sorted
        by symbol in numpy; a symbol's rows become its :class:`_SymbolPairs` when first walked."""
        self.initial_keys = keys
        codes = np.frombuffer("".join(keys).encode("utf-32-le", "surrogatepass"),
                              dtype=np.uint32).reshape(-1, 2).astype(np.int64)
        counts = np.fromiter(self.stats.counts.values(), dtype=np.float64, count=len(keys))
        left, right = codes[:, 0], codes[:, 1]
        twice = left != right  # a pair ``aa`` is one row of ``a``
        number = np.arange(len(keys), dtype=np.int64)
        owner = np.concatenate([left, right[twice]])
        order = np.argsort(owner, kind="stable")
        self.row_partner = np.concatenate([right, left[twice]])[order].astype(np.int32)
        self.row_count = np.concatenate([counts, counts[twice]])[order]
        self.row_pair = np.concatenate([number, number[twice]])[order].astype(np.int32)
        self.row_start = np.searchsorted(owner[order], np.arange(symbols + 1)).tolist()

    def _link(self, key: str) -> None:
        self.fresh[key[0]].append(key)
        if key[1] != key[0]:
            self.fresh[key[1]].append(key)

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

    def _symbol_pairs(self, symbol: str) -> _SymbolPairs:
        pairs = self.pairs.get(symbol)
        if pairs is None:
            number = ord(symbol)
            start, end = self.row_start[number:number + 2] if number + 1 < len(self.row_start) \
                else (0, 0)
            keys = list(map(self.initial_keys.__getitem__, self.row_pair[start:end].tolist()))
            if len(keys) >= _NUMPY_RANK:
                pairs = _SymbolPairs(keys, self.row_partner[start:end],
                                     self.row_count[start:end], [])
            else:
                pairs = _SymbolPairs([], self.row_partner[:0], self.row_count[:0], keys)
            self.pairs[symbol] = pairs
        fresh = self.fresh.pop(symbol, None)
        if fresh:
            pairs.extra += fresh
            if len(pairs.extra) >= _NUMPY_RANK:
                self._gather(symbol, pairs)
        return pairs

    def _gather(self, symbol: str, pairs: _SymbolPairs) -> None:
        """Move the extra pairs into the arrays (dropping forgotten ones there too)."""
        counts = self.stats.counts
        extra = [key for key in pairs.extra if key in counts]
        kept = np.flatnonzero(pairs.counts != 0)  # zero: found forgotten
        pairs.keys = list(map(pairs.keys.__getitem__, kept.tolist())) + extra
        others = (key[1] if key[0] == symbol else key[0] for key in extra)
        pairs.partners = np.concatenate([pairs.partners[kept], np.fromiter(
            map(ord, others), dtype=np.int64, count=len(extra))])
        pushed = pairs.extra_pushed
        pairs.counts = np.concatenate([pairs.counts[kept], np.fromiter(
            (-counts[key] if key in pushed else counts[key] for key in extra),
            dtype=np.float64, count=len(extra))])
        pairs.extra, pairs.extra_pushed = [], set()

    def _expand(self, symbol: str) -> None:
        """Push the symbol's pairs that could be next (bound at least the heap's best, and at
        least the best waiting one); the rest wait behind a marker at the best of their bounds.
        After the symbol's count fell, every pair waits again first."""
        pairs = self._symbol_pairs(symbol)
        if symbol in self.moved:
            self.moved.discard(symbol)
            np.abs(pairs.counts, out=pairs.counts)
            pairs.extra_pushed.clear()
        counts, units = self.stats.counts, self.units
        waiting, kept = [], []
        for key in pairs.extra:
            count = counts.get(key)
            if count is not None:
                kept.append(key)
                if key not in pairs.extra_pushed:
                    waiting.append((count / units[key[1] if key[0] == symbol else key[0]], key))
        pairs.extra = kept
        most = max(waiting)[0] if waiting else 0.0
        if len(pairs.keys):  # (``a[a.argmax()]``: a fifth of ``a.max()``'s cost on short arrays)
            bounds = pairs.counts / self.unit_array[pairs.partners]
            most = max(most, float(bounds[bounds.argmax()]))
        if most <= 0:  # nothing waits
            return
        unit = units[symbol]
        top = -self.items[0][0] if self.items else 0.0
        # at least the best waiting pair goes: a marker always makes progress, whatever the
        # rounding between its bound and the heap's best
        floor = min(top * unit / _SLACK, most)
        rest = 0.0
        if len(pairs.keys):
            chosen = (bounds >= floor).nonzero()[0]
            bounds[chosen] = 0.0
            rest = float(bounds[bounds.argmax()])
            row_counts = pairs.counts
            for row in chosen.tolist():
                key = pairs.keys[row]
                count = counts.get(key)
                if count is None:
                    row_counts[row] = 0.0
                else:
                    row_counts[row] = -count  # pushed: out of the bounds until the next fall
                    heapq.heappush(self.items, self._entry(key))
        for bound, key in waiting:
            if bound >= floor:
                pairs.extra_pushed.add(key)
                heapq.heappush(self.items, self._entry(key))
            elif bound > rest:
                rest = bound
        if rest > 0:
            self._mark(symbol, rest / unit * _SLACK)

    def _mark(self, symbol: str, bound: float) -> None:
        heapq.heappush(self.items, (-bound, -math.inf, "", "", symbol))
        self.pending.add(symbol)

    def update(self, pair: str, change: MergeChange) -> None:
        """After ``pair`` merged into ``change.merged``: new unit counts, fresh heap entries."""
        units, merged = self.units, change.merged
        units[pair[0]] -= change.occurrences
        units[pair[1]] -= change.occurrences
        units[merged] += change.occurrences
        number = ord(merged)
        if number >= len(self.unit_array):
            self.unit_array = np.concatenate([self.unit_array,
                                              np.full(len(self.unit_array), np.inf)])
        self.unit_array[number] = units[merged]
        for key in change.increased:
            self._link(key)
            heapq.heappush(self.items, self._entry(key))
        for symbol in (pair[0],) if pair[0] == pair[1] else pair:
            if units[symbol] > 0:
                self.unit_array[ord(symbol)] = units[symbol]
                self.moved.add(symbol)
                self._mark(symbol, 1 / units[symbol])
            else:  # used up: it has no pairs left
                self.unit_array[ord(symbol)] = np.inf
                self.pairs.pop(symbol, None)
                self.fresh.pop(symbol, None)
                self.moved.discard(symbol)
                self.pending.discard(symbol)


_SLACK = 1 + 1e-9  # widens bounds past the few roundings between a bound and a score

# from this many pairs, a symbol's bounds are computed in numpy: a walk costs ~3 us there whatever
# the size, against ~0.3 us a pair in Python
_NUMPY_RANK = 8
_EXACT = 2 ** 53  # integers below this are exact in float64
