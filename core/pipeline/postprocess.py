"""Post-processing: the tokens a tokenizer adds around a text's own tokens, and truncation and
padding, for every format, computed as ``tokenizers`` computes them.

A :class:`Template` says what is added (``[CLS] $A [SEP]``, pairs ``... $B:1 [SEP]:1``, type IDs)
and where that came from: ``tokenizer.json``'s ``post_processor``, a SentencePiece model's BOS/EOS
(``tokenizer_config.json`` or the default), a tiktoken preset's BOS, or the user, in the
``tokenizers`` template syntax. :func:`postprocess` encodes the texts' own tokens on the native
runtime (nothing added) and then applies template, :class:`Truncation` and :class:`Padding` in
the order and with the arithmetic of ``tokenizers``' ``Tokenizer.post_process`` (truncate with
room left for the added tokens, add them, pad), so IDs, type IDs, masks and overflow windows
equal ``enable_truncation`` / ``enable_padding`` / ``encode(a, b)`` on the same settings (tested
against the library). Content tokens keep their spans: a window holds *positions* into the
content encodings, never copies of changed spans.

>>> ids = {"[CLS]": 101, "[SEP]": 102}.get
>>> t = parse_template("[CLS] $A [SEP]", "[CLS] $A [SEP] $B:1 [SEP]:1", ids)
>>> w = apply_to_ids(t, [7, 8, 9], [5], truncation=Truncation(6))
>>> w.ids, w.type_ids
([101, 7, 8, 102, 5, 102], [0, 0, 0, 0, 1, 1])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Literal, Sequence

import numpy as np

from ..encodings.encoding import Encoding, Flag
from ..errors import WorkbenchError
from ..notes import Note, note

Side = Literal["right", "left"]
Strategy = Literal["longest_first", "only_first", "only_second"]
STRATEGIES = ("longest_first", "only_first", "only_second")
SIDES = ("right", "left")


class PostprocessError(WorkbenchError):
    """Settings or a template that cannot be applied (named, with what to change)."""

    code = "postprocess"


# --- templates ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Piece:
    """One item of a template: a sequence (``$A`` is 0, ``$B`` is 1) or a special token (its
    literal and the IDs it stands for: ``tokenizers`` lets one name stand for several)."""

    sequence: int | None
    type_id: int = 0
    token: str = ""
    ids: tuple[int, ...] = ()

    def notation(self) -> str:
        """``$A``, ``$B:1``, ``[SEP]:1`` (type ID 0 left out, as people write it)."""
        name = ("$A", "$B")[self.sequence] if self.sequence is not None else self.token
        return name if self.type_id == 0 else f"{name}:{self.type_id}"


@dataclass(frozen=True)
class Template:
    """What the tokenizer adds to one text (``single``) and to a pair (``pair``).

    Attributes:
        origin: where it came from: ``tokenizer.json``, ``tokenizer_config.json``, ``default``
            (the workbench's default for the format, see :func:`tokenizer_template`),
            ``tiktoken preset``, ``user`` or ``none`` (the format adds nothing).
        detail: the processor type, the config key or the preset name.
    """

    single: tuple[Piece, ...]
    pair: tuple[Piece, ...] | None
    origin: str = "user"
    detail: str = ""

    def pieces(self, pair: bool) -> tuple[Piece, ...]:
        if not pair:
            return self.single
        if self.pair is None:
            raise PostprocessError.of(note("postprocess.no_pair_form"))
        return self.pair

    def added(self, pair: bool = False) -> int:
        """How many tokens it adds (``tokenizers``' ``added_tokens(is_pair)``).

        >>> parse_template("[CLS] $A [SEP]", None, {"[CLS]": 1, "[SEP]": 2}.get).added()
        2
        """
        pieces = self.single if not pair else (self.pair or ())
        return sum(len(p.ids) for p in pieces if p.sequence is None)

    def notation(self, pair: bool = False) -> str:
        return " ".join(p.notation() for p in self.pieces(pair))

    def around(self, pair: bool = False) -> tuple[list[str], list[str], list[str]]:
        """The special tokens at the start, between the sequences, and at the end.

        >>> parse_template("<s> $A </s>", None, {"<s>": 1, "</s>": 2}.get).around()
        (['<s>'], [], ['</s>'])
        """
        pieces = self.pieces(pair)
        seqs = [k for k, p in enumerate(pieces) if p.sequence is not None]
        first, last = (seqs[0], seqs[-1]) if seqs else (len(pieces), len(pieces))

        def names(part):
            return [p.token for p in part if p.sequence is None]
        return names(pieces[:first]), names(pieces[first + 1:last]), names(pieces[last + 1:])

    def describe(self, pair: bool = False) -> str:
        """In English words, for ``tokbench`` (the GUI says it through its translations).

        >>> parse_template("<s> $A", None, {"<s>": 1}.get).describe()
        'adds <s> at the start (user)'
        """
        start, middle, end = self.around(pair)
        parts = ([f"{' '.join(start)} at the start"] if start else []) + (
            [f"{' '.join(middle)} between the texts"] if middle else []) + (
            [f"{' '.join(end)} at the end"] if end else [])
        where = self.origin + (f": {self.detail}" if self.detail else "")
        return ("adds " + ", ".join(parts) if parts else "adds nothing") + f" ({where})"


def parse_template(single: str, pair: str | None, token_id: Callable[[str], int | None], *,
                   origin: str = "user", detail: str = "") -> Template:
    """A template in ``tokenizers``' syntax: ``$A`` / ``$B`` (also ``$a``, ``$``, ``$0``...),
    special tokens by their literal, ``:N`` for a type ID. ``token_id`` finds a literal's ID.

    Raises :class:`PostprocessError` naming the problem: an unknown special token, ``$A``
    missing or repeated, ``$B`` in a single template, a bad type ID.

    >>> parse_template("$A [X]", None, {}.get)
    Traceback (most recent call last):
    ...
    core.pipeline.postprocess.PostprocessError: single template: '[X]' is not a token of this tokenizer
    """
    parsed_single = _parse_pieces(single, token_id, "single", pair=False)
    parsed_pair = None if pair is None or not pair.strip() else _parse_pieces(
        pair, token_id, "pair", pair=True)
    return Template(parsed_single, parsed_pair, origin, detail)


def _parse_pieces(text: str, token_id, which: str, pair: bool) -> tuple[Piece, ...]:
    pieces = []
    for word in text.split():
        name, type_id = word, 0
        if ":" in word[1:]:  # a special token may itself hold ':' (``<|a:b|>``): the last one
            head, _, tail = word.rpartition(":")
            if tail.isdigit():
                name, type_id = head, int(tail)
            elif name.startswith("$"):
                raise PostprocessError.of(note("postprocess.type_id_not_number",
                                               which_template=which, word=word))
        if name.startswith("$"):
            pieces.append(Piece(_sequence_of(name, which, word), type_id))
            if name[1:].isdigit():  # ``$1`` is $A with type ID 1 (tokenizers' shorthand)
                pieces[-1] = Piece(0, int(name[1:]) if type_id == 0 else type_id)
            continue
        found = token_id(name)
        if found is None:
            raise PostprocessError.of(note("postprocess.not_a_token", which_template=which,
                                           name=name))
        pieces.append(Piece(None, type_id, name, (int(found),)))
    counts = [sum(p.sequence == s for p in pieces) for s in (0, 1)]
    if counts[0] != 1:
        raise PostprocessError.of(note("postprocess.a_not_once", which_template=which,
                                       count=counts[0], text=text))
    if pair and counts[1] != 1:
        raise PostprocessError.of(note("postprocess.b_not_once", count=counts[1], text=text))
    if not pair and counts[1]:
        raise PostprocessError.of(note("postprocess.b_in_single", text=text))
    return tuple(pieces)


def _sequence_of(name: str, which: str, word: str) -> int:
    rest = name[1:]
    if rest in ("", "A", "a") or rest.isdigit():
        return 0
    if rest in ("B", "b"):
        return 1
    raise PostprocessError.of(note("postprocess.not_a_sequence", which_template=which, word=word))


def bos_eos_template(bos: tuple[str, int] | None, eos: tuple[str, int] | None, *, origin: str,
                     detail: str = "") -> Template:
    """BOS / EOS around each text, as transformers' ``update_post_processor`` writes it for a
    tokenizer with ``add_bos_token`` / ``add_eos_token``: single ``<s> $A </s>``, pair
    ``<s> $A </s> <s>:1 $B:1 </s>:1``.

    >>> bos_eos_template(("<s>", 1), None, origin="default").notation(pair=True)
    '<s> $A <s>:1 $B:1'
    """
    def around(seq: int) -> list[Piece]:
        out = [Piece(None, seq, bos[0], (bos[1],))] if bos else []
        out.append(Piece(seq, seq))
        return out + ([Piece(None, seq, eos[0], (eos[1],))] if eos else [])
    return Template(tuple(around(0)), tuple(around(0) + around(1)), origin, detail)


def tokenizer_template(runtime) -> Template:
    """The template the runtime itself applies with ``add_special_tokens`` (so
    :func:`postprocess` with it equals the runtime's own encode: tested for every format); each
    runtime answers it (:meth:`core.formats.runtime.Runtime.post_template`)."""
    return runtime.post_template()


def plain_template(origin: str, detail: str = "") -> Template:
    """Nothing added: with no processor tokenizers still gives the second text type ID 1
    (``encode_single_sequence``).

    >>> plain_template("none").notation(pair=True)
    '$A $B:1'
    """
    return Template((Piece(0, 0),), (Piece(0, 0), Piece(1, 1)), origin, detail)


# --- settings ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Truncation:
    """``tokenizers``' ``enable_truncation(max_length, stride, strategy, direction)``."""

    max_length: int
    side: Side = "right"
    strategy: Strategy = "longest_first"
    stride: int = 0

    def __post_init__(self):
        if self.max_length < 0 or self.stride < 0:
            raise PostprocessError.of(note("postprocess.truncation_negative"))
        if self.side not in SIDES:
            raise PostprocessError.of(note("postprocess.truncation_side", side=self.side))
        if self.strategy not in STRATEGIES:
            raise PostprocessError.of(note("postprocess.truncation_strategy",
                                           strategy=self.strategy,
                                           strategies=list(STRATEGIES)))


@dataclass(frozen=True)
class Padding:
    """``tokenizers``' ``enable_padding``: to ``length`` (None: the encoding's own length, as
    ``BatchLongest`` is for one text), rounded up to a multiple of ``multiple``."""

    pad_id: int
    pad_token: str
    length: int | None = None
    multiple: int | None = None
    side: Side = "right"
    pad_type_id: int = 0

    def __post_init__(self):
        if (self.length is not None and self.length < 0) or (
                self.multiple is not None and self.multiple < 0):
            raise PostprocessError.of(note("postprocess.padding_negative"))
        if self.side not in SIDES:
            raise PostprocessError.of(note("postprocess.padding_side", side=self.side))

    def target(self, length: int) -> int:
        """The length a window of ``length`` tokens is padded to.

        >>> Padding(0, "[PAD]", multiple=8).target(9)
        16
        """
        size = self.length if self.length is not None else length
        if self.multiple and size % self.multiple:
            size += self.multiple - size % self.multiple
        return size


def default_pad(runtime) -> tuple[int, str, str]:
    """``(id, token, where it came from)`` for padding: the tokenizer.json's own padding, else a
    special token whose role is pad, else the end-of-sequence token, else ID 0 (tokenizers'
    default)."""
    own = runtime.own_pad()
    if own is not None:
        return own[0], own[1], "tokenizer.json"
    specials = runtime.special_tokens()
    for role in ("pad", "eos"):
        for token in specials:
            if token.role == role:
                return token.id, token.content, role
    return 0, runtime.piece(0), "id 0"


@dataclass(frozen=True)
class PostSettings:
    """What a user asks for, as the CLI's options and the Inspect pane's controls say it; see
    :meth:`resolve`. Nothing set (the default) means the tokenizer's own post-processing."""

    pair: str | None = None
    template: str | None = None
    pair_template: str | None = None
    max_length: int | None = None
    truncation_side: str = "right"
    truncation_strategy: str = "longest_first"
    stride: int = 0
    pad_to: int | None = None
    pad_multiple: int | None = None
    pad_side: str = "right"
    pad_id: int | None = None

    @property
    def active(self) -> bool:
        """Whether anything differs from the tokenizer's own encode of one text."""
        return (self.pair is not None or bool(self.template) or self.max_length is not None
                or self.pad_to is not None or self.pad_multiple is not None)

    def resolve(self, runtime) -> dict:
        """``template``, ``truncation`` and ``padding`` for :func:`postprocess` (the template
        parsed against the runtime's tokens, the pad token its default unless given).

        >>> PostSettings(pair_template="$A $B").resolve(None)
        Traceback (most recent call last):
        ...
        core.pipeline.postprocess.PostprocessError: a pair template needs the single template too
        """
        if self.pair_template and not self.template:
            raise PostprocessError.of(note("postprocess.pair_without_single"))
        template = None
        if self.template:
            template = parse_template(self.template, self.pair_template, runtime.token_to_id)
        truncation = None
        if self.max_length is not None:
            truncation = Truncation(self.max_length, self.truncation_side,
                                    self.truncation_strategy, self.stride)
        padding = None
        if self.pad_to is not None or self.pad_multiple is not None:
            pad_id, pad_token, _ = default_pad(runtime)
            if self.pad_id is not None:
                pad_id, pad_token = self.pad_id, runtime.piece(self.pad_id)
            padding = Padding(pad_id, pad_token, self.pad_to, self.pad_multiple, self.pad_side)
        return {"template": template, "truncation": truncation, "padding": padding}


def file_settings(runtime, pair: str | None = None) -> PostSettings | None:
    """The truncation and padding a ``tokenizer.json`` itself sets (which the workbench turns
    off to show a text's own tokens, see the ``hf.*_off`` notes), as settings; None without.

    >>> file_settings(None) is None
    True
    """
    own = runtime.own_post_settings() if runtime is not None else None
    return None if own is None else replace(own, pair=pair)


# --- the result ----------------------------------------------------------------------------------
@dataclass
class Window:
    """One model input: ``tokenizers``' Encoding (the main one, or one of its overflowing).

    ``sequence_ids`` is 0 / 1 for a token of the first / second text, None for an added or pad
    token; ``positions`` is that token's index in its text's content encoding (-1 otherwise).
    """

    ids: list[int] = field(default_factory=list)
    type_ids: list[int] = field(default_factory=list)
    attention_mask: list[int] = field(default_factory=list)
    special_tokens_mask: list[int] = field(default_factory=list)
    sequence_ids: list[int | None] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ids)

    def to_json(self) -> dict:
        return {"ids": self.ids, "type_ids": self.type_ids, "attention_mask": self.attention_mask,
                "special_tokens_mask": self.special_tokens_mask,
                "sequence_ids": self.sequence_ids}


@dataclass(frozen=True)
class Truncated:
    """Tokens of one text that are not in the main window: how many, which, which text."""

    sequence: int
    count: int
    first: int              # content positions first..first+count-1
    span: tuple[int, int]   # code points on that text
    text: str

    def to_json(self) -> dict:
        return {"sequence": self.sequence, "count": self.count,
                "tokens": [self.first, self.first + self.count], "span": list(self.span),
                "text": self.text}


@dataclass
class PostProcessed:
    """A text (or a pair) through the post-processor, truncation and padding."""

    window: Window
    overflow: list[Window]
    truncated: list[Truncated]
    template: Template
    encodings: tuple[Encoding, ...]
    notes: list[Note] = field(default_factory=list)


# --- applying ------------------------------------------------------------------------------------
def postprocess(runtime, text: str, pair: str | None = None, *, template: Template | None = None,
                add_special_tokens: bool = True, truncation: Truncation | None = None,
                padding: Padding | None = None, parse_special: bool = False,
                allowed_special=None) -> PostProcessed:
    """Encode ``text`` (and ``pair``) on the runtime with nothing added, then post-process.

    ``template`` defaults to the tokenizer's own (:func:`tokenizer_template`);
    ``parse_special`` and ``allowed_special`` are :meth:`Runtime.encode`'s.
    """
    template = template or tokenizer_template(runtime)
    encodings = tuple(runtime.encode(t, add_special_tokens=False, parse_special=parse_special,
                                     allowed_special=allowed_special)
                      for t in ([text] if pair is None else [text, pair]))
    return apply(template, encodings, add_special_tokens=add_special_tokens,
                 truncation=truncation, padding=padding)


def apply(template: Template, encodings: Sequence[Encoding], *, add_special_tokens: bool = True,
          truncation: Truncation | None = None, padding: Padding | None = None) -> PostProcessed:
    """Post-process content encodings (one text or a pair); see :func:`postprocess`."""
    windows = _windows(template, [enc.ids.tolist() for enc in encodings], add_special_tokens,
                       truncation, padding)
    main = windows[0]
    truncated = [_truncated(s, enc, main) for s, enc in enumerate(encodings)]
    notes = []
    if truncation is not None and add_special_tokens and truncation.max_length < template.added(
            len(encodings) == 2) and sum(map(len, encodings)) > truncation.max_length:
        notes.append(note("postprocess.max_below_added", max_length=truncation.max_length,
                          added=template.added(len(encodings) == 2)))
    return PostProcessed(main, windows[1:], [t for t in truncated if t is not None], template,
                         tuple(encodings), notes)


def apply_to_ids(template: Template, a: Sequence[int], b: Sequence[int] | None = None, *,
                 add_special_tokens: bool = True, truncation: Truncation | None = None,
                 padding: Padding | None = None) -> Window:
    """The main window for content IDs alone (no spans needed); see the module's example."""
    seqs = [list(a)] if b is None else [list(a), list(b)]
    return _windows(template, seqs, add_special_tokens, truncation, padding)[0]


def _windows(template, seqs, add_special_tokens, truncation, padding) -> list[Window]:
    """Main window then overflow windows, in ``tokenizers``' order."""
    pair = len(seqs) == 2
    pieces = template.pieces(pair)
    parts = [(list(range(len(s))), []) for s in seqs]
    if truncation is not None:
        parts = _truncate([len(s) for s in seqs], truncation,
                          template.added(pair) if add_special_tokens else 0, template.added())
    combos = _combinations(parts)
    windows = [_fill(pieces, combo, seqs, add_special_tokens) for combo in combos]
    if padding is not None:
        target = padding.target(len(windows[0]))  # overflow windows pad to the main one's target
        for window in windows:
            _pad(window, target, padding)
    return windows


def _truncate(lengths: list[int], t: Truncation, added: int, added_single: int):
    """Each sequence's kept positions and overflow windows (``truncate_encodings``)."""
    # enable_truncation refuses a stride that leaves no room (max_length - added tokens of one
    # text); a max_length below the added tokens wraps around in tokenizers' unsigned
    # arithmetic and so never truncates at all (see the note in apply): both copied here
    if t.max_length >= added_single and t.max_length - added_single < t.stride:
        raise PostprocessError.of(note("postprocess.stride_above_room", stride=t.stride,
                                       max_length=t.max_length, added=added_single,
                                       room=t.max_length - added_single))
    whole = [(list(range(n)), []) for n in lengths]
    if added and t.max_length < added:
        return whole
    max_length = t.max_length - added
    if max_length == 0:
        return [_cut(n, 0, t) for n in lengths]
    total = sum(lengths)
    if total <= max_length:
        return whole
    to_remove = total - max_length
    if t.strategy == "longest_first":
        if len(lengths) == 1:
            return [_cut(lengths[0], max_length, t)]
        # tokenizers: the shorter keeps its length if the longer can take the rest, else each
        # gets half, the longer one the odd token (on equal lengths, the second)
        n1, n2 = lengths
        swap = n1 > n2
        if swap:
            n1, n2 = n2, n1
        n2 = n1 if n1 > max_length else max(n1, max_length - n1)
        if n1 + n2 > max_length:
            n1 = max_length // 2
            n2 = n1 + max_length % 2
        keeps = [n2, n1] if swap else [n1, n2]
        return [_cut(n, k, t) for n, k in zip(lengths, keeps)]
    target = 0 if t.strategy == "only_first" else 1
    if target >= len(lengths):
        raise PostprocessError.of(note("postprocess.no_second_text"))
    if lengths[target] <= to_remove:
        raise PostprocessError.of(note("postprocess.text_too_short",
                                       which_text=("first", "second")[target],
                                       tokens=lengths[target], remove=to_remove,
                                       strategy=t.strategy))
    out = list(whole)
    out[target] = _cut(lengths[target], lengths[target] - to_remove, t)
    return out


def _cut(n: int, keep: int, t: Truncation) -> tuple[list[int], list[list[int]]]:
    """``Encoding::truncate``: the kept positions and the overflow windows. Windows step by
    ``keep - stride`` so that each repeats the last ``stride`` tokens of the one before (from
    the end, for the left side); the main window is the first one.

    >>> _cut(5, 2, Truncation(2, stride=1))
    ([0, 1], [[1, 2], [2, 3], [3, 4]])
    """
    if keep >= n:
        return list(range(n)), []
    if keep == 0:
        return [], [list(range(n))]
    if t.stride >= keep:
        raise PostprocessError.of(note("postprocess.stride_above_kept", stride=t.stride,
                                       keep=keep))
    step = keep - t.stride
    ranges = []
    if t.side == "right":
        for start in range(0, n, step):
            stop = min(start + keep, n)
            ranges.append((start, stop))
            if stop == n:
                break
    else:
        for last in range(n - 1, -1, -step):
            start = max(last + 1 - keep, 0)
            ranges.append((start, last + 1))
            if start == 0:
                break
    windows = [list(range(a, b)) for a, b in ranges]
    return windows[0], windows[1:]


def _combinations(parts) -> list[tuple[list[int], ...]]:
    """Main and overflow windows of each sequence combined as ``Encoding::merge_with`` does:
    the main pair first, then each overflow of the first text with the second's main window and
    each of its overflows, then the first's main window with each overflow of the second."""
    if len(parts) == 1:
        main, over = parts[0]
        return [(main,)] + [(o,) for o in over]
    (a, a_over), (b, b_over) = parts
    combos = [(a, b)]
    for ao in a_over:
        combos.append((ao, b))
        combos.extend((ao, bo) for bo in b_over)
    combos.extend((a, bo) for bo in b_over)
    return combos


def _fill(pieces, combo, seqs, add_special_tokens) -> Window:
    """One window: the template's pieces with the sequences' kept positions. The special-tokens
    mask is 1 only for added (and pad) tokens: tokenizers gives a special token parsed from the
    text, or [UNK], a 0 there (unlike the workbench's SPECIAL flag)."""
    w = Window()
    for piece in pieces:
        if piece.sequence is not None:
            positions = combo[piece.sequence]
            ids = seqs[piece.sequence]
            w.ids.extend(ids[p] for p in positions)
            w.special_tokens_mask.extend([0] * len(positions))
            w.sequence_ids.extend([piece.sequence] * len(positions))
            w.positions.extend(positions)
            w.type_ids.extend([piece.type_id] * len(positions))
        elif add_special_tokens:
            n = len(piece.ids)
            w.ids.extend(piece.ids)
            w.special_tokens_mask.extend([1] * n)
            w.sequence_ids.extend([None] * n)
            w.positions.extend([-1] * n)
            w.type_ids.extend([piece.type_id] * n)
    w.attention_mask = [1] * len(w.ids)
    return w


def _pad(w: Window, target: int, p: Padding) -> None:
    n = target - len(w.ids)
    if n <= 0:
        return
    extra = {"ids": [p.pad_id] * n, "type_ids": [p.pad_type_id] * n, "attention_mask": [0] * n,
             "special_tokens_mask": [1] * n, "sequence_ids": [None] * n, "positions": [-1] * n}
    for name, values in extra.items():
        current = getattr(w, name)
        setattr(w, name, current + values if p.side == "right" else values + current)


def _truncated(sequence: int, enc: Encoding, main: Window) -> Truncated | None:
    kept = [p for s, p in zip(main.sequence_ids, main.positions) if s == sequence]
    n = len(enc)
    if len(kept) == n:
        return None
    # kept positions are one contiguous run: what is cut lies before it or after it
    first = kept[-1] + 1 if kept and kept[0] == 0 else 0
    count = n - len(kept)
    starts, ends = enc.spans("cp")
    content = np.flatnonzero((enc.flags[first:first + count] & Flag.INSERTED) == 0) + first
    span = ((int(starts[content].min()), int(ends[content].max())) if len(content)
            else (0, 0))
    return Truncated(sequence, count, first, span, enc.text[span[0]:span[1]])


# --- showing it ----------------------------------------------------------------------------------
def window_encoding(result: PostProcessed, window: Window | None = None,
                    piece_of: Callable[[int], str] | None = None) -> Encoding:
    """One window as an :class:`Encoding` on the first text, for the views that show
    encodings — every ID of the window, in order: the first text's tokens keep their own spans;
    added tokens sit, zero-wide, where they are inserted (flagged special + inserted); pad
    tokens also carry :data:`Flag.PAD`. A pair's second text has no place on the first: its
    tokens sit zero-wide after it, flagged inserted + :data:`Flag.SECOND`, with their pieces
    and bytes (their spans on the second text are in ``result.encodings[1]``)."""
    window = window or result.window
    enc = result.encodings[0]
    second = result.encodings[1] if len(result.encodings) > 1 else None
    starts, ends = enc.byte_starts, enc.byte_ends
    end_of_text = len(enc.text.encode("utf-8"))
    ids, bs, be, flags, pieces, token_bytes = [], [], [], [], [], []
    at = 0
    for k, (token_id, seq, pos) in enumerate(zip(window.ids, window.sequence_ids,
                                                 window.positions)):
        if seq == 0:
            ids.append(token_id)
            bs.append(int(starts[pos]))
            be.append(int(ends[pos]))
            at = int(ends[pos])
            flags.append(int(enc.flags[pos]) & ~int(Flag.PARTIAL))
            pieces.append(enc.piece_at(pos))
            token_bytes.append(enc.bytes_at(pos))
            continue
        if seq == 1:
            ids.append(token_id)
            bs.append(at)
            be.append(at)
            flags.append(int(Flag.INSERTED | Flag.SECOND)
                         | (int(second.flags[pos]) & int(Flag.SPECIAL | Flag.UNK
                                                         | Flag.BYTE_FALLBACK)))
            pieces.append(second.piece_at(pos))
            token_bytes.append(second.bytes_at(pos))
            continue
        pad = window.attention_mask[k] == 0
        before_text = not any(window.attention_mask[:k + 1])  # left padding
        where = (0 if before_text else end_of_text) if pad else at
        ids.append(token_id)
        bs.append(where)
        be.append(where)
        flags.append(int(Flag.SPECIAL | Flag.INSERTED | (Flag.PAD if pad else 0)))
        piece = piece_of(token_id) if piece_of else ""
        pieces.append(piece)
        token_bytes.append(piece.encode("utf-8"))
    return Encoding.build(enc.text, ids=ids, byte_starts=bs, byte_ends=be, pieces=pieces,
                          token_bytes=token_bytes, flags=flags, index=enc.index,
                          warnings=list(enc.warnings))
