"""Byte-pair encoding (Sennrich et al.), readable and deterministic.

Words are split into symbols (characters, or bytes for byte-level BPE), with an end-of-word
marker; the most frequent adjacent pair, counted over word frequencies, is merged again and again.
Pair counts are updated incrementally: a merge only touches the words that contain the pair.

Tie-break (documented, stable): among pairs of equal count the lexicographically smallest
``(left, right)`` wins, so the result never depends on corpus order or hash seeds.

>>> model = train_bpe({"low": 5, "lower": 2}, num_merges=3)
>>> [(m.left, m.right, m.count) for m in model.merges]
[('l', 'o', 7), ('lo', 'w', 7), ('low', '</w>', 5)]
>>> model.encode_word("lower")
['low', 'e', 'r', '</w>']
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Mapping, Optional

from ..progress import CancelFn, Progress, ProgressFn, Throttle, check_cancel
from .pairs import PairStats, SymbolTable, by_frequency, weighted_chars

END_OF_WORD = "</w>"


@dataclass(frozen=True)
class Merge:
    """One learned rule: ``left + right -> left+right``, learned at ``rank`` with ``count``."""

    rank: int
    left: str
    right: str
    count: int

    @property
    def merged(self) -> str:
        return self.left + self.right


@dataclass
class BPEModel:
    """Merges in rank order plus the symbol alphabet.

    ``end_of_word``: ``"symbol"`` (the paper's separate ``</w>`` symbol), ``"suffix"`` (attached to
    the last character, as HF does) or ``"none"``.
    """

    merges: list[Merge]
    alphabet: list[str]
    end_of_word: str = "symbol"
    ranks: dict[tuple[str, str], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.ranks = {(m.left, m.right): m.rank for m in self.merges}

    def vocabulary(self) -> list[str]:
        """Alphabet first, then merged symbols in rank order."""
        seen = dict.fromkeys(self.alphabet)
        for merge in self.merges:
            seen.setdefault(merge.merged)
        return list(seen)

    def encode_word(self, word: str, trace: Optional[list] = None) -> list[str]:
        """Apply merges in rank order: always the lowest-ranked pair present, as BPE encoders do.

        With ``trace`` (a list), each applied merge is appended as ``(rank, left, right)``.
        """
        symbols = split_word(word, self.end_of_word)
        while len(symbols) > 1:
            candidates = [(self.ranks.get(pair, None), i)
                          for i, pair in enumerate(zip(symbols, symbols[1:]))]
            ranked = [(rank, i) for rank, i in candidates if rank is not None]
            if not ranked:
                break
            rank, _ = min(ranked)
            left, right = self.merges[rank].left, self.merges[rank].right
            if trace is not None:
                trace.append((rank, left, right))
            symbols = _merge_symbols(symbols, left, right)
        return symbols


def split_word(word: str, end_of_word: str = "symbol") -> list[str]:
    """``"low"`` -> ``["l", "o", "w", "</w>"]`` (symbol), ``["l", "o", "w</w>"]`` (suffix)."""
    symbols = list(word)
    if end_of_word == "symbol":
        symbols.append(END_OF_WORD)
    elif end_of_word == "suffix" and symbols:
        symbols[-1] += END_OF_WORD
    return symbols


def _merge_symbols(symbols: list[str], left: str, right: str) -> list[str]:
    """Merge every non-overlapping occurrence of ``left right``, left to right.

    >>> _merge_symbols(["a", "a", "a"], "a", "a")
    ['aa', 'a']
    """
    out: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:
            out.append(left + right)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


class _Heap:
    """Max-heap of pairs: highest count first, then the smallest ``(left, right)`` strings.

    Counts that drop are fixed lazily: a popped entry whose count is no longer current is pushed
    back with the current count (``tokenizers`` does the same). Counts that rise are pushed by the
    caller, so every pair's best entry is never below its true count and the first entry that
    checks out is the true maximum.
    """

    def __init__(self, counts: Mapping[str, int], table: SymbolTable, floor: int) -> None:
        self.table = table
        self.floor = floor  # pairs below min_frequency never enter
        self.items = [self._entry(pair, count) for pair, count in counts.items() if count >= floor]
        heapq.heapify(self.items)

    def _entry(self, pair: str, count: int) -> tuple:
        # heapq is a min-heap: -count first; equal counts compare the symbol strings
        strings = self.table.strings
        return (-count, strings[ord(pair[0])], strings[ord(pair[1])], pair)

    def push(self, pair: str, count: int) -> None:
        if count >= self.floor:
            heapq.heappush(self.items, self._entry(pair, count))

    def pop_best(self, counts: Mapping[str, int]) -> tuple[str, int] | None:
        while self.items:
            entry = heapq.heappop(self.items)
            stored, pair = -entry[0], entry[3]
            current = counts.get(pair, 0)
            if current == stored:
                return pair, current
            if current < stored:  # dropped since pushed: requeue at its true count
                self.push(pair, current)
            # current > stored: a newer entry with the true count is already queued
        return None


def train_bpe(word_counts: Mapping[str, int], *, num_merges: int | None = None,
              vocab_size: int | None = None, min_frequency: int = 1,
              end_of_word: str = "symbol", limit_alphabet: int | None = None,
              progress: Optional[ProgressFn] = None,
              cancel: Optional[CancelFn] = None) -> BPEModel:
    """Learn merges from ``{word: count}``.

    Stops after ``num_merges`` merges, or when the vocabulary (alphabet + distinct merged symbols)
    reaches ``vocab_size``, or when the best pair occurs fewer than ``min_frequency`` times.
    ``limit_alphabet`` keeps only the most frequent symbols (others are dropped from words).
    The result depends only on the ``{word: count}`` content, never on its order or hash seeds.
    """
    report = Throttle(progress)
    report(Progress("counting pairs", 0), force=True)
    table = SymbolTable()
    alphabet, words, freqs = _symbolize(word_counts, end_of_word, limit_alphabet, table)
    check_cancel(cancel)
    stats = PairStats(words, freqs, min_frequency)
    check_cancel(cancel)
    heap = _Heap(stats.counts, table, stats.floor)
    goal, total = _goal(num_merges, vocab_size, len(alphabet))
    report(Progress("merges", 0, total), force=True)
    merges: list[Merge] = []
    symbols = len(alphabet)
    while goal(len(merges), symbols):
        check_cancel(cancel)  # every merge: a call costs far less than a merge
        best = heap.pop_best(stats.counts)
        if best is None:
            break
        pair, count = best
        left, right = table.string(pair[0]), table.string(pair[1])
        merges.append(Merge(len(merges), left, right, count))
        known = len(table)
        merged = table.add(left + right)
        respelled = len(table) == known  # a merge may spell a symbol that already exists
        symbols += not respelled
        change = stats.merge(pair, merged, respelled)
        for key in change.increased:
            heap.push(key, stats.counts[key])
        done = len(merges) if num_merges is not None else symbols - len(alphabet)
        report(Progress("merges", done, total))
    check_cancel(cancel)
    final = total or max(1, len(merges))  # the last report always says 100%
    report(Progress("merges", final, final), force=True)
    return BPEModel(merges, alphabet, end_of_word)


def _goal(num_merges: int | None, vocab_size: int | None, alphabet: int):
    """``(keep_going(merges, symbols), progress_total)`` for the requested stop rule."""
    if num_merges is not None:
        return (lambda merges, _: merges < num_merges), num_merges
    if vocab_size is not None:
        return (lambda _, symbols: symbols < vocab_size), max(1, vocab_size - alphabet)
    return (lambda merges, symbols: True), 0


def _symbolize(word_counts: Mapping[str, int], end_of_word: str, limit: int | None,
               table: SymbolTable) -> tuple[list[str], list[str], list[int]]:
    """The alphabet (sorted) and each word as a string of symbol characters, with its count.

    Symbols are characters, except the end-of-word marker: a symbol of its own (``"symbol"``),
    or joined to the last character (``"suffix"``: ``w</w>`` is not ``w``).

    >>> t = SymbolTable()
    >>> alphabet, words, freqs = _symbolize({"low": 5, "ow": 1}, "suffix", None, t)
    >>> alphabet, [t.text(w) for w in words], freqs
    (['l', 'o', 'w</w>'], [['o', 'w</w>'], ['l', 'o', 'w</w>']], [1, 5])
    """
    groups = [(count, [w for w in group if w]) for count, group in by_frequency(word_counts)]
    suffix = end_of_word == "suffix"
    counts = weighted_chars((c, (w[:-1] for w in g) if suffix else g) for c, g in groups)
    if suffix:
        for char, n in weighted_chars((c, (w[-1] for w in g)) for c, g in groups).items():
            counts[char + END_OF_WORD] += n
    elif end_of_word == "symbol":
        counts[END_OF_WORD] += sum(c * len(g) for c, g in groups)
    ranked = sorted(counts, key=lambda s: (-counts[s], s))
    alphabet = sorted(ranked[:limit] if limit is not None else ranked)
    for symbol in alphabet:
        table.add(symbol)
    # str.translate tables: a dropped character maps to None (removed from the word)
    body = {ord(ch): table.chars.get(ch) for ch in counts if len(ch) == 1}
    last = {ord(s[0]): table.chars.get(s) for s in counts if suffix and len(s) > 1}
    tail = table.chars.get(END_OF_WORD, "") if end_of_word == "symbol" else ""
    words, freqs = [], []
    for count, group in groups:
        for word in group:
            text = word[:-1].translate(body) + word[-1].translate(last) if suffix else \
                word.translate(body) + tail
            words.append(text)
            freqs.append(count)
    return alphabet, words, freqs
