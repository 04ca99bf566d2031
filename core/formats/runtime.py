"""The one protocol every runtime follows, and what the runtimes share.

A runtime wraps a native library (``tokenizers``, ``sentencepiece``, ``tiktoken``) so that IDs are
exactly what production computes, and returns a :class:`core.encodings.encoding.Encoding`.
"""

from __future__ import annotations

import abc
from bisect import bisect_left
from itertools import accumulate
import os
import threading
from dataclasses import dataclass, field
from functools import cached_property
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Sequence, TypeVar

import numpy as np

from ..encodings.batch import EncodingBatch, encode_one
from ..encodings.ids_only import IdsBatch
from ..encodings.small import SMALL_TEXT, SmallResult, encode_small
from ..encodings.encoding import Encoding, Flag
from ..notes import Note, note
from ..pipeline.postprocess import PostSettings, Template, plain_template
from ..encodings.spans import JoinedTexts, NativeMany, NativeResult
from ..pipeline.pretokens import ModelView, PreToken
from ..pipeline.special import SpecialLiterals, SpecialToken, parses, resolve_allowed_special
from ..text.offsets import check_encodable, has_lone_surrogate
from ..encodings.vocab_bytes import VocabBytes


T = TypeVar("T")
R = TypeVar("R")


@dataclass
class Stage:
    """One pipeline stage as the runtime exposes it, for the Inspect pane.

    ``items`` are ``(text, (start, end) code point span on the original text or None)``.
    """

    name: str
    description: str
    items: list[tuple[str, tuple[int, int] | None]] = field(default_factory=list)


@dataclass
class RoundTrip:
    """decode(encode(text)) against the text: equal, or the first differing region."""

    ok: bool
    decoded: str
    # code point ranges of the differing region in the original and in the decoded text
    original_range: tuple[int, int] = (0, 0)
    decoded_range: tuple[int, int] = (0, 0)

    @classmethod
    def compare(cls, original: str, decoded: str) -> "RoundTrip":
        """Find the first differing region.

        >>> RoundTrip.compare("Hello", "hello").original_range
        (0, 1)
        """
        if original == decoded:
            return cls(True, decoded)
        prefix = _common_prefix(original, decoded)
        suffix = _common_prefix(original[prefix:][::-1], decoded[prefix:][::-1])
        return cls(False, decoded, (prefix, len(original) - suffix),
                   (prefix, len(decoded) - suffix))


def in_chunks(work: Callable[[Sequence[T]], list[R]], items: Sequence[T], threads: int,
              sizes: Sequence[int] | None = None) -> list[R]:
    """``work`` on contiguous chunks of ``items`` in ``threads`` threads, results in order.

    For native calls that release the GIL (tiktoken): each thread runs a long stretch of calls,
    not one pool task per item (a task per line cost more than the thread gained). ``sizes``
    (each item's cost, say its bytes) makes the chunks equal in total size rather than in
    count: a corpus' lines are far from equal, and the threads wait for the largest chunk.

    >>> in_chunks(lambda chunk: [x * 2 for x in chunk], [1, 2, 3], 2)
    [2, 4, 6]
    >>> in_chunks(lambda chunk: [len(chunk)], ["a" * 9, "b", "c"], 2, sizes=[9, 1, 1])
    [1, 2]
    """
    if threads <= 1 or len(items) < 2:
        return work(items)
    if sizes is None:
        size = -(-len(items) // threads)
        cuts = list(range(0, len(items), size)) + [len(items)]
    else:
        running = list(accumulate(sizes))
        total = running[-1] or 1
        cuts = sorted({0, len(items), *(min(bisect_left(running, total * k / threads) + 1,
                                            len(items)) for k in range(1, threads))})
    chunks = [items[a:b] for a, b in zip(cuts, cuts[1:])]
    with ThreadPoolExecutor(len(chunks)) as pool:
        return [result for part in pool.map(work, chunks) for result in part]


def native_threads(texts: int) -> int:
    """Threads for a native library's batch call over ``texts`` texts: one per core, but one
    for a few texts (starting threads would cost more than they save).

    >>> native_threads(1)
    1
    """
    return max(1, os.cpu_count() or 1) if texts >= 64 else 1


def _common_prefix(a: str, b: str) -> int:
    """Length of the common prefix, by bisection on slice equality (C speed on long texts).

    >>> _common_prefix("hello", "help")
    3
    """
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


@dataclass(frozen=True)
class StreamTraits:
    """How a runtime's decoder treats IDs one by one, as :class:`core.stream.decode.TokenStream` needs
    to know it.

    Attributes:
        skips_control_anywhere: decode drops control pieces wherever they are (SentencePiece:
            ``<s>`` between two pieces changes neither), so such an ID never changes its
            neighbours' reading.
        whole_byte_runs: ``tokenizers``' ``ByteFallback`` decoder, which turns a whole run of
            byte pieces to "�" when any of it is invalid.
        bytes_after_context: a token decoded after others adds exactly its bytes (only the first
            token of a decode may read differently): byte-level BPE, tiktoken, SentencePiece,
            the Llama and Metaspace chains; not WordPiece's clean-up, a ``</w>`` suffix, CTC or
            no decoder, which read a token by its neighbours (:mod:`core.stream.table` then
            decodes windows).
    """

    skips_control_anywhere: bool = False
    whole_byte_runs: bool = False
    bytes_after_context: bool = False


@dataclass(frozen=True)
class PreTokenizerPart:
    """A runtime's pre-tokenizer as its library states it, for another runtime of the same
    library to run its model behind (:meth:`Runtime.with_pre_tokenizer`).

    Attributes:
        library: whose form ``value`` is in (``tiktoken``: a regex; ``tokenizers``: the
            ``pre_tokenizer`` JSON, None for none).
        value: the pre-tokenizer in that form.

    >>> PreTokenizerPart("tokenizers", {"type": "Whitespace"}).library
    'tokenizers'
    """

    library: str
    value: object


# (role, where the claim comes from, ids, content): a special-token role the tokenizer file states
RoleClaim = tuple[str, str, list[int], str]


class Runtime(abc.ABC):
    """A loaded tokenizer on its native runtime.

    Attributes:
        name: a short display name (file stem, bundle name).
        source_format: ``tokenizer.json``, ``sentencepiece``, ``tiktoken``, ``wordpiece``,
            ``gpt2-bpe``.
        library: the native library's name and version.
        notes: facts about how this tokenizer is run that a user should know.
    """

    name: str = ""
    source_format: str = ""
    library: str = ""

    def __init__(self) -> None:
        self.notes: list[Note] = []
        # Native tokenizers keep per-call settings on the object: one encode at a time.
        self.lock = threading.RLock()
        self._specials_cache: list[SpecialToken] | None = None

    # -- the contract ---------------------------------------------------------------------
    def encode(self, text: str, *, add_special_tokens: bool = True,
               parse_special: bool = False, allowed_special=None) -> Encoding:
        """Encode ``text``. Special-token literals in the text are plain text unless
        ``parse_special`` (every one) or ``allowed_special`` (``"all"`` or a set of literals:
        those, as tiktoken's ``allowed_special``); every literal found is flagged in the
        encoding's notes either way. ``add_special_tokens`` adds the post-processor's tokens
        (BOS, CLS...). Raises :class:`~core.errors.WorkbenchError` for an allowed literal that
        is not one of the tokenizer's special tokens."""
        parse = self.parse_choice(parse_special, allowed_special)
        if len(text) <= SMALL_TEXT:  # a one-off text: lists, not the corpus arrays
            small = self._native_small(text, add_special_tokens, parse)
            if small is not None:
                return encode_small(self, text, small)
        return encode_one(self, text, self._native(text, add_special_tokens, parse))

    def encode_batch(self, texts: Sequence[str], *, add_special_tokens: bool = True,
                     parse_special: bool = False, allowed_special=None) -> EncodingBatch:
        """Encode many texts; spans of all of them are converted together (fast on corpora).

        Returns an :class:`core.encodings.batch.EncodingBatch` (a sequence of Encodings).
        """
        parse = self.parse_choice(parse_special, allowed_special)
        # a corpus' offset tables are built in a thread while the library encodes
        joined = JoinedTexts(texts,
                             cp_tables=not self._lays_cp_spans(texts, add_special_tokens, parse))
        return EncodingBatch(self, texts, self._native_many(texts, add_special_tokens, parse),
                             joined)

    def _lays_cp_spans(self, texts: Sequence[str], add_special_tokens: bool,
                       parse_special) -> bool:
        """Whether :meth:`_native_many` of these texts hands over their code point spans on
        the joined texts itself (``NativeMany.joined_cp``), so that the texts' byte-to-code-point
        tables need not be built ahead. None of the base's."""
        return False

    def ids_and_cp_spans(self, texts: Sequence[str],
                         parse_special: bool) -> list[tuple[list[int], list[tuple[int, int]]]]:
        """Each text's IDs and code-point spans, without added tokens, as lists: what
        ``encode_batch(texts, add_special_tokens=False, parse_special=...)`` gives, for work that
        reads no notes and no other unit (the chat report's render). A runtime that can skip
        the batch's notes and unit conversions overrides it (the tokenizers runtime)."""
        return self.encode_batch(texts, add_special_tokens=False,
                                 parse_special=parse_special).ids_and_cp_spans_each()

    def ids_and_cp_bounds(self, texts: Sequence[str], parse_special: bool) -> list[tuple]:
        """:meth:`ids_and_cp_spans` as ``(ids, spans, bounds)``: ``bounds`` (the
        ``len(ids) + 1`` offsets between tokens lying end to end, span ``k`` being
        ``(bounds[k], bounds[k + 1])``, with ``spans`` None) where the runtime has them at no
        cost (the SentencePiece runtime); else ``spans`` and None, as this default."""
        return [(ids, spans, None) for ids, spans in self.ids_and_cp_spans(texts, parse_special)]

    def encode_ids_batch(self, texts: Sequence[str], *,
                         add_special_tokens: bool = True) -> IdsBatch:
        """The IDs :meth:`encode_batch` gives ``texts`` (special-token literals read as text),
        without its spans: for work that compares IDs first and needs spans for few texts. Where
        the runtime knows a text's tokens spell it, the :class:`~core.encodings.ids_only.IdsBatch`
        says so and carries the lengths its exact byte spans are made of. Raises as
        :meth:`encode_batch` does. This default takes the batch encode's native answer (every
        runtime that can skip the span work does)."""
        many = self._native_many(texts, add_special_tokens, False)
        return IdsBatch(many.ids, many.counts, np.zeros(len(texts), dtype=bool),
                        self._encode_some(texts, add_special_tokens))

    def _encode_some(self, texts: Sequence[str], add_special_tokens: bool):
        """An :class:`~core.encodings.ids_only.IdsBatch`'s ``encode_some``: the batch encode of
        the texts at the indexes given, encoded again."""
        return lambda indexes: self.encode_batch([texts[i] for i in indexes],
                                                 add_special_tokens=add_special_tokens)

    def count_many(self, texts: Sequence[str]) -> tuple:
        """``(ids, flags, tokens per text)`` numpy arrays for many texts — content tokens only
        (no BOS/CLS), special-token literals read as text — without spans: what corpus
        statistics need (:mod:`core.diagnostics`). A runtime may skip the span work its batch
        encode does."""
        many = self._native_many(texts, False, False)
        return many.ids, many.flags, many.counts

    def parse_choice(self, parse_special: bool, allowed_special=None):
        """What the runtimes' internal ``parse_special`` carries: False, True, or the frozenset
        of literals ``allowed_special`` names (:func:`core.pipeline.special.resolve_allowed_special`)."""
        if allowed_special is None:  # a set already resolved passes through (offload, inspect)
            return parse_special if isinstance(parse_special, frozenset) else bool(parse_special)
        return resolve_allowed_special(allowed_special, self.special_tokens())

    def _native_many(self, texts: Sequence[str], add_special_tokens: bool,
                     parse_special: bool) -> NativeMany:
        """Native results of many texts (a runtime may do this faster than text by text: the
        SentencePiece and tokenizers runtimes use their library's batch call)."""
        return NativeMany.of([self._native(t, add_special_tokens, parse_special) for t in texts])

    @abc.abstractmethod
    def _native(self, text: str, add_special_tokens: bool, parse_special: bool) -> NativeResult:
        """The native library's answer for one text."""

    def _native_small(self, text: str, add_special_tokens: bool,
                      parse_special: bool) -> SmallResult | None:
        """:meth:`_native`'s answer in Python lists, for a short text (:mod:`core.encodings.small`), or
        None where this runtime has no such path for the text (the array path then runs)."""
        return None

    @abc.abstractmethod
    def decode(self, ids: Sequence[int]) -> str:
        """Decode ids as the native runtime does (special tokens kept)."""

    @cached_property
    def vocab_bytes(self) -> VocabBytes:
        """Every id's token bytes in one array (built once, on first use)."""
        return VocabBytes.of(self.token_bytes, self.id_space)

    @property
    def id_space(self) -> int:
        """One more than the largest id the runtime can return (ids may have holes)."""
        return self.vocab_size

    @property
    @abc.abstractmethod
    def vocab_size(self) -> int:
        """Number of ids, added tokens included."""

    @abc.abstractmethod
    def piece(self, token_id: int) -> str:
        """The runtime's own string for an id (``Ġthe``, ``▁the``, ``##ing``, ``<0x0A>``)."""

    @abc.abstractmethod
    def token_bytes(self, token_id: int) -> bytes:
        """Bytes the id stands for; special and unknown tokens give their literal form."""

    @abc.abstractmethod
    def _list_special_tokens(self) -> list[SpecialToken]:
        """Every special / control / added token with its id (computed once, then cached)."""

    def special_tokens(self) -> list[SpecialToken]:
        """Every special / control / added token with its id."""
        if self._specials_cache is None:
            self._specials_cache = self._list_special_tokens()
        return list(self._specials_cache)

    @abc.abstractmethod
    def pre_tokens(self, text: str, parse_special: bool = False) -> list[PreToken]:
        """The units the model receives, in order, with byte spans on the original ``text``;
        added / special tokens (special literals only when ``parse_special``) split out exactly
        as the native runtime splits them. The Pipeline tab and Explain both read this."""

    def pre_token_spans(self) -> Callable[[str], list[tuple[int, int]]]:
        """A function of a text giving each pre-token's byte span on it, special literals not
        parsed: the spans of :meth:`pre_tokens`, which a runtime may read faster (the behaviour
        diff asks for them on hundreds of lines). Made once, called per text.

        >>> from core.formats.tiktoken.runtime import TiktokenRuntime
        >>> runtime = TiktokenRuntime({bytes([b]): b for b in range(256)}, pattern="[^ ]+| ")
        >>> Runtime.pre_token_spans(runtime)("é a")
        [(0, 2), (2, 3), (3, 4)]
        """
        return lambda text: [(t.start, t.end) for t in self.pre_tokens(text)]

    @abc.abstractmethod
    def model_view(self) -> ModelView:
        """The model as data: vocabulary bytes, piece kinds, merges, scores, special tokens
        and the pipeline's components (built once per runtime)."""

    def stages(self, text: str) -> list[Stage]:
        """The stages before the pre-tokens (the normalized text); the pre-tokens themselves
        are :meth:`pre_tokens`."""
        return []

    def token_to_id(self, piece: str) -> int | None:
        return self._piece_ids.get(piece)

    def describe(self) -> dict[str, str]:
        """Key facts for display (model type, normalizer, pre-tokenizer...)."""
        return {"format": self.source_format, "runtime": self.library,
                "vocabulary": f"{self.vocab_size:,}"}

    # -- what generic code asks a runtime (each format answers in its runtime) --------------
    def post_template(self) -> Template:
        """The template this runtime applies with ``add_special_tokens`` (a ``tokenizer.json``'s
        post-processor, a SentencePiece model's BOS/EOS, a tiktoken preset's BOS), so
        :func:`core.pipeline.postprocess.postprocess` with it equals the runtime's own encode.
        A runtime that adds nothing answers the empty template."""
        return plain_template("none")

    def own_post_settings(self) -> PostSettings | None:
        """The truncation and padding the tokenizer file itself sets (the workbench turns them
        off to show a text's own tokens), as settings; None when the file sets none."""
        return None

    def own_pad(self) -> tuple[int, str] | None:
        """``(id, token)`` of the padding the tokenizer file itself configures, else None."""
        return None

    def pipeline_json(self) -> dict | None:
        """The pipeline in ``tokenizers``' JSON form when the runtime runs one (a
        ``tokenizer.json``, a GGUF converted to one, the reference BPE's spec), else None.
        Read it, never change it."""
        return None

    @property
    def stream_traits(self) -> StreamTraits:
        """How the decoder treats IDs one by one (see :class:`StreamTraits`)."""
        return StreamTraits()

    def pre_tokenizer_part(self) -> PreTokenizerPart | None:
        """This runtime's pre-tokenizer in its library's form, for a runtime of the same library
        to combine with its own model (the behaviour diff's regex-or-model split); None where
        it cannot be lifted out."""
        return None

    def with_pre_tokenizer(self, part: PreTokenizerPart) -> "Runtime | None":
        """A runtime running this one's model (vocabulary, merges, normalizer) behind the
        pre-tokenizer ``part`` of another runtime, or None when this runtime's library cannot
        run it. May raise :class:`~core.errors.WorkbenchError` when the model refuses it."""
        return None

    @property
    def model_facts(self) -> dict:
        """Facts about the model around the tokenizer that its file states (a GGUF's
        architecture, embedding rows, context length...); empty for a tokenizer-only file."""
        return {}

    def role_claims(self) -> list[RoleClaim]:
        """Special-token roles the tokenizer file itself states (GGUF metadata IDs, Tekken's
        literals), claimed before any config's; none for formats that leave them to configs."""
        return []

    def declared_roles(self) -> dict[str, str]:
        """``role -> content`` of the special tokens the tokenizer file itself names, as
        transformers names them from that file alone (the chat template's ``bos_token``...)."""
        return {}

    def special_token_source(self) -> str:
        """Where the list of special tokens comes from, in the format's words."""
        return f"{self.source_format} special tokens"

    def bundle_options(self) -> dict | None:
        """Options a bundle stores instead of the source's so it opens without guessing (a
        tiktoken file's resolved regex and special tokens); None: the source's own."""
        return None

    def plain_encoder(self) -> Callable[[str], tuple[list[int], list[tuple[int, int]]]] | None:
        """A function encoding a text without matching any added token, special or not, to
        ``(ids, code point spans)`` — transformers' ``_encode_without_added_tokens``; None when
        the runtime's encode without parsing already matches no added token."""
        return None

    # -- shared helpers -------------------------------------------------------------------
    @cached_property
    def _piece_ids(self) -> dict[str, int]:
        return {self.piece(i): i for i in range(self.vocab_size)}

    @cached_property
    def _special_literals(self) -> SpecialLiterals:
        """The literals a text is checked for (``special.kept_as_text`` / ``special.parsed``):
        special tokens only. A plain added token (``AddedToken(special=False)``, kind
        ``added``) or a SentencePiece user-defined symbol (kind ``user_defined``) is no control
        boundary: its library matches it in every text, parsing or not, so its literal is
        neither kept as text nor an injection."""
        return SpecialLiterals([t for t in self.special_tokens()
                                if t.kind not in ("added", "user_defined")])

    def decode_bytes(self, ids: Sequence[int]) -> bytes:
        """Concatenated token bytes (exact for byte-level tokenizers; no decoder clean-up)."""
        return b"".join(self.token_bytes(int(i)) for i in ids)

    def round_trip(self, text: str, encoding: Encoding | None = None) -> RoundTrip:
        if encoding is None:
            encoding = self.encode(text, add_special_tokens=False)
        content = encoding.ids[(encoding.flags & Flag.INSERTED) == 0]
        return RoundTrip.compare(text, self.decode(content.tolist()))

    def _prepare_many(self, texts: Sequence[str], parse_special: bool) -> list[list[Note]]:
        """:meth:`_prepare` for many texts: one search over all of them, text by text only
        when something is found (a corpus rarely has a lone surrogate or a special literal)."""
        joined = "\n".join(texts)
        if not (has_lone_surrogate(joined) or self._special_literals.find(joined)):
            return [[] for _ in texts]
        return [self._prepare(text, parse_special) for text in texts]

    def _refuse_unencodable(self, texts: Sequence[str]) -> None:
        """Raise where :meth:`_prepare_many` raises (a text with a lone surrogate), without
        making its notes (the IDs-only calls have no Encoding to put them on)."""
        if has_lone_surrogate("\n".join(texts)):
            for text in texts:
                check_encodable(text)

    def _prepare(self, text: str, parse_special: bool) -> list[Note]:
        """Check the text; a note per special-token literal in it (the first three, then a count)."""
        check_encodable(text)
        return special_literal_notes(self._special_literals.find(text), parse_special)


def special_literal_notes(literals: list[tuple[int, int, str]], parse_special,
                          shown: int = 3) -> list[Note]:
    """Notes on special-token literals found in a text: one per literal for the first ``shown``
    (with its span), then one counting the rest. ``parse_special``: a bool, or the set of
    literals allowed (each literal parsed or kept as text by its own choice).

    >>> [n.code for n in special_literal_notes([(0, 3, "<s>")] * 5, False)]
    ['special.kept_as_text', 'special.kept_as_text', 'special.kept_as_text', 'special.more']
    """
    notes = [note("special.parsed" if parses(parse_special, lit) else "special.kept_as_text",
                  span=(s, e), literal=lit, start=s) for s, e, lit in literals[:shown]]
    if len(literals) > shown:
        # the same severity as the notes it continues (parsed literals are no warning)
        notes.append(Note("special.more", notes[0].severity, {"count": len(literals) - shown}))
    return notes
