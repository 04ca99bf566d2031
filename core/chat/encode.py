"""A rendered chat turned into token IDs, each token knowing which message and which side wrote it.

Template text is read with special-token literals parsed (the template writes the role
boundaries); a literal inside message content is read as plain text, so a user who types
``<|im_end|>`` gets its characters, never the control token. This is transformers 5
``apply_chat_template(..., sanitize_control_tokens=True)``: the render is cut only at the literals
found in content (everything between is encoded normally, in one piece, so content and template
text merge as they would in one encoding), each literal is encoded without added tokens, and
every piece after the first is encoded behind a newline that is then dropped
(``_encode_chat_piece``), so a SentencePiece model adds no word-start space mid-text.

Beside it the *unsanitized* reading: the whole render encoded at once with literals parsed and no
post-processor tokens (``apply_chat_template(tokenize=True)``'s default, what a plain pipeline
feeds the model). Each token takes its provenance from the segment holding most of its
characters (content on a tie); ``split_merges`` lists the segment boundaries that fall inside a
token of the unsanitized reading — what one encoding of the render feeds the model: template and
content text merged into one token there (a typed literal with ``lstrip`` swallowing the
template's space before it is one).

>>> # enc = encode_chat(runtime, split_segments(CHATML, [{"role": "user", "content": "hi"}]))
>>> # [(t.piece, t.source, t.message) for t in enc.tokens]
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import accumulate, chain, islice
from operator import itemgetter, le
from typing import Sequence
from weakref import WeakKeyDictionary

import numpy as np

from .segments import Segmentation
from .tokens import ChatToken, ChatTokens, token_ids


@dataclass(frozen=True)
class ChatEncoding:
    """The sanitized tokens, the unsanitized reading's IDs, and the split boundaries.

    ``split_merges``: code-point offsets where a segment boundary cuts through a token of the
    unsanitized reading (:func:`crossed_bounds`).
    """

    text: str
    tokens: Sequence[ChatToken]
    unsanitized_ids: tuple[int, ...]
    unsanitized_spans: tuple[tuple[int, int], ...]
    split_merges: tuple[int, ...]
    unsanitized_tokens: Sequence[ChatToken] = ()
    # the sanitized tokens' spans, as they were made from (not compared: the tokens hold them)
    spans: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    # each reading's runs of one provenance (_tokens' ``runs``), sanitized then unsanitized
    runs: tuple[tuple, tuple] = field(default=((), ()), compare=False, repr=False)

    @property
    def ids(self) -> list[int]:
        return token_ids(self.tokens)

    def reading(self, parse_content_specials: bool = False) -> Sequence[ChatToken]:
        """The tokens of one reading: the sanitized one (content literals as text), or the
        unsanitized one (``tokbench chat --parse-content-specials``), each with provenance."""
        return self.unsanitized_tokens if parse_content_specials else self.tokens

    def reading_runs(self, parse_content_specials: bool = False) -> tuple | None:
        """``(source, field, role, message, count)`` of each run of tokens of one provenance
        in :meth:`reading`, in order; None where not kept."""
        runs = self.runs[1 if parse_content_specials else 0]
        tokens = self.reading(parse_content_specials)
        return runs if sum(run[4] for run in runs) == len(tokens) and (runs or not tokens) \
            else None

    def reading_spans(self, parse_content_specials: bool = False) -> tuple[tuple[int, int], ...]:
        """``(start, end)`` of each token of :meth:`reading` (kept from the encode: read off
        a long chat's tokens they cost a tenth of a millisecond)."""
        tokens = self.reading(parse_content_specials)
        spans = self.unsanitized_spans if parse_content_specials else self.spans
        if len(spans) != len(tokens):  # made without them
            spans = tuple((t.start, t.end) for t in tokens)
        return spans


def encode_render(runtime, text: str, template: str | None = None) -> tuple[list, list]:
    """The unsanitized reading of a render: its IDs and code-point spans, the whole text
    encoded at once with special-token literals parsed. It needs no segments: a report reads
    it while the marked render is still being made, and hands it to :func:`encode_chat`."""
    return _reader(runtime, template).encode(text, 0, True)


def encoded_in_runs(runtime, text: str, template: str | None = None) -> bool:
    """Whether :func:`encode_render` cuts ``text`` into several runs (a SentencePiece chat
    at its control symbols): its encode is then mostly Python putting the runs together,
    not the library's native call."""
    return len(_reader(runtime, template).runs(text, True)) > 1


def encode_chat(runtime, segmentation: Segmentation, template: str | None = None, *,
                whole: tuple[list, list] | None = None) -> ChatEncoding:
    """Encode ``segmentation`` (see the module docstring); ``template``: its source, which says
    which plain added tokens are control tokens (:func:`typed_literals`); ``whole``: the
    render's :func:`encode_render`, when already read."""
    text = segmentation.text
    segments = segmentation.segments
    reader = _reader(runtime, template)
    pieces, cursor = [], 0
    for start, end in _content_literals(segmentation, reader.finder):
        pieces += [(cursor, start, True), (start, end, False)]
        cursor = end
    pieces.append((cursor, len(text), True))
    unsanitized = pieces == [(0, len(text), True)]  # no literal typed in content: one encode
    if whole is None:
        whole = reader.encode(text, 0, True)
    ids, spans = [], []
    if unsanitized:
        ids, spans = whole
    else:
        for start, end, parse in pieces:
            if end > start:
                piece_ids, piece_spans = reader.encode(text[start:end], start, parse)
                ids += piece_ids
                spans += piece_spans
    bounds = [seg.start for seg in segments]
    runs: list = []
    tokens = _tokens(runtime, ids, spans, segments, bounds, runs)
    whole_ids, whole_spans = whole
    whole_runs = runs if unsanitized else []
    whole_tokens = (tokens if unsanitized
                    else _tokens(runtime, whole_ids, whole_spans, segments, bounds, whole_runs))
    whole_spans = tuple(whole_spans)
    return ChatEncoding(text, tokens, tuple(whole_ids), whole_spans,
                        crossed_bounds(bounds[1:], whole_spans), whole_tokens,
                        whole_spans if unsanitized else tuple(spans),
                        (tuple(runs), tuple(whole_runs)))


def crossed_bounds(bounds, spans) -> tuple[int, ...]:
    """The ``bounds`` (sorted offsets) that fall strictly inside one of ``spans`` (token spans
    in order of their starts), by bisection over the running furthest end: linear in the
    tokens, not tokens × bounds.

    >>> crossed_bounds([2, 5, 6], [(0, 2), (2, 6), (6, 7)])
    (5,)
    """
    starts = list(map(itemgetter(0), spans))
    ends = list(map(itemgetter(1), spans))
    # the running furthest end: the ends themselves where they never go back (a render read
    # in order; a max per token cost a long chat's report a tenth of a millisecond)
    furthest = ends if all(map(le, ends, islice(ends, 1, None))) else list(accumulate(ends, max))
    out = []
    for bound in bounds:
        k = bisect_left(starts, bound) - 1  # the last token starting before the bound
        if k >= 0 and furthest[k] > bound:
            out.append(bound)
    return tuple(out)


def runtime_typed_literals(runtime, template: str | None = None) -> list:
    """:func:`typed_literals` of ``runtime``'s special tokens: the same list, made once per
    runtime and template (a SentencePiece model's hundreds of control symbols cost a report
    milliseconds to copy, hash and filter, three times over)."""
    return list(_reader(runtime, template).literals)


def runtime_literal_contents(runtime, template: str | None = None) -> frozenset[str]:
    """The texts of :func:`runtime_typed_literals`, made once per runtime and template (a
    report's mask reads them: a set of mistral-v3's 771 control symbols each time)."""
    return _reader(runtime, template).contents


def runtime_literal_finder(runtime, template: str | None = None):
    """The :class:`~core.pipeline.special.SpecialLiterals` of :func:`runtime_typed_literals`, made once
    per runtime and template (for :func:`content_literals`)."""
    return _reader(runtime, template).finder


def typed_literals(special_tokens, template: str | None = None) -> list:
    """The literals a user could type to forge a boundary, parsable by this runtime or not (a
    SentencePiece control symbol is never parsed by sentencepiece, but the same model's
    transformers tokenizer parses it); the unknown token forges nothing. A plain added token
    (not special) counts, as in transformers' ``_get_control_tokens``, only when the template
    writes it and it is not whitespace (Gemma's ``"\\n"`` is ordinary text).
    ``special_tokens``: :class:`~core.pipeline.special.SpecialToken` values."""
    return list(_typed_literals(tuple(special_tokens), template))


@lru_cache(maxsize=8)
def _typed_literals(special_tokens: tuple, template: str | None) -> tuple:
    # cached: a report asks three times, and a SentencePiece model has hundreds of control
    # symbols, each copied (3 ms a time for mistral-v3)
    return tuple(replace(t, parsable=True) for t in special_tokens
                 if t.kind != "unk" and t.content
                 and (t.kind != "added" or template is None
                      or (t.content in template and not t.content.isspace())))


_READERS: "WeakKeyDictionary[object, dict]" = WeakKeyDictionary()


def _reader(runtime, template: str | None) -> "_Reader":
    """The :class:`_Reader` of ``runtime`` and ``template``, made once (the last few templates
    of each runtime kept): it only reads the runtime's special tokens, fixed for its life."""
    try:
        readers = _READERS.setdefault(runtime, {})
    except TypeError:  # a runtime that takes no weak reference: made anew
        return _Reader(runtime, template)
    reader = readers.get(template)
    if reader is None:
        if len(readers) >= 4:
            readers.pop(next(iter(readers)))
        reader = readers[template] = _Reader(runtime, template)
    return reader


class _Reader:
    """Encodes a run of the render at an offset, as transformers reads it.

    A SentencePiece model's control symbols (``<s>``, ``[INST]``) are never parsed from text by
    sentencepiece, but transformers' tokenizer of the same model holds them as special added
    tokens and does: where special tokens are parsed, their literals are cut out here and become
    their IDs, and the text between is encoded piece by piece.
    """

    def __init__(self, runtime, template: str | None):
        self.runtime = runtime
        self.newline = runtime.encode("\n", add_special_tokens=False).ids.tolist()
        specials = runtime.special_tokens()
        self.controls = {t.content: t.id for t in specials
                         if not t.parsable and t.kind != "unk" and t.content}
        self.pattern = _literal_pattern(tuple(self.controls)) if self.controls else None
        self.literals = tuple(typed_literals(specials, template))

    @cached_property
    def contents(self) -> frozenset[str]:
        return frozenset(t.content for t in self.literals)

    @cached_property
    def finder(self):
        from ..pipeline.special import SpecialLiterals

        return SpecialLiterals(self.literals)

    def runs(self, text: str, parse: bool) -> list[tuple[int, int, bool]]:
        """``(start, end, is a control literal)`` of ``text``: cut at the control literals
        where special tokens are parsed (the last text's kept: a report asks twice)."""
        last = self.__dict__.get("_last_runs")
        if last is not None and last[0] is text and last[1] == parse:
            return list(last[2])
        runs = self._runs(text, parse)
        self._last_runs = (text, parse, tuple(runs))
        return runs

    def _runs(self, text: str, parse: bool) -> list[tuple[int, int, bool]]:
        cuts = (list(self.pattern.finditer(text)) if parse and self.pattern is not None else [])
        runs, cursor = [], 0
        for start, end in [m.span() for m in cuts] + [(len(text), len(text))]:
            if start > cursor:
                runs.append((cursor, start, False))
            if end > start:
                runs.append((start, end, True))
            cursor = end
        return runs

    def encode(self, text: str, offset: int, parse: bool) -> tuple[list[int], list]:
        """IDs and code-point spans (from ``offset``) of ``text``: :meth:`encode_readable`'s,
        found with array operations over the runtime's batch where it encodes the runs (the
        control literals' runs between a SentencePiece chat's [INST] and </s>: a hundred small
        pieces, each re-offset and stripped of its newline in Python before)."""
        runs = self.runs(text, parse)
        if (len(runs) <= 1 or not parse and self.runtime.plain_encoder() is not None
                or self.lists_first):
            return self.encode_readable(text, offset, parse, runs)  # no runs to put together
        return _encode_runs(self, text, offset, parse, runs)

    @cached_property
    def lists_first(self) -> bool:
        """Whether the runtime answers ``ids_and_cp_spans`` in lists of its own (the
        SentencePiece runtime's): the runs are then put together from those, not from the
        batch's arrays (1.1 ms against 1.3 on the 50-message chat of ``tests.bench.chat``)."""
        from ..formats.runtime import Runtime

        own = getattr(type(self.runtime), "ids_and_cp_spans", None)
        return own is not None and own is not Runtime.ids_and_cp_spans

    def encode_readable(self, text: str, offset: int, parse: bool,
                        runs: list | None = None) -> tuple[list[int], list]:
        """:meth:`encode`, run by run (the definition; the tests hold the two equal)."""
        runs = self.runs(text, parse) if runs is None else runs
        plain = [(start, end) for start, end, control in runs if not control]
        pieces = iter(_encode_pieces(self.runtime, [
            (text[start:end], None if offset + start == 0 else self.newline)
            for start, end in plain], parse, [offset + start for start, _ in plain]))
        ids, spans = [], []
        for start, end, control in runs:
            if control:
                ids.append(self.controls[text[start:end]])
                spans.append((offset + start, offset + end))
            else:
                piece_ids, piece_spans = next(pieces)
                ids += piece_ids
                spans += piece_spans
        return ids, spans


@lru_cache(maxsize=8)
def _literal_pattern(literals: tuple[str, ...]) -> re.Pattern:
    """Any of ``literals``, longest first, as a trie (:func:`~core.chat.fit.literal_trie`: an
    alternation of mistral-v3's 771 control symbols was tried one by one at every ``[`` of
    the render, 0.3 ms a report). Cached: every report reads its chat anew."""
    from .fit import literal_trie

    return re.compile(literal_trie(literals))


def _content_literals(segmentation: Segmentation, literals) -> list[tuple[int, int]]:
    """Spans of the special-token literals inside message content, in order."""
    return [(start, end) for start, end, _, _ in content_literals(segmentation, literals)]


def content_literals(segmentation: Segmentation, literals) -> list[tuple[int, int, str, object]]:
    """``(start, end, literal, segment)`` of each of ``literals`` (special tokens, or their
    :class:`~core.pipeline.special.SpecialLiterals`) typed in message content, in order: the places a
    sanitized reading keeps as text."""
    from ..pipeline.special import SpecialLiterals

    # one matcher for every segment: hundreds of literals
    finder = literals if isinstance(literals, SpecialLiterals) else SpecialLiterals(literals)
    find = _found_by(finder)
    text = segmentation.text
    return [(start + seg.start, end + seg.start, literal, seg)
            for seg in segmentation.segments if seg.source == "content"
            for start, end, literal in find(text[seg.start:seg.end])]


_FOUND: "WeakKeyDictionary[object, dict]" = WeakKeyDictionary()
_KEPT_TEXT = 4096  # characters: the longest text whose answer is kept (4,096 texts at most)


def _found_by(finder):
    """``finder.find``, each text's answer kept while the finder lives (a report looks in its
    messages twice, the encode and the injection check, and the Chat pane reports on the same
    messages again and again: fifty messages' searches cost a tenth of a millisecond)."""
    try:
        seen = _FOUND.setdefault(finder, {})
    except TypeError:  # no weak reference to this finder: found anew
        return finder.find
    if len(seen) > 4096:  # a bound: message texts change as the user types
        seen.clear()

    def find(text: str) -> tuple:
        found = seen.get(text)
        if found is None:
            found = tuple(finder.find(text))
            if len(text) <= _KEPT_TEXT:  # a long text is searched anew: its search is its cost
                seen[text] = found
        return found

    return find


def _encode_pieces(runtime, pieces: list[tuple[str, list[int] | None]], parse: bool,
                   shifts: list[int] | None = None) -> list:
    """IDs and code-point spans of each ``(piece, newline)``: behind a newline when
    ``newline`` (its IDs) is given; each piece's spans moved by its ``shifts`` (where it stands
    in the render). The runtime encodes them in one batch (a SentencePiece chat is cut at
    every control symbol: some fifty encodes for fifty messages, each with its own call
    overhead)."""
    texts = ["\n" + piece if newline is not None else piece for piece, newline in pieces]
    plain = runtime.plain_encoder() if not parse else None
    if plain is not None:
        results = [(*plain(text), None) for text in texts]
    elif texts:  # the batch's IDs and spans, without its notes where the runtime can
        results = runtime.ids_and_cp_bounds(texts, parse)
    else:
        results = []
    out = []
    for k, ((piece, newline), (ids, spans, bounds)) in enumerate(zip(pieces, results)):
        shift = shifts[k] if shifts is not None else 0
        if bounds is not None:
            # tokens end to end: the newline's dropped, and the offsets checked and moved,
            # on the bounds between them (rising: the first and last are the extremes)
            if newline is not None and ids[:len(newline)] == newline:
                drop = len(newline)
                ids, bounds = ids[drop:], bounds[drop:]
                top = len(piece) + 1
                if len(bounds) < 2 or 1 <= bounds[0] and bounds[-1] <= top:
                    out.append((ids, _paired(bounds, shift - 1)))
                else:  # each offset less the newline, within the piece
                    bounds = [0 if b < 1 else b - 1 if b < top else top - 1 for b in bounds]
                    out.append((ids, _paired(bounds, shift)))
                continue
            if newline is None:
                out.append((ids, _paired(bounds, shift)))
                continue
            spans = list(zip(bounds[:-1], bounds[1:]))  # the newline merged: below
        if newline is not None:
            if ids[:len(newline)] == newline:
                drop, top = len(newline), len(piece) + 1
                ids, spans = ids[drop:], spans[drop:]
                flat = list(chain.from_iterable(spans))  # starts and ends, by C-level slices
                if flat and (min(flat[0::2]) < 1 or max(flat[1::2]) > top):
                    # each offset less the newline, within the piece
                    spans = [(0 if s < 1 else s - 1 if s < top else top - 1,
                              0 if e < 1 else e - 1 if e < top else top - 1) for s, e in spans]
                else:  # every offset is past the newline and within the piece
                    out.append((ids, _shifted(spans, shift - 1, flat)))
                    continue
            else:  # the newline merged with the piece: the piece alone
                ids, spans = _encode_pieces(runtime, [(piece, None)], parse)[0]
        out.append((ids, _shifted(spans, shift)))
    return out


def _paired(bounds: list[int], shift: int) -> list[tuple[int, int]]:
    """The spans between ``bounds``, each moved by ``shift``.

    >>> _paired([0, 2, 3], 5)
    [(5, 7), (7, 8)]
    """
    if shift:
        bounds = list(map(shift.__add__, bounds))
    return list(zip(bounds[:-1], bounds[1:]))


def _shifted(spans: list[tuple[int, int]], shift: int,
             flat: list[int] | None = None) -> list[tuple[int, int]]:
    """``spans`` moved by ``shift``, at C speed (a comprehension over a long chat's tokens
    cost a tenth of a millisecond per pass); ``flat``: their offsets in a row, when made.

    >>> _shifted([(0, 2), (2, 3)], 5)
    [(5, 7), (7, 8)]
    """
    if not shift:
        return spans
    moved = iter(map(shift.__add__, chain.from_iterable(spans) if flat is None else flat))
    return list(zip(moved, moved))


def _encode_runs(reader: _Reader, text: str, offset: int, parse: bool,
                 runs: list[tuple[int, int, bool]]) -> tuple[list[int], list]:
    """:meth:`_Reader.encode_readable` of ``runs`` with the batch's arrays: each run behind
    a newline (but one at the very start of the render) encoded in one batch, the newline's
    tokens dropped and every offset made the run's less the newline, clipped to the run, then
    moved to where the run stands; the control literals' IDs put between, in run order (a
    stable sort on the run's index). A run whose newline merged with its first token (its
    tokens do not start with the newline's) is encoded alone, as the readable way does."""
    pieces = [(k, start, end) for k, (start, end, control) in enumerate(runs) if not control]
    behind = np.array([offset + start != 0 for _, start, _ in pieces], dtype=bool)
    texts = ["\n" + text[start:end] if newline else text[start:end]
             for (_, start, end), newline in zip(pieces, behind)]
    if texts:
        batch = reader.runtime.encode_batch(texts, add_special_tokens=False, parse_special=parse)
        ids = batch.ids.astype(np.int64)
        starts, ends = (a.astype(np.int64) for a in batch.spans("cp"))
        first = batch.token_offsets.astype(np.int64)
    else:
        ids = starts = ends = np.zeros(0, dtype=np.int64)
        first = np.zeros(1, dtype=np.int64)
    counts = np.diff(first)
    newline = np.array(reader.newline, dtype=np.int64)
    matched = behind & (counts >= len(newline))
    for j, token_id in enumerate(newline.tolist()):  # the newline's tokens, one or two
        at = np.minimum(first[:-1] + j, max(len(ids) - 1, 0))
        matched &= (ids[at] == token_id) if len(ids) else False
    piece_of = np.repeat(np.arange(len(pieces)), counts)
    position = np.arange(len(ids)) - first[:-1][piece_of]  # within its piece
    keep = ~(matched[piece_of] & (position < len(newline)))
    keep &= ~(behind & ~matched)[piece_of]  # merged newline: encoded alone below
    lengths = np.array([end - start for _, start, end in pieces], dtype=np.int64)
    moved = np.array([offset + start for _, start, _ in pieces], dtype=np.int64)
    shifted = matched[piece_of]
    top = lengths[piece_of]
    starts = np.where(shifted, np.clip(starts - 1, 0, top), starts) + moved[piece_of]
    ends = np.where(shifted, np.clip(ends - 1, 0, top), ends) + moved[piece_of]
    run_index = np.array([k for k, _, _ in pieces], dtype=np.int64)
    parts_ids, parts_starts, parts_ends = [ids[keep]], [starts[keep]], [ends[keep]]
    parts_runs = [run_index[piece_of[keep]]]
    for i in np.flatnonzero(behind & ~matched).tolist():
        k, start, end = pieces[i]
        alone_ids, alone_spans = _encode_pieces(reader.runtime, [(text[start:end], None)],
                                                parse)[0]
        at = offset + start
        parts_ids.append(np.array(alone_ids, dtype=np.int64))
        parts_starts.append(np.array([s + at for s, _ in alone_spans], dtype=np.int64))
        parts_ends.append(np.array([e + at for _, e in alone_spans], dtype=np.int64))
        parts_runs.append(np.full(len(alone_ids), k, dtype=np.int64))
    controls = [(k, start, end) for k, (start, end, control) in enumerate(runs) if control]
    if controls:
        parts_ids.append(np.array([reader.controls[text[start:end]] for _, start, end in controls],
                                  dtype=np.int64))
        parts_starts.append(np.array([offset + start for _, start, _ in controls], dtype=np.int64))
        parts_ends.append(np.array([offset + end for _, _, end in controls], dtype=np.int64))
        parts_runs.append(np.array([k for k, _, _ in controls], dtype=np.int64))
    if len(parts_ids) == 1:  # the runs' own tokens alone: in order already
        return parts_ids[0].tolist(), list(zip(parts_starts[0].tolist(), parts_ends[0].tolist()))
    order = np.argsort(np.concatenate(parts_runs), kind="stable")
    out_starts = np.concatenate(parts_starts)[order].tolist()
    out_ends = np.concatenate(parts_ends)[order].tolist()
    return np.concatenate(parts_ids)[order].tolist(), list(zip(out_starts, out_ends))


def _tokens(runtime, ids, spans, segments, bounds, runs: list | None = None) -> ChatTokens:
    """Each token with its provenance: :func:`_token`'s answer (the readable rule, and the
    oracle of the tests), found faster for the tokens inside one segment, as nearly all are.
    Tokens come in order, so the segment of the last token, or the next one, holds the next:
    a step, not a bisection. The loop only finds the runs of tokens of one provenance; the
    tokens are columns (:class:`~core.chat.tokens.ChatTokens`, the pieces from the runtime's
    table, :func:`_piece_table`), made into objects when read. ``runs``: filled with
    ``(source, field, role, message, count)`` of each run of tokens of one provenance, in
    order (what the budget counts: :func:`~core.chat.budget.token_budget`)."""
    found = _provenance_runs(spans, segments, bounds)
    if runs is not None:
        runs += found
    return ChatTokens(ids, spans, found, _pieces(runtime, ids))


def _provenance_runs(spans, segments, bounds) -> list[tuple]:
    """``(source, field, role, message, count)`` of each run of tokens (given by ``spans``)
    inside one segment, in order; a token across segments, or empty, is a run of its own
    with :func:`_best_segment`'s provenance, and so is each token when there are no
    segments."""
    if not segments:
        return [("template", None, None, None, 1)] * len(spans)
    out = []
    last = len(segments) - 1
    k = 0
    seg = segments[0]
    low, high = seg.start, seg.end
    run_start = 0  # where the tokens of the current segment began
    for i, (start, end) in enumerate(spans):
        if low <= start < end <= high:
            continue
        if i > run_start:
            out.append((seg.source, seg.field, seg.role, seg.message, i - run_start))
        if k < last and segments[k + 1].start <= start < end <= segments[k + 1].end:
            k += 1
        else:
            k = max(bisect_right(bounds, start) - 1, 0)
        seg = segments[k]
        low, high = seg.start, seg.end
        if low <= start < end <= high:
            run_start = i
            continue
        best = _best_segment((start, end), segments, bounds)  # across segments, or empty
        out.append(("template", None, None, None, 1) if best is None
                   else (best.source, best.field, best.role, best.message, 1))
        run_start = i + 1
    if len(spans) > run_start:
        out.append((seg.source, seg.field, seg.role, seg.message, len(spans) - run_start))
    return out


def _pieces(runtime, ids) -> dict[int, str]:
    """The runtime's table of pieces (:func:`_piece_table`), holding each of ``ids``: the ones
    not read yet asked of the runtime first."""
    table = _piece_table(runtime)
    for token_id in set(ids).difference(table):
        table[token_id] = runtime.piece(token_id)
    return table


_PIECES: "WeakKeyDictionary[object, dict]" = WeakKeyDictionary()


def _piece_table(runtime) -> dict[int, str]:
    """``runtime``'s pieces by ID as far as read, kept for the runtime's life (a chat of 1,600
    tokens reads some 500 distinct ones, each a call into the runtime on every report)."""
    try:
        return _PIECES.setdefault(runtime, {})
    except TypeError:  # no weak reference to this runtime: a table for this call
        return {}


def _token(piece: str, token_id: int, span: tuple[int, int], segments, bounds) -> ChatToken:
    """The token with the provenance of the segment holding most of its characters (content
    on a tie)."""
    start, end = span
    best = _best_segment(span, segments, bounds)
    if best is None:
        return ChatToken(token_id, piece, None, None, "template", None, start, end)
    return ChatToken(token_id, piece, best.message, best.role, best.source, best.field,
                     start, end)


def _best_segment(span: tuple[int, int], segments, bounds):
    """The segment holding most of the characters of ``span`` (content on a tie; for an
    empty span, the one it stands in); None when there are no segments."""
    start, end = span
    k = max(bisect_right(bounds, start) - 1, 0)
    best, best_overlap = segments[k] if segments else None, -1
    if best is not None and best.start <= start < end <= best.end:
        return best  # inside one segment, as most tokens are: nothing else overlaps it
    while k < len(segments) and segments[k].start < max(end, start + 1):
        seg = segments[k]
        overlap = min(end, seg.end) - max(start, seg.start)
        if overlap > best_overlap or (overlap == best_overlap and seg.source == "content"):
            best, best_overlap = seg, overlap
        k += 1
    return best
