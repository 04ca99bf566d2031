"""The chat report's fast paths against the readable rules they replace (issue #27, item 2).

Each fast path is held equal to the readable version, kept beside it as the oracle, on
generated inputs: the provenance of every token (:func:`core.chat.encode._tokens` against
:func:`core.chat.encode._token` token by token).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.chat.encode import _token, _tokens
from core.chat.segments import Segment


class _Pieces:
    """A runtime's ``piece`` alone (all ``_tokens`` asks of it)."""

    def piece(self, token_id: int) -> str:
        return f"<{token_id}>"


@st.composite
def segmented_tokens(draw):
    """Contiguous segments covering a text (as :func:`~core.chat.segments.split_segments`
    makes them), and token spans over it: mostly in order, some empty, some across segments,
    some out of order (a SentencePiece piece's space, a merged literal)."""
    lengths = draw(st.lists(st.integers(1, 6), max_size=8))
    segments, at = [], 0
    for k, length in enumerate(lengths):
        content = draw(st.booleans())
        segments.append(Segment(at, at + length, "content" if content else "template",
                                k if content else None, "user" if content else None,
                                "content" if content else None))
        at += length
    spans, cursor = [], 0
    for _ in range(draw(st.integers(0, 20))):
        step = draw(st.sampled_from(["next", "next", "next", "empty", "jump"]))
        if step == "jump":
            start = draw(st.integers(0, at + 1))
        else:
            start = cursor
        width = 0 if step == "empty" else draw(st.integers(1, 4))
        spans.append((start, start + width))
        cursor = start + width
    return tuple(segments), spans


@settings(max_examples=300, deadline=None)
@given(segmented_tokens())
def test_each_token_takes_the_provenance_the_readable_rule_gives(case):
    segments, spans = case
    bounds = [seg.start for seg in segments]
    ids = list(range(len(spans)))
    runtime = _Pieces()

    fast = _tokens(runtime, ids, spans, segments, bounds)

    assert fast == tuple(_token(runtime.piece(i), i, span, segments, bounds)
                         for i, span in zip(ids, spans))


# -- the render's runs encoded with arrays (core.chat.encode._encode_runs) ------------------------
import pytest  # noqa: E402

from core.chat.encode import _encode_runs, _reader  # noqa: E402
from tests.conftest import DATA, DEMO, require_data  # noqa: E402

FRAGMENTS = ["[INST]", "[/INST]", "</s>", "<s>", "[TOOL_CALLS]", "<|im_start|>", "<|im_end|>",
             "<unk>", "hi", " hi", "Zürich", "東京", "👍🏽", "\n", "\n\n", "  ", " ", "a b", "é",
             "[control_8]", "<0x0A>", "\t", "x", "  two spaces"]
RUNTIMES = {"demo-bpe tokenizer.json": lambda: DEMO / "demo-bpe" / "tokenizer.json",
            "sentencepiece test_model": lambda: require_data(
                DATA / "tokenizers" / "sentencepiece" / "test_model.model"),
            "mistral-v3 .model": lambda: require_data(
                DATA / "tokenizers" / "mistral-v3" / "tokenizer.model")}
_LOADED = {}


def _runtime(name):
    if name not in _LOADED:
        from core.formats.detect import load_tokenizer

        _LOADED[name] = load_tokenizer(RUNTIMES[name]())
    return _LOADED[name]


@pytest.mark.parametrize("name", sorted(RUNTIMES))
@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.sampled_from(FRAGMENTS), max_size=14), offset=st.sampled_from([0, 7]),
       parse=st.booleans())
def test_runs_encoded_with_arrays_equal_run_by_run(name, parts, offset, parse):
    """:meth:`_Reader.encode` (one batch, arrays) against :meth:`_Reader.encode_readable` (run
    by run): the same IDs and spans, control literals cut or not, newlines merging or not,
    at the render's start or further in."""
    reader = _reader(_runtime(name), "[INST]</s><|im_end|>")
    text = "".join(parts)
    readable = reader.encode_readable(text, offset, parse)
    assert reader.encode(text, offset, parse) == readable
    if parse or reader.runtime.plain_encoder() is None:  # where encode() may take the arrays
        assert _encode_runs(reader, text, offset, parse, reader.runs(text, parse)) == readable
