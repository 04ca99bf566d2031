"""Each token's text as bytes, for decoding a stream without asking the runtime at every step.

A stream step decodes a window of IDs with the runtime's own ``decode`` (see :mod:`core.stream`):
exact on every decoder chain, but a native call (or two) per token. On the chains where a token
reads the same after any context — byte-level BPE, tiktoken, ByteFallback (the Llama chain
``Replace ▁ + ByteFallback + Fuse + Strip``), Metaspace, SentencePiece — the text a token adds
after the ones before it is its bytes (``token_bytes``), and only the first token of a decode is
read differently (its leading ``▁`` or space dropped). :class:`PieceTable` holds, per ID, those
bytes and how many characters the first position drops, so a step whose bytes are whole UTF-8
characters is a concatenation.

Which chains qualify each runtime says (:func:`table_is_exact`, a stream trait: WordPiece's
clean-up, a BPE ``</w>`` suffix, CTC or no decoder read a token by its neighbours and are left
to the window decode). Each ID is then checked once, the first time it is asked for, against the
runtime's decode of it alone and after a plain anchor token; an ID that reads otherwise (an
added or special token, an unknown piece, a control piece) has no entry and its steps take
the window decode.

Example (GPT-2 as tiktoken: 19526 is ``E4 BD``, part of ``你``; 262 is ``" the"``)::

    table = PieceTable.of(runtime)
    table.entry(19526), table.entry(262)   # (b'\xe4\xbd', 0, None), (b' the', 0, ' the')
"""

from __future__ import annotations

import weakref
from typing import Any

_TABLES: "weakref.WeakKeyDictionary[Any, PieceTable | None]" = weakref.WeakKeyDictionary()


def table_is_exact(runtime) -> bool:
    """Whether the runtime's decode of a token after others is that token's bytes: a trait
    each runtime answers (:attr:`core.formats.runtime.StreamTraits.bytes_after_context`; for a
    ``tokenizer.json``, from its decoder chain).

    >>> from core.formats.runtime import StreamTraits
    >>> class Wordpiece:  # reads a token by its neighbours
    ...     stream_traits = StreamTraits()
    >>> table_is_exact(Wordpiece())
    False
    """
    return runtime.stream_traits.bytes_after_context


class PieceTable:
    """Per ID: ``(bytes after other tokens, characters dropped when first, the bytes as text or
    None when they are no whole characters)``, or None where the ID must be decoded in its
    window. Entries are made (and checked) on first use and kept for
    the runtime's lifetime (:meth:`of`)."""

    def __init__(self, runtime, anchor: int, anchor_text: str, excluded: frozenset[int]) -> None:
        self.runtime = runtime
        self.entries: dict[int, tuple[bytes, int, str | None] | None] = {}
        self._anchor, self._anchor_text = anchor, anchor_text
        self._excluded = excluded
        self._space = runtime.id_space

    @classmethod
    def of(cls, runtime) -> "PieceTable | None":
        """The runtime's table (one per runtime), or None where its decoder chain needs the
        window decode."""
        try:
            return _TABLES[runtime]
        except (KeyError, TypeError):
            pass
        table = cls._made(runtime) if table_is_exact(runtime) else None
        try:
            _TABLES[runtime] = table
        except TypeError:  # not weakly referable: built again next time
            pass
        return table

    @classmethod
    def _made(cls, runtime) -> "PieceTable | None":
        # added, special, control and unknown tokens are read by rules of their own
        excluded = frozenset(t.id for t in runtime.special_tokens())
        try:
            ids = runtime.encode("a", add_special_tokens=False).ids.tolist()
            anchor = ids[-1] if ids else None
            if anchor is None or anchor in excluded:
                return None
            later = runtime.token_bytes(anchor).decode("utf-8")
            pair = runtime.decode([anchor, anchor])
        except Exception:
            return None
        # the anchor's text when first: what a token checked after it is read after
        first = pair[:len(pair) - len(later)]
        if not later or not first or "\ufffd" in pair or not pair.endswith(later):
            return None
        return cls(runtime, anchor, first, excluded)

    def entry(self, token_id: int) -> tuple[bytes, int, str | None] | None:
        """``(bytes, dropped, text)`` for ``token_id`` (made on first use), or None."""
        try:
            return self.entries[token_id]
        except KeyError:
            pass
        if not 0 <= token_id < self._space:
            return None
        made = self._entry(token_id)
        self.entries[token_id] = made
        return made

    def _entry(self, token_id: int) -> tuple[bytes, int] | None:
        if token_id in self._excluded:
            return None
        runtime = self.runtime
        try:
            data = bytes(runtime.token_bytes(token_id))
            after = runtime.decode([self._anchor, token_id])
            alone = runtime.decode([token_id])
        except Exception:
            return None
        if not data or not after.startswith(self._anchor_text):
            return None
        lossy = data.decode("utf-8", "replace")
        if after[len(self._anchor_text):] != lossy:
            return None
        if "\ufffd" in lossy:  # part of a character: raw bytes, never dropped when first
            return (data, 0, None) if alone == lossy else None
        if not lossy.endswith(alone) or len(lossy) - len(alone) > 1:
            return None
        return data, len(lossy) - len(alone), lossy
