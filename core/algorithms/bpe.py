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
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional

from ..progress import CancelFn, Progress, ProgressFn, Throttle, check_cancel

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


def _pairs(symbols: list[str]) -> Iterable[tuple[str, str]]:
    return zip(symbols, symbols[1:])


class _Heap:
    """Max-heap of pairs by (count, then smallest pair first), with stale entries skipped lazily."""

    def __init__(self, counts: Mapping[tuple[str, str], int]) -> None:
        # Python's heap is a min-heap: store -count; ties order by the pair itself (smallest first)
        self.items = [(-c, pair) for pair, c in counts.items() if c > 0]
        heapq.heapify(self.items)

    def push(self, pair: tuple[str, str], count: int) -> None:
        if count > 0:
            heapq.heappush(self.items, (-count, pair))

    def pop_best(self, counts: Mapping[tuple[str, str], int]) -> tuple[tuple[str, str], int] | None:
        while self.items:
            neg, pair = heapq.heappop(self.items)
            if counts.get(pair, 0) == -neg:  # otherwise a newer entry holds the current count
                return pair, -neg
        return None


def train_bpe(word_counts: Mapping[str, int], *, num_merges: int | None = None,
              vocab_size: int | None = None, min_frequency: int = 1,
              end_of_word: str = "symbol", limit_alphabet: int | None = None,
              progress: Optional[ProgressFn] = None,
              cancel: Optional[CancelFn] = None) -> BPEModel:
    """Learn merges from ``{word: count}``.

    Stops after ``num_merges`` merges, or when the vocabulary (alphabet + merged symbols) reaches
    ``vocab_size``, or when the best pair occurs fewer than ``min_frequency`` times.
    ``limit_alphabet`` keeps only the most frequent characters (others are dropped from words).
    """
    words = [split_word(w, end_of_word) for w in word_counts]
    freqs = list(word_counts.values())
    alphabet = _alphabet(words, freqs, limit_alphabet)
    allowed = set(alphabet)
    words = [[s for s in w if s in allowed] for w in words]
    pair_counts: dict[tuple[str, str], int] = defaultdict(int)
    where: dict[tuple[str, str], set[int]] = defaultdict(set)
    for index, (symbols, freq) in enumerate(zip(words, freqs)):
        for pair in _pairs(symbols):
            pair_counts[pair] += freq
            where[pair].add(index)
    heap = _Heap(pair_counts)
    target = num_merges if num_merges is not None else (
        max(0, vocab_size - len(alphabet)) if vocab_size is not None else 10**9)
    report = Throttle(progress)
    merges: list[Merge] = []
    vocab = set(alphabet)
    while len(merges) < target:
        check_cancel(cancel)
        best = heap.pop_best(pair_counts)
        if best is None or best[1] < min_frequency:
            break
        (left, right), count = best
        merges.append(Merge(len(merges), left, right, count))
        vocab.add(left + right)
        _apply_merge(words, freqs, left, right, pair_counts, where, heap)
        report(Progress("merges", len(merges), target if target < 10**9 else 0))
    report(Progress("merges", len(merges), len(merges)), force=True)
    return BPEModel(merges, alphabet, end_of_word)


def _alphabet(words: list[list[str]], freqs: list[int], limit: int | None) -> list[str]:
    counts: dict[str, int] = defaultdict(int)
    for symbols, freq in zip(words, freqs):
        for symbol in symbols:
            counts[symbol] += freq
    ordered = sorted(counts, key=lambda s: (-counts[s], s))
    if limit is not None:
        ordered = ordered[:limit]
    return sorted(ordered)


def _apply_merge(words, freqs, left, right, pair_counts, where, heap) -> None:
    """Merge ``left right`` in every word holding it, updating pair counts incrementally."""
    touched: set[tuple[str, str]] = set()
    for index in sorted(where.pop((left, right), ())):
        symbols, freq = words[index], freqs[index]
        for pair in _pairs(symbols):
            pair_counts[pair] -= freq
            touched.add(pair)
        merged = _merge_symbols(symbols, left, right)
        words[index] = merged
        for pair in _pairs(merged):
            pair_counts[pair] += freq
            where[pair].add(index)
            touched.add(pair)
    pair_counts.pop((left, right), None)
    for pair in touched:
        if pair != (left, right):
            heap.push(pair, pair_counts.get(pair, 0))
