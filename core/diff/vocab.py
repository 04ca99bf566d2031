"""The vocabulary as piece identity → ID, and how two of them map onto each other.

A piece's identity depends on its family: byte-level tokens are their bytes (so a
``tokenizer.json`` and a tiktoken file of one tokenizer compare equal), SentencePiece and WordPiece
pieces their text (``▁the``, ``##ing``; ``<0x41>`` is not ``A``), special and added tokens their
literal. Two tokenizers of different families can only be compared by bytes, which is said.

>>> old = [b"a", b"b", b"ab"]
>>> new = [b"b", b"a", b"ab", b"abc"]
>>> d = map_vocabularies(old, new, ("normal",) * 3, ("normal",) * 4)
>>> d.new_id_of_old.tolist(), d.counts().kept_new_id, d.counts().added
([1, 0, 2], 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat

import numpy as np

from ..pipeline.pretokens import ModelView

# kinds that are tokens of the protocol (matched by literal), not pieces of text
SPECIAL_KINDS = frozenset({"control", "user-defined", "added", "special", "unknown"})
# piece kinds (core.pipeline.pretokens.PIECE_KINDS) as each runtime says them -> their class
PIECE_KIND_CLASSES = {"control": "special", "special": "special", "unknown": "special",
                      "user-defined": "added", "added": "added"}


@dataclass(frozen=True)
class VocabCounts:
    """How the ids of two vocabularies map: sizes, kept with the same ID, same piece with a new
    ID, same ID holding a new piece, added, removed, kind changed (every id, specials too)."""

    old_size: int
    new_size: int
    kept_same_id: int
    kept_new_id: int
    id_new_piece: int
    added: int
    removed: int
    kind_changed: int

    def to_json(self) -> dict[str, int]:
        """The counts of the ``vocab`` block of ``tokbench diff --json``."""
        return {"old_size": self.old_size, "new_size": self.new_size,
                "kept_same_id": self.kept_same_id, "kept_new_id": self.kept_new_id,
                "id_new_piece": self.id_new_piece, "added": self.added, "removed": self.removed,
                "kind_changed": self.kind_changed}


def kind_class(kind: str) -> str:
    """A piece kind's class: ``control`` / ``special`` / ``unknown`` are one (runtimes name
    them differently), ``user-defined`` / ``added`` another; the rest as they are.

    >>> kind_class("control"), kind_class("special"), kind_class("user-defined"), kind_class("byte")
    ('special', 'special', 'added', 'byte')
    """
    return PIECE_KIND_CLASSES.get(kind, kind)


def family(view: ModelView) -> str:
    """``byte-level``, ``wordpiece`` (``##`` continuations) or ``piece`` (SentencePiece-style
    ``▁`` pieces, in a ``.model`` or a ``tokenizer.json``): pieces compare as text only within one
    family."""
    if view.byte_level:
        return "byte-level"
    return "wordpiece" if view.algorithm == "WordPiece" else "piece"


def identity_basis(old: ModelView, new: ModelView) -> str:
    """How pieces are identified across ``old`` and ``new``: ``bytes`` (both byte-level),
    ``piece text`` (both SentencePiece-style, or both WordPiece), or ``bytes (across
    families)`` when the families differ (the bytes a piece stands for are all they share).

    >>> from core.pipeline.pretokens import ModelView
    >>> bl = ModelView("tiktoken/BPE", "BPE", (), (), (), byte_level=True)
    >>> sp = ModelView("sentencepiece/bpe", "bpe", (), (), ())
    >>> wp = ModelView("tokenizers/WordPiece", "WordPiece", (), (), ())
    >>> identity_basis(bl, bl), identity_basis(sp, sp), identity_basis(bl, sp)
    ('bytes', 'piece text', 'bytes (across families)')
    >>> identity_basis(wp, wp), identity_basis(wp, sp)
    ('piece text', 'bytes (across families)')
    """
    if family(old) != family(new):
        return "bytes (across families)"
    return "bytes" if old.byte_level else "piece text"


def identity_keys(view: ModelView, basis: str) -> list[bytes]:
    """Every id's identity under ``basis``; an id of a special kind is its literal (its piece).

    A hole (an id with neither piece nor bytes) is ``b""``, which matches nothing.
    """
    if basis == "piece text":
        keys = [p.encode("utf-8", "surrogatepass") for p in view.pieces]
    else:
        keys = list(view.vocab)
    for i, kind in enumerate(view.piece_kinds):
        if kind in SPECIAL_KINDS and i < len(view.pieces):
            keys[i] = view.pieces[i].encode("utf-8", "surrogatepass")
    return keys


@dataclass
class VocabMap:
    """Old ids mapped to new ids by piece identity.

    Attributes:
        old_keys, new_keys: every id's identity (see :func:`identity_keys`).
        new_id_of_old: for each old id, the new id of the same piece, or -1 (removed / hole).
        old_id_of_new: for each new id, the old id of the same piece, or -1 (added / hole).
        old_kinds, new_kinds: every id's piece kind.
        duplicates: identities held by more than one id in one vocabulary (the lowest id is
            used), per side: a mapping for those could not be made exactly.
    """

    old_keys: list[bytes]
    new_keys: list[bytes]
    new_id_of_old: np.ndarray
    old_id_of_new: np.ndarray
    old_kinds: tuple[str, ...]
    new_kinds: tuple[str, ...]
    duplicates: dict[str, int] = field(default_factory=dict)

    @property
    def old_size(self) -> int:
        return len(self.old_keys)

    @property
    def new_size(self) -> int:
        return len(self.new_keys)

    def old_holes(self) -> np.ndarray:
        return self._arrays()["old_holes"]

    def new_holes(self) -> np.ndarray:
        return self._arrays()["new_holes"]

    def _arrays(self) -> dict[str, np.ndarray]:
        """Arrays built once: holes, keys as object arrays (compared in C), kind codes."""
        cached = self.__dict__.get("_cache")
        if cached is None:
            # by class: a SentencePiece control piece and a tokenizer.json special token agree
            classes = sorted({kind_class(k) for k in (*self.old_kinds, *self.new_kinds)})
            kinds = {kind: classes.index(kind_class(kind))
                     for kind in {*self.old_kinds, *self.new_kinds}}
            cached = self.__dict__["_cache"] = {
                "old_holes": np.fromiter((not k for k in self.old_keys), bool, self.old_size),
                "new_holes": np.fromiter((not k for k in self.new_keys), bool, self.new_size),
                "old_keys": np.array(self.old_keys + [b""], dtype=object)[:-1],
                "new_keys": np.array(self.new_keys + [b""], dtype=object)[:-1],
                "old_kinds": np.fromiter(map(kinds.get, self.old_kinds), np.int16,
                                         len(self.old_kinds)),
                "new_kinds": np.fromiter(map(kinds.get, self.new_kinds), np.int16,
                                         len(self.new_kinds))}
        return cached

    def kept_same_id(self) -> np.ndarray:
        """Old ids whose piece has the same id in the new vocabulary."""
        return np.flatnonzero(self.new_id_of_old == np.arange(self.old_size))

    def kept_new_id(self) -> np.ndarray:
        """Old ids whose piece is in the new vocabulary under another id (same piece, new ID)."""
        ids = np.arange(self.old_size)
        return np.flatnonzero((self.new_id_of_old >= 0) & (self.new_id_of_old != ids))

    def removed(self) -> np.ndarray:
        """Old ids whose piece the new vocabulary does not have."""
        return np.flatnonzero((self.new_id_of_old < 0) & ~self.old_holes())

    def added(self) -> np.ndarray:
        """New ids whose piece the old vocabulary does not have."""
        return np.flatnonzero((self.old_id_of_new < 0) & ~self.new_holes())

    def id_new_piece(self) -> np.ndarray:
        """Ids present in both whose piece differs (same ID, new piece): a model's row ``i``
        would now be read for another piece."""
        both = min(self.old_size, self.new_size)
        if both == 0:
            return np.zeros(0, dtype=np.int64)
        arrays = self._arrays()
        differ = arrays["old_keys"][:both] != arrays["new_keys"][:both]
        holes = self.old_holes()[:both] | self.new_holes()[:both]
        return np.flatnonzero(differ & ~holes)

    def kind_changed(self) -> np.ndarray:
        """Old ids of kept pieces whose kind changed (normal ↔ control ↔ user-defined ↔
        byte)."""
        kept = np.flatnonzero(self.new_id_of_old >= 0)
        arrays = self._arrays()
        if len(arrays["old_kinds"]) < self.old_size or len(arrays["new_kinds"]) < self.new_size:
            return np.zeros(0, dtype=np.int64)  # a model view without kinds for every id
        changed = arrays["old_kinds"][kept] != arrays["new_kinds"][self.new_id_of_old[kept]]
        return kept[changed]

    def counts(self) -> VocabCounts:
        """How many ids fall in each category (every id, specials too)."""
        return VocabCounts(self.old_size, self.new_size, len(self.kept_same_id()),
                           len(self.kept_new_id()), len(self.id_new_piece()), len(self.added()),
                           len(self.removed()), len(self.kind_changed()))


def _first_ids(keys: list[bytes]) -> tuple[dict[bytes, int], int]:
    """``{key: lowest id}`` without holes, and how many ids repeat an earlier key.

    >>> index, repeats = _first_ids([b"a", b"", b"a", b"b"])
    >>> sorted(index.items()), repeats
    ([(b'a', 0), (b'b', 3)], 1)
    """
    # built in C: later ids are written first, so the lowest id of a repeated key wins
    index = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1)))
    holes = index.pop(b"", None) is not None
    repeats = len(keys) - len(index) - (keys.count(b"") if holes else 0)
    return index, repeats


def map_vocabularies(old_keys: list[bytes], new_keys: list[bytes], old_kinds, new_kinds
                     ) -> VocabMap:
    """Map two vocabularies given as identity keys by id (dict look-ups made in C: 256k ids
    each take a fraction of a second)."""
    old_index, old_repeats = _first_ids(old_keys)
    new_index, new_repeats = _first_ids(new_keys)
    new_index[b""] = old_index[b""] = -1  # a hole matches nothing
    new_id_of_old = np.fromiter(map(new_index.get, old_keys, repeat(-1)), np.int64,
                                len(old_keys))
    old_id_of_new = np.fromiter(map(old_index.get, new_keys, repeat(-1)), np.int64,
                                len(new_keys))
    duplicates = {side: n for side, n in (("old", old_repeats), ("new", new_repeats)) if n}
    return VocabMap(old_keys, new_keys, new_id_of_old, old_id_of_new, tuple(old_kinds),
                    tuple(new_kinds), duplicates)


def map_views(old: ModelView, new: ModelView) -> tuple[VocabMap, str]:
    """:func:`map_vocabularies` of two model views, with the identity basis used."""
    basis = identity_basis(old, new)
    return (map_vocabularies(identity_keys(old, basis), identity_keys(new, basis),
                             old.piece_kinds, new.piece_kinds), basis)


def show_key(key: bytes) -> str:
    """A piece identity for display: its text, or ``\\x..`` escapes for bytes that are not UTF-8.

    >>> show_key(b"the"), show_key(b"\\xe4")
    ('the', '\\\\xe4')
    """
    return key.decode("utf-8", "backslashreplace")
