"""The verdict on ID compatibility, with its reasons ranked (the worst first).

``breaking``: some old piece lost its ID (moved, removed, or its ID now holds another piece), or
a special token moved or went. ``append-only compatible``: every old piece keeps its ID and
something else changed (new pieces appended, merges, the pipeline); old texts may still
segment differently, and how often is said. ``identical``: the same text→ID behaviour.

Each reason is a :class:`~core.notes.Note` (a code and its values; severity ``error`` for a
breaking reason, ``warning`` for a compatible one) that each front end words in its language.

>>> r = Reason(3, note("diff.removed", n=3))
>>> r.level, verdict_of([r]), verdict_of([Reason(1, note("diff.scores", n=1))]), verdict_of([])
('breaking', 'breaking', 'append-only compatible', 'identical')
"""

from __future__ import annotations

from typing import NamedTuple

from ..notes import Note, note
from .components import MergesDiff, PartDiff, ScoresDiff
from .vocab import VocabCounts


class Reason(NamedTuple):
    """One reason: a weight to rank by (how many IDs or samples) and the note that says it."""

    weight: int
    note: Note

    @property
    def level(self) -> str:
        """``breaking`` or ``compatible``: what the reason does to the verdict."""
        return "breaking" if self.note.severity == "error" else "compatible"


IDENTICAL, COMPATIBLE, BREAKING = "identical", "append-only compatible", "breaking"
VERDICTS = (IDENTICAL, COMPATIBLE, BREAKING)
# reason levels, worst first
LEVELS = ("breaking", "compatible")
SPECIAL_WEIGHT = 10 ** 6  # a special token that moved or went outranks any count of pieces


def verdict_of(reasons: list[Reason]) -> str:
    """The verdict of :class:`Reason` s."""
    levels = {reason.level for reason in reasons}
    if "breaking" in levels:
        return BREAKING
    return COMPATIBLE if "compatible" in levels else IDENTICAL


def ranked_reasons(reasons: list[Reason]) -> list[Note]:
    """The reasons' notes, breaking ones first, then by weight (how many IDs or samples)."""
    return [r.note for r in sorted(reasons, key=lambda r: (LEVELS.index(r.level), -r.weight))]


def vocabulary_reasons(counts: VocabCounts, added_ids: list[int], old_size: int
                       ) -> list[Reason]:
    """Reasons from the vocabulary counts (:meth:`core.diff.vocab.VocabMap.counts`)."""
    reasons = []
    for n, code in ((counts.kept_new_id, "diff.piece_new_id"),
                    (counts.id_new_piece, "diff.id_new_piece"), (counts.removed, "diff.removed")):
        if n:
            reasons.append(Reason(n, note(code, n=n)))
    if added_ids:
        first, last = min(added_ids), max(added_ids)
        code = "diff.added_appended" if first >= old_size else "diff.added_inside"
        reasons.append(Reason(len(added_ids), note(code, n=len(added_ids), first=first,
                                                   last=last)))
    if counts.kind_changed:
        reasons.append(Reason(counts.kind_changed, note("diff.kind_changed",
                                                        n=counts.kind_changed)))
    return reasons


def _first(items, limit: int = 4) -> list[str]:
    """The first ``limit`` items, then "…" when there are more (a count says how many): a
    list argument each front joins.

    >>> _first(["a", "b", "c"], 2), _first(["a"], 2)
    (['a', 'b', '…'], ['a'])
    """
    items = list(items)
    return items[:limit] + (["…"] if len(items) > limit else [])


def special_reasons(specials) -> list[Reason]:
    """Reasons from a :class:`core.diff.specials.SpecialsDiff`."""
    reasons = []
    if specials.moved:
        shown = _first(f"{m.literal} {m.old_id}→{m.new_id}" for m in specials.moved)
        n = len(specials.moved)
        reasons.append(Reason(SPECIAL_WEIGHT + n, note("diff.specials_moved", n=n, shown=shown)))
    if specials.removed:
        n = len(specials.removed)
        reasons.append(Reason(SPECIAL_WEIGHT + n, note(
            "diff.specials_removed", n=n, shown=_first(r.literal for r in specials.removed))))
    if specials.added:
        reasons.append(Reason(len(specials.added), note(
            "diff.specials_added", n=len(specials.added),
            shown=_first(a.literal for a in specials.added))))
    if specials.changed:
        reasons.append(Reason(len(specials.changed), note(
            "diff.specials_changed", n=len(specials.changed),
            shown=_first(c.literal for c in specials.changed))))
    return reasons


def part_reasons(parts: list[PartDiff]) -> tuple[list[Reason], list[Note]]:
    """Reasons from changed ID parts; notes for changed parts that do not change IDs."""
    reasons, notes = [], []
    for part in parts:
        if not part.changed or not part.comparable:
            continue
        if part.affects_ids:
            reasons.append(Reason(1, note("diff.part_changed", part=part.part)))
        else:
            notes.append(note("diff.part_changed_no_ids", part=part.part))
    return reasons, notes


def model_reasons(merges: MergesDiff, scores: ScoresDiff) -> list[Reason]:
    reasons = []
    if merges.compared:
        moved = merges.added + merges.removed + merges.reranked
        if moved:
            reasons.append(Reason(moved, note("diff.merges", added=merges.added,
                                              removed=merges.removed,
                                              reranked=merges.reranked)))
        if merges.made_unreachable:
            n = merges.made_unreachable
            reasons.append(Reason(n, note("diff.unreachable", n=n)))
    if scores.compared and scores.changed:
        reasons.append(Reason(scores.changed, note("diff.scores", n=scores.changed)))
    return reasons


def golden_reason(changed: int, samples: int) -> list[Reason]:
    if not changed:
        return []
    return [Reason(changed, note("diff.golden", n=changed, samples=samples))]
