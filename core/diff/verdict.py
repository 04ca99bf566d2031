"""The verdict on ID compatibility, with its reasons ranked (the worst first).

``breaking``: some old piece lost its ID (moved, removed, or its ID now holds another piece), or
a special token moved or went. ``append-only compatible``: every old piece keeps its ID and
something else changed (new pieces appended, merges, the pipeline); old texts may still
segment differently, and how often is said. ``identical``: the same text→ID behaviour.

>>> r = Reason("breaking", 3, "removed", {"n": 3}, "3 pieces were removed")
>>> verdict_of([r]), verdict_of([r._replace(level="compatible")]), verdict_of([])
('breaking', 'append-only compatible', 'identical')
"""

from __future__ import annotations

from typing import NamedTuple


class Reason(NamedTuple):
    """One reason: its level (``breaking`` / ``compatible``), a weight to rank by, a code and
    values a front end words in its own language, and the English text."""

    level: str
    weight: int
    code: str
    values: dict
    text: str


IDENTICAL, COMPATIBLE, BREAKING = "identical", "append-only compatible", "breaking"
VERDICTS = (IDENTICAL, COMPATIBLE, BREAKING)
# reason severities, worst first
LEVELS = ("breaking", "compatible")


def verdict_of(reasons: list[tuple[str, int, str]]) -> str:
    """The verdict of :class:`Reason` s."""
    levels = {reason[0] for reason in reasons}
    if "breaking" in levels:
        return BREAKING
    return COMPATIBLE if "compatible" in levels else IDENTICAL


def ranked(reasons: list[tuple[str, int, str]]) -> list[str]:
    """Reason texts, breaking ones first, then by weight (how many ids or samples)."""
    order = sorted(reasons, key=lambda r: (LEVELS.index(r[0]), -r[1]))
    return [r[-1] for r in order]


def ranked_reasons(reasons: list[Reason]) -> list[Reason]:
    """The reasons themselves, in :func:`ranked` order."""
    return sorted(reasons, key=lambda r: (LEVELS.index(r.level), -r.weight))


def _plural(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def vocabulary_reasons(counts: dict[str, int], added_ids: list[int], old_size: int
                       ) -> list[Reason]:
    """Reasons from the vocabulary counts (:meth:`core.diff.vocab.VocabMap.counts`)."""
    reasons = []
    n = counts["kept_new_id"]
    if n:
        reasons.append(Reason("breaking", n, "piece_new_id", {"n": n}, _plural(
            n, "piece has a new ID", "pieces have a new ID")
            + " (same piece, new ID: a model would read another row for it)"))
    n = counts["id_new_piece"]
    if n:
        reasons.append(Reason("breaking", n, "id_new_piece", {"n": n}, _plural(
            n, "ID now holds another piece", "IDs now hold another piece")
            + " (same ID, new piece: its row was learned for the old one)"))
    n = counts["removed"]
    if n:
        reasons.append(Reason("breaking", n, "removed", {"n": n}, _plural(
            n, "piece was removed", "pieces were removed")))
    if added_ids:
        first, last = min(added_ids), max(added_ids)
        appended = first >= old_size
        where = "appended past the old ones" if appended else "some inside the old ID range"
        reasons.append(Reason("compatible", len(added_ids), "added",
                              {"n": len(added_ids), "first": first, "last": last,
                               "appended": appended},
                              _plural(len(added_ids), "piece added", "pieces added")
                              + (f" (ID {first:,}, {where})" if first == last
                                 else f" (IDs {first:,}–{last:,}, {where})")))
    n = counts["kind_changed"]
    if n:
        reasons.append(Reason("compatible", n, "kind_changed", {"n": n}, _plural(
            n, "kept piece changed kind", "kept pieces changed kind")
            + " (normal / control / user-defined / byte)"))
    return reasons


def _first(items, limit: int = 4) -> str:
    """The first ``limit`` items joined, with "…" when there are more (a count says how many).

    >>> _first(["a", "b", "c"], 2), _first(["a"], 2)
    ('a, b, …', 'a')
    """
    items = list(items)
    return ", ".join(items[:limit]) + (", …" if len(items) > limit else "")


def special_reasons(specials) -> list[Reason]:
    """Reasons from a :class:`core.diff.specials.SpecialsDiff`."""
    reasons = []
    if specials.moved:
        shown = _first(f"{m['literal']} {m['old_id']}→{m['new_id']}" for m in specials.moved)
        n = len(specials.moved)
        reasons.append(Reason("breaking", 10 ** 6 + n, "specials_moved", {"n": n, "shown": shown},
                              _plural(n, "special token moved", "special tokens moved")
                              + f": {shown}"))
    if specials.removed:
        shown = _first(r["literal"] for r in specials.removed)
        n = len(specials.removed)
        reasons.append(Reason("breaking", 10 ** 6 + n, "specials_removed",
                              {"n": n, "shown": shown},
                              _plural(n, "special token removed", "special tokens removed")
                              + f": {shown}"))
    if specials.added:
        shown = _first(a["literal"] for a in specials.added)
        n = len(specials.added)
        reasons.append(Reason("compatible", n, "specials_added", {"n": n, "shown": shown},
                              _plural(n, "special token added", "special tokens added")
                              + f": {shown}"))
    if specials.changed:
        shown = _first(c["literal"] for c in specials.changed)
        n = len(specials.changed)
        reasons.append(Reason("compatible", n, "specials_changed", {"n": n, "shown": shown},
                              _plural(n, "special token changed kind",
                                      "special tokens changed kind") + f": {shown}"))
    return reasons


PART_NAMES = {"normalizer": "normalizer", "pre_tokenizer": "pre-tokenizer",
              "model": "model parameters", "post_processor": "post-processor",
              "decoder": "decoder", "padding_truncation": "padding / truncation",
              "chat_template": "chat template", "model_binding": "model binding"}


def part_reasons(parts: list[dict]) -> tuple[list[Reason], list[str]]:
    """Reasons from changed ID parts; notes for changed parts that do not change IDs."""
    reasons, notes = [], []
    for part in parts:
        if not part["changed"] or not part["comparable"]:
            continue
        name = PART_NAMES[part["part"]]
        if part["affects_ids"]:
            reasons.append(Reason("compatible", 1, "part_changed", {"part": part["part"]},
                                  f"the {name} changed"))
        else:
            notes.append(f"the {name} changed (IDs of a text do not depend on it)")
    return reasons, notes


def model_reasons(merges: dict, scores: dict) -> list[Reason]:
    reasons = []
    if merges.get("compared"):
        moved = merges["added"] + merges["removed"] + merges["reranked"]
        if moved:
            reasons.append(Reason("compatible", moved, "merges",
                                  {k: merges[k] for k in ("added", "removed", "reranked")},
                                  f"merges: {merges['added']:,} added, {merges['removed']:,} "
                                  f"removed, {merges['reranked']:,} re-ranked"))
        if merges["made_unreachable"]:
            n = merges["made_unreachable"]
            reasons.append(Reason("compatible", n, "unreachable", {"n": n}, _plural(
                n, "kept piece is", "kept pieces are") + " no longer produced by any merge "
                "sequence"))
    if scores.get("compared") and scores["changed"]:
        n = scores["changed"]
        reasons.append(Reason("compatible", n, "scores", {"n": n}, _plural(
            n, "piece score changed", "piece scores changed")))
    return reasons


def golden_reason(changed: int, samples: int) -> list[Reason]:
    if not changed:
        return []
    return [Reason("compatible", changed, "golden", {"n": changed, "samples": samples},
                   f"{changed} of {samples} golden stress samples get other IDs")]
