"""What an explanation holds: the words the model saw and, per word, why it split so.

One :class:`Explanation` per (tokenizer, text); one :class:`Word` per pre-token (or special token,
or SentencePiece segment). A word carries the trace of its model: BPE merge steps, WordPiece
matches, or a Unigram lattice with its Viterbi path and n-best paths.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..notes import Note
from ..formats.hf.runtime import byte_level_decoder
from ..text.offsets import visible_bytes, visible_text


@dataclass
class MergeStep:
    """One BPE step: ``left + right`` merged (every occurrence at once for a merge list).

    ``rank``: the merge's rank (merge list, tiktoken) or the merged piece's id (SentencePiece);
    ``score``: the merged piece's score where the model ranks by score (SentencePiece BPE).
    ``symbols``: the word's symbols after this step.
    """

    rank: int
    left: str
    right: str
    symbols: list[str]
    score: float | None = None


@dataclass
class Match:
    """One WordPiece match: ``word[start:end]`` became ``piece`` (``None``: nothing matched, so
    the whole word became the unknown token)."""

    start: int
    end: int
    piece: str | None


@dataclass
class Edge:
    """A lattice edge: a vocabulary piece covering ``text[start:end]`` with its log-score.

    ``kind``: ``piece``, ``user`` (user-defined, scored to always win) or ``unk`` (no piece of
    one character starts here, so an unknown edge is added with the unknown penalty)."""

    start: int
    end: int
    piece: str
    score: float
    kind: str = "piece"
    best: bool = False


@dataclass
class Path:
    """One segmentation with its log-score (sum of its edges' scores) and probabilities.

    ``p_all``: ``exp(score - log Z)``, Z summed over *all* segmentations (forward algorithm);
    ``p_nbest``: the share among the n-best paths shown; ``unknown``: indexes of pieces that
    are unknown edges (their text is the character they cover)."""

    pieces: list[str]
    score: float
    p_all: float
    p_nbest: float
    unknown: list[int] = field(default_factory=list)


@dataclass
class LatticeTrace:
    """A Unigram lattice over ``text`` (positions are code points of ``text``)."""

    text: str
    edges: list[Edge]
    best: list[Edge]
    nbest: list[Path]
    log_z: float


@dataclass
class Word:
    """One unit the model saw, and what it made of it.

    Attributes:
        text: the pre-token as the model sees it (normalized; byte-level strings for byte-level
            BPE; ``▁`` for spaces in SentencePiece/Metaspace).
        span: code-point span in the original text, when known.
        kind: ``bpe``, ``wordpiece``, ``unigram``, ``special`` (an added/special token matched
            before the model) or ``whole`` (the whole pre-token is one token: no merges needed).
        pieces: the model's pieces; ``ids`` their ids (unknown and byte-fallback resolved).
        note: what to know about this word (a :class:`core.notes.Note`), if anything.
        initial: BPE symbols before any merge.
    """

    text: str
    span: tuple[int, int] | None
    kind: str
    pieces: list[str] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)
    note: Note | None = None
    initial: list[str] = field(default_factory=list)
    steps: list[MergeStep] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)
    lattice: LatticeTrace | None = None


@dataclass
class Agreement:
    """The explainer's IDs against the runtime's.

    ``index``: the first differing token index (None when they agree); ``ours`` / ``theirs``:
    ``(id, piece)`` at that index, or None when that side has no token there."""

    ok: bool
    count: int
    runtime_count: int
    index: int | None = None
    ours: tuple[int, str] | None = None
    theirs: tuple[int, str] | None = None

    def summary(self) -> str:
        if self.ok:
            return f"matches runtime: {self.count} tokens"
        show = (lambda side: f"{side[1]} ({side[0]})" if side else "nothing")
        return (f"first difference at token {self.index}: explainer {show(self.ours)} "
                f"vs runtime {show(self.theirs)}")


@dataclass
class Explanation:
    """Why ``text`` split as it did under one tokenizer.

    Attributes:
        model: what was explained (``BPE``, ``byte-level BPE (tiktoken ranks)``, ``WordPiece``,
            ``Unigram``, ``SentencePiece BPE``...).
        supported: False when this tokenizer cannot be explained; ``reason`` says why.
        text: the text explained (the first ``limit`` characters of the input, see ``truncated``).
        full_length: code points of the whole input.
        notes: what to know about the whole explanation; ``reason``: why it is unsupported.
            Both are :class:`core.notes.Note` values (``english(note)`` says them in English;
            the GUI translates them by code).
        pieces_are_bytes: pieces are GPT-2 byte-level strings (shown as bytes).
        pre_tokens: the runtime's :class:`core.pipeline.pretokens.PreToken` list the words come from.
    """

    model: str
    text: str
    full_length: int
    words: list[Word] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)
    runtime_ids: list[int] = field(default_factory=list)
    agreement: Agreement | None = None
    notes: list[Note] = field(default_factory=list)
    supported: bool = True
    reason: Note | None = None
    pieces_are_bytes: bool = False
    pre_tokens: list = field(default_factory=list, repr=False)  # the runtime's, as explained
    _readable: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def truncated(self) -> bool:
        return len(self.text) < self.full_length

    def readable(self, piece: str) -> str:
        """A piece as a user reads it: byte-level strings as text or ``<HEX>`` bytes,
        invisible characters as glyphs; ``▁`` is kept (it is what the vocabulary holds).

        >>> Explanation("BPE", "", 0, pieces_are_bytes=True).readable("Ġä½")
        '␣<E4 BD>'
        """
        shown = self._readable.get(piece)  # pieces repeat a lot (bytes, common words)
        if shown is None:
            table = byte_level_decoder()
            if self.pieces_are_bytes and all(ch in table for ch in piece):
                shown = visible_bytes(bytes(table[ch] for ch in piece))
            else:
                shown = visible_text(piece)
            self._readable[piece] = shown
        return shown
