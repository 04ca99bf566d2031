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

from collections import defaultdict
from dataclasses import dataclass
from typing import Container, Mapping, Optional

from ..progress import CancelFn, Progress, ProgressFn, Throttle, check_cancel

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
    ``##``), then merged units by score. Ties: higher pair count, then the smaller pair.

    Returns the vocabulary (in id order) and the merge log.
    """
    words = {w: [w[0]] + [prefix + c for c in w[1:]] for w in word_counts if w}
    vocab = list(dict.fromkeys(list(special_tokens)
                               + sorted({s for symbols in words.values() for s in symbols})))
    merges: list[ScoredMerge] = []
    report = Throttle(progress)
    while len(vocab) < vocab_size:
        check_cancel(cancel)
        unit_counts: dict[str, int] = defaultdict(int)
        pair_counts: dict[tuple[str, str], int] = defaultdict(int)
        for word, symbols in words.items():
            freq = word_counts[word]
            for symbol in symbols:
                unit_counts[symbol] += freq
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += freq
        scored = [(count / (unit_counts[a] * unit_counts[b]), count, (a, b))
                  for (a, b), count in pair_counts.items() if count >= min_frequency]
        if not scored:
            break
        score, count, (left, right) = max(scored, key=lambda s: (s[0], s[1], _neg(s[2])))
        merged = left + right[len(prefix):] if right.startswith(prefix) else left + right
        merges.append(ScoredMerge(len(merges), left, right, score, count))
        if merged not in vocab:
            vocab.append(merged)
        for word, symbols in words.items():
            words[word] = _merge(symbols, left, right, merged)
        report(Progress("merges", len(vocab), vocab_size))
    report(Progress("merges", len(vocab), len(vocab)), force=True)
    return vocab, merges


def _neg(pair: tuple[str, str]) -> tuple:
    """Order key making the lexicographically smaller pair win a ``max``."""
    return tuple(tuple(-ord(c) for c in part) for part in pair)


def _merge(symbols: list[str], left: str, right: str, merged: str) -> list[str]:
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:
            out.append(merged)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out
