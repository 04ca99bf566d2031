"""Many Unigram lattices at once, with numpy: the training-time twin of ``unigram.Lattice``.

``unigram.Lattice`` is the readable definition (one text, Python loops). Training runs the same
forward-backward and Viterbi over every distinct word of a corpus, so here all words of a
:class:`WordBatch` are processed together, one *position* at a time: step ``j`` updates node
``j`` of every word at least ``j`` long with one handful of numpy calls. Words are sorted longest
first, so the words still active at step ``j`` are a prefix of the batch.

Nodes: word ``w`` of length ``n`` has nodes ``base[w] .. base[w] + n`` (node ``j`` sits before
character ``j``). An edge is a piece covering characters ``start .. start + length`` of one word.
Stored edges cost 5 bytes: the backward sweep runs the forward order in reverse (the posterior
"flow" of reverse-mode differentiation) instead of keeping a second, backward order.

>>> chars = CharTable.from_words(["abab"])
>>> batch = WordBatch.from_counts({"abab": 1}, chars)
>>> trie = PieceTrie.build(["a", "b", "ab"], chars)
>>> edges = batch.edges(trie)
>>> logp = np.log(np.array([0.3, 0.2, 0.5]))
>>> round(float(np.exp(edges.forward(logp)[batch.last_nodes()][0])), 4)
0.3136
>>> [round(float(c), 3) for c in edges.expected_counts(logp)[0]]  # a, b, ab
[0.214, 0.214, 1.786]
>>> [int(p) for p in edges.viterbi_pieces(logp)[1]]  # last piece first
[2, 2]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..progress import check_cancel

UNKNOWN = 0  # the dense id every character outside the table maps to
MAX_CODE_POINT = 0x110000
SLICE = 1 << 18  # edges per slice of a whole-block computation (bounds its temporaries)
COUNT_BLOCK = 257  # backward steps whose expected counts are summed together (fixes the floats)
WIDE_STEP = 64  # edges a step from which its counts are added as it is swept (else per block)


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
        return cls(sorted(set("".join(words))))  # (one join: 1/5 of a set comprehension's time)

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
        itype = np.int32 if self.node_count() < 1 << 26 else np.int64  # run keys fit (× 32)
        word_of_pos = np.repeat(np.arange(self.word_count(), dtype=itype), self.lengths)
        limits = self.offsets[1:].astype(itype)[word_of_pos]  # each position's word end
        starts, lengths, pieces = trie.find(self.codes, limits)
        del limits
        if not whole:
            word = word_of_pos[starts]
            partial = (starts != self.offsets[word]) | (starts + lengths != self.offsets[word + 1])
            starts, lengths, pieces = starts[partial], lengths[partial], pieces[partial]
            del word, partial
        if unknown_piece >= 0:
            unknown = np.flatnonzero(self.codes == UNKNOWN).astype(itype)
            if len(unknown):
                starts = np.concatenate([starts, unknown])
                lengths = np.concatenate([lengths, np.ones(len(unknown), np.int8)])
                pieces = np.concatenate([pieces, np.full(len(unknown), unknown_piece, np.int32)])
            del unknown
        word = word_of_pos[starts]
        del word_of_pos
        return Edges(self, starts, word, lengths, pieces)


class PieceTrie:
    """The vocabulary as a character trie, one sorted key array per depth, searched with numpy.

    A child's key is ``parent * alphabet + char``: finding all pieces that start at every
    position of a corpus takes one lookup per depth (at most the longest piece): a character
    table at the root, a :class:`KeyIndex` (hash table over the sorted keys) below it.
    """

    def __init__(self, alphabet: int, levels: list[tuple[np.ndarray, np.ndarray]],
                 terminal: np.ndarray, indexes: "dict[int, KeyIndex] | None" = None) -> None:
        self.alphabet = alphabet
        self.levels = levels        # per depth: (sorted child keys, id of the first child)
        self.terminal = terminal    # trie node -> piece index, or -1
        self._indexes = indexes or {}  # per depth (from 1): the keys' KeyIndex

    @classmethod
    def build(cls, pieces: list[str], chars: CharTable) -> "PieceTrie":
        """The trie of ``pieces`` (strings); piece ``i`` is found as ``i``."""
        lengths = np.array([len(p) for p in pieces], dtype=np.int64)
        offsets = np.zeros(len(pieces) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls.from_arrays(chars.encode("".join(pieces)), offsets, len(chars))

    @classmethod
    def from_arrays(cls, codes: np.ndarray, offsets: np.ndarray, alphabet: int, cancel=None
                    ) -> "PieceTrie":
        """The trie of the pieces ``codes[offsets[i]:offsets[i + 1]]``."""
        lengths = np.diff(offsets)
        node = np.zeros(len(lengths), dtype=np.int64)  # every piece starts at the root, node 0
        levels, indexes, next_node = [], {}, 1
        terminal = np.full(int(lengths.sum()) + 1, -1, dtype=np.int32)
        for depth in range(int(lengths.max(initial=0))):
            check_cancel(cancel)
            active = np.flatnonzero(lengths > depth)
            key = node[active] * alphabet + codes[offsets[active] + depth]
            keys = _sorted_distinct(key)  # (an index for the inverse: fewer temporaries)
            levels.append((keys, next_node))  # children are numbered in key order
            if depth:  # (the root's children are found by a character table)
                indexes[depth] = KeyIndex(keys)
                node[active] = next_node + indexes[depth].lookup(key)
            else:
                node[active] = next_node + np.searchsorted(keys, key)
            del key
            next_node += len(keys)
            done = active[lengths[active] == depth + 1]
            terminal[node[done]] = done
        # a piece holding an unknown character (id 0) is no piece: never report it
        at = np.flatnonzero(codes[:offsets[-1]] == UNKNOWN)
        if len(at):
            unknown = np.unique(np.searchsorted(offsets, at, side="right") - 1)
            terminal[np.isin(terminal, unknown)] = -1
        return cls(alphabet, levels, terminal[:next_node].copy(), indexes)

    def _root_slots(self) -> np.ndarray:
        """Character id -> index of the root's child for it (-1: no piece starts with it);
        the same slot ``searchsorted`` finds in the first level's keys (the root is node 0,
        so a child's key is its character)."""
        keys = self.levels[0][0] if self.levels else np.zeros(0, np.int64)
        table = np.full(max(self.alphabet, int(keys.max(initial=-1)) + 1), -1, dtype=np.int64)
        table[keys] = np.arange(len(keys))
        return table

    def _index(self, depth: int) -> "KeyIndex":
        if depth not in self._indexes:
            self._indexes[depth] = KeyIndex(self.levels[depth][0])
        return self._indexes[depth]

    def find(self, codes: np.ndarray, limits: np.ndarray):
        """All (start, length, piece) with ``codes[start:start+length]`` a piece that ends at or
        before ``limits[start]`` (the end of the start's word); starts have ``limits``' dtype."""
        starts = np.arange(len(codes), dtype=limits.dtype)
        node = np.zeros(len(codes), dtype=np.int64)
        found = []
        for depth, (keys, first_child) in enumerate(self.levels):
            fits = starts + depth < limits
            starts, node, limits = starts[fits], node[fits], limits[fits]
            if depth == 0:  # the root's children are keyed by their character: a table lookup
                slot = self._root_slots().take(codes.take(starts))
                hit = slot >= 0
            else:
                slot = self._index(depth).lookup(node * self.alphabet + codes.take(starts + depth))
                hit = slot >= 0
            starts, node, limits = starts[hit], first_child + slot[hit], limits[hit]
            piece = self.terminal.take(node)
            ends_here = piece >= 0
            found.append((starts[ends_here], np.full(int(ends_here.sum()), depth + 1, np.int8),
                          piece[ends_here]))
            if not len(starts):
                break
        if not found:
            return np.zeros(0, limits.dtype), np.zeros(0, np.int8), np.zeros(0, np.int32)
        return tuple(np.concatenate(column) for column in zip(*found))


class KeyIndex:
    """Where each of a sorted array of distinct non-negative int64 keys is, by open addressing:
    what ``searchsorted`` answers for keys that are there, at a few table reads a key instead
    of a binary search's ~20 scattered ones (searchsorted over a trie level of up to a million
    keys was ~15% of a 32k training). 4 bytes a slot, 1.5-3 slots a key.

    >>> index = KeyIndex(np.array([3, 10, 99, 12345678901]))
    >>> index.lookup(np.array([99, 4, 3, 12345678901, 10])).tolist()
    [2, -1, 0, 3, 1]
    """

    MULTIPLIER = np.uint64(0x9E37_79B9_7F4A_7C15)  # Fibonacci hashing: spreads nearby keys

    def __init__(self, keys: np.ndarray) -> None:
        self.keys = keys
        self.bits = max(3, int(len(keys) * 3 // 2).bit_length())
        self.mask = (1 << self.bits) - 1
        self.table = np.full(1 << self.bits, -1, dtype=np.int32)  # slot -> key index, or -1
        pending = np.arange(len(keys), dtype=np.int32)
        slot = self._home(keys)
        while len(pending):  # linear probing, every waiting key one slot further a round
            free = self.table[slot] < 0
            # keys meeting at a free slot: the last one written takes it (a scatter, where
            # picking the first by np.unique sorted the slots each round)
            self.table[slot[free]] = pending[free]
            waiting = self.table[slot] != pending
            pending, slot = pending[waiting], (slot[waiting] + 1) & self.mask

    def _home(self, keys: np.ndarray) -> np.ndarray:
        product = keys.astype(np.uint64) * self.MULTIPLIER  # wraps around: the hash
        return (product >> np.uint64(64 - self.bits)).astype(np.int64)

    def lookup(self, queries: np.ndarray) -> np.ndarray:
        """Each query's index in the keys, or -1 where it is not one of them (a slice of
        queries at a time: the probes' temporaries stay small)."""
        out = np.empty(len(queries), dtype=np.int64)
        for lo in range(0, len(queries), self.SLICE):
            out[lo:lo + self.SLICE] = self._lookup(queries[lo:lo + self.SLICE])
        return out

    SLICE = 1 << 16
    ROUNDS = 4  # probe rounds; the queries still open after them take a binary search

    def _lookup(self, queries: np.ndarray) -> np.ndarray:
        """Probe rounds over the open queries. An empty slot (-1) reads the last key, which
        never equals the query: a key's probe path from its home slot has no empty slot, so
        a query met by an empty slot is no key. Linear probing's clusters leave a few queries
        open for dozens of rounds (up to ~60 at a level of 150k keys, each round ~10 numpy
        calls), so after :data:`ROUNDS` the rest are searched in the sorted keys."""
        if not len(self.keys):
            return np.full(len(queries), -1, dtype=np.int64)
        slot = self._home(queries)
        held = self.table.take(slot)
        hit = self.keys.take(held) == queries
        out = np.where(hit, held, -1).astype(np.int64)
        asking = np.flatnonzero(~hit & (held >= 0))
        slot = (slot[asking] + 1) & self.mask
        for _ in range(self.ROUNDS - 1):
            if not len(asking):
                return out
            held = self.table.take(slot)
            hit = self.keys.take(held) == queries.take(asking)
            out[asking[hit]] = held[hit]
            going = ~hit & (held >= 0)
            asking, slot = asking[going], (slot[going] + 1) & self.mask
        if len(asking):
            wanted = queries[asking]
            at = np.searchsorted(self.keys, wanted)
            hit = self.keys[np.minimum(at, len(self.keys) - 1)] == wanted
            out[asking[hit]] = at[hit]
        return out


def _sorted_distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` by sorting a copy (numpy 2.3's unique hashes, then sorts: slower
    on the millions of keys of a trie level).

    >>> _sorted_distinct(np.array([5, 2, 5])).tolist()
    [2, 5]
    """
    ordered = np.sort(values)
    if len(ordered) < 2:
        return ordered
    fresh = np.empty(len(ordered), dtype=bool)
    fresh[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=fresh[1:])
    return ordered[fresh]


def _logsumexp_runs(values: np.ndarray, first: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """log(sum(exp(run))) of each run of ``values``, shifted by the run's max for stability."""
    high = np.maximum.reduceat(values, first)
    return high + np.log(np.add.reduceat(np.exp(values - np.repeat(high, sizes)), first))


MAGNITUDE = np.int64(0x7FFF_FFFF_FFFF_FFFF)  # every bit of a float64 but its sign
MANY_RUNS = 256  # from this many runs on, _run_max compares integer keys


def _run_max(values: np.ndarray, first: np.ndarray) -> np.ndarray:
    """``np.maximum.reduceat(values, first)`` for float64 values without NaN (lattice scores
    are sums of logarithms: finite or -inf), the same floats.

    With many runs the maxima are taken over integer keys that sort as the floats do (a
    negative float's magnitude bits flipped): numpy's float ``maximum.reduceat`` costs ~45 ns
    a run (its NaN handling), the integer one ~18 ns; a few runs keep the float call (the
    keys' set-up is a few microseconds).

    >>> _run_max(np.array([-3.0, -0.5, -np.inf, 2.0, -7.25]), np.array([0, 2, 4])).tolist()
    [-0.5, 2.0, -7.25]
    """
    if len(first) < MANY_RUNS:  # (the passes test this themselves, saving a call)
        return np.maximum.reduceat(values, first)
    bits = values.view(np.int64)
    keys = bits >> 63  # all ones for a negative float, else zero
    keys &= MAGNITUDE
    keys ^= bits
    high = np.maximum.reduceat(keys, first)
    flip = high >> 63
    flip &= MAGNITUDE
    high ^= flip
    return high.view(np.float64)


def _index_type(count: int):
    return np.int32 if count < 1 << 31 else np.int64


class Edges:
    """A batch's lattice edges in forward order: by end position ``j`` in the word, then word,
    then start (earliest first, the tie-break ``Lattice.viterbi`` uses).

    The edges ending at step ``j`` are one slice, in one run per word still active (every
    position has at least its one-character edge). Only each edge's ``length`` and ``piece``
    are stored; its word is its run, so its end is ``base[run] + j`` and its start the end
    minus its length. ``run_size`` holds the run lengths, step after step.
    """

    def __init__(self, batch: WordBatch, starts: np.ndarray, word: np.ndarray,
                 lengths: np.ndarray, pieces: np.ndarray) -> None:
        """Edges from their start positions in the batch, words, lengths and pieces. ``starts``
        and ``word`` are scratch: overwritten in place (int32 or int64, the same dtype)."""
        self.batch, self.base = batch, batch.base()
        steps = int(batch.lengths.max(initial=0))
        # active[j]: how many words reach step j (words are sorted longest first)
        self.active = np.searchsorted(-batch.lengths, -np.arange(steps + 2), side="right")
        self.run_ptr = np.concatenate([[0], np.cumsum(self.active[1:steps + 1])])
        local_end = starts
        local_end -= batch.offsets.astype(starts.dtype)[word]
        local_end += lengths
        self.step_ptr = np.concatenate([[0], np.cumsum(np.bincount(
            local_end, minlength=steps + 1)[1:])])
        local_end -= 1
        run = word  # the (step, word) run of each edge
        run += self.run_ptr.astype(word.dtype)[local_end]
        self.run_size = np.bincount(run, minlength=int(self.run_ptr[-1])).astype(np.uint8)
        # forward order: by run, longest (earliest start) first; no two edges share a key
        run *= 32
        run += 31
        run -= lengths
        order = np.argsort(run)
        self.length, self.piece = lengths[order], pieces[order].astype(np.int32, copy=False)
        self._run_end = None  # (run_ends', kept between passes)

    def __len__(self) -> int:
        return len(self.piece)

    def steps(self) -> int:
        return len(self.step_ptr) - 1

    def _step(self, step: int):
        """Edge slice bounds, run starts and sizes, end node of each run, and start node of
        each edge, for the edges ending at ``step`` (1-based). The readable form of one
        step of :class:`_Sweep`, which the passes use (a test holds them equal)."""
        lo, hi = self.step_ptr[step - 1], self.step_ptr[step]
        sizes = self.run_size[self.run_ptr[step - 1]:self.run_ptr[step]].astype(np.int64)
        first = np.concatenate([[0], np.cumsum(sizes[:-1])])
        ends = self.base[:len(sizes)] + step
        return lo, hi, first, sizes, ends, np.repeat(ends, sizes) - self.length[lo:hi]

    def run_ends(self) -> np.ndarray:
        """Each run's end node, computed on a pass's first use and then kept: ``keep`` only
        shortens runs, never removes one (recomputing them every pass was ~1/4 of
        :class:`_Sweep`; kept, they cost 4 bytes a run, i.e. a corpus position)."""
        if self._run_end is None:
            itype = np.int32 if self.batch.node_count() < 1 << 31 else np.int64
            # run r of step s belongs to word r - run_ptr[s - 1]; it ends at node base[word] + s
            step_of_run = np.repeat(np.arange(1, self.steps() + 1, dtype=itype),
                                    np.diff(self.run_ptr))
            word_of_run = np.arange(len(self.run_size), dtype=itype)
            word_of_run -= self.run_ptr[:-1].astype(itype)[step_of_run - 1]
            self._run_end = self.base.astype(itype)[word_of_run]
            self._run_end += step_of_run
        return self._run_end

    def keep(self, alive: np.ndarray, new_index: np.ndarray | None = None) -> None:
        """Drop the edges of pieces not ``alive`` and renumber the rest by ``new_index`` (if
        given); filtering keeps the order, so nothing is sorted again.

        Only the dropped edges (a few percent after the first rounds) are located: each run
        loses its dropped edges, and each step boundary moves down by the dropped edges
        before it (counting every kept edge per run instead was ~40% of a ``keep``).
        """
        mask = alive.take(self.piece)
        dropped = np.flatnonzero(~mask)
        if len(dropped):
            run_ends = np.cumsum(self.run_size, dtype=np.int64)  # edge index after each run
            run = np.searchsorted(run_ends, dropped, side="right")  # ascending
            del run_ends
            first = np.flatnonzero(np.concatenate([[True], run[1:] != run[:-1]]))
            self.run_size[run[first]] -= np.diff(np.append(first, len(run))).astype(np.uint8)
            self.step_ptr = self.step_ptr - np.searchsorted(dropped, self.step_ptr)
            self.length = self.length[mask]
            self.piece = self.piece[mask]
        if new_index is not None:
            self.piece = new_index.take(self.piece).astype(np.int32, copy=False)

    def forward(self, logp: np.ndarray, cancel=None) -> np.ndarray:
        """``alpha`` per node: log of the summed probability of all paths reaching it."""
        return self._forward(_Sweep(self, logp), cancel)

    def _forward(self, sweep: "_Sweep", cancel=None) -> np.ndarray:
        alpha = np.full(self.batch.node_count(), -np.inf)
        alpha[self.batch.base()] = 0.0
        start, logp, run_end = sweep.start, sweep.logp, sweep.run_end
        first_in_step, run_size = sweep.first_in_step, self.run_size
        edge_ptr, run_ptr = self.step_ptr.tolist(), self.run_ptr.tolist()
        maximum, add, exp, log = np.maximum.reduceat, np.add.reduceat, np.exp, np.log
        many_runs = MANY_RUNS
        one = np.zeros(1, dtype=np.int64)  # ``first`` of a step with one run
        for step in range(1, self.steps() + 1):
            lo, hi, r0, r1 = edge_ptr[step - 1], edge_ptr[step], run_ptr[step - 1], run_ptr[step]
            # _logsumexp_runs, written out: the same float operations on each run
            values = alpha.take(start[lo:hi])  # (take: ~1/3 faster than [] here)
            values += logp[lo:hi]
            if r1 - r0 == 1:  # one word left (a long word's tail): fewer calls, same floats
                high = maximum(values, one)
                values -= high
                exp(values, out=values)
                total = add(values, one)
                log(total, out=total)
                total += high
                alpha[run_end[r0]] = total[0]
            else:
                first = first_in_step[r0:r1]
                high = maximum(values, first) if r1 - r0 < many_runs else \
                    _run_max(values, first)
                values -= high.repeat(run_size[r0:r1])
                exp(values, out=values)
                total = add(values, first)
                log(total, out=total)
                total += high
                alpha[run_end[r0:r1]] = total
            if cancel is not None and step % 256 == 0:
                _poll(cancel, step)
        return alpha

    def expected_counts(self, logp: np.ndarray, cancel=None) -> tuple[np.ndarray, np.ndarray]:
        """Expected uses of each piece (weighted by word counts), and each word's log Z.

        Walking the steps backwards, ``flow[node]`` is the probability that the path goes
        through ``node``; an edge gets ``flow[end] * p(start) * p(piece) / p(end)`` of it and
        passes that on to its start (the backward pass, without a second edge order).

        The factor ``p(start) * p(piece) / p(end)`` needs only ``alpha``: it is computed for a
        block of :data:`COUNT_BLOCK` steps at once, so a step is one gather, one product and one
        scatter. The shares are summed as :meth:`_readable_expected_counts` sums them (the same
        floats): per block, into ``pending`` with ``np.add.at`` step after step, last step
        first, then added to the counts. A wide step adds its shares as it is swept (sorting
        a block's edges into that order, then gathering them, cost ~2x more); a block of
        narrow steps (a long word's tail) adds them all in one call, in that order. A block
        of few edges adds and clears only the pieces it touched, not the whole vocabulary.
        """
        sweep = _Sweep(self, logp)
        alpha = self._forward(sweep, cancel)
        flow = np.zeros(self.batch.node_count())
        flow[self.batch.last_nodes()] = self.batch.freqs
        counts, pending = np.zeros(len(logp)), np.zeros(len(logp))
        start, length, run_end, run_size = sweep.start, self.length, sweep.run_end, self.run_size
        piece, add_at = self.piece, np.add.at
        edge_ptr, run_ptr = self.step_ptr.tolist(), self.run_ptr.tolist()
        for top in range(self.steps(), 0, -COUNT_BLOCK):
            bottom = max(top - COUNT_BLOCK, 0)  # the block is steps bottom + 1 .. top
            block_lo, block_hi = edge_ptr[bottom], edge_ptr[top]
            # the factors overwrite the block's log-probabilities (the forward pass is done)
            for a in range(block_lo, block_hi, SLICE):  # slices: small gather temporaries
                b = min(a + SLICE, block_hi)
                part = sweep.logp[a:b]
                part += alpha.take(start[a:b])
                part -= alpha.take(start[a:b] + length[a:b])
                np.exp(part, out=part)
            wide = block_hi - block_lo >= WIDE_STEP * (top - bottom)
            for step in range(top, bottom, -1):
                lo, hi, r0, r1 = edge_ptr[step - 1], edge_ptr[step], run_ptr[step - 1], run_ptr[step]
                part = sweep.logp[lo:hi]
                if r1 - r0 == 1:
                    part *= flow[run_end[r0]]
                else:
                    part *= flow.take(run_end[r0:r1]).repeat(run_size[r0:r1])
                # one edge per start within a step: each flow gets one addition, as with
                # flow[start] += part (add.at: ~2x faster than that gather and scatter)
                add_at(flow, start[lo:hi], part)
                if wide:
                    add_at(pending, piece[lo:hi], part)
            if not wide:  # the same sums, in the same order, in one call
                order = _steps_descending(self.step_ptr[bottom:top + 1])
                order += block_lo
                add_at(pending, piece[order], sweep.logp[order])
            if block_hi - block_lo < len(pending) // 8:  # a few pieces: add just those
                touched = piece[block_lo:block_hi]  # (repeats add the same total, once)
                counts[touched] += pending[touched]
                pending[touched] = 0.0
            else:
                counts += pending
                pending.fill(0.0)
            _poll(cancel, 0)
        return counts, alpha[self.batch.last_nodes()]

    def _readable_expected_counts(self, logp: np.ndarray, cancel=None
                                  ) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`expected_counts` a step at a time with :meth:`_step` (a test holds them
        equal, bit for bit)."""
        alpha = np.full(self.batch.node_count(), -np.inf)
        alpha[self.batch.base()] = 0.0
        edge_logp = logp[self.piece]
        for step in range(1, self.steps() + 1):
            lo, hi, first, sizes, ends, starts = self._step(step)
            alpha[ends] = _logsumexp_runs(alpha[starts] + edge_logp[lo:hi], first, sizes)
        flow = np.zeros(self.batch.node_count())
        flow[self.batch.last_nodes()] = self.batch.freqs
        counts, pending, waiting = np.zeros(len(logp)), np.zeros(len(logp)), 0
        for step in range(self.steps(), 0, -1):
            lo, hi, _, sizes, run_ends, starts = self._step(step)
            ends = np.repeat(run_ends, sizes)
            share = np.exp(alpha[starts] + edge_logp[lo:hi] - alpha[ends]) * flow[ends]
            flow[starts] += share
            np.add.at(pending, self.piece[lo:hi], share)
            waiting += 1
            if waiting == COUNT_BLOCK or step == 1:
                counts += pending
                pending[:], waiting = 0.0, 0
        return counts, alpha[self.batch.last_nodes()]

    def viterbi_pieces(self, logp: np.ndarray, cancel=None
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The best segmentation of every word, as (word index, piece) pairs (last piece first),
        and each word's best log-probability. Ties go to the earliest-starting last piece, as
        in ``Lattice.viterbi``.

        A step records only the winning edge of each node (lengths and pieces are looked up
        once, after the sweep); a step with one word left (a long word's tail: thousands of
        steps) takes ``argmax``, the first maximum, as the runs' form does.
        """
        best = np.full(self.batch.node_count(), -np.inf)
        best[self.batch.base()] = 0.0
        back_edge = np.zeros(self.batch.node_count(), dtype=_index_type(len(self)))
        sweep = _Sweep(self, logp)
        start, edge_logp, run_end = sweep.start, sweep.logp, sweep.run_end
        first_in_step, run_size = sweep.first_in_step, self.run_size
        edge_ptr, run_ptr = self.step_ptr.tolist(), self.run_ptr.tolist()
        index = np.arange(int(np.diff(self.step_ptr).max(initial=0)))
        maximum, minimum, many_runs = np.maximum.reduceat, np.minimum.reduceat, MANY_RUNS
        for step in range(1, self.steps() + 1):
            lo, hi, r0, r1 = edge_ptr[step - 1], edge_ptr[step], run_ptr[step - 1], run_ptr[step]
            values = best.take(start[lo:hi])
            values += edge_logp[lo:hi]
            if r1 - r0 == 1:
                winner = int(values.argmax())
                best[run_end[r0]], back_edge[run_end[r0]] = values[winner], lo + winner
            else:
                first = first_in_step[r0:r1]
                high = maximum(values, first) if r1 - r0 < many_runs else \
                    _run_max(values, first)
                winner = minimum(np.where(values == high.repeat(run_size[r0:r1]),
                                          index[:hi - lo], hi - lo), first)
                winner += lo
                ends = run_end[r0:r1]
                best[ends], back_edge[ends] = high, winner
            if cancel is not None and step % 256 == 0:
                _poll(cancel, step)
        del sweep
        words, pieces = self._trace_back(self.length.take(back_edge).astype(np.int64),
                                         self.piece.take(back_edge))
        return words, pieces, best[self.batch.last_nodes()]

    def _readable_viterbi_pieces(self, logp: np.ndarray, cancel=None
                                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`viterbi_pieces` a step at a time with :meth:`_step` (a test holds them
        equal)."""
        best = np.full(self.batch.node_count(), -np.inf)
        best[self.batch.base()] = 0.0
        back_length = np.zeros(self.batch.node_count(), dtype=np.int64)
        back_piece = np.zeros(self.batch.node_count(), dtype=np.int32)
        edge_logp = logp[self.piece]
        for step in range(1, self.steps() + 1):
            lo, hi, first, sizes, ends, starts = self._step(step)
            values = best[starts] + edge_logp[lo:hi]
            high = np.maximum.reduceat(values, first)
            winner = lo + np.minimum.reduceat(
                np.where(values == np.repeat(high, sizes), np.arange(hi - lo), hi - lo), first)
            best[ends], back_length[ends] = high, self.length[winner]
            back_piece[ends] = self.piece[winner]
        words, pieces = self._trace_back(back_length, back_piece)
        return words, pieces, best[self.batch.last_nodes()]

    def _trace_back(self, back_length: np.ndarray, back_piece: np.ndarray):
        """Follow every word's best path from its last node back to its first, all at once."""
        base = self.batch.base()
        words = np.arange(self.batch.word_count())
        node = self.batch.last_nodes()
        out_words, out_pieces = [np.zeros(0, np.int64)], [np.zeros(0, np.int32)]
        while len(node):
            moving = node > base.take(words)
            words, node = words[moving], node[moving]
            out_words.append(words)
            out_pieces.append(back_piece.take(node))
            node = node - back_length.take(node)
        return np.concatenate(out_words), np.concatenate(out_pieces)


class _Sweep:
    """One pass's view of :meth:`Edges._step` for every step at once: each run's end node and
    first edge, each edge's start node and log-probability, computed with a few whole-array
    calls, so a step is slices (a chunk of long words has thousands of steps, and ``_step``
    cost ~8 numpy calls each). Lives for one pass: about 12 bytes an edge of one chunk (the
    runs' end nodes are the edges' own, :meth:`Edges.run_ends`).
    """

    def __init__(self, edges: Edges, logp: np.ndarray) -> None:
        self.edges = edges
        self.run_end = edges.run_ends()
        # each run's first edge, counted from its step's first edge (``first`` for reduceat)
        self.first_in_step = np.zeros(len(edges.run_size), dtype=np.int64)
        np.cumsum(edges.run_size[:-1], out=self.first_in_step[1:])
        self.first_in_step -= np.repeat(edges.step_ptr[:-1], np.diff(edges.run_ptr))
        self.start = np.repeat(self.run_end, edges.run_size)
        self.start -= edges.length
        self.logp = logp.take(edges.piece)

    def step(self, step: int):
        """What :meth:`Edges._step` returns, as slices of the precomputed arrays."""
        edges = self.edges
        lo, hi = edges.step_ptr[step - 1], edges.step_ptr[step]
        r0, r1 = edges.run_ptr[step - 1], edges.run_ptr[step]
        return (lo, hi, self.first_in_step[r0:r1], edges.run_size[r0:r1], self.run_end[r0:r1],
                self.start[lo:hi])

    def edge_ends(self, lo: int, hi: int) -> np.ndarray:
        """The end node of each edge ``lo .. hi``."""
        return self.start[lo:hi] + self.edges.length[lo:hi]


def _steps_descending(step_ptr: np.ndarray) -> np.ndarray:
    """Indices into the edges ``step_ptr[0] .. step_ptr[-1]`` that list the last step's edges
    first, then the step before, ...; within a step, in edge order.

    >>> _steps_descending(np.array([10, 12, 13, 16])).tolist()
    [3, 4, 5, 2, 0, 1]
    """
    sizes = np.diff(step_ptr)[::-1]
    firsts = (step_ptr[:-1] - step_ptr[0])[::-1]
    placed = np.zeros(len(sizes), dtype=np.int64)
    np.cumsum(sizes[:-1], out=placed[1:])
    itype = _index_type(int(step_ptr[-1] - step_ptr[0]))
    out = np.repeat((firsts - placed).astype(itype), sizes)
    out += np.arange(len(out), dtype=itype)
    return out


def _poll(cancel, step: int) -> None:
    """Honour a cancel request every 256 steps (a step takes microseconds to milliseconds)."""
    if cancel is not None and step % 256 == 0 and cancel():
        from ..progress import Cancelled

        raise Cancelled("cancelled")
