"""ChatTokens, a reading's tokens held as columns: each token read alone, by index or slice,
iterated, compared, hashed and pickled is the ChatToken the columns make, and columns that
do not make one token each are refused."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.chat.tokens import ChatToken, ChatTokens, token_ids

SOURCES = [("template", None, None, None), ("content", "content", "user", 0),
           ("content", "tool_calls", "assistant", 1), ("template", None, "tool", 2)]


@st.composite
def columns(draw):
    """IDs, spans laid end to end, runs of one provenance covering them, and a piece table
    holding more IDs than the tokens use."""
    counts = draw(st.lists(st.integers(1, 5), max_size=8))
    runs = [(*draw(st.sampled_from(SOURCES)), count) for count in counts]
    n = sum(counts)
    ids = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    widths = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    spans, at = [], 0
    for width in widths:
        spans.append((at, at + width))
        at += width
    pieces = {i: f"p{i}" for i in range(50)}
    return ids, spans, runs, pieces


def made_one_by_one(ids, spans, runs, pieces) -> tuple[ChatToken, ...]:
    """The tokens, each run's provenance written out token by token (the plain rule)."""
    provenance = [run[:4] for run in runs for _ in range(run[4])]
    return tuple(ChatToken(i, pieces[i], message, role, source, field, start, end)
                 for i, (start, end), (source, field, role, message)
                 in zip(ids, spans, provenance))


@given(columns())
def test_each_token_read_alone_is_the_one_the_columns_make(case):
    expected = made_one_by_one(*case)
    tokens = ChatTokens(*case)
    n = len(expected)
    assert len(tokens) == n and tokens.ids == case[0]
    assert [tokens[i] for i in range(n)] == list(expected)  # before any are made together
    assert [tokens[i - n] for i in range(n)] == list(expected)  # negative indexes
    assert tokens._made is None  # reading single tokens made no tuple of all of them
    for bad in (n, -n - 1):
        with pytest.raises(IndexError):
            tokens[bad]
    assert tuple(tokens) == expected and list(iter(tokens)) == list(expected)
    assert tokens[1:3] == expected[1:3] and tokens[::-1] == expected[::-1]
    assert tokens == expected and tokens == ChatTokens(*case) and hash(tokens) == hash(expected)
    assert token_ids(tokens) == token_ids(expected) == case[0]


@given(columns())
def test_a_pickled_reading_keeps_its_tokens_and_only_the_pieces_it_uses(case):
    tokens = ChatTokens(*case)
    again = pickle.loads(pickle.dumps(tokens))
    assert isinstance(again, ChatTokens) and again == tokens
    assert set(again._pieces) == set(case[0])


def test_it_differs_from_other_tokens_and_from_what_is_no_reading():
    case = ([1, 2], [(0, 1), (1, 2)], [("content", "content", "user", 0, 2)], {1: "a", 2: "b"})
    tokens = ChatTokens(*case)
    other = ChatTokens([1, 3], case[1], case[2], {1: "a", 3: "c"})
    assert tokens != other and tokens != tuple(other)
    assert tokens != [1, 2] and tokens != ((1, "a", 0, "user", "content", "content", 0, 1),
                                           (2, "b", 0, "user", "content", "content", 1, 2))
    assert "ChatToken(id=1, piece='a'" in repr(tokens)


@pytest.mark.parametrize("ids, spans, counts", [
    ([1, 2], [(0, 1)], [2]),          # a span short
    ([1, 2], [(0, 1), (1, 2)], [1]),  # the runs cover one token of two
    ([1], [(0, 1)], [1, 1]),          # the runs cover one token too many
])
def test_columns_that_are_not_one_token_each_are_refused(ids, spans, counts):
    runs = [("template", None, None, None, count) for count in counts]
    with pytest.raises(ValueError, match="not one token each"):
        ChatTokens(ids, spans, runs, {1: "a", 2: "b"})
