"""Why Unigram split a text so: the lattice of every vocabulary piece, the Viterbi path, and the
n-best paths with their probabilities.

The lattice and its algorithms are the reference ones (:class:`core.algorithms.unigram.Lattice`);
what is added here is what the runtimes add to them: the model's log-scores used as they are,
an *unknown* edge wherever no one-character piece starts (score: lowest score minus 10, as
SentencePiece and ``tokenizers`` do), and scores per path.

>>> import math
>>> table = ScoreTable({p: math.log(q) for p, q in {"a": 0.3, "b": 0.2, "ab": 0.5}.items()})
>>> trace = explain_lattice("abab", table, unk_score=-20.0, nbest=4)
>>> [e.piece for e in trace.best]
['ab', 'ab']
>>> [(p.pieces, round(p.p_all, 4)) for p in trace.nbest][:2]
[(['ab', 'ab'], 0.7972), (['a', 'b', 'ab'], 0.0957)]
"""

from __future__ import annotations

import math

from ..algorithms.unigram import NEG_INF, Edge as LatticeEdge, Lattice, LogProbs, _logsumexp
from .result import Edge, LatticeTrace, Path

UNKNOWN = "\x00unk"  # the piece name of unknown edges inside the lattice (no real piece has it)


class ScoreTable(LogProbs):
    """Pieces with the log-scores the model stores (already log-probabilities: no log to take)."""

    def __init__(self, scores: dict[str, float]) -> None:
        self.logp = dict(scores)
        self.longest = max(map(len, self.logp), default=0)


def explain_lattice(text: str, table: ScoreTable, *, unk_score: float, nbest: int = 5,
                    user_defined: frozenset[str] = frozenset()) -> LatticeTrace:
    """Build the lattice of ``text``, find the Viterbi path and the ``nbest`` best paths."""
    lattice = Lattice(text, logp=table)
    singles = {e.start for edges in lattice.ends_at for e in edges if e.end - e.start == 1}
    for i in range(len(text)):
        if i not in singles:
            # appended last among edges ending at i+1, i.e. in start order: ties resolve as the
            # runtimes resolve them (the first candidate found keeps its place)
            lattice.ends_at[i + 1].append(LatticeEdge(i, i + 1, UNKNOWN, unk_score))
    pieces, _ = lattice.viterbi()
    best_spans = set(_spans(pieces))
    # unknown edges are shown with the character they cover (kind "unk" says what they are)
    edges = [Edge(e.start, e.end, text[e.start:e.end] if e.piece == UNKNOWN else e.piece, e.logp,
                  _kind(e.piece, user_defined), (e.start, e.end, e.piece) in best_spans)
             for ends in lattice.ends_at for e in ends]
    edges.sort(key=lambda e: (e.start, e.end))
    best = [e for e in edges if e.best]
    log_z = lattice.forward()[-1]
    return LatticeTrace(text, edges, best, _paths(lattice, nbest, table, unk_score, log_z), log_z)


def _spans(pieces: list[str]):
    """``(start, end, piece)`` of consecutive pieces (an unknown edge covers one character)."""
    pos = 0
    for piece in pieces:
        length = 1 if piece == UNKNOWN else len(piece)
        yield pos, pos + length, piece
        pos += length


def _kind(piece: str, user_defined: frozenset[str]) -> str:
    return "unk" if piece == UNKNOWN else "user" if piece in user_defined else "piece"


def _paths(lattice: Lattice, n: int, table: ScoreTable, unk_score: float,
           log_z: float) -> list[Path]:
    """The n best paths; scores are summed again from the pieces, because ``nbest`` returns
    ``exp(score)``, which underflows to 0 on long texts."""
    if n < 1:
        return []
    found = []
    for pieces, _ in lattice.nbest(n):
        score = sum(unk_score if p == UNKNOWN else table.logp[p] for p in pieces)
        found.append((pieces, score))
    log_n = NEG_INF
    for _, score in found:
        log_n = _logsumexp(log_n, score)
    return [Path([lattice.text[s:e] if p == UNKNOWN else p for s, e, p in _spans(pieces)],
                 score, math.exp(score - log_z), math.exp(score - log_n),
                 [i for i, p in enumerate(pieces) if p == UNKNOWN])
            for pieces, score in found]


def path_ids(best: list[Edge], text: str, piece_id: dict[str, int], unk_id: int | None, *,
             byte_fallback: bool, unk_piece: str = "<unk>") -> tuple[list[str], list[int]]:
    """Pieces and ids of a Viterbi path (see :func:`units_to_ids`)."""
    units = [(text[e.start:e.end], True) if e.kind == "unk" else (e.piece, False) for e in best]
    return units_to_ids(units, piece_id, unk_id, byte_fallback=byte_fallback, unk_piece=unk_piece)


def units_to_ids(units: list[tuple[str, bool]], piece_id: dict[str, int], unk_id: int | None, *,
                 byte_fallback: bool, unk_piece: str = "<unk>", fuse: bool = True
                 ) -> tuple[list[str], list[int]]:
    """Pieces and ids of ``(surface, unknown)`` units. A run of unknown units becomes one unknown
    token (``fuse``), or with byte fallback the ``<0xNN>`` pieces of its UTF-8 bytes; with no
    unknown token at all it is dropped (as ``tokenizers`` drops it).

    >>> units_to_ids([("你", True), ("好", True), ("a", False)], {"a": 5}, 0, byte_fallback=False)
    (['<unk>', 'a'], [0, 5])
    """
    pieces: list[str] = []
    ids: list[int] = []
    i = 0
    while i < len(units):
        surface, unknown = units[i]
        if not unknown:
            pieces.append(surface)
            ids.append(piece_id[surface])
            i += 1
            continue
        j = i + 1
        while fuse and j < len(units) and units[j][1]:
            j += 1
        surface = "".join(u for u, _ in units[i:j])
        byte_pieces = [f"<0x{b:02X}>" for b in surface.encode("utf-8")]
        if surface in piece_id:  # tokenizers' Unigram looks the fused run up first
            pieces.append(surface)
            ids.append(piece_id[surface])
        elif byte_fallback and all(p in piece_id for p in byte_pieces):
            pieces += byte_pieces
            ids += [piece_id[p] for p in byte_pieces]
        elif unk_id is not None:
            pieces.append(unk_piece)
            ids.append(unk_id)
        i = j
    return pieces, ids
