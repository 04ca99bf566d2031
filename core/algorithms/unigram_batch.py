"""Many Unigram lattices at once, with numpy: the training-time twin of ``unigram.Lattice``.

``unigram.Lattice`` is the readable definition (one text, Python loops). Training runs the same
forward-backward and Viterbi over every distinct word of a corpus, so here all words of a
:class:`WordBatch` are processed together, one *position* at a time: step ``j`` updates node
``j`` of every word at least ``j`` long with one handful of numpy calls. Words are sorted longest
first, so the words still active at step ``j`` are a prefix of the batch.

Nodes: word ``w`` of length ``n`` has nodes ``base[w] .. base[w] + n`` (node ``j`` sits before
character ``j``). An edge is a piece covering characters ``start .. start + length`` of one word.

>>> chars = CharTable.from_words(["abab"])
>>> batch = WordBatch.from_counts({"abab": 1}, chars)
>>> trie = PieceTrie.build(["a", "b", "ab"], chars)
>>> edges = batch.edges(trie)
>>> logp = np.log(np.array([0.3, 0.2, 0.5]))
>>> round(float(np.exp(edges.forward(logp)[batch.last_nodes()][0])), 4)
0.3136
>>> [int(p) for p in edges.viterbi_pieces(logp)[1]]  # last piece first
[2, 2]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

UNKNOWN = 0  # the dense id every character outside the table maps to
MAX_CODE_POINT = 0x110000


def code_points(text: str) -> np.ndarray:
    """The code points of ``text`` as a uint32 array.

    >>> code_points("a▁").tolist()
    [97, 9601]
    """
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


class CharTable:
    """Dense ids for the characters training knows (``0`` is the unknown character).

    A lookup array over all code points (4.4 MB) turns a whole corpus into ids in one step.
    """

    def __init__(self, chars: list[str]) -> None:
        self.chars = [""] + list(chars)  # id -> character; id 0 stands for "unknown"
        self.lookup = np.zeros(MAX_CODE_POINT, dtype=np.int32)
        if chars:
            self.lookup[code_points("".join(chars))] = np.arange(1, len(chars) + 1,
                                                                 dtype=np.int32)

    @classmethod
    def from_words(cls, words) -> "CharTable":
        return cls(sorted({c for word in words for c in word}))

    def __len__(self) -> int:
        return len(self.chars)

    def encode(self, text: str) -> np.ndarray:
        return self.lookup[code_points(text)]


@dataclass
class WordBatch:
    """Distinct words as one id array, longest word first (ties: in string order)."""

    codes: np.ndarray    # int32 character ids of all words, concatenated
    offsets: np.ndarray  # int64, word w is codes[offsets[w]:offsets[w + 1]]
    freqs: np.ndarray    # float64 count of each word
    words: list[str] | None = None  # the words themselves, when the batch was made from text

    @classmethod
    def from_counts(cls, counts: dict[str, float], chars: CharTable) -> "WordBatch":
        # sorted by (-length, word): the same order whatever the dict's order or hash seed
        words = sorted(counts, key=lambda w: (-len(w), w))
        lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
        offsets = np.zeros(len(words) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        freqs = np.fromiter((counts[w] for w in words), dtype=np.float64, count=len(words))
        return cls(chars.encode("".join(words)), offsets, freqs, words)

    @classmethod
    def from_arrays(cls, codes: np.ndarray, offsets: np.ndarray, rows: np.ndarray
                    ) -> "WordBatch":
        """The words ``rows`` of a (codes, offsets) table, each counted once, longest first
        (ties keep the order of ``rows``)."""
        lengths = offsets[rows + 1] - offsets[rows]
        rows = rows[np.argsort(-lengths, kind="stable")]
        lengths = offsets[rows + 1] - offsets[rows]
        new_offsets = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(lengths, out=new_offsets[1:])
        take = np.repeat(offsets[rows] - new_offsets[:-1], lengths) + np.arange(new_offsets[-1])
        return cls(codes[take], new_offsets, np.ones(len(rows)), None), rows

    def split(self, positions: int) -> list["WordBatch"]:
        """Consecutive sub-batches of about ``positions`` characters each (at least one word)."""
        cuts = [0]
        while cuts[-1] < self.word_count():
            limit = self.offsets[cuts[-1]] + positions
            cuts.append(max(cuts[-1] + 1, int(np.searchsorted(self.offsets, limit, "right")) - 1))
        return [WordBatch(self.codes[self.offsets[a]:self.offsets[b]],
                          self.offsets[a:b + 1] - self.offsets[a], self.freqs[a:b],
                          None if self.words is None else self.words[a:b])
                for a, b in zip(cuts, cuts[1:])]

    def word_count(self) -> int:
        return len(self.freqs)

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def base(self) -> np.ndarray:
        """Node id of each word's first node (each word has ``length + 1`` nodes)."""
        return self.offsets[:-1] + np.arange(self.word_count())

    def last_nodes(self) -> np.ndarray:
        return self.offsets[1:] + np.arange(self.word_count())

    def node_count(self) -> int:
        return int(self.offsets[-1]) + self.word_count()

    def per_node(self, values: np.ndarray) -> np.ndarray:
        """Spread one value per word over that word's nodes."""
        return np.repeat(values, self.lengths + 1)

    def edges(self, trie: "PieceTrie", unknown_piece: int = -1, whole: bool = True) -> "Edges":
        """Every occurrence of every trie piece inside the words: the batch's lattice edges.

        An unknown character (id 0) gets a one-character edge for ``unknown_piece``, so that
        every word has at least one segmentation. ``whole=False`` leaves out the edges that
        span a whole word (to find a piece's best split into other pieces).
        """
        word_of_pos = np.repeat(np.arange(self.word_count()), self.lengths)
        starts, lengths, pieces = trie.find(self.codes, self.offsets[1:][word_of_pos])
        if not whole:
            word = word_of_pos[starts]
            partial = (starts != self.offsets[word]) | (starts + lengths != self.offsets[word + 1])
            starts, lengths, pieces = starts[partial], lengths[partial], pieces[partial]
        if unknown_piece >= 0:
            unknown = np.flatnonzero(self.codes == UNKNOWN)
            starts = np.concatenate([starts, unknown])
            lengths = np.concatenate([lengths, np.ones(len(unknown), np.int8)])
            pieces = np.concatenate([pieces, np.full(len(unknown), unknown_piece, np.int32)])
        word = word_of_pos[starts]
        return Edges(self, starts - self.offsets[word], word, lengths, pieces)


class PieceTrie:
    """The vocabulary as a character trie, one sorted key array per depth, searched with numpy.

    A child's key is ``parent * alphabet + char``: finding all pieces that start at every
    position of a corpus takes one ``searchsorted`` per depth (at most the longest piece).
    """

    def __init__(self, alphabet: int, levels: list[tuple[np.ndarray, np.ndarray]],
                 terminal: np.ndarray) -> None:
        self.alphabet = alphabet
        self.levels = levels        # per depth: (sorted child keys, child node ids)
        self.terminal = terminal    # trie node -> piece index, or -1

    @classmethod
    def build(cls, pieces: list[str], chars: CharTable) -> "PieceTrie":
        """The trie of ``pieces`` (strings); piece ``i`` is found as ``i``."""
        lengths = np.array([len(p) for p in pieces], dtype=np.int64)
        offsets = np.zeros(len(pieces) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls.from_arrays(chars.encode("".join(pieces)), offsets, len(chars))

    @classmethod
    def from_arrays(cls, codes: np.ndarray, offsets: np.ndarray, alphabet: int) -> "PieceTrie":
        """The trie of the pieces ``codes[offsets[i]:offsets[i + 1]]``."""
        lengths = np.diff(offsets)
        node = np.zeros(len(lengths), dtype=np.int64)  # every piece starts at the root, node 0
        levels, next_node = [], 1
        terminal = np.full(int(lengths.sum()) + 1, -1, dtype=np.int32)
        for depth in range(int(lengths.max(initial=0))):
            active = np.flatnonzero(lengths > depth)
            keys, inverse = np.unique(node[active] * alphabet + codes[offsets[active] + depth],
                                      return_inverse=True)
            children = np.arange(next_node, next_node + len(keys), dtype=np.int64)
            next_node += len(keys)
            levels.append((keys, children))
            node[active] = children[inverse.ravel()]
            done = active[lengths[active] == depth + 1]
            terminal[node[done]] = done
        # a piece holding an unknown character (id 0) is no piece: never report it
        unknown = np.unique(np.repeat(np.arange(len(lengths)), lengths)[codes == UNKNOWN])
        terminal[np.isin(terminal, unknown)] = -1
        return cls(alphabet, levels, terminal[:next_node])

    def find(self, codes: np.ndarray, limits: np.ndarray):
        """All (start, length, piece) with ``codes[start:start+length]`` a piece that ends at or
        before ``limits[start]`` (the end of the start's word)."""
        starts = np.arange(len(codes), dtype=np.int64)
        node = np.zeros(len(codes), dtype=np.int64)
        found = []
        for depth, (keys, children) in enumerate(self.levels):
            fits = starts + depth < limits
            starts, node, limits = starts[fits], node[fits], limits[fits]
            key = node * self.alphabet + codes[starts + depth]
            slot = np.minimum(np.searchsorted(keys, key), len(keys) - 1)
            hit = keys[slot] == key
            starts, node, limits = starts[hit], children[slot[hit]], limits[hit]
            piece = self.terminal[node]
            ends_here = piece >= 0
            found.append((starts[ends_here], np.full(int(ends_here.sum()), depth + 1, np.int8),
                          piece[ends_here]))
            if not len(starts):
                break
        if not found:
            return np.zeros(0, np.int64), np.zeros(0, np.int8), np.zeros(0, np.int32)
        return tuple(np.concatenate(column) for column in zip(*found))


def _runs(nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start offsets and sizes of the runs of equal values in ``nodes`` (sorted by run).

    >>> [a.tolist() for a in _runs(np.array([4, 4, 7, 9, 9, 9]))]
    [[0, 2, 3], [2, 1, 3]]
    """
    first = np.flatnonzero(np.diff(nodes, prepend=-1))
    return first, np.diff(np.append(first, len(nodes)))


def _logsumexp_runs(values: np.ndarray, first: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """log(sum(exp(run))) of each run of ``values``, shifted by the run's max for stability."""
    high = np.maximum.reduceat(values, first)
    return high + np.log(np.add.reduceat(np.exp(values - np.repeat(high, sizes)), first))


def _prefix_counts(mask: np.ndarray) -> np.ndarray:
    """``out[i]`` = how many of ``mask[:i]`` are true (maps old slice bounds to new ones)."""
    out = np.zeros(len(mask) + 1, dtype=np.int64)
    np.cumsum(mask, out=out[1:])
    return out


class Edges:
    """A batch's lattice edges (13 bytes each), sorted for the forward and backward sweeps.

    Forward order is (end position in the word, word, start): the edges that end at step ``j``
    are one slice, in runs by word. ``backward_order`` lists them by (start position, word).
    """

    def __init__(self, batch: WordBatch, local_start: np.ndarray, word: np.ndarray,
                 lengths: np.ndarray, pieces: np.ndarray) -> None:
        self.batch = batch
        base, nodes = batch.base(), batch.node_count()
        local_end = local_start + lengths
        # one int64 key per edge; inside a (step, word) run the earliest start comes first, the
        # tie-break Lattice.viterbi uses
        order = np.argsort((local_end * nodes + base[word] + local_end) * 32 + (31 - lengths),
                           kind="stable")
        self.start = (base[word] + local_start)[order].astype(np.int32)
        self.length = lengths[order]
        self.piece = pieces[order].astype(np.int32)
        self.forward_ptr = np.searchsorted(local_end[order], np.arange(self.steps() + 2))
        del order, local_end, local_start, word
        local = self.start - base[np.searchsorted(base, self.start, side="right") - 1]
        self.backward_order = np.argsort(local.astype(np.int64) * nodes + self.start,
                                         kind="stable").astype(np.int32)
        self.backward_ptr = np.searchsorted(local[self.backward_order],
                                            np.arange(self.steps() + 1))

    def steps(self) -> int:
        return int(self.batch.lengths.max(initial=0))

    def __len__(self) -> int:
        return len(self.piece)

    def keep(self, alive: np.ndarray, new_index: np.ndarray) -> None:
        """Drop the edges of pieces not ``alive``, renumber the rest by ``new_index``; both
        sort orders survive filtering, so nothing is sorted again."""
        mask = alive[self.piece]
        self.forward_ptr = _prefix_counts(mask)[self.forward_ptr]
        new_position = np.cumsum(mask, dtype=np.int64) - 1
        survivors = mask[self.backward_order]
        self.backward_ptr = _prefix_counts(survivors)[self.backward_ptr]
        self.backward_order = new_position[self.backward_order[survivors]].astype(np.int32)
        self.start, self.length = self.start[mask], self.length[mask]
        self.piece = new_index[self.piece[mask]].astype(np.int32)

    def forward(self, logp: np.ndarray, cancel=None) -> np.ndarray:
        """``alpha`` per node: log of the summed probability of all paths reaching it."""
        alpha = np.full(self.batch.node_count(), -np.inf)
        alpha[self.batch.base()] = 0.0
        for step in range(1, len(self.forward_ptr) - 1):
            lo, hi = self.forward_ptr[step], self.forward_ptr[step + 1]
            start, end = self.start[lo:hi], self.start[lo:hi] + self.length[lo:hi]
            first, sizes = _runs(end)
            alpha[end[first]] = _logsumexp_runs(alpha[start] + logp[self.piece[lo:hi]],
                                                first, sizes)
            _poll(cancel, step)
        return alpha

    def backward(self, logp: np.ndarray, cancel=None) -> np.ndarray:
        """``beta`` per node: log of the summed probability of all paths from it to the end."""
        beta = np.full(self.batch.node_count(), -np.inf)
        beta[self.batch.last_nodes()] = 0.0
        for step in range(len(self.backward_ptr) - 2, -1, -1):
            index = self.backward_order[self.backward_ptr[step]:self.backward_ptr[step + 1]]
            start = self.start[index]
            first, sizes = _runs(start)
            beta[start[first]] = _logsumexp_runs(
                logp[self.piece[index]] + beta[start + self.length[index]], first, sizes)
            _poll(cancel, step)
        return beta

    def expected_counts(self, logp: np.ndarray, cancel=None, chunk: int = 1 << 20
                        ) -> tuple[np.ndarray, np.ndarray]:
        """Expected uses of each piece (weighted by word counts), and each word's log Z.

        An edge's posterior is ``alpha[start] + logp + beta[end] - log Z`` (in logs).
        """
        alpha = self.forward(logp, cancel)
        beta = self.backward(logp, cancel)
        log_z = alpha[self.batch.last_nodes()]
        z_node = self.batch.per_node(log_z)
        weight_node = self.batch.per_node(self.batch.freqs)
        counts = np.zeros(len(logp))
        for lo in range(0, len(self), chunk):
            start, piece = self.start[lo:lo + chunk], self.piece[lo:lo + chunk]
            post = alpha[start] + logp[piece] + beta[start + self.length[lo:lo + chunk]]
            counts += np.bincount(piece, np.exp(post - z_node[start]) * weight_node[start],
                                  minlength=len(logp))
        return counts, log_z

    def viterbi_pieces(self, logp: np.ndarray, cancel=None
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The best segmentation of every word, as (word index, piece) pairs (last piece first),
        and each word's best log-probability. Ties go to the earliest-starting last piece, as
        in ``Lattice.viterbi``."""
        best = np.full(self.batch.node_count(), -np.inf)
        best[self.batch.base()] = 0.0
        back = np.zeros(self.batch.node_count(), dtype=np.int64)
        for step in range(1, len(self.forward_ptr) - 1):
            lo, hi = self.forward_ptr[step], self.forward_ptr[step + 1]
            start, end = self.start[lo:hi], self.start[lo:hi] + self.length[lo:hi]
            first, sizes = _runs(end)
            values = best[start] + logp[self.piece[lo:hi]]
            high = np.maximum.reduceat(values, first)
            winner = np.where(values == np.repeat(high, sizes), np.arange(lo, hi), hi)
            best[end[first]], back[end[first]] = high, np.minimum.reduceat(winner, first)
            _poll(cancel, step)
        words, pieces = self._trace_back(back)
        return words, pieces, best[self.batch.last_nodes()]

    def _trace_back(self, back: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Follow every word's best path from its last node back to its first, all at once."""
        base = self.batch.base()
        words = np.arange(self.batch.word_count())
        node = self.batch.last_nodes()
        out_words, out_pieces = [np.zeros(0, np.int64)], [np.zeros(0, np.int32)]
        while len(node):
            moving = node > base[words]
            words, node = words[moving], node[moving]
            edge = back[node]
            out_words.append(words)
            out_pieces.append(self.piece[edge])
            node = self.start[edge].astype(np.int64)
        return np.concatenate(out_words), np.concatenate(out_pieces)


def _poll(cancel, step: int) -> None:
    """Honour a cancel request every 256 steps (a step takes microseconds to milliseconds)."""
    if cancel is not None and step % 256 == 0 and cancel():
        from ..progress import Cancelled

        raise Cancelled("cancelled")
