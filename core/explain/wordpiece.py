"""Why WordPiece split a word so: greedy longest-match-first, left to right.

Each match is the longest vocabulary entry starting where the previous one ended (with the
``##`` continuation prefix after the first); if some rest has no match, the whole word becomes
the unknown token — WordPiece never keeps a partial split.

>>> vocab = {"un", "##aff", "##able", "[UNK]"}
>>> pieces, matches = explain_wordpiece("unaffable", vocab)
>>> pieces, [(m.start, m.end, m.piece) for m in matches]
(['un', '##aff', '##able'], [(0, 2, 'un'), (2, 5, '##aff'), (5, 9, '##able')])
>>> explain_wordpiece("unknowable", vocab)[1][-1]
Match(start=2, end=10, piece=None)
"""

from __future__ import annotations

from typing import Container

from ..algorithms.wordpiece import PREFIX, encode_word
from .result import Match


def explain_wordpiece(word: str, vocab: Container[str], *, unk: str = "[UNK]",
                      prefix: str = PREFIX, max_chars: int = 100) -> tuple[list[str], list[Match]]:
    """The pieces of ``word`` and the matches that made them (the reference encoder's trace)."""
    trace: list = []
    pieces = encode_word(word, vocab, unk=unk, prefix=prefix, max_chars=max_chars, trace=trace)
    return pieces, [Match(start, end, piece) for start, end, piece in trace]
