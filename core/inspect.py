"""One inspection of a text by a tokenizer: what the Inspect pane and ``tokbench inspect`` show.

Everything expensive is done here, so a front end can run it in a worker and only display:
both call :func:`inspect_texts` (the pane with its one text, its stages and the offload encoder;
``tokbench inspect`` with many texts, batch by batch, printing each :class:`InspectResult`'s
:meth:`~InspectResult.to_json`).

>>> from pathlib import Path
>>> from core.formats.detect import load_tokenizer
>>> demo = Path(__file__).parents[1] / "resources" / "demo" / "demo-bpe" / "tokenizer.json"
>>> (result,) = inspect_texts(load_tokenizer(demo), ["Hi 世界"])
>>> result.round_trip.ok, list(result.to_json())[:3]
(True, ['ids', 'tokens', 'type_ids'])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from typing import Iterator, Sequence

from .encodings.encoding import Encoding, Flag
from .notes import Note, note, round_trip_notes
from .offload import ProcessEncoder
from .pipeline.postprocess import (PostProcessed, PostprocessError, PostSettings, Template, postprocess,
                          tokenizer_template, window_encoding)
from .pipeline.pretokens import PreToken
from .formats.runtime import RoundTrip, Runtime, Stage  # noqa: F401
from .text.offsets import Unit
from .encodings.token_cover import count_split_graphemes

STAGE_LIMIT = 20_000  # characters shown stage by stage (native stage calls hold the GIL)
BATCH = 4096  # texts encoded per encode_batch call by inspect_texts (memory stays bounded)


@dataclass
class InspectResult:
    """Encoding, pipeline stages, round trip and counts of one text."""

    runtime: Runtime
    encoding: Encoding
    round_trip: RoundTrip
    stages: list[Stage] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0
    notes: list[Note] = field(default_factory=list)  # on the inspection (see core.notes)
    # the runtime's pre-tokens of the text shown stage by stage (byte spans on the text)
    pre_tokens: list[PreToken] = field(default_factory=list)
    pre_tokenizer: str = ""  # its description (the model view is built here, off a GUI thread)
    # post-processing (core.pipeline.postprocess): the template in force (None: one the workbench cannot
    # describe), the post-processed windows when settings were asked for, and why they could
    # not be applied (then ``encoding`` is the plain one)
    template: Template | None = None
    post: PostProcessed | None = None
    post_error: str = ""
    post_note: Note | None = None  # ``post_error`` as a note, which the GUI words
    add_special_tokens: bool = True  # whether the template's tokens were added

    @property
    def pair(self) -> bool:
        """Whether a pair of texts was encoded (``post`` holds both)."""
        return self.post is not None and len(self.post.encodings) == 2

    def all_notes(self) -> list[Note]:
        """Everything a report of this inspection tells a user, in order: how the tokenizer is
        run (the runtime's notes), what the text holds (the encoding's warnings: special-token
        literals...), a round trip that fails, then the inspection's own (post-processing)."""
        return (list(self.runtime.notes) + list(self.encoding.warnings)
                + round_trip_notes(self.round_trip) + list(self.notes))

    def to_json(self) -> dict:
        """The stable JSON of this inspection (``tokbench inspect --json`` prints it; docs/cli.md):
        ``ids``, ``tokens`` (each with its piece, bytes, spans in every unit, flags), the model
        input's ``type_ids``, ``attention_mask``, ``special_tokens_mask``, ``sequence_ids``,
        the ``overflow`` windows and ``truncated`` tokens, the ``template`` and the ``notes``."""
        if self.post is None:
            record = self.encoding.to_json()
            record.update(_plain_window_json(self.encoding))
        else:
            window = self.post.window
            tokens = (self.encoding.to_json()["tokens"] if not self.pair
                      else _pair_tokens_json(self.runtime, self.post))
            record = {"ids": window.ids, "tokens": tokens, **window.to_json(),
                      "overflow": [w.to_json() for w in self.post.overflow],
                      "truncated": [t.to_json() for t in self.post.truncated]}
        record["template"] = None if self.template is None else {
            "notation": self.template.notation(self.pair), "origin": self.template.origin,
            "description": self.template.describe(self.pair), "applied": self.add_special_tokens}
        record["notes"] = [n.to_json() for n in self.all_notes()]
        return record


def _plain_window_json(enc: Encoding) -> dict:
    """The post-processing keys of an encoding with no pair, truncation or padding: what
    :func:`core.pipeline.postprocess.postprocess` gives then (type IDs 0, all attended, the special-tokens
    mask marking the tokens the post-processor added), without encoding again."""
    inserted = ((enc.flags & Flag.INSERTED) != 0).astype(int).tolist()
    return {"type_ids": [0] * len(enc), "attention_mask": [1] * len(enc),
            "special_tokens_mask": inserted,
            "sequence_ids": [None if i else 0 for i in inserted],
            "overflow": [], "truncated": []}


def _pair_tokens_json(runtime: Runtime, post: PostProcessed) -> list[dict]:
    """Tokens of a pair's window: a text's token as in its own encoding's JSON (spans on that
    text), an added or pad token with null spans."""
    own = [enc.to_json()["tokens"] for enc in post.encodings]
    window = post.window
    tokens = []
    for k, (token_id, seq, pos) in enumerate(zip(window.ids, window.sequence_ids,
                                                 window.positions)):
        if seq is not None:
            tokens.append(own[seq][pos])
            continue
        piece = runtime.piece(token_id)
        tokens.append({"id": token_id, "piece": piece, "bytes": piece.encode("utf-8").hex(),
                       "spans": None, "flags": ["special"] + (
                           ["pad"] if window.attention_mask[k] == 0 else [])})
    return tokens


def text_stats(encoding: Encoding) -> dict[str, float]:
    """Counts of the text in every unit and the token ratios.

    >>> # {'bytes': 37, 'cp': 19, 'utf16': 22, 'grapheme': 15, 'tokens': 17, ...}
    """
    counts = encoding.index.counts()
    content = int(((encoding.flags & Flag.INSERTED) == 0).sum())
    stats: dict[str, float] = dict(counts)
    stats["tokens"] = len(encoding)
    stats["content_tokens"] = content
    stats["tokens_per_char"] = content / counts["cp"] if counts["cp"] else 0.0
    stats["bytes_per_token"] = counts["bytes"] / content if content else 0.0
    stats["unk"] = int(((encoding.flags & Flag.UNK) != 0).sum())
    stats["byte_fallback"] = int(((encoding.flags & Flag.BYTE_FALLBACK) != 0).sum())
    stats["partial"] = int(((encoding.flags & Flag.PARTIAL) != 0).sum())
    # graphemes no token holds whole (a family emoji in seven byte-level tokens is one)
    stats["split_graphemes"] = count_split_graphemes(encoding.index, encoding.byte_starts,
                                                     encoding.byte_ends)
    return stats


def inspect_texts(runtime: Runtime, texts: Sequence[str], *, add_special_tokens: bool = True,
                  parse_special: bool = False, allowed_special=None,
                  post_settings: PostSettings | None = None, with_stages: bool = False,
                  encoder: ProcessEncoder | None = None, source=None,
                  bad_settings: str = "raise", batch: int = BATCH) -> Iterator[InspectResult]:
    """Inspect ``texts`` in order: the one inspection both fronts make (the Inspect pane of its
    one text, ``tokbench inspect`` of each text it is given).

    Texts are encoded ``batch`` at a time in one ``encode_batch`` call; a batch of one text is
    encoded alone (:meth:`Runtime.encode`, or, given an ``encoder`` and the ``source`` the
    runtime was opened from, a large text in the encoder's child process: :mod:`core.offload`).
    With ``post_settings`` asking for something (a pair, a template, truncation, padding) each
    text goes through :mod:`core.pipeline.postprocess` and the encoding is its main window on the text;
    settings that cannot be applied raise :class:`~core.pipeline.postprocess.PostprocessError`, or with
    ``bad_settings="show"`` (the pane) leave the plain encoding and say why in
    :attr:`InspectResult.post_error`. ``with_stages``: the pipeline stages and pre-tokens too
    (the first :data:`STAGE_LIMIT` characters). ``allowed_special``: special-token literals
    read as special tokens (``"all"`` or a set), as :meth:`Runtime.encode` takes them.
    """
    resolved, post_error, post_note = None, "", None
    if post_settings is not None and post_settings.active:
        try:
            resolved = post_settings.resolve(runtime)  # bad settings raise before any text
        except PostprocessError as err:
            if bad_settings != "show":
                raise
            post_error, post_note = err.message, err.note
    template = _own_template(runtime)
    options = {"add_special_tokens": add_special_tokens, "parse_special": parse_special,
               "allowed_special": allowed_special}
    for k in range(0, len(texts), 1 if resolved is not None else batch):
        chunk = texts[k:k + batch] if resolved is None else texts[k:k + 1]
        if len(chunk) == 1:
            yield _inspect_one(runtime, chunk[0], options, template, post_settings, resolved,
                               (post_error, post_note), bad_settings, with_stages, encoder,
                               source)
            continue
        started = time.perf_counter()
        encodings = runtime.encode_batch(chunk, **options)
        seconds = (time.perf_counter() - started) / len(chunk)
        for text, encoding in zip(chunk, encodings):
            yield _with_stages(InspectResult(
                runtime, encoding, runtime.round_trip(text, encoding), stats=text_stats(encoding),
                seconds=seconds, template=template, add_special_tokens=add_special_tokens,
                post_error=post_error, post_note=post_note), text, parse_special, with_stages)


def _inspect_one(runtime: Runtime, text: str, options: dict, template: Template | None,
                 post_settings: PostSettings | None, resolved: dict | None,
                 refused: tuple[str, Note | None],
                 bad_settings: str, with_stages: bool, encoder: ProcessEncoder | None,
                 source) -> InspectResult:
    """One text encoded alone (see :func:`inspect_texts`), its spans in every unit computed
    here (a display then only reads them)."""
    started = time.perf_counter()
    round_trip, notes, post = None, [], None
    post_error, post_note = refused  # settings refused before any text (message, note)
    if resolved is not None:
        try:
            post = postprocess(runtime, text, post_settings.pair, **options, **resolved)
            template = post.template
        except PostprocessError as err:
            if bad_settings != "show":
                raise
            post_error, post_note = err.message, err.note
    if post is not None:
        encoding, round_trip = _post_encoding(runtime, text, post)
        notes.extend(post.notes)
    elif encoder is not None and options["allowed_special"] is None \
            and encoder.can_encode(source, text):
        encoding, round_trip = encoder.encode(
            runtime, text, source=source, add_special_tokens=options["add_special_tokens"],
            parse_special=options["parse_special"], notes=notes)
    else:
        encoding = runtime.encode(text, **options)
    for unit in Unit:
        encoding.spans(unit)
    if round_trip is None:
        round_trip = runtime.round_trip(text, encoding)
    result = InspectResult(runtime, encoding, round_trip, stats=text_stats(encoding), notes=notes,
                           template=template, post=post, post_error=post_error,
                           post_note=post_note,
                           add_special_tokens=options["add_special_tokens"])
    result = _with_stages(result, text, options["parse_special"], with_stages)
    result.seconds = time.perf_counter() - started
    return result


def _with_stages(result: InspectResult, text: str, parse_special: bool,
                 with_stages: bool) -> InspectResult:
    """``result`` with the pipeline stages and pre-tokens of ``text`` when asked for."""
    if with_stages:
        runtime = result.runtime
        result.stages = runtime.stages(text[:STAGE_LIMIT])
        result.pre_tokens = runtime.pre_tokens(text[:STAGE_LIMIT], parse_special)
        result.pre_tokenizer = runtime.model_view().pre_tokenizer
        if len(text) > STAGE_LIMIT:
            result.notes.append(note("stages.limited", limit=STAGE_LIMIT))
    return result


def _post_encoding(runtime: Runtime, text: str, post: PostProcessed):
    """The main window as an encoding on ``text``, and the round trip of the text's own tokens
    (truncated ones included: they are what decode must give back)."""
    return (window_encoding(post, piece_of=runtime.piece),
            runtime.round_trip(text, post.encodings[0]))


def _own_template(runtime: Runtime) -> Template | None:
    try:
        return tokenizer_template(runtime)
    except PostprocessError:
        return None  # a post-processor the workbench cannot describe: the runtime still runs it
