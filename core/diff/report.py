"""The whole diff of two opened tokenizers, and its JSON (the ``tokbench diff --json`` contract).

:func:`compare` is the one function ``tokbench diff`` and the Diff pane call; its
:class:`TokenizerDiff` is what both show (the pane's tabs, the CLI's lines) and its
:meth:`TokenizerDiff.to_json` what both write (``--json``, the pane's JSON and HTML exports).

>>> # d = compare(open_tokenizer("old/tokenizer.json"), open_tokenizer("new.bundle"))
>>> # d.verdict, english(d.reasons[0]), d.counts.kept_new_id
>>> # ('breaking', '2 special tokens moved: <s> 1→2, </s> 2→1', 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from ..bundles.bundle import model_binding
from ..bundles.golden import GoldenCheck
from ..notes import Note, note
from ..progress import CancelFn, ProgressFn
from .behaviour import BehaviourDiff
from .components import (MergesDiff, PartDiff, ScoresDiff, compare_parts, diff_merges,
                         diff_scores, part_texts)
from .migration import (BlockOffset, MigrationCost, block_offset, matrix_rows, migration_cost,
                        row_map)
from .specials import SpecialsDiff, diff_specials
from .verdict import (golden_reason, model_reasons, part_reasons, ranked_reasons,
                      special_reasons, verdict_of, vocabulary_reasons)
from .vocab import VocabCounts, VocabMap, family, map_views, show_key

EXAMPLE_ROWS = 50  # rows per vocabulary category kept in the JSON
JSON_VERSION = 1  # of TokenizerDiff.to_json (tokbench diff --json, the Diff pane's export)
FAIL_ON = ("breaking", "any")  # what tokbench diff --fail-on can fail on


@dataclass
class TokenizerDiff:
    """Everything compared between ``old`` and ``new``, and the verdict.

    Attributes:
        old_label, new_label: ``name · format`` of each side.
        basis: how pieces were identified (:func:`core.diff.vocab.identity_basis`).
        vocab: the vocabulary map (lazy views for a table of 256k rows).
        old_pieces, new_pieces: each side's pieces as its runtime spells them.
        specials, parts, merges, scores: each contract part's comparison (``parts``: the
            pipeline parts in :data:`~core.diff.components.SHOWN_PARTS` order).
        golden_changed / golden_samples: old's golden samples whose IDs differ on new / how
            many (the golden check's samples: its ``ids`` kind counts the same).
        verdict: the verdict; reasons: its reasons ranked, notes: facts that do not change
            IDs (both :class:`~core.notes.Note` s: each front end words them).
        cost: rows added and to initialize, and their size; ``offset``: a block shift, or None.
        behaviour: the corpus diff, when one was run.
        golden_check: old's golden samples verified on new (the pane's comparison).
    """

    old_label: str
    new_label: str
    basis: str
    vocab: VocabMap
    old_pieces: tuple[str, ...]
    new_pieces: tuple[str, ...]
    specials: SpecialsDiff
    parts: list[PartDiff]
    merges: MergesDiff
    scores: ScoresDiff
    golden_changed: int
    golden_samples: int
    verdict: str
    reasons: list[Note]
    notes: list[Note]
    cost: MigrationCost
    offset: BlockOffset | None
    behaviour: BehaviourDiff | None = None
    golden_check: GoldenCheck | None = None  # old's golden samples verified on new
    configs: tuple = field(default=(), repr=False)

    @cached_property
    def counts(self) -> VocabCounts:
        """How the vocabularies map (:meth:`~core.diff.vocab.VocabMap.counts`, computed once)."""
        return self.vocab.counts()

    def part(self, name: str) -> PartDiff:
        """One pipeline part's comparison (``chat_template``, ``normalizer``...)."""
        return next(p for p in self.parts if p.part == name)

    def with_cost(self, *, hidden: int | None = None, dtype: str | None = None,
                  tied: bool | None = None) -> MigrationCost:
        """The migration cost for other inputs (the pane's editable hidden size / dtype / tied)."""
        self.cost = migration_cost(self.cost.rows_added, hidden=hidden, dtype=dtype, tied=tied,
                                   configs=self.configs,
                                   rows_to_initialize=self.cost.rows_to_initialize,
                                   rows_repurposed=self.cost.rows_repurposed)
        return self.cost

    def strategy(self) -> str:
        """What a model owner does with the rows: ``none needed``, ``append rows``,
        ``constant offset``, ``reinitialize rows`` (no kept piece moved, but some IDs now hold
        another piece: Mistral v2→v3 renaming reserved control pieces in place), ``row map``
        or ``retrain`` (no piece kept)."""
        counts = self.counts
        moved = counts.kept_new_id + counts.id_new_piece + counts.removed
        if not moved:
            return "append rows" if counts.added else "none needed"
        if self.offset is not None:  # every kept row from one id on shifted alike: slice
            return "constant offset"
        if not counts.kept_new_id and counts.id_new_piece and counts.kept_same_id:
            return "reinitialize rows"
        kept = counts.kept_same_id + counts.kept_new_id
        return "row map" if kept else "retrain"

    def row_map(self) -> list[list[int]]:
        return row_map(self.vocab.new_id_of_old)

    def fails(self, fail_on: str | None) -> bool:
        """Whether the check ``fail_on`` asks for fails on this diff (``tokbench diff
        --fail-on``): ``breaking`` on a breaking verdict, ``any`` on anything but identical,
        None never. The JSON's ``failed`` says it.

        >>> from types import SimpleNamespace as Diff
        >>> [TokenizerDiff.fails(Diff(verdict=v), "breaking") for v in ("breaking", "identical")]
        [True, False]
        >>> TokenizerDiff.fails(Diff(verdict="append-only compatible"), "any")
        True
        """
        if fail_on == "breaking":
            return self.verdict == "breaking"
        if fail_on == "any":
            return self.verdict != "identical"
        return False

    def examples(self, category: str, limit: int = EXAMPLE_ROWS) -> list[dict]:
        """A few rows of a vocabulary category (``kept_new_id``, ``id_new_piece``, ``added``,
        ``removed``, ``kind_changed``) for the JSON."""
        v = self.vocab
        ids = {"kept_new_id": v.kept_new_id, "id_new_piece": v.id_new_piece, "added": v.added,
               "removed": v.removed, "kind_changed": v.kind_changed}[category]()[:limit]
        rows = []
        for i in ids.tolist():
            if category == "added":
                rows.append({"new_id": i, "piece": show_key(v.new_keys[i])})
            elif category == "id_new_piece":
                rows.append({"id": i, "old_piece": show_key(v.old_keys[i]),
                             "new_piece": show_key(v.new_keys[i])})
            else:
                new_id = int(v.new_id_of_old[i])
                rows.append({"old_id": i, "new_id": new_id if new_id >= 0 else None,
                             "piece": show_key(v.old_keys[i]),
                             **({"old_kind": v.old_kinds[i], "new_kind": v.new_kinds[new_id]}
                                if category == "kind_changed" else {})})
        return rows

    def to_json(self) -> dict:
        """The ``tokbench diff --json`` object (docs/cli.md), the pane's exports."""
        data = {
            "verdict": self.verdict, "reasons": [n.to_json() for n in self.reasons],
            "notes": [n.to_json() for n in self.notes],
            "old": self.old_label, "new": self.new_label, "identity": self.basis,
            "vocab": {**self.counts.to_json(), "examples": {c: self.examples(c) for c in (
                "kept_new_id", "id_new_piece", "added", "removed", "kind_changed")}},
            "specials": self.specials.to_json(),
            "offset": self.offset.offset if self.offset else None,
            "offset_from_id": self.offset.from_id if self.offset else None,
            "strategy": self.strategy(),
            "rows_added": self.cost.rows_added,
            "rows_to_initialize": self.cost.rows_to_initialize,
            "mib_tied": self.cost.mib_tied, "mib_untied": self.cost.mib_untied,
            "migration": self.cost.to_json(),
            "parts": [p.to_json() for p in self.parts],
            "merges": self.merges.to_json(), "scores": self.scores.to_json(),
            "golden": {"samples": self.golden_samples, "ids_differ": self.golden_changed},
        }
        if self.behaviour is not None:
            data["behaviour"] = self.behaviour.to_json()
        if self.golden_check is not None:
            data["golden_verify"] = self.golden_check.to_json()
        return data


def _golden_changed(old_rt, new_rt) -> tuple[int, int]:
    """Golden samples whose IDs differ (a text one side refuses and the other not counts), and
    how many there are: old's golden samples (the stress set and one per special-token literal,
    :func:`core.bundles.golden.samples_for`), the very set the Diff pane's golden check verifies, so
    the verdict's count and the check's agree."""
    from ..bundles.fingerprints import encode_each
    from ..bundles.golden import samples_for

    texts = [text for _, text in samples_for(old_rt)]
    old, new = encode_each(old_rt, texts), encode_each(new_rt, texts)
    changed = sum((a != b) if isinstance(a, str) or isinstance(b, str)
                  else not np.array_equal(a.ids, b.ids) for a, b in zip(old, new))
    return changed, len(texts)


def diff_tokenizers(old, new, *, hidden: int | None = None, dtype: str | None = None,
                    tied: bool | None = None) -> TokenizerDiff:
    """The contract diff of two :class:`core.loading.Loaded` tokenizers (any formats)."""
    old_view, new_view = old.runtime.model_view(), new.runtime.model_view()
    vocab, basis = map_views(old_view, new_view)
    counts = vocab.counts()
    specials = diff_specials(old.runtime.special_tokens(), new.runtime.special_tokens())
    comparable = old_view.runtime_kind == new_view.runtime_kind
    parts = compare_parts(
        part_texts(old.runtime, old_view, old.configs, model_binding(old.runtime, old.configs)),
        part_texts(new.runtime, new_view, new.configs, model_binding(new.runtime, new.configs)),
        comparable)
    kept = np.flatnonzero(vocab.new_id_of_old >= 0)
    kept_pairs = list(zip(kept.tolist(), vocab.new_id_of_old[kept].tolist()))
    merges = diff_merges(old_view, new_view, {new_view.pieces[n] for _, n in kept_pairs})
    scores = (diff_scores(old_view, new_view, kept_pairs) if basis == "piece text"
              else ScoresDiff(False, note("diff.scores_not_stored")))
    golden_changed, golden_samples = _golden_changed(old.runtime, new.runtime)
    added = vocab.added().tolist()
    reasons = [*vocabulary_reasons(counts, added, vocab.old_size), *special_reasons(specials),
               *model_reasons(merges, scores), *golden_reason(golden_changed, golden_samples)]
    id_parts, notes = part_reasons(parts)
    reasons += id_parts
    notes = [*_basis_notes(basis, vocab, comparable, old_view, new_view), *notes,
             *_role_notes(specials)]
    configs = (new.configs.model_config, old.configs.model_config)
    offset = block_offset(vocab.new_id_of_old)
    verdict = verdict_of(reasons)
    rows = matrix_rows(vocab.old_size, vocab.new_size, added)
    return TokenizerDiff(old.label, new.label, basis, vocab, old_view.pieces, new_view.pieces,
                         specials, parts, merges, scores, golden_changed, golden_samples,
                         verdict, ranked_reasons(reasons), notes,
                         migration_cost(rows["rows_added"], hidden=hidden, dtype=dtype, tied=tied,
                                        configs=configs,
                                        rows_to_initialize=rows["rows_to_initialize"],
                                        rows_repurposed=rows["rows_repurposed"]),
                         offset if verdict == "breaking" else None, configs=configs)


def _basis_notes(basis, vocab, comparable, old_view, new_view) -> list[Note]:
    notes = []
    if basis == "bytes (across families)":
        notes.append(note("diff.across_families", old_family=family(old_view),
                          new_family=family(new_view)))
    if not comparable:
        notes.append(note("diff.runtimes_differ", old_runtime=old_view.runtime_kind,
                          new_runtime=new_view.runtime_kind))
    for side, n in vocab.duplicates.items():
        notes.append(note("diff.duplicate_pieces", n=n, side=side))
    if not vocab.new_id_of_old.size or not np.any(vocab.new_id_of_old >= 0):
        notes.append(note("diff.nothing_mapped"))
    return notes


def _role_notes(specials: SpecialsDiff) -> list[Note]:
    """Roles the two sides give a special token differently (a protocol fact, not an ID)."""
    if not specials.roles:
        return []
    shown = [f"{r.literal} {r.old or '—'} → {r.new or '—'}" for r in specials.roles[:4]] + (
        ["…"] if len(specials.roles) > 4 else [])
    return [note("diff.roles_changed", n=len(specials.roles), shown=shown)]


def run_behaviour(diff: TokenizerDiff, old, new, items, *, progress: ProgressFn | None = None,
                  cancel: CancelFn | None = None, total: int = 0) -> BehaviourDiff:
    """Add a behaviour diff of ``items`` (``(bucket, text)``) to ``diff``."""
    from .behaviour import behaviour_diff

    diff.behaviour = behaviour_diff(old.runtime, new.runtime, items, progress=progress,
                                    cancel=cancel, total=total)
    return diff.behaviour


def compare(old, new, sources=(), *, golden: bool = True, hidden: int | None = None,
            dtype: str | None = None, tied: bool | None = None,
            progress: ProgressFn | None = None, cancel: CancelFn | None = None
            ) -> TokenizerDiff:
    """The diff of two :class:`core.loading.Loaded` tokenizers: the contract diff, and the
    behaviour on ``sources`` (:class:`~core.corpus.CorpusSource`, a bucket each by language or
    file name).

    ``golden`` (the Diff pane): also old's golden samples verified on new, and the behaviour on
    the golden stress set (as the bucket ``golden``) before the sources. Without it
    (``tokbench diff``) the behaviour is measured only when sources are given.

    Raises :class:`~core.errors.WorkbenchError` when the sources hold no text.
    """
    from ..bundles.golden import lock, verify
    from ..progress import Progress, check_cancel
    from .behaviour import corpus_items, golden_items

    if progress is not None:
        progress(Progress("contract", 0, 3))
    diff = diff_tokenizers(old, new, hidden=hidden, dtype=dtype, tied=tied)
    check_cancel(cancel)
    if golden:
        if progress is not None:
            progress(Progress("golden", 1, 3))
        diff.golden_check = verify(new.runtime, lock(old.runtime))
        check_cancel(cancel)
    if not golden and not sources:
        return diff

    def items():
        if golden:
            yield from golden_items()
        if sources:  # progress in bytes read
            yield from corpus_items(list(sources), cancel=cancel, progress=progress)

    run_behaviour(diff, old, new, items(), progress=None if sources else progress,
                  cancel=cancel)
    return diff
