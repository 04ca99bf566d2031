"""The chat report's fast paths against the readable rules they replace (issue #27, item 2).

Each fast path is held equal to the readable version, kept beside it as the oracle, on
generated inputs: the provenance of every token (:func:`core.chat.encode._tokens` against
:func:`core.chat.encode._token` token by token).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.chat.encode import _token, _tokens
from core.chat.segments import Segment


class _Pieces:
    """A runtime's ``piece`` alone (all ``_tokens`` asks of it)."""

    def piece(self, token_id: int) -> str:
        return f"<{token_id}>"


@st.composite
def segmented_tokens(draw):
    """Contiguous segments covering a text (as :func:`~core.chat.segments.split_segments`
    makes them), and token spans over it: mostly in order, some empty, some across segments,
    some out of order (a SentencePiece piece's space, a merged literal)."""
    lengths = draw(st.lists(st.integers(1, 6), max_size=8))
    segments, at = [], 0
    for k, length in enumerate(lengths):
        content = draw(st.booleans())
        segments.append(Segment(at, at + length, "content" if content else "template",
                                k if content else None, "user" if content else None,
                                "content" if content else None))
        at += length
    spans, cursor = [], 0
    for _ in range(draw(st.integers(0, 20))):
        step = draw(st.sampled_from(["next", "next", "next", "empty", "jump"]))
        if step == "jump":
            start = draw(st.integers(0, at + 1))
        else:
            start = cursor
        width = 0 if step == "empty" else draw(st.integers(1, 4))
        spans.append((start, start + width))
        cursor = start + width
    return tuple(segments), spans


@settings(max_examples=300, deadline=None)
@given(segmented_tokens())
def test_each_token_takes_the_provenance_the_readable_rule_gives(case):
    segments, spans = case
    bounds = [seg.start for seg in segments]
    ids = list(range(len(spans)))
    runtime = _Pieces()

    fast = _tokens(runtime, ids, spans, segments, bounds)

    assert fast == tuple(_token(runtime.piece(i), i, span, segments, bounds)
                         for i, span in zip(ids, spans))
