"""Gemma 4's newline runs as a ``tokenizers`` pipeline can run them.

llama.cpp splits a Gemma 4 text into lines and runs of newlines, then merges each piece by rank;
but a run of newlines that is itself a token is taken whole, without the merges (its fix for
Gemma 4, llama.cpp PR 21343). ``tokenizers`` has no "whole if a token" rule for some pieces
only (``ignore_merges`` would apply it to every line). So:

- when the merges already build every newline token from single newlines, nothing is needed;
- when no merge joins newlines at all (a run that is not a token is then single newlines), the
  pre-tokenizer cuts each run that is a token as one piece and every other run into single
  newlines, and merges added after the file's build each newline-token piece whole;
- otherwise (merges that join newlines but not into every newline token) no pipeline is exact,
  and the file is refused by name.

>>> plan = newline_plan(["\\n", "\\n\\n", "a"], [])
>>> plan.split, plan.merges
('[^\\\\n]+|(?<!\\\\n)(?:\\\\n{1,2})(?!\\\\n)|\\\\n', [('\\n', '\\n')])
>>> newline_plan(["\\n", "\\n\\n"], [("\\n", "\\n")]) is None
True
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ...errors import FormatError
from ...notes import note


@dataclass(frozen=True)
class NewlinePlan:
    """The split regex that replaces ``[^\\n]+|[\\n]+`` and the merges to append."""

    split: str
    merges: list[tuple[str, str]]


def merge_runs(lengths: int, ranks: dict[tuple[int, int], int]) -> list[int]:
    """The pieces (as lengths) llama.cpp's BPE leaves of a run of ``lengths`` newlines, merging
    the pair of lowest rank first, the leftmost of equal ranks.

    >>> merge_runs(5, {(1, 1): 0})
    [2, 2, 1]
    >>> merge_runs(3, {(1, 1): 1, (2, 1): 0})
    [3]
    """
    pieces = [1] * lengths
    alive = [True] * lengths
    nxt = list(range(1, lengths)) + [-1]
    prev = list(range(-1, lengths - 1))
    queue: list[tuple[int, int, int, int]] = []

    def push(left: int) -> None:
        right = nxt[left] if left >= 0 else -1
        if left < 0 or right < 0:
            return
        rank = ranks.get((pieces[left], pieces[right]))
        if rank is not None:
            heapq.heappush(queue, (rank, left, pieces[left], pieces[right]))

    for i in range(lengths - 1):
        push(i)
    while queue:
        _, left, a, b = heapq.heappop(queue)
        right = nxt[left]
        if not alive[left] or right < 0 or (pieces[left], pieces[right]) != (a, b):
            continue  # outdated, as llama.cpp skips a bigram whose text changed
        pieces[left] = a + b
        alive[right] = False
        nxt[left] = nxt[right]
        if nxt[right] >= 0:
            prev[nxt[right]] = left
        push(prev[left])
        push(left)
    return [pieces[i] for i in range(lengths) if alive[i]]


def newline_plan(tokens: list[str], merges: list[tuple[str, str]],
                 path: object = None) -> NewlinePlan | None:
    """How to run Gemma 4's newline rule over ``tokens`` and ``merges`` (pairs, in rank order):
    None when the plain split is already exact, else the plan; raises :class:`FormatError`
    when no pipeline is exact."""
    runs = sorted(len(t) for t in tokens if t and t.strip("\n") == "")
    if not runs:
        return None
    ranks: dict[tuple[int, int], int] = {}
    for rank, (left, right) in enumerate(merges):
        if left and right and not left.strip("\n") and not right.strip("\n"):
            ranks.setdefault((len(left), len(right)), rank)
    if all(merge_runs(n, ranks) == [n] for n in runs):
        return None
    if ranks:
        raise FormatError.of(note("gguf.newline_merges", runs=len(runs)), path=path)
    have = set(runs)
    added = [(a, total - a) for total in runs for a in range(1, total)
             if a in have and total - a in have]
    built = {pair: rank for rank, pair in enumerate(added)}
    missing = [n for n in runs if merge_runs(n, built) != [n]]
    if missing:
        raise FormatError.of(note("gguf.newline_merges", runs=len(runs)), path=path)
    return NewlinePlan(r"[^\n]+|(?<!\n)(?:" + "|".join(_spans(runs)) + r")(?!\n)|\n",
                       [("\n" * a, "\n" * b) for a, b in added])


def _spans(lengths: list[int]) -> list[str]:
    """Regex alternatives for runs of exactly these lengths, longest first, contiguous lengths
    as one ``\\n{a,b}``.

    >>> _spans([1, 2, 3, 5])
    ['\\\\n{5}', '\\\\n{1,3}']
    """
    groups: list[list[int]] = []
    for n in sorted(set(lengths)):
        if groups and n == groups[-1][-1] + 1:
            groups[-1].append(n)
        else:
            groups.append([n])
    return [rf"\n{{{g[0]}}}" if len(g) == 1 else rf"\n{{{g[0]},{g[-1]}}}"
            for g in reversed(groups)]
