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

    Darts-clone units: a node's children sit at ``base ^ byte`` with that byte as their label,
    where ``base`` is the node's index xor its offset. The trie shares equal subtrees (several
    nodes have one base), so it is walked forwards from the root, level by level, as states
    ``(node, bytes of the character being read)``, each state once.
    """
    if len(blob) < 4:
        return ""
    size = int.from_bytes(blob[:4], "little")
    if size % 4 or 4 + size > len(blob):
        return None
    units = np.frombuffer(blob, dtype="<u4", count=size // 4, offset=4).astype(np.int64)
    if not len(units):
        return ""
    index = np.arange(len(units), dtype=np.int64)
    base = index ^ ((units >> 10) << ((units & (1 << 9)) >> 6))
    label = units & 0x800000FF  # a value unit has bit 31 set: never a child
    child = np.flatnonzero((label >= 1) & (label <= 255))
    by_parent = np.argsort(child ^ label[child], kind="stable")
    children, parent_bases = child[by_parent], (child ^ label[child])[by_parent]
    node, char = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    seen = np.zeros(0, dtype=np.int64)
    ends = []
    for _ in range(256):  # a key is far shorter; a loop in a damaged map stops here
        if not len(node):
            break
        lo = np.searchsorted(parent_bases, base[node], side="left")
        hi = np.searchsorted(parent_bases, base[node], side="right")
        many = hi - lo
        source = np.repeat(np.arange(len(node)), many)
        nxt = children[np.repeat(lo - np.cumsum(many) + many, many) + np.arange(int(many.sum()))]
        byte = label[nxt]
        # a byte that starts a character begins a new one; a continuation byte adds to it
        char = np.where((byte & 0xC0) == 0x80, (char[source] << 8) | byte, byte)
        if (char >= 1 << 32).any():
            return None
        ends.append(char[((units[nxt] >> 8) & 1) == 1])
        state = np.unique((nxt << 32) | char)
        state = state[~np.isin(state, seen)]
        seen = np.union1d(seen, state)
        node, char = state >> 32, state & 0xFFFFFFFF
    else:
        return None
    found = []
    for packed in np.unique(np.concatenate(ends)).tolist() if ends else []:
        try:
            found.append(packed.to_bytes(4, "big").lstrip(b"\0").decode("utf-8"))
        except UnicodeDecodeError:
            return None
    return "".join(sorted(found))
