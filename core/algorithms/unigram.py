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
# The trainer runs many lattices at once with numpy (unigram_batch, unigram_seed, unigram_train);
# this Lattice stays the readable definition it is tested against.

from .unigram_train import Round as UnigramRound  # noqa: E402  (re-exported)


def train_unigram(word_counts: dict[str, int], *, vocab_size: int, seed_size: int | None = None,
                  shrinking_factor: float = 0.75, em_iterations: int = 2,
                  max_piece_length: int = 16, character_coverage: float = 1.0,
                  progress=None, cancel=None) -> tuple[dict[str, float], list[UnigramRound]]:
    """SentencePiece-style Unigram training: seed, then EM and pruning until ``vocab_size``.

    Returns piece probabilities (summing to 1, most probable first) and the rounds (size,
    log-likelihood) as a trace. Characters outside ``character_coverage`` get no piece.

    >>> probs, rounds = train_unigram({"▁abab": 4, "▁ab": 3}, vocab_size=5)
    >>> Lattice("▁abab", probs).viterbi()[0]
    ['▁abab']
    """
    from .unigram_train import train

    pieces, logp, rounds = train(word_counts, vocab_size=vocab_size,
                                 seed_size=seed_size or 1_000_000,
                                 shrinking_factor=shrinking_factor, em_iterations=em_iterations,
                                 max_piece_length=max_piece_length,
                                 character_coverage=character_coverage,
                                 progress=progress, cancel=cancel)
    weights = [math.exp(x) for x in logp.tolist()]
    total = math.fsum(weights)
    order = sorted(range(len(pieces)), key=lambda i: (-weights[i], pieces[i]))
    return {pieces[i]: weights[i] / total for i in order}, rounds
