"""The verdict on ID compatibility, with its reasons ranked (the worst first).

``breaking``: some old piece lost its ID (moved, removed, or its ID now holds another piece), or
a special token moved or went. ``append-only compatible``: every old piece keeps its ID and
something else changed (new pieces appended, merges, the pipeline); old texts may still
segment differently, and how often is said. ``identical``: the same text→ID behaviour.

>>> verdict_of([("breaking", 3, "x")]), verdict_of([("compatible", 1, "y")]), verdict_of([])
('breaking', 'append-only compatible', 'identical')
"""

from __future__ import annotations

IDENTICAL, COMPATIBLE, BREAKING = "identical", "append-only compatible", "breaking"
VERDICTS = (IDENTICAL, COMPATIBLE, BREAKING)
# reason severities, worst first
LEVELS = ("breaking", "compatible")


def verdict_of(reasons: list[tuple[str, int, str]]) -> str:
    """The verdict of ``(level, weight, text)`` reasons."""
    levels = {level for level, _, _ in reasons}
    if "breaking" in levels:
        return BREAKING
    return COMPATIBLE if "compatible" in levels else IDENTICAL


def ranked(reasons: list[tuple[str, int, str]]) -> list[str]:
    """Reason texts, breaking ones first, then by weight (how many ids or samples)."""
    order = sorted(reasons, key=lambda r: (LEVELS.index(r[0]), -r[1]))
    return [text for _, _, text in order]


def _plural(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def vocabulary_reasons(counts: dict[str, int], added_ids: list[int], old_size: int
                       ) -> list[tuple[str, int, str]]:
    """Reasons from the vocabulary counts (:meth:`core.diff.vocab.VocabMap.counts`)."""
    reasons = []
    if counts["kept_new_id"]:
        reasons.append(("breaking", counts["kept_new_id"], _plural(
            counts["kept_new_id"], "piece has a new ID", "pieces have a new ID")
            + " (same piece, new ID: a model would read another row for it)"))
    if counts["id_new_piece"]:
        reasons.append(("breaking", counts["id_new_piece"], _plural(
            counts["id_new_piece"], "ID now holds another piece", "IDs now hold another piece")
            + " (same ID, new piece: its row was learned for the old one)"))
    if counts["removed"]:
        reasons.append(("breaking", counts["removed"], _plural(
            counts["removed"], "piece was removed", "pieces were removed")))
    if added_ids:
        where = ("appended past the old ones" if min(added_ids) >= old_size
                 else "some inside the old ID range")
        reasons.append(("compatible", len(added_ids), _plural(
            len(added_ids), "piece added", "pieces added")
            + f" (IDs {min(added_ids):,}–{max(added_ids):,}, {where})"))
    if counts["kind_changed"]:
        reasons.append(("compatible", counts["kind_changed"], _plural(
            counts["kind_changed"], "kept piece changed kind", "kept pieces changed kind")
            + " (normal / control / user-defined / byte)"))
    return reasons


def special_reasons(specials) -> list[tuple[str, int, str]]:
    """Reasons from a :class:`core.diff.specials.SpecialsDiff`."""
    reasons = []
    if specials.moved:
        shown = ", ".join(f"{m['literal']} {m['old_id']}→{m['new_id']}" for m in specials.moved[:4])
        reasons.append(("breaking", 10 ** 6 + len(specials.moved), _plural(
            len(specials.moved), "special token moved", "special tokens moved") + f": {shown}"))
    if specials.removed:
        shown = ", ".join(r["literal"] for r in specials.removed[:4])
        reasons.append(("breaking", 10 ** 6 + len(specials.removed), _plural(
            len(specials.removed), "special token removed", "special tokens removed")
            + f": {shown}"))
    if specials.added:
        shown = ", ".join(a["literal"] for a in specials.added[:4])
        reasons.append(("compatible", len(specials.added), _plural(
            len(specials.added), "special token added", "special tokens added") + f": {shown}"))
    if specials.changed:
        shown = ", ".join(c["literal"] for c in specials.changed[:4])
        reasons.append(("compatible", len(specials.changed), _plural(
            len(specials.changed), "special token changed kind or role",
            "special tokens changed kind or role") + f": {shown}"))
    return reasons


PART_NAMES = {"normalizer": "normalizer", "pre_tokenizer": "pre-tokenizer",
              "model": "model parameters", "post_processor": "post-processor",
              "decoder": "decoder", "padding_truncation": "padding / truncation",
              "chat_template": "chat template", "model_binding": "model binding"}


def part_reasons(parts: list[dict]) -> tuple[list[tuple[str, int, str]], list[str]]:
    """Reasons from changed ID parts; notes for changed parts that do not change IDs."""
    reasons, notes = [], []
    for part in parts:
        if not part["changed"] or not part["comparable"]:
            continue
        name = PART_NAMES[part["part"]]
        if part["affects_ids"]:
            reasons.append(("compatible", 1, f"the {name} changed"))
        else:
            notes.append(f"the {name} changed (IDs of a text do not depend on it)")
    return reasons, notes


def model_reasons(merges: dict, scores: dict) -> list[tuple[str, int, str]]:
    reasons = []
    if merges.get("compared"):
        moved = merges["added"] + merges["removed"] + merges["reranked"]
        if moved:
            reasons.append(("compatible", moved, f"merges: {merges['added']:,} added, "
                            f"{merges['removed']:,} removed, {merges['reranked']:,} re-ranked"))
        if merges["made_unreachable"]:
            reasons.append(("compatible", merges["made_unreachable"], _plural(
                merges["made_unreachable"], "kept piece is", "kept pieces are")
                + " no longer produced by any merge sequence"))
    if scores.get("compared") and scores["changed"]:
        reasons.append(("compatible", scores["changed"], _plural(
            scores["changed"], "piece score changed", "piece scores changed")))
    return reasons


def golden_reason(changed: int, samples: int) -> list[tuple[str, int, str]]:
    if not changed:
        return []
    return [("compatible", changed, f"{changed} of {samples} golden stress samples get other IDs")]
