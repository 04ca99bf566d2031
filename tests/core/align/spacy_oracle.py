"""spaCy's own ``Doc.char_span`` as the oracle of :mod:`core.align.alignment` (spaCy is a test extra).

A tokenizer's tokens become a spaCy ``Doc`` the way its offsets say, computed here from the
native library's offsets alone (no core code):

- tokens sharing a character (a byte-level token covering part of one) merge into one spaCy token
  with the whole characters they cover (:func:`groups_of_intervals`);
- a token holding whitespace (``Ġx``, ``▁x``, ``"\\n\\n"``) is a spaCy word holding it;
- characters no token covers after a token are that token's trailing whitespace. spaCy keeps at
  most one trailing space per token, so a longer (or non-space) run is that one space in the
  Doc's text and every offset inside the run maps to it (the usual words + spaces recipe);
- characters no token covers before the first token are the trailing space of a placeholder
  word ``^`` put first (spaCy has no text before its first token); no span can start or end in
  the placeholder, so it never appears in an answer.

:meth:`SpacyOracle.char_span` maps a span to the Doc, asks spaCy, and maps spaCy's token range
back to characters of the original text: ``None`` (spaCy returned None), :data:`EMPTY` (an
empty Span) or ``(start, end)``.
"""

from __future__ import annotations

import spacy
from spacy.tokens import Doc

EMPTY = "empty"
PLACEHOLDER = "^"
_NLP = None


def blank():
    """One blank multi-language pipeline (its vocabulary is all a Doc needs)."""
    global _NLP
    if _NLP is None:
        _NLP = spacy.blank("xx")
    return _NLP


def groups_of_intervals(intervals) -> list[tuple[int, int]]:
    """Disjoint, sorted character ranges from token intervals: empty ones left out, overlapping
    ones (tokens sharing a character) merged."""
    groups: list[list[int]] = []
    for s, e in sorted((int(s), int(e)) for s, e in intervals if e > s):
        if groups and s < groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], e)
        else:
            groups.append([s, e])
    return [(s, e) for s, e in groups]


class SpacyOracle:
    """A text and its token groups as a spaCy Doc, with the character mapping both ways."""

    def __init__(self, text: str, groups: list[tuple[int, int]]) -> None:
        self.text, self.groups = text, groups
        n = len(text)
        lead = groups[0][0] if groups else n
        self.shift = 1 if lead > 0 else 0  # the placeholder word, when text precedes every token
        words, spaces = ([PLACEHOLDER], [True]) if self.shift else ([], [])
        for k, (s, e) in enumerate(groups):
            following = groups[k + 1][0] if k + 1 < len(groups) else n
            words.append(text[s:e])
            spaces.append(following > e)
        self.doc = Doc(blank().vocab, words=words, spaces=spaces)
        # where each character of the text is in the Doc's text
        self.at = [0] * n
        for p in range(lead):
            self.at[p] = len(PLACEHOLDER)  # the placeholder's trailing space
        for k, (s, e) in enumerate(groups):
            token = self.doc[k + self.shift]
            following = groups[k + 1][0] if k + 1 < len(groups) else n
            for p in range(s, e):
                self.at[p] = token.idx + (p - s)
            for p in range(e, following):
                self.at[p] = token.idx + len(token.text)  # its one trailing space
        assert self.doc.text[len(PLACEHOLDER) + 1 if self.shift else 0:] == "".join(
            text[s:e] + (" " if sp else "") for (s, e), sp in zip(groups, spaces[self.shift:]))

    def char_span(self, start: int, end: int, mode: str):
        """spaCy's answer for ``[start, end)`` (``end > start``) in ``mode``, in the text's
        characters: None, :data:`EMPTY` or ``(start, end)``."""
        span = self.doc.char_span(self.at[start], self.at[end - 1] + 1, alignment_mode=mode)
        if span is None:
            return None
        if span.start == span.end:
            return EMPTY
        first, last = span.start - self.shift, span.end - 1 - self.shift
        assert first >= 0, "the placeholder is never part of an answer"
        return self.groups[first][0], self.groups[last][1]


def core_answer(aligned, k: int, mode: str):
    """Core's answer in the oracle's terms (expand's empty range is spaCy's empty Span)."""
    found = aligned.range(mode, k)
    if found is None and mode == "expand":
        return EMPTY
    return found
