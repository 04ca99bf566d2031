"""The pre-tokens' byte spans of a text, for the behaviour diff's check of whether the
pre-tokenizer takes part in a change (the spans of both sides compared).

:func:`pretoken_spans` is the readable rule: the runtime's own
:meth:`~core.formats.runtime.Runtime.pre_tokens`, spans only. :func:`span_reader` gives the
same answer faster where it can: a tiktoken runtime that does not normalize is its regex over
the text (special literals are not parsed in the diff, so nothing is cut out first), and code
point offsets become byte offsets with numpy, not a ``PreToken`` per pre-token and a Python
loop over the characters; a ``tokenizer.json`` with no added token in play reads the splits'
spans as they are. Profiled on the 400 checked FLORES lines of the bench's diff (GPT-2
against claude-legacy): GPT-2's side 12.3 ms, of it 2.4 ms the regex.

>>> from core.formats.tiktoken.runtime import TiktokenRuntime
>>> runtime = TiktokenRuntime({bytes([b]): b for b in range(256)}, pattern="[^ ]+| ")
>>> span_reader(runtime)("é a"), pretoken_spans(runtime, "é a")
([(0, 2), (2, 3), (3, 4)], [(0, 2), (2, 3), (3, 4)])
"""

from __future__ import annotations

from typing import Callable

import numpy as np


def pretoken_spans(runtime, text: str) -> list[tuple[int, int]]:
    """Each pre-token's byte span on ``text`` (special literals not parsed)."""
    return [(t.start, t.end) for t in runtime.pre_tokens(text)]


def span_reader(runtime) -> Callable[[str], list[tuple[int, int]]]:
    """A function of a text giving :func:`pretoken_spans` of ``runtime`` and it."""
    from ..formats.hf.pretokens import added_tokens_in_play
    from ..formats.hf.runtime import HFRuntime
    from ..formats.tiktoken.runtime import TiktokenRuntime

    if type(runtime) is TiktokenRuntime and not runtime.normalization:
        return _regex_spans(runtime.pattern)
    if type(runtime) is HFRuntime and not added_tokens_in_play(runtime.spec, False):
        return _split_spans(runtime.tk)
    return lambda text: pretoken_spans(runtime, text)


def _split_spans(tk) -> Callable[[str], list[tuple[int, int]]]:
    """The spans of :func:`~core.formats.hf.pretokens.hf_pre_tokens` where no added token is
    split out (none is in play): the normalizer then the pre-tokenizer on one
    ``PreTokenizedString``, the splits' original byte spans in order, without a ``PreToken``
    each (claude-legacy's 400 checked FLORES lines: 14.4 -> 8.8 ms)."""
    from tokenizers import PreTokenizedString

    def spans(text: str) -> list[tuple[int, int]]:
        pts = PreTokenizedString(text)
        if tk.normalizer is not None:
            pts.normalize(lambda ns: tk.normalizer.normalize(ns))
        if tk.pre_tokenizer is not None:
            tk.pre_tokenizer.pre_tokenize(pts)
        # an empty split (of an empty text) is no pre-token; sorted as hf_pre_tokens sorts
        return sorted(tuple(span) for form, span, _ in pts.get_splits("original", "byte")
                      if form)

    return spans


def _regex_spans(pattern: str) -> Callable[[str], list[tuple[int, int]]]:
    """The byte spans of ``pattern``'s matches over a whole text (the tiktoken runtime's
    :meth:`~core.formats.tiktoken.runtime.TiktokenRuntime.pre_tokens` with no normalization
    and no special literal parsed)."""
    import regex

    compiled = regex.compile(pattern)

    def spans(text: str) -> list[tuple[int, int]]:
        if text.isascii():  # code points are bytes
            return [m.span() for m in compiled.finditer(text)]
        found = [m.span() for m in compiled.finditer(text)]
        if not found:
            return found
        # the UTF-8 byte offset of every code point boundary (char_to_byte_offsets), surrogates
        # 3 bytes as there
        points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        to_bytes = np.zeros(len(points) + 1, dtype=np.int64)
        np.cumsum(1 + (points >= 0x80).astype(np.int64) + (points >= 0x800)
                  + (points >= 0x10000), out=to_bytes[1:])
        return list(map(tuple, to_bytes[np.array(found, dtype=np.int64)].tolist()))

    return spans
