"""Unigram language-model tokenization: the lattice, forward-backward, Viterbi and n-best.

A text's segmentations are paths through a lattice whose edges are vocabulary pieces; a path's
probability is the product of its pieces' probabilities. Forward-backward gives every piece's
expected count (the E step of EM training); Viterbi the best path (deterministic inference).

>>> probs = {"a": 0.3, "b": 0.2, "ab": 0.5}
>>> lattice = Lattice("abab", probs)
>>> round(lattice.total_probability(), 4)
0.3136
>>> lattice.viterbi()[0]
['ab', 'ab']
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

NEG_INF = float("-inf")


def _logsumexp(a: float, b: float) -> float:
    if a == NEG_INF:
        return b
    if b == NEG_INF:
        return a
    high = max(a, b)
    return high + math.log(math.exp(a - high) + math.exp(b - high))


@dataclass(frozen=True)
class Edge:
    """A piece covering ``text[start:end]`` with log-probability ``logp``."""

    start: int
    end: int
    piece: str
    logp: float


class LogProbs:
    """Log-probabilities of a vocabulary, computed once and shared by many lattices."""

    def __init__(self, probs: dict[str, float]) -> None:
        self.logp = {p: math.log(q) for p, q in probs.items() if q > 0}
        self.longest = max((len(p) for p in self.logp), default=0)


class Lattice:
    """All segmentations of ``text`` into pieces of ``probs`` ({piece: probability}).

    Positions are code point offsets; ``ends_at[j]`` lists the edges ending at ``j``.
    """

    def __init__(self, text: str, probs: dict[str, float] | None = None, *,
                 logp: "LogProbs | None" = None) -> None:
        self.text = text
        table = logp or LogProbs(probs or {})
        logp, longest = table.logp, table.longest
        self.ends_at: list[list[Edge]] = [[] for _ in range(len(text) + 1)]
        for start in range(len(text)):
            for end in range(start + 1, min(len(text), start + longest) + 1):
                piece = text[start:end]
                if piece in logp:
                    self.ends_at[end].append(Edge(start, end, piece, logp[piece]))

    def forward(self) -> list[float]:
        """``alpha[j]``: log of the summed probability of all paths covering ``text[:j]``."""
        alpha = [NEG_INF] * (len(self.text) + 1)
        alpha[0] = 0.0
        for j in range(1, len(self.text) + 1):
            for edge in self.ends_at[j]:
                alpha[j] = _logsumexp(alpha[j], alpha[edge.start] + edge.logp)
        return alpha

    def backward(self) -> list[float]:
        """``beta[i]``: log of the summed probability of all paths covering ``text[i:]``."""
        n = len(self.text)
        beta = [NEG_INF] * (n + 1)
        beta[n] = 0.0
        for j in range(n, 0, -1):
            for edge in self.ends_at[j]:
                beta[edge.start] = _logsumexp(beta[edge.start], edge.logp + beta[j])
        return beta

    def total_probability(self) -> float:
        return math.exp(self.forward()[-1])

    def expected_counts(self) -> dict[str, float]:
        """E[number of times each piece is used], over all segmentations weighted by probability.

        An edge's posterior is ``alpha[start] * p(piece) * beta[end] / Z``.
        """
        alpha, beta = self.forward(), self.backward()
        log_z = alpha[-1]
        counts: dict[str, float] = defaultdict(float)
        if log_z == NEG_INF:
            return dict(counts)
        for j, edges in enumerate(self.ends_at):
            for edge in edges:
                counts[edge.piece] += math.exp(alpha[edge.start] + edge.logp + beta[j] - log_z)
        return dict(counts)

    def viterbi(self) -> tuple[list[str], float]:
        """The most probable segmentation and its probability (ties: the earlier-found path)."""
        n = len(self.text)
        best = [NEG_INF] * (n + 1)
        back: list[Edge | None] = [None] * (n + 1)
        best[0] = 0.0
        for j in range(1, n + 1):
            for edge in self.ends_at[j]:
                score = best[edge.start] + edge.logp
                if score > best[j]:
                    best[j], back[j] = score, edge
        if best[n] == NEG_INF:
            return [], 0.0
        pieces, j = [], n
        while j > 0:
            edge = back[j]
            pieces.append(edge.piece)
            j = edge.start
        return pieces[::-1], math.exp(best[n])

    def nbest(self, n: int) -> list[tuple[list[str], float]]:
        """The ``n`` most probable segmentations with their probabilities, best first."""
        # k-best lists per position: (logp, pieces), kept sorted, at most n each
        kbest: list[list[tuple[float, list[str]]]] = [[] for _ in range(len(self.text) + 1)]
        kbest[0] = [(0.0, [])]
        for j in range(1, len(self.text) + 1):
            candidates = [(score + edge.logp, pieces + [edge.piece])
                          for edge in self.ends_at[j] for score, pieces in kbest[edge.start]]
            candidates.sort(key=lambda c: (-c[0], c[1]))
            kbest[j] = candidates[:n]
        return [(pieces, math.exp(score)) for score, pieces in kbest[-1]]


# --- training ---------------------------------------------------------------------------------


@dataclass
class UnigramRound:
    """One EM round of training: vocabulary size and corpus log-likelihood after it."""

    size: int
    log_likelihood: float


def seed_vocabulary(word_counts: dict[str, int], size: int, max_piece_length: int = 16
                    ) -> dict[str, float]:
    """A large first vocabulary: every character, plus the most useful frequent substrings
    (score = frequency × length), with probabilities proportional to frequency.

    >>> sorted(seed_vocabulary({"abab": 1}, size=10))
    ['a', 'ab', 'aba', 'abab', 'b', 'ba', 'bab']
    """
    counts: dict[str, int] = defaultdict(int)
    chars: set[str] = set()
    for word, freq in word_counts.items():
        chars.update(word)
        for start in range(len(word)):
            for end in range(start + 1, min(len(word), start + max_piece_length) + 1):
                counts[word[start:end]] += freq
    multi = sorted((p for p in counts if len(p) > 1), key=lambda p: (-counts[p] * len(p), p))
    kept = list(chars) + multi[:max(0, size - len(chars))]
    total = sum(counts[p] for p in kept)
    return {p: counts[p] / total for p in kept}


def _e_step(word_counts: dict[str, int], probs: dict[str, float]) -> tuple[dict[str, float], float]:
    """Expected piece counts over the corpus, and its log-likelihood."""
    expected: dict[str, float] = defaultdict(float)
    log_likelihood = 0.0
    table = LogProbs(probs)
    for word, freq in word_counts.items():
        lattice = Lattice(word, logp=table)
        log_z = lattice.forward()[-1]
        if log_z == NEG_INF:
            continue
        log_likelihood += freq * log_z
        for piece, count in lattice.expected_counts().items():
            expected[piece] += freq * count
    return expected, log_likelihood


def _m_step(expected: dict[str, float], chars: set[str]) -> dict[str, float]:
    """New probabilities from expected counts; characters are kept however rare."""
    floor = 1e-3
    counts = {p: c for p, c in expected.items() if c > floor or p in chars}
    for char in chars:
        counts.setdefault(char, floor)
    total = sum(counts.values())
    return {p: c / total for p, c in counts.items()}


def _prune(word_counts: dict[str, int], probs: dict[str, float], keep: int,
           chars: set[str]) -> dict[str, float]:
    """Drop the pieces whose removal loses the least likelihood; keep ``keep`` of them.

    A piece's loss is its Viterbi usage times how much worse its best alternative split is.
    """
    usage: dict[str, int] = defaultdict(int)
    table = LogProbs(probs)
    for word, freq in word_counts.items():
        for piece in Lattice(word, logp=table).viterbi()[0]:
            usage[piece] += freq
    losses = {}
    for piece, p in probs.items():
        if piece in chars:
            continue
        # the best split of the piece without itself: hide it from the shared table for a moment
        own = table.logp.pop(piece)
        alternative = Lattice(piece, logp=table).viterbi()[1]
        table.logp[piece] = own
        losses[piece] = usage.get(piece, 0) * (math.log(p) - math.log(max(alternative, 1e-300)))
    ranked = sorted(losses, key=lambda piece: (-losses[piece], piece))
    kept = set(ranked[:max(0, keep - len(chars))]) | chars
    total = sum(probs[p] for p in kept)
    return {p: probs[p] / total for p in kept}


def train_unigram(word_counts: dict[str, int], *, vocab_size: int, seed_size: int | None = None,
                  shrinking_factor: float = 0.75, em_iterations: int = 2,
                  max_piece_length: int = 16, progress=None, cancel=None
                  ) -> tuple[dict[str, float], list[UnigramRound]]:
    """SentencePiece-style Unigram training: seed, then EM and pruning until ``vocab_size``.

    Returns piece probabilities and the rounds (size, log-likelihood) as a trace.
    """
    from ..progress import Progress, Throttle, check_cancel

    report = Throttle(progress)
    chars = {c for word in word_counts for c in word}
    probs = seed_vocabulary(word_counts, seed_size or max(vocab_size * 10, 1000), max_piece_length)
    rounds: list[UnigramRound] = []
    while True:
        for _ in range(em_iterations):
            check_cancel(cancel)
            expected, log_likelihood = _e_step(word_counts, probs)
            probs = _m_step(expected, chars)
        rounds.append(UnigramRound(len(probs), log_likelihood))
        report(Progress("em", len(rounds), 0, f"{len(probs)} pieces"))
        # single characters are never pruned: they bound how small the vocabulary can get
        if len(probs) <= max(vocab_size, len(chars)):
            break
        check_cancel(cancel)
        target = max(vocab_size, int(len(probs) * shrinking_factor))
        before = len(probs)
        probs = _prune(word_counts, probs, target, chars)
        if len(probs) >= before:
            break
    report(Progress("em", len(rounds), len(rounds)), force=True)
    return probs, rounds
