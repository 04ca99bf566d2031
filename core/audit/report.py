"""The whole vocabulary audit of one tokenizer, and its JSON / CSV / manifest forms.

:func:`audit_vocabulary` is the one function ``tokbench audit`` and the Vocabulary tab call;
its :class:`AuditReport` is what both show (the CLI's lines, the tab's filters and badges, the
Tokenizer tab's summary) and :meth:`AuditReport.to_json` what both write (``--json``, the
tab's JSON export).

>>> # audit = audit_vocabulary(runtime, sources=[CorpusSource("wiki.txt", lang="en")])
>>> # audit.self_unreachable()[:3] -> [1, 2, 3]
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ..corpus import CorpusSource
from ..progress import CancelFn, Progress, ProgressFn, check_cancel
from ..formats.runtime import Runtime
from .duplicates import near_duplicate_groups
from .merges import MergeReachability, merge_reachability
from .reachability import (PARTIAL, REACHABLE, SPECIAL, STATUS_NAMES, UNREACHABLE,
                           Reachability, self_reachability)
from .sensitive import SensitivePiece, sensitive_pieces
from .usage import CorpusUse, Usage, corpus_usage

CSV_COLUMNS = ("id", "piece", "status", "word_internal", "encodes_to", "merge_unreachable",
               "sensitive_rule", "corpus_count", "duplicate_group")
AUDIT_VERSION = 1
JSON_VERSION = 1  # of AuditReport.to_json (tokbench audit --json, the vocabulary audit's export)
# what the Vocabulary tab can show only of (see AuditReport.mask)
FILTERS = ("partial", "unreachable", "word-internal", "merge-unreachable", "unused", "sensitive",
           "near-duplicate", "special")


@dataclass(frozen=True)
class SpecialPiece:
    """A special token, reported apart from the ordinary ones."""

    id: int
    piece: str

    def to_json(self) -> dict:
        return {"id": self.id, "piece": self.piece}


@dataclass
class AuditReport:
    """Everything the audit found about one vocabulary (see the ``core.audit`` modules).

    ``tokens``: the ids audited; ``reach``: each id's status (partial, self-reachable or not,
    word-internal); ``merges``: the ids no merge forms (None: not a BPE with merges);
    ``sensitive``, ``near_duplicates`` (groups of ids), ``usage`` (on a corpus, or None) and the
    ``special`` tokens, apart.
    """

    tokens: int
    pieces: Sequence[str]
    reach: Reachability
    merges: MergeReachability | None
    sensitive: list[SensitivePiece]
    near_duplicates: list[list[int]]
    usage: Usage | None = None
    special: list[SpecialPiece] = field(default_factory=list)
    _masks: dict = field(default_factory=dict, repr=False, compare=False)

    # -- the counts and ids it found ---------------------------------------------------------
    @property
    def partial(self) -> int:
        """Ids that are not whole characters."""
        return int((self.reach.status == PARTIAL).sum())

    @property
    def self_reachable(self) -> int:
        """Ids the runtime gives for their own text."""
        return int((self.reach.status == REACHABLE).sum())

    @property
    def ordinary(self) -> int:
        """Ids that are not special tokens."""
        return int(self.reach.ordinary.sum())

    def self_unreachable(self) -> list[int]:
        """Ordinary ids no text gives alone (word-internal ones included)."""
        return self.reach.ids(UNREACHABLE)

    def word_internal(self) -> list[int]:
        """Self-unreachable ids that only occur inside a word (``##ing`` alone is not one)."""
        return np.flatnonzero(self.reach.word_internal).tolist()

    def unreachable_alone(self) -> list[int]:
        """Self-unreachable ids that are not word-internal."""
        internal = set(self.word_internal())
        return [i for i in self.self_unreachable() if i not in internal]

    def merge_unreachable(self) -> list[int] | None:
        """Ids no merge sequence forms; None when the model has no merges."""
        return self.merges.ids if self.merges is not None else None

    @property
    def corpus(self) -> CorpusUse | None:
        """Token use on the corpus, or None when none was given."""
        return self.usage.summary() if self.usage is not None else None

    # -- per id, for the Vocabulary tab's filters and badges --------------------------------
    @property
    def status(self) -> np.ndarray:
        return self.reach.status

    def sensitive_rules(self) -> dict[int, str]:
        return {p.id: p.rule for p in self.sensitive}

    def group_sizes(self) -> dict[str, int | None]:
        """Each group of :data:`FILTERS` with its size (None: no answer), counted once: the
        worker asks first, so the window only reads them.

        >>> # audit.group_sizes()["sensitive"] -> 174
        """
        sizes = self.__dict__.get("_group_sizes")
        if sizes is None:
            masks = {name: self.mask(name) for name in FILTERS}
            sizes = {name: None if m is None else int(m.sum()) for name, m in masks.items()}
            self.__dict__["_group_sizes"] = sizes
        return sizes

    def mask(self, name: str) -> np.ndarray | None:
        """Per id: in the group ``name`` (one of :data:`FILTERS`); None when the audit has no
        answer for it (``unused`` without a corpus, ``merge-unreachable`` without merges).
        ``unreachable`` leaves out the word-internal pieces, which have a filter of their own.

        >>> # audit.mask("sensitive").nonzero()[0] -> the ids of the sensitive pieces
        """
        reach, size = self.reach, len(self.reach.status)
        if name == "partial":
            return reach.status == PARTIAL
        if name == "unreachable":
            return (reach.status == UNREACHABLE) & ~reach.word_internal
        if name == "word-internal":
            return reach.word_internal.copy()
        if name == "special":
            return reach.status == SPECIAL
        if name == "unused":
            return self.unused_mask()
        ids = {"merge-unreachable": None if self.merges is None else self.merges.ids,
               "sensitive": [p.id for p in self.sensitive],
               "near-duplicate": [i for g in self.near_duplicates for i in g]}[name]
        if ids is None:
            return None
        out = np.zeros(size, dtype=bool)
        out[ids] = True
        return out

    def badges(self, token_id: int) -> list[str]:
        """The groups of :data:`FILTERS` ``token_id`` is in (special tokens: none; they are
        reported apart), in that order.

        >>> # audit.badges(1) -> ['unreachable'] for BERT's [unused0]
        """
        if not self._masks:
            self._masks = {name: self.mask(name) for name in FILTERS if name != "special"}
        return [name for name, mask in self._masks.items()
                if mask is not None and mask[token_id]]

    def group_keys(self) -> np.ndarray:
        """Per id: the first id of its near-duplicate group, else itself (sorting by it keeps
        a group together).

        >>> # audit.group_keys()[[262, 1169]] -> [262, 262] when " the" and "the" are a group
        """
        keys = np.arange(len(self.reach.status), dtype=np.int64)
        for group in self.near_duplicates:
            keys[group] = group[0]
        return keys

    def unused_mask(self) -> np.ndarray | None:
        """Per id: an ordinary token the corpus never produced (None without a corpus)."""
        if self.usage is None:
            return None
        return self.reach.ordinary & (self.usage.counts == 0)

    # -- the forms it is written in ---------------------------------------------------------
    def to_json(self) -> dict:
        """The ``tokbench audit --json`` contract (docs/cli.md): ids of ordinary tokens; special
        tokens in ``special``, apart."""
        corpus = self.corpus
        return {
            "tokens": self.tokens,
            "partial": self.partial,
            "self_reachable": self.self_reachable,
            "self_unreachable": self.self_unreachable(),
            "word_internal": self.word_internal(),
            "prefix_space": self.reach.prefix_space,
            "merge_unreachable": self.merge_unreachable(),
            "unused_on_corpus": len(self.usage.unused()) if self.usage is not None else None,
            "corpus": corpus.to_json() if corpus is not None else None,
            "sensitive": [p.to_json() for p in self.sensitive],
            "near_duplicates": self.near_duplicates,
            "special": [s.to_json() for s in self.special],
        }

    def manifest(self) -> dict:
        """What a bundle's manifest keeps: the counts, and the ids a reader acts on."""
        data = self.to_json()
        return {"version": AUDIT_VERSION, "tokens": data["tokens"], "partial": data["partial"],
                "self_unreachable": data["self_unreachable"],
                "word_internal": len(data["word_internal"]),
                "merge_unreachable": data["merge_unreachable"],
                "unused_on_corpus": data["unused_on_corpus"],
                "corpus": data["corpus"], "sensitive": data["sensitive"],
                "near_duplicate_groups": len(data["near_duplicates"])}

    def csv_text(self) -> str:
        """One row per id (special tokens included, status ``special``)."""
        rules = self.sensitive_rules()
        group_of = {i: g[0] for g in self.near_duplicates for i in g}
        merges = self.merges.unreachable if self.merges is not None else {}
        counts = self.usage.counts if self.usage is not None else None
        out = io.StringIO()
        writer = csv.writer(out)  # \r\n rows: a piece holding \r or \n is quoted
        writer.writerow(CSV_COLUMNS)
        for i in range(self.tokens):
            writer.writerow([
                i, self.pieces[i], STATUS_NAMES[self.reach.status[i]],
                "yes" if self.reach.word_internal[i] else "",
                " ".join(map(str, self.reach.encodes_to.get(i, ()))), merges.get(i, ""),
                rules.get(i, ""), "" if counts is None else int(counts[i]),
                group_of.get(i, "")])
        return out.getvalue()


def audit_vocabulary(runtime: Runtime, *, sources: Sequence[CorpusSource] = (),
                     names: Sequence[str] = (), policy: str = "strict",
                     progress: ProgressFn | None = None,
                     cancel: CancelFn | None = None) -> AuditReport:
    """Audit ``runtime``'s vocabulary; ``sources``: a corpus to count use on; ``names``: the
    user's own names (matched without regard to case; :func:`core.audit.sensitive.read_names`
    reads a names file)."""
    names = [name.strip().lower() for name in names if name.strip()]
    view = runtime.model_view()
    reach = self_reachability(runtime, progress=progress, cancel=cancel)
    ordinary = np.flatnonzero(reach.ordinary).tolist()
    merges = merge_reachability(view, ordinary, progress=progress, cancel=cancel)
    check_cancel(cancel)
    if progress:
        progress(Progress("pieces", 0, 0))
    sensitive = sensitive_pieces(view.vocab, view.pieces, ordinary, names=names)
    prefix = view.continuation_prefix
    continuations = ({i for i in ordinary if view.pieces[i].startswith(prefix)} if prefix
                     else frozenset())
    groups = near_duplicate_groups(view.vocab, ordinary, continuations=continuations)
    usage = None
    if sources:
        usage = corpus_usage(runtime, sources, reach.ordinary, policy=policy,
                             progress=progress, cancel=cancel)
    special = [SpecialPiece(i, view.pieces[i])
               for i in np.flatnonzero(reach.status == SPECIAL).tolist()]
    return AuditReport(runtime.id_space, view.pieces, reach, merges, sensitive, groups, usage,
                      special)
