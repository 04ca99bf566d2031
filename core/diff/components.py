"""The pipeline parts of two tokenizers side by side: normalizer, pre-tokenizer (its regex),
model type and parameters, post-processor, decoder, chat template, model binding, and the
merges and scores of their models.

A ``tokenizer.json`` is compared on its own JSON components (exact); other runtimes on what
their model view says. Two runtimes describe the same step in different words (tiktoken's regex
is ``ByteLevel`` in a ``tokenizer.json``), so parts of different runtimes are shown, not
judged: the golden set decides whether they behave the same.

>>> part = compare_part("pre_tokenizer", "a|b", "a|c", affects_ids=True)
>>> part.changed, part.diff
(True, ('-a|b', '+a|c'))
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass

from ..notes import Note, note
from ..pipeline.pretokens import ModelView

# parts whose change changes which IDs a text gets; the others change decoding, chat, binding
ID_PARTS = ("normalizer", "pre_tokenizer", "model", "post_processor")
SHOWN_PARTS = ID_PARTS + ("decoder", "padding_truncation", "chat_template", "model_binding")
MODEL_OPTION_SKIP = {"vocab", "merges", "type"}


# options whose absence means False in tokenizers (a file that spells them out says the same)
FALSE_DEFAULTS = frozenset({"ignore_merges", "fuse_unk", "byte_fallback"})


def canonical(value):
    """A component's JSON with the spellings of "not set" made one: a None or empty-string option
    dropped, a False option dropped where False is the default, BertNormalizer's
    ``strip_accents: null`` (follow ``lowercase``) made explicit.

    >>> canonical({"type": "BPE", "continuing_subword_prefix": "", "fuse_unk": False,
    ...            "dropout": None, "use_regex": False})
    {'type': 'BPE', 'use_regex': False}
    >>> canonical({"type": "BertNormalizer", "lowercase": True, "strip_accents": None})
    {'type': 'BertNormalizer', 'lowercase': True, 'strip_accents': True}
    """
    if isinstance(value, list):
        return [canonical(v) for v in value]
    if not isinstance(value, dict):
        return value
    if value.get("type") == "BertNormalizer" and value.get("strip_accents") is None:
        value = {**value, "strip_accents": bool(value.get("lowercase", True))}
    return {k: canonical(v) for k, v in value.items()
            if v is not None and v != "" and not (k in FALSE_DEFAULTS and v is False)}


def _json_text(value) -> str:
    return json.dumps(canonical(value), ensure_ascii=False, sort_keys=True, indent=1)


def part_texts(runtime, view: ModelView, configs, binding: dict) -> dict[str, str]:
    """Each pipeline part as comparable text (a ``tokenizer.json``'s own JSON where it has
    one)."""
    spec = runtime.pipeline_json()
    options = {k: v for k, v in dict(view.options).items() if k not in MODEL_OPTION_SKIP}
    texts = {"normalizer": view.normalizer, "pre_tokenizer": view.pre_tokenizer,
             "model": _json_text({"algorithm": view.algorithm, **options}),
             "post_processor": view.post_processor, "decoder": view.decoder,
             "padding_truncation": "none",
             "chat_template": (configs.chat_template or "") if configs is not None else "",
             "model_binding": _json_text(binding)}
    if isinstance(spec, dict):
        for part in ("normalizer", "pre_tokenizer", "post_processor", "decoder"):
            texts[part] = _json_text(spec.get(part))
        settings = {k: spec.get(k) for k in ("padding", "truncation") if spec.get(k)}
        texts["padding_truncation"] = _json_text(settings) if settings else "none"
    return texts


@dataclass(frozen=True)
class PartDiff:
    """One pipeline part of both sides: its texts, whether it changed, a line diff (``-old`` /
    ``+new``), whether it takes part in which IDs a text gets, and whether the two texts can be
    compared at all (parts of different runtimes are shown, not judged)."""

    part: str
    old: str
    new: str
    changed: bool
    diff: tuple[str, ...]
    affects_ids: bool
    comparable: bool

    def to_json(self) -> dict:
        return {"part": self.part, "changed": self.changed, "affects_ids": self.affects_ids,
                "comparable": self.comparable, "diff": list(self.diff)}


@dataclass(frozen=True)
class MergesDiff:
    """Merges added, removed, re-ranked, and kept pieces no merge sequence produces any more
    (``made_unreachable``); with examples of each. Not ``compared`` (``why``, a note) when a
    side stores no merges."""

    compared: bool
    why: Note | None = None
    old: int = 0
    new: int = 0
    added: int = 0
    removed: int = 0
    reranked: int = 0
    made_unreachable: int = 0
    added_examples: tuple[tuple[str, str], ...] = ()
    removed_examples: tuple[tuple[str, str], ...] = ()
    reranked_examples: tuple[tuple[str, str, int, int], ...] = ()  # left, right, old, new rank
    unreachable_examples: tuple[str, ...] = ()

    def to_json(self) -> dict:
        if not self.compared:
            return {"compared": False, "why": self.why.to_json()}
        return {"compared": True, "old": self.old, "new": self.new, "added": self.added,
                "removed": self.removed, "reranked": self.reranked,
                "made_unreachable": self.made_unreachable,
                "examples": {"added": [list(p) for p in self.added_examples],
                             "removed": [list(p) for p in self.removed_examples],
                             "reranked": [list(r) for r in self.reranked_examples],
                             "made_unreachable": list(self.unreachable_examples)}}


@dataclass(frozen=True)
class ScoreChange:
    """A kept piece whose score changed."""

    piece: str
    old: float
    new: float

    def to_json(self) -> dict:
        return {"piece": self.piece, "old": self.old, "new": self.new}


@dataclass(frozen=True)
class ScoresDiff:
    """Scores of kept pieces (SentencePiece, Unigram): how many changed, the largest change, the
    largest changes. Not ``compared`` (``why``) when a side stores no scores."""

    compared: bool
    why: Note | None = None
    changed: int = 0
    max_change: float = 0.0
    examples: tuple[ScoreChange, ...] = ()

    def to_json(self) -> dict:
        if not self.compared:
            return {"compared": False, "why": self.why.to_json()}
        return {"compared": True, "changed": self.changed, "max_change": self.max_change,
                "examples": [e.to_json() for e in self.examples]}


def compare_part(name: str, old: str, new: str, *, affects_ids: bool,
                 comparable: bool = True) -> PartDiff:
    """One part's old and new text, whether it changed, and a line diff (``-old`` / ``+new``)."""
    lines = [line for line in difflib.unified_diff(old.splitlines(), new.splitlines(),
                                                   lineterm="", n=2)
             if not line.startswith(("---", "+++", "@@"))]
    return PartDiff(name, old, new, old != new, tuple(lines), affects_ids, comparable)


def compare_parts(old_texts: dict[str, str], new_texts: dict[str, str], comparable: bool
                  ) -> list[PartDiff]:
    """Every part of :data:`SHOWN_PARTS` compared. Across runtimes only the chat template and
    the model binding are comparable as text."""
    return [compare_part(name, old_texts[name], new_texts[name], affects_ids=name in ID_PARTS,
                         comparable=comparable or name in ("chat_template", "model_binding"))
            for name in SHOWN_PARTS]


def reachable_pieces(merges, pieces, prefix: str = "") -> set[str]:
    """Pieces a merge sequence can produce from the alphabet (single characters, with the
    continuing-subword ``prefix`` when the model has one).

    >>> sorted(reachable_pieces([("a", "b"), ("ab", "c")], ["a", "b", "c", "ab", "abc", "xy"]))
    ['a', 'ab', 'abc', 'b', 'c']
    """
    produced = {a + b for a, b in merges}
    reachable = {p for p in pieces if p not in produced
                 and len(p[len(prefix):] if prefix and p.startswith(prefix) else p) == 1}
    changed = True
    while changed:  # one pass in rank order normally suffices; repeat for out-of-order files
        changed = False
        for a, b in merges:
            if a in reachable and b in reachable and a + b not in reachable:
                reachable.add(a + b)
                changed = True
    return reachable


def diff_merges(old: ModelView, new: ModelView, kept_pieces: set[str], shown: int = 50
                ) -> MergesDiff:
    """Merges added, removed and re-ranked, and kept pieces the new merges cannot produce.

    ``kept_pieces``: pieces (as the new model spells them) that both vocabularies hold.
    """
    if not old.merges or not new.merges:
        return MergesDiff(False, note("diff.merges_not_stored"
                                      if not old.merges and not new.merges
                                      else "diff.merges_one_side"))
    old_rank = {pair: r for r, pair in enumerate(old.merges)}
    new_rank = {pair: r for r, pair in enumerate(new.merges)}
    added = [p for p in new.merges if p not in old_rank]
    removed = [p for p in old.merges if p not in new_rank]
    reranked = [(p, old_rank[p], new_rank[p]) for p in old.merges
                if p in new_rank and old_rank[p] != new_rank[p]]
    prefix = str(new.options.get("continuing_subword_prefix") or "")
    old_reach = reachable_pieces(old.merges, old.pieces, prefix)
    new_reach = reachable_pieces(new.merges, new.pieces, prefix)
    unreachable = sorted(p for p in kept_pieces if p in old_reach and p not in new_reach)
    return MergesDiff(True, None, len(old.merges), len(new.merges), len(added), len(removed),
                      len(reranked), len(unreachable),
                      tuple(tuple(p) for p in added[:shown]),
                      tuple(tuple(p) for p in removed[:shown]),
                      tuple((*p, a, b) for p, a, b in reranked[:shown]),
                      tuple(unreachable[:shown]))


def diff_scores(old: ModelView, new: ModelView, pairs, shown: int = 20) -> ScoresDiff:
    """Scores of kept pieces (SentencePiece, Unigram): how many changed and the largest change.

    ``pairs``: ``(old_id, new_id)`` of kept pieces.
    """
    if old.scores is None or new.scores is None:
        return ScoresDiff(False, note("diff.scores_not_stored"))
    changes = [(o, n, new.scores[n] - old.scores[o]) for o, n in pairs
               if old.scores[o] != new.scores[n]]
    changes.sort(key=lambda c: -abs(c[2]))
    return ScoresDiff(True, None, len(changes), abs(changes[0][2]) if changes else 0.0,
                      tuple(ScoreChange(new.pieces[n], old.scores[o], new.scores[n])
                            for o, n, _ in changes[:shown]))
