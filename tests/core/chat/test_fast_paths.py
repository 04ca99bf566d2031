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


@settings(max_examples=300, deadline=None)
@given(segmented_tokens(), st.sampled_from([None, 0, 3, 10]))
def test_the_budget_counted_by_runs_equals_the_one_counted_by_token(case, context):
    """``_tokens``' runs of one provenance, counted a run at a time by the budget, against
    the budget's step per token (the order roles and messages first appear included)."""
    from core.chat.budget import token_budget

    segments, spans = case
    bounds = [seg.start for seg in segments]
    runs: list = []
    tokens = _tokens(_Pieces(), list(range(len(spans))), spans, segments, bounds, runs)

    assert sum(run[4] for run in runs) == len(tokens)
    by_runs = token_budget(tokens, context=context, runs=runs)
    by_token = token_budget(tokens, context=context)
    assert by_runs == by_token and by_runs.to_json() == by_token.to_json()
    assert list(by_runs.by_role) == list(by_token.by_role)


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


# -- an HF runtime's IDs and code-point spans without the batch's notes -------------------------
HF_JSON = {"demo-bpe tokenizer.json": lambda: DEMO / "demo-bpe" / "tokenizer.json",
           "claude-legacy tokenizer.json": lambda: require_data(
               DATA / "tokenizers" / "claude-legacy" / "tokenizer.json"),
           "bert-minilm tokenizer.json": lambda: require_data(  # lowercases, strips accents
               DATA / "tokenizers" / "bert-minilm" / "tokenizer.json")}
# SentencePiece models: one that normalizes (the batch's way), and mistral-v3 (no normalizer,
# byte fallback: the runtime's own lists)
SPM_MODELS = {"sentencepiece test_model": lambda: require_data(
                  DATA / "tokenizers" / "sentencepiece" / "test_model.model"),
              "mistral-v3 .model": lambda: require_data(
                  DATA / "tokenizers" / "mistral-v3" / "tokenizer.model")}
# text a normalizer changes (ligature, numeral, accents, case), and a lone combining mark; a
# typed "▁" (pieces that no longer add up to the text), a character with no piece (byte pieces)
NORMALIZED = ["ﬃ", "Ⅳ", "ÄÖ", "e\u0301", "\u0301", "İ", "ß", "[CLS]", "[SEP]", "[UNK]", "▁",
              "a▁b", "🌦", "\u0800"]


@pytest.mark.parametrize("name", sorted(HF_JSON | SPM_MODELS))
@settings(max_examples=200, deadline=None)
@given(texts=st.lists(st.lists(st.sampled_from(FRAGMENTS + NORMALIZED), max_size=10)
                      .map("".join), min_size=1, max_size=4),
       parse=st.booleans())
def test_ids_and_cp_spans_equal_the_batch_encode(name, texts, parse):
    """``ids_and_cp_spans`` (the native offsets as they are, but where one is empty) against
    ``encode_batch``'s IDs and code-point spans (its byte round trip, shared spans narrowed):
    characters split between byte-level tokens (``👍🏽``, ``東京``), text a normalizer
    changes, and control literals included."""
    from core.formats.detect import load_tokenizer
    from core.formats.runtime import Runtime

    if name not in _LOADED:
        _LOADED[name] = load_tokenizer((HF_JSON | SPM_MODELS)[name]())
    runtime = _LOADED[name]
    batch = runtime.encode_batch(texts, add_special_tokens=False, parse_special=parse)
    # the readable answer: each text's own Encoding
    each = [(encoding.ids.tolist(), list(zip(*(side.tolist() for side in encoding.spans("cp")))))
            for encoding in batch]
    assert runtime.ids_and_cp_spans(texts, parse) == each
    assert Runtime.ids_and_cp_spans(runtime, texts, parse) == each  # the protocol's default
    # the same answer as bounds between tokens where the runtime gives them
    paired = [(ids, spans if bounds is None else list(zip(bounds[:-1], bounds[1:])))
              for ids, spans, bounds in runtime.ids_and_cp_bounds(texts, parse)]
    assert paired == each
    assert all((spans is None) != (bounds is None)
               and (bounds is None or len(bounds) == len(ids) + 1)
               for ids, spans, bounds in runtime.ids_and_cp_bounds(texts, parse))


# -- the assistant mask over many tokens --------------------------------------------------------
from core.chat.mask import mask_from_spans  # noqa: E402


def _readable_mask(token_spans, spans):
    """The mask's rule as first written: a token is masked when it overlaps the first span
    that does not end at or before its start."""
    mask = [0] * len(token_spans)
    k = 0
    for i, (start, end) in enumerate(token_spans):
        while k < len(spans) and start >= spans[k][1]:
            k += 1
        if k == len(spans):
            break
        if end > spans[k][0]:
            mask[i] = 1
    return mask


@settings(max_examples=300, deadline=None)
@given(segmented_tokens(), st.lists(st.tuples(st.integers(0, 30), st.integers(0, 6)), max_size=5))
def test_mask_equals_the_readable_rule(case, raw_spans):
    _, token_spans = case
    spans, at = [], 0
    for gap, width in raw_spans:  # in order, as the mask's spans come
        spans.append((at + gap, at + gap + width))
        at += gap + width
    assert mask_from_spans(token_spans, spans) == _readable_mask(token_spans, spans)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 6)), max_size=20),
       st.lists(st.integers(0, 40), max_size=8))
def test_crossed_bounds_equal_the_plain_search_on_any_spans(raw_spans, raw_bounds):
    """:func:`~core.chat.encode.crossed_bounds` (the ends as the running furthest end where
    they never go back, else the running max) against every span for every bound; spans in
    order of their starts, ends going back or not (a merged literal, a SentencePiece space)."""
    from core.chat.encode import crossed_bounds

    spans = sorted((start, start + width) for start, width in raw_spans)
    bounds = sorted(set(raw_bounds))

    assert crossed_bounds(bounds, spans) == tuple(
        b for b in bounds if any(s < b < e for s, e in spans))


# -- the sandbox's attribute read on a plain dict (core.chat.environment.ChatSandbox.getattr) ----
from jinja2.sandbox import ImmutableSandboxedEnvironment  # noqa: E402

from core.chat.environment import build_environment  # noqa: E402

# message keys, dict methods a key may shadow, object's dunders, and names only ``type`` has
NAMES = ["role", "content", "tool_calls", "items", "keys", "get", "copy", "update", "pop",
         "__class__", "__len__", "__doc__", "mro", "__name__", "__mro__", "_private", ""]


def _same_read(fast, readable) -> bool:
    """Equal values, or undefined values that say the same (type, name, object, hint); a
    wrapped ``str.format`` (a new function at each read) by what it wraps."""
    if callable(fast) and hasattr(fast, "__wrapped__"):
        return type(fast) is type(readable) and fast.__wrapped__ == readable.__wrapped__
    undefined = [hasattr(value, "_undefined_name") for value in (fast, readable)]
    if any(undefined):
        return all(undefined) and type(fast) is type(readable) and all(
            getattr(fast, a) == getattr(readable, a) if a != "_undefined_obj"
            else getattr(fast, a) is getattr(readable, a)
            for a in ("_undefined_name", "_undefined_obj", "_undefined_hint",
                      "_undefined_exception"))
    return fast == readable and type(fast) is type(readable)


@settings(max_examples=300, deadline=None)
@given(keys=st.dictionaries(st.sampled_from(NAMES), st.integers(0, 3), max_size=6),
       name=st.sampled_from(NAMES))
def test_a_plain_dicts_attribute_reads_as_jinjas_sandbox_reads_it(keys, name):
    """``ChatSandbox.getattr`` (a plain dict's key read at once) against Jinja's own (the
    attribute tried first, the item on its ``AttributeError``): keys named like dict
    methods, dunders and names only ``type`` has included; a dict subclass and a
    non-dict take Jinja's way."""
    env = build_environment()
    for obj in (keys, type("Sub", (dict,), {})(keys), list(keys)):
        assert _same_read(env.getattr(obj, name),
                          ImmutableSandboxedEnvironment.getattr(env, obj, name))


LOOP_NAMES = ["last", "first", "index", "index0", "length", "revindex", "revindex0", "depth",
              "depth0", "cycle", "changed", "nextitem", "previtem", "_peek_next", "_iterable",
              "__class__", "__init__", "missing", "f", "n", "items", "mro", ""]


@settings(max_examples=200, deadline=None)
@given(items=st.lists(st.integers(0, 3), max_size=4), ahead=st.integers(0, 3),
       name=st.sampled_from(LOOP_NAMES))
def test_a_loop_or_namespace_attribute_reads_as_jinjas_sandbox_reads_it(items, ahead, name):
    """``ChatSandbox.getattr`` on a template's ``loop`` and ``namespace`` (a value of a
    plain type answered at once) against Jinja's own: properties, methods, private and
    missing names, a namespace holding a ``str.format`` (which Jinja wraps)."""
    from jinja2.runtime import LoopContext

    from core.chat.environment import _SafeNamespace

    env = build_environment()
    loop = LoopContext(iter(items), env.undefined)
    for _ in zip(range(ahead), loop):  # part-way through, as inside the loop's body
        pass
    space = _SafeNamespace(n=len(items), items=list(items), f="{}!".format, missing=None)
    for obj in (loop, space):
        assert _same_read(env.getattr(obj, name),
                          ImmutableSandboxedEnvironment.getattr(env, obj, name))


# -- a message's plain data (core.chat.messages.plain_data) ---------------------------------------
from collections.abc import Mapping  # noqa: E402

import numpy as np  # noqa: E402


def _readable_plain_data(value):
    """``plain_data`` as first written: each check in turn, a Mapping by its abstract class."""
    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, Mapping):
        return {_readable_plain_data(k): _readable_plain_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_readable_plain_data(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_readable_plain_data(item) for item in value)
    if isinstance(value, np.generic):
        return _readable_plain_data(value.item())
    return f"<{type(value).__name__}>"


class _Text(str):
    pass


class _Items(dict):
    pass


_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                    st.text(max_size=3), st.text(max_size=3).map(_Text),
                    st.sampled_from([np.bool_(False), np.int64(3), object()]))


@settings(max_examples=300, deadline=None)
@given(st.recursive(_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.lists(inner, max_size=3).map(tuple),
    st.dictionaries(st.text(max_size=2), inner, max_size=3),
    st.dictionaries(st.text(max_size=2), inner, max_size=3).map(_Items)), max_leaves=12))
def test_plain_data_equals_the_readable_checks(value):
    """:func:`~core.chat.messages.plain_data` (plain dicts and lists first) against each
    check in turn: the same values of the same types, all the way down."""
    from core.chat.messages import plain_data

    def typed(v):  # equal and of the same type at every level (True == 1, "<object>" twice)
        if isinstance(v, dict):
            return ("dict", type(v), [(typed(k), typed(x)) for k, x in v.items()])
        if isinstance(v, (list, tuple)):
            return (type(v), [typed(x) for x in v])
        return (type(v), v)

    assert typed(plain_data(value)) == typed(_readable_plain_data(value))


# -- literal searches kept between reports (fit.template_control_literals, encode._found_by) -----
@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.lists(st.sampled_from(FRAGMENTS + ["<|im_start|>user\n", "[/INST]x"]),
                               max_size=5).map("".join), min_size=1, max_size=6),
       kinds=st.lists(st.booleans(), min_size=6, max_size=6), kept=st.sampled_from([0, 4, 4096]))
def test_literal_searches_kept_between_reports_equal_fresh_ones(parts, kinds, kept):
    """The control strings of a template's texts and the literals typed in content, found
    with the answers kept from earlier reports (every earlier example's), against a search
    made afresh; texts longer than the kept length (none, some, all) searched each time."""
    from core.chat import encode, fit

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fit, "_KEPT_TEXT", kept)
        patch.setattr(encode, "_KEPT_TEXT", kept)
        _literal_searches_equal_fresh_ones(parts, kinds)


def _literal_searches_equal_fresh_ones(parts, kinds):
    from core.chat import encode, fit
    from core.chat.segments import Segmentation
    from core.pipeline.special import SpecialLiterals, SpecialToken

    segments, at = [], 0
    for part, content in zip(parts, kinds):
        if part:
            segments.append(Segment(at, at + len(part), "content" if content else "template",
                                    0 if content else None))
            at += len(part)
    cut = Segmentation("".join(parts), tuple(segments), exact=True)
    specials = ["<|im_start|>", "<|im_end|>", "[INST]", "</s>"]
    finder = SpecialLiterals([SpecialToken(s, k) for k, s in enumerate(specials)])
    kept = fit.template_control_literals(cut, specials, ["<s>"])
    found = encode.content_literals(cut, finder)
    fit._control_finder.cache_clear()
    encode._FOUND.clear()
    assert fit.template_control_literals(cut, specials, ["<s>"]) == kept
    assert encode.content_literals(cut, finder) == found
    text = cut.text
    assert found == [(start + seg.start, end + seg.start, literal, seg)
                     for seg in cut.segments if seg.source == "content"
                     for start, end, literal in finder.find(text[seg.start:seg.end])]
