"""One inspection of a text by a tokenizer: what the Inspect pane and ``tokbench inspect`` show.

Everything expensive is done here, so a front end can run it in a worker and only display.

>>> # result = inspect_text(runtime, "Hello 世界")
>>> # result.encoding.ids, result.round_trip.ok, result.stats["tokens"]
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .encoding import Encoding, Flag
from .notes import Note, note
from .offload import ProcessEncoder
from .postprocess import (PostProcessed, PostprocessError, PostSettings, Template, postprocess,
                          tokenizer_template, window_encoding)
from .pretokens import PreToken
from .runtimes.base import RoundTrip, Runtime, Stage  # noqa: F401
from .text import Unit
from .token_cover import count_split_graphemes

STAGE_LIMIT = 20_000  # characters shown stage by stage (native stage calls hold the GIL)


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
    # post-processing (core.postprocess): the template in force (None: one the workbench cannot
    # describe), the post-processed windows when settings were asked for, and why they could
    # not be applied (then ``encoding`` is the plain one)
    template: Template | None = None
    post: PostProcessed | None = None
    post_error: str = ""


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


def inspect_text(runtime: Runtime, text: str, *, add_special_tokens: bool = True,
                 parse_special: bool = False, with_stages: bool = True,
                 encoder: ProcessEncoder | None = None, source=None,
                 post_settings: PostSettings | None = None) -> InspectResult:
    """Encode ``text`` and precompute what a display needs (pieces, bytes, spans in all units).

    With an ``encoder`` and the ``source`` the runtime was opened from (``Loaded.source``), a
    large text is encoded in the encoder's child process (see :mod:`core.offload`). With
    ``post_settings`` asking for something (a pair, a template, truncation, padding), the
    encoding shown is the post-processed main window on ``text`` (:mod:`core.postprocess`).
    """
    started = time.perf_counter()
    round_trip = None
    notes: list[Note] = []
    template, post, post_error = _own_template(runtime), None, ""
    if post_settings is not None and post_settings.active:
        try:
            resolved = post_settings.resolve(runtime)
            post = postprocess(runtime, text, post_settings.pair,
                               add_special_tokens=add_special_tokens,
                               parse_special=parse_special, **resolved)
            template = post.template
        except PostprocessError as err:
            post_error = err.message
    if post is not None:
        encoding = window_encoding(post, piece_of=runtime.piece)
        notes.extend(post.notes)
        # the text's own tokens, truncated ones included, are what decode must give back
        round_trip = runtime.round_trip(text, post.encodings[0])
    elif encoder is not None and encoder.can_encode(source, text):
        encoding, round_trip = encoder.encode(runtime, text, source=source,
                                              add_special_tokens=add_special_tokens,
                                              parse_special=parse_special, notes=notes)
    else:
        encoding = runtime.encode(text, add_special_tokens=add_special_tokens,
                                  parse_special=parse_special)
    for unit in Unit:
        encoding.spans(unit)
    if round_trip is None:
        round_trip = runtime.round_trip(text, encoding)
    stages: list[Stage] = []
    pre_tokens: list[PreToken] = []
    pre_tokenizer = ""
    if with_stages:
        stages = runtime.stages(text[:STAGE_LIMIT])
        pre_tokens = runtime.pre_tokens(text[:STAGE_LIMIT], parse_special)
        pre_tokenizer = runtime.model_view().pre_tokenizer
        if len(text) > STAGE_LIMIT:
            notes.append(note("stages.limited", limit=STAGE_LIMIT))
    return InspectResult(runtime, encoding, round_trip, stages, text_stats(encoding),
                         time.perf_counter() - started, notes,
                         pre_tokens=pre_tokens, pre_tokenizer=pre_tokenizer,
                         template=template, post=post, post_error=post_error)


def _own_template(runtime: Runtime) -> Template | None:
    try:
        return tokenizer_template(runtime)
    except PostprocessError:
        return None  # a post-processor the workbench cannot describe: the runtime still runs it
