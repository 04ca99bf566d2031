r"""Explain a split: why a tokenizer turned a text into these tokens (SPEC §3.5).

BPE — the merges applied in rank order per pre-token; WordPiece — the greedy longest matches;
Unigram — the lattice, the Viterbi path and the n-best paths with probabilities. The explainer
recomputes the IDs with the workbench's own algorithms (``core.algorithms``) and checks them
against the native runtime: ``Explanation.agreement`` says whether they are equal, or where
they first differ — a mismatch is shown, never hidden.

>>> from core.formats.tiktoken.runtime import TiktokenRuntime
>>> ranks = {bytes([b]): b for b in range(256)} | {b"lo": 256, b"low": 257}
>>> ex = explain(TiktokenRuntime(ranks, pattern=r"\S+|\s+", special={}), "lower")
>>> [(s.rank, s.left, s.right) for s in ex.words[0].steps], ex.words[0].pieces
([(256, 'l', 'o'), (257, 'lo', 'w')], ['low', 'e', 'r'])
>>> ex.agreement.summary()
'matches runtime: 3 tokens'
"""

from __future__ import annotations

from .result import Agreement, Edge, Explanation, LatticeTrace, Match, MergeStep, Path, Word
from ..notes import note
from .runtimes import EXPLAINERS, MODEL_NAMES, Unsupported, unsupported_reason

__all__ = ["explain", "Explanation", "Word", "MergeStep", "Match", "Edge", "LatticeTrace", "Path",
           "Agreement", "DEFAULT_LIMIT", "cut_text", "MODEL_NAMES"]

DEFAULT_LIMIT = 2000  # code points explained by default: enough to read, quick to compute


def explain(runtime, text: str, *, nbest: int = 5, limit: int | None = None,
            parse_special: bool = False) -> Explanation:
    """Explain how ``runtime`` tokenizes ``text``.

    Args:
        nbest: how many best segmentations a Unigram lattice lists.
        limit: explain only the first ``limit`` code points (cut at a space when one is near);
            the runtime is compared on that same prefix.
        parse_special: as the runtime's option: special-token literals in the text are special
            tokens (else plain text).

    IDs are compared without the post-processor's tokens (BOS, [CLS]…), which no model makes.
    A tokenizer that cannot be explained gives ``supported=False`` and the reason (a note).
    """
    shown = cut_text(text, limit) if limit is not None else text
    view = runtime.model_view()
    how = EXPLAINERS.get(view.kind)
    if how is None:
        return Explanation(view.algorithm, shown, len(text), supported=False,
                           reason=unsupported_reason(view))
    pre_tokens = runtime.pre_tokens(shown, parse_special)
    try:
        units = how(runtime, view, pre_tokens, nbest=nbest, parse_special=parse_special)
    except Unsupported as why:
        return Explanation(view.algorithm, shown, len(text), supported=False, reason=why.why,
                           pre_tokens=pre_tokens)
    _spans_to_code_points(units.words, shown)
    ids = [i for word in units.words for i in word.ids]
    encoding = runtime.encode(shown, add_special_tokens=False, parse_special=parse_special)
    theirs = [int(i) for i in encoding.ids]
    notes = list(units.notes)
    if len(shown) < len(text):
        notes.insert(0, note("explain.first_chars", shown=len(shown), total=len(text)))
    return Explanation(units.model, shown, len(text), units.words, ids, theirs,
                       compare(ids, theirs, runtime), notes,
                       pieces_are_bytes=units.pieces_are_bytes, pre_tokens=pre_tokens)


def _spans_to_code_points(words: list[Word], text: str) -> None:
    """The explainers give byte spans on the original text; words show code points."""
    import numpy as np

    from ..text.offsets import TextIndex

    placed = [w for w in words if w.span is not None]
    if not placed:
        return
    starts, ends, _ = TextIndex(text).byte_spans_to(
        "cp", np.array([w.span[0] for w in placed]), np.array([w.span[1] for w in placed]))
    for word, start, end in zip(placed, starts.tolist(), ends.tolist()):
        word.span = (start, end)


def compare(ours: list[int], theirs: list[int], runtime) -> Agreement:
    """Equal, or the first index where the two id lists differ, with both sides' tokens."""
    if ours == theirs:
        return Agreement(True, len(ours), len(theirs))
    index = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b),
                 min(len(ours), len(theirs)))
    side = (lambda ids: (ids[index], runtime.piece(ids[index])) if index < len(ids) else None)
    return Agreement(False, len(ours), len(theirs), index, side(ours), side(theirs))


def cut_text(text: str, limit: int) -> str:
    """The first ``limit`` code points, ending at whitespace when there is some in the last
    fifth (so the last word is not cut in two).

    >>> cut_text("hello big world", 12)
    'hello big '
    >>> cut_text("abcdef", 3)
    'abc'
    """
    if len(text) <= limit:
        return text
    head = text[:limit]
    for i in range(len(head) - 1, int(limit * 0.8) - 1, -1):
        if head[i].isspace():
            return head[:i + 1]
    return head
