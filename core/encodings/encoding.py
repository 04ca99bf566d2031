"""One ``Encoding`` type for every runtime: ids, byte spans, token bytes, pieces, flags.

Spans are stored once, as end-exclusive byte spans on the original UTF-8 text, in numpy
arrays; other units are derived on demand through :class:`core.text.offsets.TextIndex`.

>>> enc = Encoding.build("你a", ids=[7, 8], byte_starts=[0, 3], byte_ends=[3, 4],
...                      pieces=["你", "a"], token_bytes=["你".encode(), b"a"])
>>> [a.tolist() for a in enc.spans("cp")]
[[0, 1], [1, 2]]
>>> enc.flag_names(0)
[]
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from ..notes import Note
from ..text.offsets import TextIndex, Unit, visible_bytes


class Flag(enum.IntFlag):
    """Per-token flags. ``PARTIAL`` is derived from the byte span, never set by a runtime."""

    SPECIAL = 1         # a special / control token (post-processor or parsed from text)
    UNK = 2             # the unknown token
    BYTE_FALLBACK = 4   # a <0xNN> byte piece
    PARTIAL = 8         # covers part of a UTF-8 character
    INSERTED = 16       # added by the post-processor; covers no text
    PAD = 32            # padding (core.pipeline.postprocess); also SPECIAL and INSERTED
    SECOND = 64         # a pair's second text (core.pipeline.postprocess), shown after the first; INSERTED


FLAG_NAMES = {Flag.SPECIAL: "special", Flag.UNK: "unk", Flag.BYTE_FALLBACK: "byte_fallback",
              Flag.PARTIAL: "partial", Flag.INSERTED: "inserted", Flag.PAD: "pad",
              Flag.SECOND: "second_text"}


@dataclass(eq=False)
class Encoding:
    """The result of encoding one text.

    Attributes:
        text: the original text.
        ids: token ids (int64).
        byte_starts / byte_ends: end-exclusive byte spans on ``text``'s UTF-8.
        flags: :class:`Flag` bits per token (uint8).
        index: offset tables of ``text``.
        warnings: notes on this text (special-token literals kept as text...), see core.notes.
    """

    text: str
    ids: np.ndarray
    byte_starts: np.ndarray
    byte_ends: np.ndarray
    flags: np.ndarray
    index: TextIndex
    _pieces: Sequence[str] | Callable[[], Sequence[str]]
    _token_bytes: Sequence[bytes] | Callable[[], Sequence[bytes]]
    warnings: list[Note] = field(default_factory=list)
    _span_cache: dict = field(default_factory=dict, repr=False)
    # per-id lookups: a view can show token i without building a list of every piece (a list of
    # a million strings takes long to build, and as long to free, holding the GIL throughout)
    _piece_of: Callable[[int], str] | None = field(default=None, repr=False)
    _bytes_of: Callable[[int], bytes] | None = field(default=None, repr=False)

    @classmethod
    def build(cls, text: str, *, ids, byte_starts, byte_ends, pieces, token_bytes,
              flags=None, index: TextIndex | None = None,
              warnings: list[Note] | None = None,
              spans: dict | None = None, piece_of: Callable[[int], str] | None = None,
              bytes_of: Callable[[int], bytes] | None = None) -> "Encoding":
        """Make an Encoding; ``pieces`` and ``token_bytes`` may be lists or zero-argument callables
        (computed on first use, so a benchmark that never looks at them never pays for them).
        ``spans`` may give spans already converted (unit -> (starts, ends)); then ``flags`` must
        already carry ``PARTIAL``."""
        index = index or TextIndex(text)
        ids = np.asarray(ids, dtype=np.int64)
        starts = np.asarray(byte_starts, dtype=np.int64)
        ends = np.asarray(byte_ends, dtype=np.int64)
        flag_arr = (np.zeros(len(ids), dtype=np.uint8) if flags is None
                    else np.asarray(flags, dtype=np.uint8).copy())
        if spans is None:
            flag_arr[index.partial_mask(starts, ends)] |= np.uint8(Flag.PARTIAL)
        return cls(text, ids, starts, ends, flag_arr, index, pieces, token_bytes,
                   list(warnings or []), dict(spans or {}), piece_of, bytes_of)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def pieces(self) -> Sequence[str]:
        """The runtime's own piece strings (``Ġhello``, ``▁world``, ``##ing``)."""
        if callable(self._pieces):
            self._pieces = self._pieces()
        return self._pieces

    @property
    def token_bytes(self) -> Sequence[bytes]:
        """Bytes each token stands for (special and unknown tokens: their literal form)."""
        if callable(self._token_bytes):
            self._token_bytes = self._token_bytes()
        return self._token_bytes

    def piece_at(self, i: int) -> str:
        """Token ``i``'s piece, without building the list of all pieces when avoidable."""
        if callable(self._pieces) and self._piece_of is not None:
            return self._piece_of(int(self.ids[i]))
        return self.pieces[i]

    def bytes_at(self, i: int) -> bytes:
        """Token ``i``'s bytes, without building the list of all token bytes when avoidable."""
        if callable(self._token_bytes) and self._bytes_of is not None:
            return bytes(self._bytes_of(int(self.ids[i])))
        return bytes(self.token_bytes[i])

    def display_piece(self, i: int) -> str:
        """A piece as a person should see it: visible whitespace, hex for partial bytes."""
        if self.flags[i] & (Flag.SPECIAL | Flag.UNK):
            return self.piece_at(i)
        return visible_bytes(self.bytes_at(i))

    def spans(self, unit: Unit | str = Unit.BYTES) -> tuple[np.ndarray, np.ndarray]:
        """End-exclusive spans on the original text in ``unit`` (partial tokens widened outward)."""
        cached = self._span_cache.get(unit)
        if cached is not None:
            return cached
        return self.index.spans_in(unit, self.byte_starts, self.byte_ends, self._span_cache)

    @property
    def special_tokens_mask(self) -> np.ndarray:
        return ((self.flags & Flag.SPECIAL) != 0).astype(np.int8)

    @property
    def attention_mask(self) -> np.ndarray:
        return np.ones(len(self.ids), dtype=np.int8)  # the inspector never pads

    def flag_names(self, i: int) -> list[str]:
        return list(_NAMES_OF_BITS[int(self.flags[i])])

    def to_json(self) -> dict:
        """The stable JSON form read by other tools (see docs/cli.md, ``tokbench inspect --json``).

        Built for corpora: a token costs a few dict look-ups (pieces and hex cached per id,
        flag names per bit pattern, spans converted to lists once), not a call per field.
        """
        (bs, be), (cs, ce), (us, ue), (gs, ge) = (
            (a.tolist() for a in self.spans(unit)) for unit in Unit)
        ids = self.ids.tolist()
        flags = self.flags.tolist()
        pieces = self.pieces if not callable(self._pieces) or self._piece_of is None else None
        seen: dict[int, tuple[str, str]] = {}
        tokens = []
        for i, token_id in enumerate(ids):
            known = seen.get(token_id)
            if known is None or pieces is not None:
                piece = pieces[i] if pieces is not None else self._piece_of(token_id)
                known = seen[token_id] = (piece, self.bytes_at(i).hex())
            tokens.append({
                "id": token_id,
                "piece": known[0],
                "bytes": known[1],
                "spans": {"bytes": [bs[i], be[i]], "cp": [cs[i], ce[i]],
                          "utf16": [us[i], ue[i]], "grapheme": [gs[i], ge[i]]},
                "flags": list(_JSON_NAMES_OF_BITS[flags[i]]),
            })
        return {"ids": ids, "tokens": tokens}


# every flag combination's names, once: a token's flags are one look-up
_NAMES_OF_BITS = [tuple(name for flag, name in FLAG_NAMES.items() if bits & flag)
                  for bits in range(256)]
_JSON_NAMES_OF_BITS = [tuple(name for name in names if name != "inserted")
                       for names in _NAMES_OF_BITS]
