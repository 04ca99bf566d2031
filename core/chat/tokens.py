"""A chat's tokens with their provenance: :class:`ChatToken` (one token), and
:class:`ChatTokens`, the report's sequence of them held as columns.

A long chat's report has some 1,600 tokens. Made as objects on every report they cost half a
millisecond, and as much again in the cyclic collector's pass over them once the report is
done (a named tuple is never untracked): a tenth of the report. :class:`ChatTokens` keeps
what they are made of (the IDs, the spans, the runs of one provenance, the pieces by ID) and
makes a token when it is read.

>>> runs = [("template", None, None, None, 1), ("content", "content", "user", 0, 2)]
>>> tokens = ChatTokens([1, 5, 6], [(0, 3), (3, 5), (5, 6)], runs, {1: "<s>", 5: "hi", 6: "!"})
>>> len(tokens), tokens.ids, tokens[-1].piece, tokens[1].role
(3, [1, 5, 6], '!', 'user')
>>> tokens == tuple(tokens), [t.source for t in tokens[:2]]
(True, ['template', 'content'])
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, chain, repeat
from operator import itemgetter
from typing import NamedTuple


class ChatToken(NamedTuple):
    """One token: its ID and piece, the message (index, role) it came from, ``source``
    (``template`` | ``content``), the content field, and its code-point span in the render.

    A named tuple, equal as the frozen dataclass it was: only to another token of the same
    fields, never to a bare tuple.

    >>> t = ChatToken(2, "hi", 0, "user", "content", "content", 3, 5)
    >>> t.piece, t == ChatToken(*t), t == tuple(t)
    ('hi', True, False)
    """

    id: int
    piece: str
    message: int | None
    role: str | None
    source: str
    field: str | None
    start: int
    end: int

    def to_json(self) -> dict:
        return {"id": self.id, "piece": self.piece, "message": self.message, "role": self.role,
                "source": self.source, "span": [self.start, self.end]}

    def __eq__(self, other):
        if type(other) is type(self):
            return tuple.__eq__(self, other)
        # a bare tuple would answer for itself with its own equality (a token is one)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other):
        if type(other) is type(self):
            return tuple.__ne__(self, other)
        return True if isinstance(other, tuple) else NotImplemented

    __hash__ = tuple.__hash__  # the dataclass' hash: that of its fields' tuple


class ChatTokens(Sequence):
    """The tokens of one reading of a chat, as columns; a :class:`ChatToken` is made when
    read (all of them once, when iterated or sliced, and kept).

    ``ids``: each token's ID; ``spans``: its ``(start, end)`` in code points; ``runs``:
    ``(source, field, role, message, count)`` of each run of tokens of one provenance, in
    order (counts summing to the tokens); ``pieces``: a piece for every ID among ``ids``
    (the runtime's table, which only grows). Equal to another sequence of the same tokens,
    a tuple included; pickled with only the pieces it uses.
    """

    __slots__ = ("_ids", "_spans", "_runs", "_pieces", "_made", "_run_ends")

    def __init__(self, ids: Sequence[int], spans: Sequence[tuple[int, int]],
                 runs: Sequence[tuple], pieces: dict[int, str]) -> None:
        if len(spans) != len(ids) or sum(map(itemgetter(4), runs)) != len(ids):
            raise ValueError(f"{len(ids)} IDs, {len(spans)} spans and runs of "
                             f"{sum(map(itemgetter(4), runs))} tokens: not one token each")
        self._ids, self._spans, self._runs, self._pieces = ids, spans, runs, pieces
        self._made: tuple[ChatToken, ...] | None = None
        self._run_ends: list[int] | None = None

    @property
    def ids(self) -> list[int]:
        """Each token's ID (no token made)."""
        return list(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.made[index]
        made = self._made
        if made is not None:
            return made[index]
        count = len(self._ids)
        if not -count <= index < count:
            raise IndexError("token index out of range")
        index %= count
        ends = self._run_ends
        if ends is None:  # where each run's tokens end: a bisection finds a token's run
            ends = self._run_ends = list(accumulate(map(itemgetter(4), self._runs)))
        source, field, role, message, _ = self._runs[bisect_right(ends, index)]
        token_id = self._ids[index]
        start, end = self._spans[index]
        return ChatToken(token_id, self._pieces[token_id], message, role, source, field,
                         start, end)

    def __iter__(self):
        return iter(self.made)

    @property
    def made(self) -> tuple[ChatToken, ...]:
        """Every token, made from the columns at C speed (each run's fields repeated), once."""
        made = self._made
        if made is None:
            runs = self._runs
            counts = list(map(itemgetter(4), runs))

            def column(k):  # field k of each run, once per token of the run
                return chain.from_iterable(map(repeat, map(itemgetter(k), runs), counts))

            spans = self._spans
            rows = zip(self._ids, map(self._pieces.__getitem__, self._ids), column(3),
                       column(2), column(0), column(1), map(itemgetter(0), spans),
                       map(itemgetter(1), spans))
            made = self._made = tuple(map(tuple.__new__, repeat(ChatToken), rows))
        return made

    def __eq__(self, other):
        if isinstance(other, ChatTokens):
            return self.made == other.made
        if isinstance(other, tuple):
            return self.made == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.made)

    def __repr__(self) -> str:
        return f"ChatTokens({list(self.made)!r})"

    def __reduce__(self):
        ids = list(self._ids)
        return ChatTokens, (ids, list(self._spans), list(self._runs),
                            {token_id: self._pieces[token_id] for token_id in set(ids)})


def token_ids(tokens: Sequence[ChatToken]) -> list[int]:
    """The IDs of ``tokens`` (a :class:`ChatTokens`' without making a token).

    >>> token_ids((ChatToken(4, "a", None, None, "template", None, 0, 1),))
    [4]
    """
    if isinstance(tokens, ChatTokens):
        return tokens.ids
    return [t.id for t in tokens]
