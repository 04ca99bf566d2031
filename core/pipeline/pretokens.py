"""What every runtime says about its own pipeline, in one shape: the pre-tokens its model sees
(:class:`PreToken`) and its model's tables (:class:`ModelView`).

The Pipeline tab and Explain both read these, so a pre-token is computed in one place, by the
runtime that runs it, and a span always means bytes of the original text.

>>> token = PreToken("Ġä¸Ńæĸĩ", 5, 12)
>>> token.original("Hello 中文!".encode()).decode(), token.kind
(' 中文', 'text')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .special import SpecialToken

PIECE_KINDS = ("normal", "control", "user-defined", "added", "byte", "unused", "special",
               "unknown")


@dataclass(frozen=True)
class PreToken:
    """One unit the model receives, or a token split out before the model.

    Attributes:
        form: the text as the model receives it (normalized; ``Ġ``-style stand-ins for a
            byte-level pre-tokenizer; ``▁`` for spaces in SentencePiece / Metaspace).
        start, end: its byte span on the **original** text (end exclusive).
        kind: ``text`` (the model runs on it), ``special`` or ``added`` (a ``tokenizer.json``
            added token, or a parsed special literal), ``user-defined`` (a SentencePiece
            user-defined symbol).
        token_id: the id of a split-out token (None for ``text``).
        offsets: where the runtime knows them: the original byte offset of each character of
            ``form`` and of its end (``len(form) + 1`` entries); SentencePiece gives them.
    """

    form: str
    start: int
    end: int
    kind: str = "text"
    token_id: int | None = None
    offsets: tuple[int, ...] | None = field(default=None, repr=False, compare=False)

    def original(self, data: bytes) -> bytes:
        """The original text's bytes this pre-token stands for (``data``: the text's UTF-8)."""
        return data[self.start:self.end]

    @property
    def split_out(self) -> bool:
        """True for a token matched before the model (special, added, user-defined)."""
        return self.kind != "text"


@dataclass(frozen=True)
class ModelView:
    """A runtime's model as data, for displays and for Explain.

    Attributes:
        kind: ``<runtime>/<algorithm>``: ``tokenizers/BPE``, ``tokenizers/WordPiece``,
            ``tokenizers/Unigram``, ``tiktoken/BPE``, ``sentencepiece/unigram``,
            ``sentencepiece/bpe``, ``reference/BPE`` (Explain's registry key).
        algorithm: ``BPE``, ``WordPiece``, ``Unigram``, ``WordLevel``, ``word``, ``char``...
        pieces: every id's piece as the runtime spells it (``Ġthe``, ``▁the``, ``<0x0A>``).
        vocab: every id's bytes (special tokens: their literal).
        piece_kinds: every id's kind, one of :data:`PIECE_KINDS`.
        merges: BPE merges in rank order (``(left, right)`` pieces); tiktoken's ranks are the
            ids themselves and give none.
        scores: every id's score where the model has scores (Unigram, SentencePiece).
        special_tokens: the tokens split out of text or added by the post-processor.
        byte_level: pieces are GPT-2 byte-level stand-ins (tiktoken ranks count as such).
        normalizer, pre_tokenizer, decoder, post_processor: short descriptions.
        options: the model's own settings (``byte_fallback``, ``unk_token``,
            ``continuing_subword_prefix``...), as the file gives them.
    """

    kind: str
    algorithm: str
    pieces: tuple[str, ...]
    vocab: tuple[bytes, ...]
    piece_kinds: tuple[str, ...]
    merges: tuple[tuple[str, str], ...] = ()
    scores: tuple[float, ...] | None = None
    special_tokens: tuple[SpecialToken, ...] = ()
    byte_level: bool = False
    normalizer: str = "none"
    pre_tokenizer: str = "none"
    decoder: str = "none"
    post_processor: str = "none"
    options: Mapping[str, object] = field(default_factory=dict, compare=False)

    @property
    def continuation_prefix(self) -> str:
        """The prefix of a piece that continues a word (WordPiece's ``##``), or ""."""
        return str(self.options.get("continuing_subword_prefix") or "")

    @property
    def runtime_kind(self) -> str:
        """``tokenizers/BPE`` -> ``tokenizers``."""
        return self.kind.split("/", 1)[0]


def char_to_byte_offsets(text: str) -> list[int]:
    """The UTF-8 byte offset of every code point boundary of ``text`` (``len + 1`` entries).

    >>> char_to_byte_offsets("a中b")
    [0, 1, 4, 5]
    """
    out = [0]
    total = 0
    for ch in text:
        code = ord(ch)
        total += 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
        out.append(total)
    return out


def cut_literals(text: str, literals: Mapping[str, int], kind: str = "special"):
    """``(start, end, id or None)`` code point segments of ``text``: each literal (longest
    first, leftmost) split out with its id, the text between with None.

    >>> list(cut_literals("a<s>b", {"<s>": 1}))
    [(0, 1, None), (1, 4, 1), (4, 5, None)]
    """
    import regex

    pos = 0
    if literals:
        pattern = "|".join(regex.escape(s) for s in sorted(literals, key=len, reverse=True) if s)
        for m in regex.finditer(pattern, text):
            if m.start() > pos:
                yield pos, m.start(), None
            yield m.start(), m.end(), literals[m.group()]
            pos = m.end()
    if pos < len(text):
        yield pos, len(text), None
