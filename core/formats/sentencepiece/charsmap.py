"""Which characters a SentencePiece ``precompiled_charsmap`` can change, read from the map itself.

The charsmap is SentencePiece's normalizer (its own tables, not Python's ``unicodedata``): a
little-endian uint32 size, then a Darts-clone double-array trie of that many bytes whose keys are
UTF-8 strings (the replacements follow). The normalizer replaces the longest key at each position
and copies a character no key matches. A key can only match where its last character is in the
text; so a text with none of the keys' last characters (:func:`key_end_characters`) passes the
charsmap unchanged. :meth:`SentencePieceRuntime._normalize_many` uses that to skip the library's
normalize for most texts (treating every key as a change is safe: the map stores no rule that
maps a key to itself, and one would only make this set larger).

>>> key_end_characters(b"")
''
"""

from __future__ import annotations

import numpy as np


def key_end_characters(blob: bytes) -> str | None:
    """The last character of every key of a precompiled charsmap, sorted; None where the map
    cannot be read this way (then nothing may be skipped).

    >>> key_end_characters(b"")
    ''
    """
    read = _read(blob)
    return None if read is None else "".join(sorted(read.single | read.multi))


def one_for_one(blob: bytes) -> dict[str, str] | None:
    """The characters the charsmap replaces by one other character on their own account: a
    one-character key with a one-character replacement (no space, no ``▁``), that no longer key
    begins or ends with. A text whose touched characters are all of these is normalized
    character for character (its offsets are the identity). None where the map is unread.

    >>> one_for_one(b"")
    {}
    """
    read = _read(blob)
    if read is None:
        return None
    out = {}
    for char in sorted(read.single - read.multi):
        node = 0
        at = read.base[0]
        for byte in char.encode("utf-8"):
            node = at ^ byte
            if node >= len(read.units) or read.label[node] != byte:
                break
            at = read.base[node]
        else:
            starts_longer = _children(read, at).size > 0
            if not starts_longer and (read.units[node] >> 8) & 1:
                value = int(read.units[at] & 0x7FFFFFFF)
                end = read.replacements.find(b"\0", value)
                try:
                    into = read.replacements[value:end if end >= 0 else None].decode("utf-8")
                except UnicodeDecodeError:
                    continue
                if len(into) == 1 and into not in " ▁":
                    out[char] = into
    return out


class _Read:
    """A charsmap's units, per unit its base and label, children by parent base, and the last
    characters of its one-character and longer keys."""

    def __init__(self, units, replacements, base, label, children, parent_bases):
        self.units, self.replacements, self.base, self.label = units, replacements, base, label
        self.children, self.parent_bases = children, parent_bases
        self.single: set[str] = set()
        self.multi: set[str] = set()


def _children(read: _Read, at) -> np.ndarray:
    lo = np.searchsorted(read.parent_bases, at, side="left")
    hi = np.searchsorted(read.parent_bases, at, side="right")
    return read.children[lo:hi]


def _read(blob: bytes) -> _Read | None:
    """Darts-clone units: a node's children sit at ``base ^ byte`` with that byte as their label,
    where ``base`` is the node's index xor its offset. The trie shares equal subtrees (several
    nodes have one base), so it is walked forwards from the root, level by level, as states
    ``(node, a second character begun, bytes of the character being read)``, each state once."""
    if len(blob) < 4:
        return _Read(np.zeros(0, np.int64), b"", *([np.zeros(0, np.int64)] * 4))
    size = int.from_bytes(blob[:4], "little")
    if size % 4 or 4 + size > len(blob):
        return None
    units = np.frombuffer(blob, dtype="<u4", count=size // 4, offset=4).astype(np.int64)
    index = np.arange(len(units), dtype=np.int64)
    base = index ^ ((units >> 10) << ((units & (1 << 9)) >> 6))
    label = units & 0x800000FF  # a value unit has bit 31 set: never a child
    child = np.flatnonzero((label >= 1) & (label <= 255))
    by_parent = np.argsort(child ^ label[child], kind="stable")
    read = _Read(units, blob[4 + size:], base, label, child[by_parent],
                 (child ^ label[child])[by_parent])
    if not len(units):
        return read
    node, char = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    multi = np.zeros(1, dtype=np.int64)
    seen = np.zeros(0, dtype=np.int64)
    ends = []
    for _ in range(256):  # a key is far shorter; a loop in a damaged map stops here
        if not len(node):
            break
        lo = np.searchsorted(read.parent_bases, base[node], side="left")
        hi = np.searchsorted(read.parent_bases, base[node], side="right")
        many = hi - lo
        source = np.repeat(np.arange(len(node)), many)
        nxt = read.children[np.repeat(lo - np.cumsum(many) + many, many)
                            + np.arange(int(many.sum()))]
        byte = label[nxt]
        # a byte that starts a character begins a new one; a continuation byte adds to it
        starts = (byte & 0xC0) != 0x80
        multi = multi[source] | (starts & (char[source] > 0))
        char = np.where(starts, byte, (char[source] << 8) | byte)
        if (char >= 1 << 32).any():
            return None
        leaf = ((units[nxt] >> 8) & 1) == 1
        ends.append((char[leaf] << 1) | multi[leaf])
        state = np.unique((nxt << 33) | (multi << 32) | char)
        state = state[~np.isin(state, seen)]
        seen = np.union1d(seen, state)
        node, multi, char = state >> 33, (state >> 32) & 1, state & 0xFFFFFFFF
    else:
        return None
    for packed in np.unique(np.concatenate(ends)).tolist() if ends else []:
        try:
            text = (packed >> 1).to_bytes(4, "big").lstrip(b"\0").decode("utf-8")
        except UnicodeDecodeError:
            return None
        (read.multi if packed & 1 else read.single).add(text)
    return read
