"""The Streaming tab's job: read the IDs given (typed, pasted, or text to encode), then replay
them as a server streams them (:func:`core.stream.run.replay`) up to the first ID outside the
vocabulary.

>>> # simulation = simulate(runtime, None, "1 2 3", None, 1, [], [])  # simulation.run.steps
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.jobs.stream_cover import StreamCover, stream_cover
from core.progress import check_cancel
from core.stream.run import StreamRun, first_out_of_range, replay

ID_SEPARATORS = re.compile(r"[\s,;\[\]]+")  # between typed IDs


@dataclass(frozen=True)
class IdsProblem:
    """An item of the typed IDs that is no integer (worded in the GUI thread)."""

    item: int
    text: str


@dataclass(frozen=True)
class Simulation:
    """What the worker computed: the IDs, the run over those before the first out-of-range one
    (``out_of_range``: its position), or the problem that kept the IDs from being read."""

    ids: list[int]
    run: StreamRun | None = None
    out_of_range: int | None = None
    problem: IdsProblem | None = None
    prefill: tuple[int, ...] = ()
    cover: StreamCover | None = None  # which text each ID stands for, step by step


def parse_typed_ids(text: str) -> list[int] | IdsProblem:
    """IDs typed or pasted: integers separated by spaces or commas, a JSON list, or the
    ``{"ids": [...]}`` of ``tokbench inspect --json``.

    >>> parse_typed_ids("[1, 2,3]  4"), parse_typed_ids('{"ids": [5]}'), parse_typed_ids("1 x")
    ([1, 2, 3, 4], [5], IdsProblem(item=1, text='x'))
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        from core.stream.decode import parse_ids

        return parse_ids(stripped)
    ids = []
    for k, item in enumerate(part for part in ID_SEPARATORS.split(stripped) if part):
        try:
            ids.append(int(item))
        except ValueError:
            return IdsProblem(k, item[:40])
    return ids


def simulate(runtime, ids: list[int] | None, text: str, parse_special: bool, chunk: int,
             stops: list[str], stop_ids: list[int], *, prefill: list[int] = (),
             skip_special: bool = False, progress=None, cancel=None) -> Simulation:
    """The worker's job: read the IDs (``ids``, else the typed ``text``: IDs, or text to encode
    when ``parse_special`` is not None), then replay them after the prompt's IDs ``prefill`` up
    to the first out-of-range ID."""
    if ids is None:
        if parse_special is None:
            parsed = parse_typed_ids(text)
            if isinstance(parsed, IdsProblem):
                return Simulation([], problem=parsed)
            ids = parsed
        else:
            ids = runtime.encode(text, add_special_tokens=False,
                                 parse_special=parse_special).ids.tolist()
    check_cancel(cancel)
    bad = first_out_of_range(ids, runtime.id_space)
    run = replay(runtime, ids if bad is None else ids[:bad], chunk=chunk, stops=stops,
                 stop_ids=stop_ids, prefill=prefill, skip_special=skip_special, cancel=cancel)
    taken = ids if bad is None else ids[:bad]
    return Simulation(ids, run, bad, prefill=tuple(prefill),
                      cover=stream_cover(run.steps, taken, runtime))
