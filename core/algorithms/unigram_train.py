"""Unigram training over a corpus' distinct words, with numpy: what ``unigram.train_unigram`` runs.

The steps are SentencePiece's (``unigram_model_trainer.cc``):

1. seed: every character and the best repeated substrings (``unigram_seed``);
2. EM: expected piece counts by forward-backward over every distinct word, weighted by its count
   (E); new log-probabilities ``digamma(count) - digamma(total)``, a sparse Bayesian prior that
   pushes rare pieces further down, and pieces expected less than 0.5 times dropped (M);
3. prune: the pieces whose removal loses the least likelihood go, keeping ``shrinking_factor`` of
   them, until the vocabulary is within 10% of the target; single characters always stay;
4. finalize: the ``vocab_size`` most probable pieces (characters first).

>>> pieces, logp, rounds = train({"▁abab": 4, "▁ab": 3, "▁ba": 1}, vocab_size=6)
>>> sorted(pieces)
['a', 'b', 'ba', '▁', '▁ab', '▁abab']
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..memory import release_freed_memory
from ..notes import note
from ..progress import Progress, Throttle, check_cancel
from .unigram_batch import CharTable, Edges, PieceTrie, WordBatch
from .unigram_seed import covered_words, seed_pieces

UNKNOWN_PENALTY = 10.0  # an unknown character costs the rarest piece's log-probability - 10
MIN_EXPECTED = 0.5      # a piece expected fewer times than this is dropped in the M step
CHUNK_POSITIONS = 1 << 18  # characters per lattice chunk: bounds the sorting temporaries


@dataclass
class Round:
    """One EM round: vocabulary size and the corpus log-likelihood after it."""

    size: int
    log_likelihood: float


def digamma(x: np.ndarray) -> np.ndarray:
    """ψ(x) for positive x: shift up to x ≥ 7 with ψ(x) = ψ(x + 1) - 1/x, then the asymptotic
    series (as SentencePiece's ``Digamma``).

    >>> round(float(digamma(np.array([1.0]))[0]), 6)  # -γ
    -0.577216
    """
    x = np.asarray(x, dtype=np.float64).ravel()
    out = np.empty_like(x)
    for lo in range(0, len(x), 1 << 16):  # slices: the series' temporaries stay small
        out[lo:lo + (1 << 16)] = _digamma(x[lo:lo + (1 << 16)])
    return out


def _digamma(x: np.ndarray) -> np.ndarray:
    x = np.array(x, dtype=np.float64)
    result = np.zeros_like(x)
    while True:
        small = x < 7
        if not small.any():
            break
        result[small] -= 1 / x[small]
        x[small] += 1
    x -= 0.5
    xx = 1 / x
    xx2 = xx * xx
    xx4 = xx2 * xx2
    return result + np.log(x) + (1 / 24) * xx2 - (7 / 960) * xx4 + (31 / 8064) * xx4 * xx2 \
        - (127 / 30720) * xx4 * xx4


@dataclass
class Pieces:
    """The current vocabulary as a code table: piece ``i`` is ``codes[offsets[i]:offsets[i+1]]``."""

    codes: np.ndarray
    offsets: np.ndarray
    logp: np.ndarray
    chars: int  # pieces 0 .. chars-1 are the single characters

    def __len__(self) -> int:
        return len(self.logp)

    def is_char(self) -> np.ndarray:
        return np.arange(len(self)) < self.chars

    def select(self, keep: np.ndarray) -> "Pieces":
        """The pieces where ``keep`` is true, in the same order."""
        lengths = np.diff(self.offsets)
        codes = self.codes[np.repeat(keep, lengths)]  # a mask, not indices: 1 byte a character
        lengths = lengths[keep]
        offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return Pieces(codes, offsets, self.logp[keep], int(keep[:self.chars].sum()))

    def strings(self, chars: CharTable) -> list[str]:
        table = chars.chars
        return ["".join(table[c] for c in self.codes[a:b].tolist())
                for a, b in zip(self.offsets[:-1].tolist(), self.offsets[1:].tolist())]

    def with_unknown(self) -> np.ndarray:
        """Log-probabilities plus one for the unknown character (index ``len(self)``)."""
        return np.append(self.logp, self.logp.min(initial=0.0) - UNKNOWN_PENALTY)


class CorpusLattices:
    """The corpus' distinct words in chunks, each with its lattice over the current pieces.

    The lattices are built once, after the first EM step: pieces are only ever removed, so
    later rounds filter the edges instead of searching the words again. The seed's own
    lattices, the largest, are never all kept: ``streamed_counts`` builds and drops them a
    chunk at a time.
    """

    def __init__(self, batch: WordBatch, pieces: Pieces, alphabet: int, cancel=None) -> None:
        self.total = float(batch.freqs.sum())
        self.chunks: list[Edges] = list(self._build(batch, pieces, alphabet, cancel))

    @staticmethod
    def _build(batch: WordBatch, pieces: Pieces, alphabet: int, cancel=None):
        trie = PieceTrie.from_arrays(pieces.codes, pieces.offsets, alphabet, cancel)
        for part in batch.split(CHUNK_POSITIONS):
            check_cancel(cancel)
            yield part.edges(trie, unknown_piece=len(pieces))

    @classmethod
    def streamed_counts(cls, batch: WordBatch, pieces: Pieces, alphabet: int, cancel=None
                        ) -> tuple[np.ndarray, float]:
        """``expected_counts`` over lattices built and dropped one chunk at a time."""
        return _sum_counts(cls._build(batch, pieces, alphabet, cancel), pieces.with_unknown(),
                           cancel)

    def expected_counts(self, logp: np.ndarray, cancel=None) -> tuple[np.ndarray, float]:
        """Expected uses of each piece over the corpus, and the corpus log-likelihood."""
        return _sum_counts(self.chunks, logp, cancel)

    def viterbi_usage(self, logp: np.ndarray, cancel=None) -> tuple[np.ndarray, np.ndarray]:
        """How often each piece is in the best segmentations (``freq``), and the count of the
        words whose best segmentation holds it at least once (``presence``)."""
        freq, presence = np.zeros(len(logp)), np.zeros(len(logp))
        for edges in self.chunks:
            words, pieces, _ = edges.viterbi_pieces(logp, cancel)
            weights = edges.batch.freqs
            freq += np.bincount(pieces, weights[words], minlength=len(logp))
            pairs = _distinct(words * len(logp) + pieces)
            presence += np.bincount(pairs % len(logp), weights[pairs // len(logp)],
                                    minlength=len(logp))
        return freq, presence

    def keep(self, keep: np.ndarray) -> None:
        """Forget the pieces where ``keep`` is false (the unknown piece, last, always stays)."""
        alive = np.append(keep, True)
        new_index = (np.cumsum(alive) - 1).astype(np.int32)
        for edges in self.chunks:
            edges.keep(alive, new_index)


def _distinct(keys: np.ndarray) -> np.ndarray:
    """``np.unique(keys)`` by an in-place sort (numpy 2.3's unique hashes first, then sorts:
    ~3x slower on tens of millions of int64 keys).

    >>> _distinct(np.array([3, 1, 3, 2])).tolist()
    [1, 2, 3]
    """
    keys.sort()
    if not len(keys):
        return keys
    fresh = np.empty(len(keys), dtype=bool)
    fresh[0] = True
    np.not_equal(keys[1:], keys[:-1], out=fresh[1:])
    return keys[fresh]


def _sum_counts(chunks, logp: np.ndarray, cancel=None) -> tuple[np.ndarray, float]:
    counts, log_likelihood = np.zeros(len(logp)), 0.0
    for edges in chunks:
        part, log_z = edges.expected_counts(logp, cancel)
        counts += part
        log_likelihood += float(log_z @ edges.batch.freqs)
    return counts, log_likelihood


def m_step(pieces: Pieces, expected: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which pieces stay (expected ≥ 0.5, or a character) and their new log-probabilities.

    >>> pieces = Pieces(np.array([1, 2, 1, 2]), np.array([0, 1, 2, 4]), np.zeros(3), 2)
    >>> keep, logp = m_step(pieces, np.array([3.0, 0.1, 0.2]))
    >>> keep.tolist()
    [True, True, False]
    """
    counts = expected[:len(pieces)]
    keep = (counts >= MIN_EXPECTED) | pieces.is_char()
    # a character nobody uses still needs a fair score, or a word holding it has no good path
    counts = np.where(keep & pieces.is_char(), np.maximum(counts, MIN_EXPECTED), counts)
    logp = digamma(counts) - digamma(np.array([counts[keep].sum()]))[0]
    return keep, logp


def prune(lattices: CorpusLattices, pieces: Pieces, alphabet: int, size: int,
          cancel=None) -> np.ndarray:
    """The ``size`` pieces to keep: characters, then the pieces whose removal costs most.

    SentencePiece's loss for piece ``i`` used ``freq[i]`` times in the best segmentations:
    replace it by its best split into other pieces ``alt``, whose counts each grow by
    ``freq[i]``; the loss is the drop in log-probability, weighted by the share of words that
    use ``i``. A piece that is not its own best segmentation, or is never used, goes first.
    """
    freq, presence = lattices.viterbi_usage(pieces.with_unknown(), cancel)
    freq, presence = freq[:len(pieces)], presence[:len(pieces)]
    used = np.flatnonzero(~pieces.is_char() & (freq > 0))
    rows, owner, alt, alt_score = _best_splits(pieces, used, alphabet, cancel)
    own = freq[rows]
    total = freq.sum()
    n_alt = np.bincount(owner, minlength=len(rows))
    log_alt = np.bincount(owner, np.log(freq[alt] + own[owner]), minlength=len(rows)) \
        - n_alt * np.log(total + own * (n_alt - 1))
    loss = presence[rows] / lattices.total * (np.log(own) - math.log(total) - log_alt)
    candidates = alt_score <= pieces.logp[rows]  # the piece is (one of) its own best splits
    ranked = rows[candidates][np.lexsort((rows[candidates], -loss[candidates]))]
    keep = pieces.is_char()
    keep[ranked[:max(0, size - pieces.chars)]] = True
    return keep


def _best_splits(pieces: Pieces, rows: np.ndarray, alphabet: int, cancel=None):
    """Each piece of ``rows``' best segmentation into *other* pieces (Viterbi without the edge
    of the whole piece), in chunks: (rows reordered, owner index into them, piece, score)."""
    batch, rows = WordBatch.from_arrays(pieces.codes, pieces.offsets, rows)
    trie = PieceTrie.from_arrays(pieces.codes, pieces.offsets, alphabet, cancel)
    owners, alts, scores, done = [np.zeros(0, np.int64)], [np.zeros(0, np.int32)], [], 0
    scores.append(np.zeros(0))
    for part in batch.split(CHUNK_POSITIONS // 4):  # a piece's lattice is dense: smaller chunks
        owner, alt, score = part.edges(trie, whole=False).viterbi_pieces(pieces.logp, cancel)
        owners.append(owner + done)
        alts.append(alt)
        scores.append(score)
        done += part.word_count()
    return rows, np.concatenate(owners), np.concatenate(alts), np.concatenate(scores)


def finalize(pieces: Pieces, vocab_size: int) -> np.ndarray:
    """Keep every character, then the most probable pieces up to ``vocab_size``."""
    others = np.arange(pieces.chars, len(pieces))
    ranked = others[np.lexsort((others, -pieces.logp[others]))]
    keep = pieces.is_char()
    keep[ranked[:max(0, vocab_size - pieces.chars)]] = True
    return keep


def planned_rounds(seed: int, desired: int, shrinking_factor: float) -> int:
    """How many EM rounds pruning ``seed`` pieces down to ``desired`` takes (progress total).

    >>> planned_rounds(1000, 100, 0.5)
    5
    """
    rounds, size = 1, seed
    while size > desired:
        size = max(desired, int(size * shrinking_factor))
        rounds += 1
    return rounds


def train(word_counts: dict[str, float], *, vocab_size: int, seed_size: int = 1_000_000,
          shrinking_factor: float = 0.75, em_iterations: int = 2, max_piece_length: int = 16,
          character_coverage: float = 1.0, progress=None, cancel=None
          ) -> tuple[list[str], np.ndarray, list[Round]]:
    """Train a Unigram vocabulary of at most ``vocab_size`` pieces (more only if the kept
    characters alone are more). Returns pieces, their log-probabilities, and the EM rounds."""
    report = Throttle(progress)
    check_cancel(cancel)
    chars, batch = covered_words(word_counts, character_coverage)
    release_freed_memory()  # phases do not reuse each other's temporaries (core.memory)
    batch.words = None  # the caller keeps the strings; the arrays are all training needs
    codes, offsets, scores, letters = seed_pieces(batch, chars, seed_size, max_piece_length,
                                                  cancel)
    pieces = Pieces(codes, offsets, np.log(scores / scores.sum()), letters)
    del codes, offsets, scores
    release_freed_memory()
    desired = max(int(vocab_size * 1.1), vocab_size)  # SentencePiece prunes to 110%, then cuts
    total = 2 + planned_rounds(len(pieces), desired, shrinking_factor) * (em_iterations + 1)
    done = 1
    report(Progress("unigram", done, total, note("progress.seed_pieces", count=len(pieces))))
    lattices = None  # built after the first E step, from the pieces it leaves
    rounds: list[Round] = []
    while True:
        for _ in range(em_iterations):
            if lattices is None:
                expected, log_likelihood = CorpusLattices.streamed_counts(batch, pieces,
                                                                          len(chars), cancel)
                keep, pieces.logp = m_step(pieces, expected)
                pieces = pieces.select(keep)
                release_freed_memory()
                lattices = CorpusLattices(batch, pieces, len(chars), cancel)
            else:
                expected, log_likelihood = lattices.expected_counts(pieces.with_unknown(),
                                                                    cancel)
                keep, pieces.logp = m_step(pieces, expected)
                pieces = _shrink(pieces, lattices, keep)
            release_freed_memory()
            done = min(done + 1, total - 1)
            report(Progress("unigram", done, total, note("progress.em_pieces", count=len(pieces))))
        rounds.append(Round(len(pieces), log_likelihood))
        if len(pieces) <= max(desired, pieces.chars):
            break
        if lattices is None:
            lattices = CorpusLattices(batch, pieces, len(chars), cancel)
        target = max(desired, int(len(pieces) * shrinking_factor))
        pieces = _shrink(pieces, lattices, prune(lattices, pieces, len(chars), target, cancel))
        release_freed_memory()
        done = min(done + 1, total - 1)
        report(Progress("unigram", done, total, note("progress.pruned", count=len(pieces))))
    del lattices
    release_freed_memory()
    pieces = pieces.select(finalize(pieces, vocab_size))
    report(Progress("unigram", total, total, note("progress.pieces", count=len(pieces))),
           force=True)
    return pieces.strings(chars), pieces.logp, rounds


def _shrink(pieces: Pieces, lattices: CorpusLattices, keep: np.ndarray) -> Pieces:
    if keep.all():
        return pieces
    lattices.keep(keep)
    return pieces.select(keep)
