"""Special tokens of two tokenizers compared by literal: added, removed, moved, kind/role changed.

Kinds compare by class: a SentencePiece ``control`` token and a ``tokenizer.json`` special added
token are one thing said by two runtimes; ``control`` against ``user_defined`` is a change.
A role that differs (files name roles differently) is listed apart, in ``roles``.

>>> from core.pipeline.special import SpecialToken as S
>>> d = diff_specials([S("<s>", 1, "control", "bos"), S("</s>", 2)], [S("<s>", 2), S("</s>", 1)])
>>> [(m.literal, m.old_id, m.new_id) for m in d.moved]
[('<s>', 1, 2), ('</s>', 2, 1)]
>>> d.changed, d.roles[0].literal, d.counts()
([], '<s>', {'added': 0, 'removed': 0, 'moved': 2, 'changed': 0})
>>> diff_specials([S("<x>", 5, "control")], [S("<x>", 5, "user_defined")]).counts()["changed"]
1
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..pipeline.special import SpecialToken


@dataclass(frozen=True)
class SpecialAdded:
    """A literal only the new side has (``new_id``), or only the old side (``removed``:
    ``old_id``): its kind and role there."""

    literal: str
    id: int
    kind: str
    role: str | None

    def to_json(self, side: str) -> dict:
        return {"literal": self.literal, side: self.id, "kind": self.kind, "role": self.role}


@dataclass(frozen=True)
class SpecialMoved:
    literal: str
    old_id: int
    new_id: int

    def to_json(self) -> dict:
        return {"literal": self.literal, "old_id": self.old_id, "new_id": self.new_id}


@dataclass(frozen=True)
class SpecialChanged:
    """A literal both sides have whose kind's class (``kind``) or role (``role``) differs."""

    literal: str
    old: str | None
    new: str | None

    def to_json(self, what: str) -> dict:
        return {"literal": self.literal, f"old_{what}": self.old, f"new_{what}": self.new}


@dataclass
class SpecialsDiff:
    """Special tokens by literal: added, removed, moved (another ID), kind changed (its class
    differs), role changed."""

    added: list[SpecialAdded] = field(default_factory=list)
    removed: list[SpecialAdded] = field(default_factory=list)
    moved: list[SpecialMoved] = field(default_factory=list)
    changed: list[SpecialChanged] = field(default_factory=list)  # the kind's class differs
    roles: list[SpecialChanged] = field(default_factory=list)  # the role differs

    def counts(self) -> dict[str, int]:
        return {"added": len(self.added), "removed": len(self.removed), "moved": len(self.moved),
                "changed": len(self.changed)}

    def to_json(self) -> dict:
        return {**self.counts(), "items": {
            "added": [a.to_json("new_id") for a in self.added],
            "removed": [r.to_json("old_id") for r in self.removed],
            "moved": [m.to_json() for m in self.moved],
            "changed": [c.to_json("kind") for c in self.changed],
            "roles": [r.to_json("role") for r in self.roles]}}


# kinds as each runtime says them -> what they are for the protocol
KIND_CLASSES = {"control": "special", "special": "special", "unk": "special",
                "user_defined": "added", "added": "added", "vocabulary": "vocabulary"}


def kind_class(kind: str) -> str:
    return KIND_CLASSES.get(kind, kind)


def _by_literal(tokens) -> dict[str, SpecialToken]:
    found: dict[str, SpecialToken] = {}
    for token in sorted(tokens, key=lambda t: t.id):
        found.setdefault(token.content, token)  # a literal twice: its first id is the one parsed
    return found


def diff_specials(old: list[SpecialToken], new: list[SpecialToken]) -> SpecialsDiff:
    """Compare two special-token lists by literal."""
    before, after = _by_literal(old), _by_literal(new)
    diff = SpecialsDiff()
    for literal, token in before.items():
        other = after.get(literal)
        if other is None:
            diff.removed.append(SpecialAdded(literal, token.id, token.kind, token.role))
            continue
        if other.id != token.id:
            diff.moved.append(SpecialMoved(literal, token.id, other.id))
        if kind_class(other.kind) != kind_class(token.kind):
            diff.changed.append(SpecialChanged(literal, token.kind, other.kind))
        if other.role != token.role:
            diff.roles.append(SpecialChanged(literal, token.role, other.role))
    for literal, token in after.items():
        if literal not in before:
            diff.added.append(SpecialAdded(literal, token.id, token.kind, token.role))
    return diff
