"""Post-processing (core.pipeline.postprocess) against ``tokenizers`` itself: the same template,
``enable_truncation`` and ``enable_padding`` on the real tokenizer files give the same IDs, type
IDs, attention mask, special-tokens mask and overflow windows, over settings drawn by hypothesis
on multilingual text. The tokenizer's own template equals what each runtime adds natively.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.encodings.encoding import Flag
from core.loading import open_tokenizer
from core.pipeline.postprocess import (Padding, PostprocessError, Truncation, apply_to_ids, default_pad,
                              parse_template, postprocess, tokenizer_template, window_encoding)
from tests.conftest import TOKENIZERS, flores_lines, require_data

IDS = {"[CLS]": 101, "[SEP]": 102, "<s>": 1, "</s>": 2}.get
TEXTS = ["Hello world, this is a test of truncation.", "Grüße aus Köln 👋 — café",
         "日本語のテキストも切り詰められます。", "مرحبا بالعالم وهذا نص أطول قليلا", "", "a",
         "Привет, мир! Как дела у тебя сегодня?", "🙂🙂🙂 emoji 🙂"]


# --- templates -----------------------------------------------------------------------------
def test_template_syntax_round_trips_and_counts_added_tokens():
    t = parse_template("[CLS] $A [SEP]", "[CLS] $A [SEP] $B:1 [SEP]:1", IDS)
    assert t.notation() == "[CLS] $A [SEP]"
    assert t.notation(pair=True) == "[CLS] $A [SEP] $B:1 [SEP]:1"
    assert (t.added(), t.added(pair=True)) == (2, 3)
    assert t.around(pair=True) == (["[CLS]"], ["[SEP]"], ["[SEP]"])
    assert t.describe() == "adds [CLS] at the start, [SEP] at the end (user)"
    # tokenizers' shorthands: $ is $A, $1 is $A with type ID 1, lower case names
    assert parse_template("$", "$a $b:1", IDS).notation(pair=True) == "$A $B:1"
    assert parse_template("$1", None, IDS).single[0].type_id == 1


@pytest.mark.parametrize("single,pair,message", [
    ("[CLS] $A [NOPE]", None, "'[NOPE]' is not a token of this tokenizer"),
    ("[CLS] [SEP]", None, "$A must appear exactly once (found 0 times)"),
    ("$A $A", None, "$A must appear exactly once (found 2 times)"),
    ("$A $B", None, "$B belongs in the pair template"),
    ("$A", "$A [SEP]", "pair template: $B must appear exactly once"),
    ("$A:x", None, "the type ID after ':' must be a number"),
    ("$C", None, "'$C' is neither $A nor $B"),
])
def test_bad_templates_are_named(single, pair, message):
    with pytest.raises(PostprocessError, match=None) as err:
        parse_template(single, pair, IDS)
    assert message in str(err.value)


def test_a_pair_without_a_pair_template_is_refused():
    t = parse_template("$A [SEP]", None, IDS)
    with pytest.raises(PostprocessError, match="no pair form"):
        apply_to_ids(t, [1], [2])


def test_truncation_and_padding_settings_are_checked():
    with pytest.raises(PostprocessError, match="truncation side"):
        Truncation(4, side="middle")
    with pytest.raises(PostprocessError, match="strategy"):
        Truncation(4, strategy="shortest")
    with pytest.raises(PostprocessError, match="negative"):
        Padding(0, "[PAD]", length=-1)
    t = parse_template("[CLS] $A [SEP]", None, IDS)
    with pytest.raises(PostprocessError, match="stride 3 is not below"):
        apply_to_ids(t, list(range(10)), truncation=Truncation(4, stride=3))
    with pytest.raises(PostprocessError, match="stride 2 must be below the 2 tokens"):
        apply_to_ids(t, list(range(10)), truncation=Truncation(4, stride=2))
    with pytest.raises(PostprocessError, match="needs a second text"):
        apply_to_ids(t, list(range(10)), truncation=Truncation(4, strategy="only_second"))


def test_truncation_keeps_room_for_the_template_and_pads_after():
    t = parse_template("[CLS] $A [SEP]", "[CLS] $A [SEP] $B:1 [SEP]:1", IDS)
    w = apply_to_ids(t, [7, 8, 9, 10], truncation=Truncation(4),
                     padding=Padding(0, "[PAD]", multiple=3))
    assert w.ids == [101, 7, 8, 102, 0, 0]
    assert w.attention_mask == [1, 1, 1, 1, 0, 0]
    assert w.special_tokens_mask == [1, 0, 0, 1, 1, 1]
    left = apply_to_ids(t, [7, 8, 9, 10], truncation=Truncation(4, side="left"),
                        padding=Padding(0, "[PAD]", length=5, side="left"))
    assert left.ids == [0, 101, 9, 10, 102]


# --- against tokenizers ----------------------------------------------------------------------
def _native(path: str):
    from tokenizers import Tokenizer

    tk = Tokenizer.from_file(path)
    tk.no_padding()
    tk.no_truncation()
    tk.encode_special_tokens = True  # literals stay text, as the workbench's default
    return tk


def _oracle(tk, a, b, add, trunc: Truncation | None, pad: Padding | None):
    """tokenizers' own windows, or "error" where it refuses the settings or panics."""
    try:
        if trunc is None:
            tk.no_truncation()
        else:
            tk.enable_truncation(trunc.max_length, stride=trunc.stride, strategy=trunc.strategy,
                                 direction=trunc.side)
        if pad is None:
            tk.no_padding()
        else:
            tk.enable_padding(direction=pad.side, pad_id=pad.pad_id, pad_type_id=pad.pad_type_id,
                              pad_token=pad.pad_token, length=pad.length,
                              pad_to_multiple_of=pad.multiple)
        enc = tk.encode(a, b, add_special_tokens=add)
    except BaseException as err:  # noqa: BLE001 - a Rust panic is a BaseException
        if isinstance(err, (KeyboardInterrupt, SystemExit)):
            raise
        return "error"
    return [(e.ids, e.type_ids, e.attention_mask, e.special_tokens_mask)
            for e in [enc, *enc.overflowing]]


def _ours(runtime, template, a, b, add, trunc, pad):
    try:
        result = postprocess(runtime, a, b, template=template, add_special_tokens=add,
                             truncation=trunc, padding=pad)
    except PostprocessError:
        return "error", None
    return [(w.ids, w.type_ids, w.attention_mask, w.special_tokens_mask)
            for w in [result.window, *result.overflow]], result


SETTINGS = st.fixed_dictionaries({
    "a": st.sampled_from(TEXTS), "b": st.one_of(st.none(), st.sampled_from(TEXTS)),
    "add": st.booleans(),
    "trunc": st.one_of(st.none(), st.builds(
        Truncation, st.integers(0, 24), st.sampled_from(["right", "left"]),
        st.sampled_from(["longest_first", "only_first", "only_second"]), st.integers(0, 4))),
    "pad": st.one_of(st.none(), st.builds(
        Padding, st.just(0), st.just("[PAD]"), st.one_of(st.none(), st.integers(0, 30)),
        st.one_of(st.none(), st.integers(1, 8)), st.sampled_from(["right", "left"]),
        st.integers(0, 2))),
})


def _check_against_tokenizers(runtime, tk, template, case):
    expected = _oracle(tk, case["a"], case["b"], case["add"], case["trunc"], case["pad"])
    got, result = _ours(runtime, template, case["a"], case["b"], case["add"], case["trunc"],
                        case["pad"])
    assert got == expected, case
    if result is not None:
        _check_content_spans_unchanged(result)


def _check_content_spans_unchanged(result):
    """Content tokens keep their own spans through truncation, padding and pair templates, and
    what is reported truncated is exactly what the main window lacks."""
    for window in [result.window, *result.overflow]:
        for token_id, seq, pos in zip(window.ids, window.sequence_ids, window.positions):
            if seq is not None:
                assert result.encodings[seq].ids[pos] == token_id
    for cut in result.truncated:
        enc = result.encodings[cut.sequence]
        kept = sum(s == cut.sequence for s in result.window.sequence_ids)
        assert kept + cut.count == len(enc)
        starts, ends = enc.spans("cp")
        assert cut.text == enc.text[cut.span[0]:cut.span[1]]
        assert cut.span[0] == min(starts[cut.first:cut.first + cut.count])


@pytest.mark.realdata
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=SETTINGS)
def test_bert_template_truncation_padding_equal_tokenizers(case):
    runtime, tk = _bert()
    _check_against_tokenizers(runtime, tk, None, case)


@pytest.mark.realdata
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=SETTINGS)
def test_user_template_on_byte_level_equals_tokenizers(case):
    """claude-legacy has no post-processor: the user's template, given to tokenizers as a
    TemplateProcessing, and to the workbench in the same syntax."""
    from tokenizers.processors import TemplateProcessing

    runtime, tk = _claude()
    single, pair = "<SOS> $A <EOT>", "<SOS>:0 $A <META> $B:1 <EOT>:1"
    template = parse_template(single, pair, runtime.token_to_id)
    tk.post_processor = TemplateProcessing(single=single, pair=pair, special_tokens=[
        (t, runtime.token_to_id(t)) for t in ("<SOS>", "<EOT>", "<META>")])
    _check_against_tokenizers(runtime, tk, template, case)


@pytest.mark.realdata
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=SETTINGS)
def test_sentencepiece_bos_template_equals_transformers_tokenizer(case, tmp_path_factory):
    """mistral-v3's ``.model`` with BOS (the workbench's default for it) against the same
    model converted by transformers, given the BOS template its ``update_post_processor``
    writes for ``add_bos_token=True``."""
    runtime, tk = _mistral(tmp_path_factory)
    _check_against_tokenizers(runtime, tk, None, case)


@pytest.mark.realdata
def test_flores_sentences_truncated_with_stride_equal_tokenizers():
    """Long multilingual sentences, pairs of two languages, overflow windows with a stride."""
    runtime, tk = _bert()
    lines = flores_lines(3)
    langs = sorted(lines)
    for k, lang in enumerate(langs):
        a, b = lines[lang][0], lines[langs[(k + 1) % len(langs)]][1]
        for trunc in (Truncation(32, stride=4), Truncation(20, "left", "only_first", 3),
                      Truncation(40, strategy="only_second", stride=2)):
            case = {"a": a, "b": b, "add": True, "trunc": trunc,
                    "pad": Padding(0, "[PAD]", multiple=16)}
            _check_against_tokenizers(runtime, tk, None, case)


@pytest.mark.realdata
@pytest.mark.parametrize("kind", ["BertProcessing", "RobertaProcessing"])
def test_bert_and_roberta_processors_equal_tokenizers(kind, tmp_path):
    spec = json.loads(require_data(TOKENIZERS / "bert-minilm/tokenizer.json").read_text())
    spec["post_processor"] = {"type": kind, "sep": ["[SEP]", 102], "cls": ["[CLS]", 101]}
    if kind == "RobertaProcessing":
        spec["post_processor"].update(trim_offsets=True, add_prefix_space=True)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    runtime, tk = open_tokenizer(path).runtime, _native(str(path))
    for trunc in (None, Truncation(9, stride=1), Truncation(3)):
        for a, b in ((TEXTS[0], TEXTS[1]), (TEXTS[6], None)):
            _check_against_tokenizers(runtime, tk, None, {"a": a, "b": b, "add": True,
                                                          "trunc": trunc, "pad": None})


# --- the tokenizer's own template equals the runtime's native add_special_tokens -------------
@pytest.mark.realdata
@pytest.mark.parametrize("rel", ["bert-minilm/tokenizer.json", "bert-minilm/vocab.txt",
                                 "claude-legacy/tokenizer.json", "mistral-v3/tokenizer.model",
                                 "sentencepiece/test_model.model", "gpt2.tiktoken"])
def test_own_template_equals_native_add_special_tokens(rel):
    runtime = open_tokenizer(require_data(TOKENIZERS / rel)).runtime
    for text in TEXTS:
        native = runtime.encode(text)
        result = postprocess(runtime, text)
        assert result.window.ids == native.ids.tolist(), text
        shown = window_encoding(result, piece_of=runtime.piece)
        assert shown.ids.tolist() == native.ids.tolist()
        assert (shown.flags & Flag.INSERTED).tolist() == (native.flags & Flag.INSERTED).tolist()
        content = (native.flags & Flag.INSERTED) == 0
        assert shown.byte_starts[content].tolist() == native.byte_starts[content].tolist()


def test_own_template_of_a_tiktoken_preset_is_its_bos(tmp_path):
    from core.formats.tiktoken.presets import preset
    from tests.core import families as fam

    path = fam.write_rank_file(tmp_path, fam.tiktoken_ranks(preset("llama3").pattern))
    runtime = open_tokenizer(path, preset="llama3").runtime
    template = tokenizer_template(runtime)
    assert template.notation() == "<|begin_of_text|> $A"
    assert (template.origin, template.detail) == ("tiktoken preset", "llama3")
    assert postprocess(runtime, "Hi there").window.ids == runtime.encode("Hi there").ids.tolist()


# --- SentencePiece: add special tokens means something, and says where it came from ------------
@pytest.mark.realdata
def test_sentencepiece_adds_bos_by_default_and_says_so(tmp_path):
    model = require_data(TOKENIZERS / "mistral-v3/tokenizer.model")
    runtime = open_tokenizer(model).runtime
    hello = runtime.encode("Hello", add_special_tokens=False).ids.tolist()
    assert runtime.encode("Hello").ids.tolist() == [1] + hello
    template = tokenizer_template(runtime)
    assert template.describe() == "adds <s> at the start (default: the model's BOS piece)"
    assert [n.code for n in runtime.notes] == ["sentencepiece.default_bos"]
    (tmp_path / "tokenizer.model").symlink_to(model)
    (tmp_path / "tokenizer_config.json").write_text('{"add_bos_token": false}')
    configured = open_tokenizer(tmp_path / "tokenizer.model").runtime
    assert configured.encode("Hello").ids.tolist() == hello and configured.notes == []
    assert tokenizer_template(configured).describe() == "adds nothing (none)"
    (tmp_path / "tokenizer_config.json").write_text(
        '{"add_bos_token": true, "add_eos_token": true}')
    both = tokenizer_template(open_tokenizer(tmp_path / "tokenizer.model").runtime)
    assert both.describe() == ("adds <s> at the start, </s> at the end "
                               "(tokenizer_config.json: add_bos_token / add_eos_token)")
    user = tokenizer_template(open_tokenizer(model, add_bos=False, add_eos=True).runtime)
    assert user.describe() == "adds </s> at the end (user)"


def test_default_pad_prefers_the_files_then_the_pad_role():
    runtime = open_tokenizer(require_data(TOKENIZERS / "bert-minilm/tokenizer.json")).runtime
    assert default_pad(runtime) == (0, "[PAD]", "tokenizer.json")


# --- fixtures ----------------------------------------------------------------------------------
_CACHE: dict = {}


def _bert():
    if "bert" not in _CACHE:
        path = require_data(TOKENIZERS / "bert-minilm/tokenizer.json")
        _CACHE["bert"] = open_tokenizer(path).runtime, _native(str(path))
    return _CACHE["bert"]


def _claude():
    if "claude" not in _CACHE:
        path = require_data(TOKENIZERS / "claude-legacy/tokenizer.json")
        _CACHE["claude"] = open_tokenizer(path).runtime, _native(str(path))
    return _CACHE["claude"]


def _mistral(tmp_path_factory):
    if "mistral" not in _CACHE:
        transformers = pytest.importorskip("transformers", reason="transformers is the oracle")
        from tokenizers.processors import TemplateProcessing

        model = require_data(TOKENIZERS / "mistral-v3/tokenizer.model")
        folder = tmp_path_factory.mktemp("mistral")
        (folder / "tokenizer.model").symlink_to(model)
        tk = transformers.LlamaTokenizer.from_pretrained(str(folder)).backend_tokenizer
        # transformers' update_post_processor for add_bos_token=True, add_eos_token=False
        tk.post_processor = TemplateProcessing(single="<s>:0 $A:0", pair="<s>:0 $A:0 <s>:1 $B:1",
                                               special_tokens=[("<s>", 1)])
        tk.no_padding()
        tk.no_truncation()
        tk.encode_special_tokens = True
        _CACHE["mistral"] = open_tokenizer(model).runtime, tk
    return _CACHE["mistral"]


def test_a_max_length_below_the_added_tokens_truncates_nothing_and_says_so():
    """tokenizers subtracts the added tokens from max_length in unsigned arithmetic: below them it
    wraps around and truncates nothing (the hypothesis tests above compare this to the library)."""
    from core.pipeline.postprocess import apply

    runtime = open_tokenizer(require_data(TOKENIZERS / "bert-minilm/tokenizer.json")).runtime
    enc = runtime.encode("one two three", add_special_tokens=False)
    result = apply(tokenizer_template(runtime), [enc], truncation=Truncation(1))
    assert result.window.ids == runtime.encode("one two three").ids.tolist()
    assert [n.code for n in result.notes] == ["postprocess.max_below_added"]
    assert result.truncated == []


def test_window_encoding_shows_the_first_text_with_added_and_pad_tokens():
    from core.pipeline.postprocess import PostSettings

    runtime = open_tokenizer(require_data(TOKENIZERS / "bert-minilm/tokenizer.json")).runtime
    settings = PostSettings(pair="second text", max_length=6, pad_to=10, pad_side="left")
    result = postprocess(runtime, "one two three four", "second text",
                         **settings.resolve(runtime))
    shown = window_encoding(result, piece_of=runtime.piece)
    a = result.encodings[0]
    b = result.encodings[1]
    # pads (left), [CLS], two tokens of the first text, [SEP], then the second text's token
    # (zero-wide after the first text, its piece kept) and the [SEP] after it: every ID of
    # the window, in order — what the model is fed
    pads = (shown.flags & Flag.PAD) != 0
    assert pads.tolist() == [True] * 4 + [False] * 6
    assert shown.ids.tolist() == result.window.ids
    assert shown.ids.tolist() == [0] * 4 + [101, *a.ids[:2].tolist(), 102, b.ids[0], 102]
    assert shown.byte_starts[5:7].tolist() == a.byte_starts[:2].tolist()
    second = (shown.flags & Flag.SECOND) != 0
    assert second.tolist() == [False] * 8 + [True, False]
    assert shown.piece_at(8) == b.piece_at(0) and "second_text" in shown.flag_names(8)
    assert shown.byte_starts[8] == shown.byte_ends[8] == a.byte_ends[1]
    assert "pad" in shown.flag_names(0) and shown.piece_at(0) == "[PAD]"
    (cut,) = [t for t in result.truncated if t.sequence == 0]
    assert cut.text == "three four" and cut.count == 2


# --- without the shared data: the demo tokenizers, any text -------------------------------------
DEMO = __import__("pathlib").Path(__file__).resolve().parents[3] / "resources" / "demo"
ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


def _demo_bpe():
    if "demo" not in _CACHE:
        from tokenizers.processors import TemplateProcessing

        path = DEMO / "demo-bpe" / "tokenizer.json"
        runtime, tk = open_tokenizer(path).runtime, _native(str(path))
        single, pair = "<|endoftext|> $A", "<|endoftext|> $A <|endoftext|>:1 $B:1 <|pad|>:1"
        tk.post_processor = TemplateProcessing(single=single, pair=pair, special_tokens=[
            (t, runtime.token_to_id(t)) for t in ("<|endoftext|>", "<|pad|>")])
        _CACHE["demo"] = runtime, tk, parse_template(single, pair, runtime.token_to_id)
    return _CACHE["demo"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=SETTINGS, a=ANY_TEXT, b=st.one_of(st.none(), ANY_TEXT))
def test_any_text_any_settings_equal_tokenizers_on_the_demo(case, a, b):
    runtime, tk, template = _demo_bpe()
    _check_against_tokenizers(runtime, tk, template, {**case, "a": a, "b": b})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=SETTINGS, a=ANY_TEXT, b=st.one_of(st.none(), ANY_TEXT),
       fmt=st.sampled_from(["demo-bpe/tokenizer.json", "demo-unigram/tokenizer.model"]))
def test_content_tokens_keep_their_spans(case, a, b, fmt):
    """Through a pair template, truncation and padding, every token of the text shown keeps
    the byte span, ID and flags it has in the text's own encoding."""
    runtime = _CACHE.setdefault(fmt, open_tokenizer(DEMO / fmt).runtime)
    try:
        result = postprocess(runtime, a, b, add_special_tokens=case["add"],
                             truncation=case["trunc"], padding=case["pad"])
    except PostprocessError:
        return  # settings tokenizers refuses too (compared above)
    _check_content_spans_unchanged(result)
    enc, shown = result.encodings[0], window_encoding(result, piece_of=runtime.piece)
    content = [p for s, p in zip(result.window.sequence_ids, result.window.positions) if s == 0]
    mine = (shown.flags & Flag.INSERTED) == 0
    assert shown.byte_starts[mine].tolist() == enc.byte_starts[content].tolist()
    assert shown.byte_ends[mine].tolist() == enc.byte_ends[content].tolist()
    assert shown.ids[mine].tolist() == enc.ids[content].tolist()
    changed = (shown.flags[mine] ^ enc.flags[content]) & ~Flag.PARTIAL
    assert not changed.any()
    assert shown.ids.tolist() == result.window.ids  # every ID the model is fed, in order
    theirs = (shown.flags & Flag.SECOND) != 0
    if b is not None:
        second = [p for s, p in zip(result.window.sequence_ids, result.window.positions)
                  if s == 1]
        assert shown.ids[theirs].tolist() == result.encodings[1].ids[second].tolist()
    else:
        assert not theirs.any()


@pytest.mark.realdata
@pytest.mark.parametrize("config", [{"add_bos_token": True}, {"add_bos_token": False},
                                    {"add_bos_token": True, "add_eos_token": True}])
def test_tokenizer_config_choice_equals_transformers(config, tmp_path):
    """With a tokenizer_config.json beside the .model, transformers 5 and the workbench add the
    same tokens, to one text and to a pair. (Without one, transformers 5 adds nothing where the
    workbench adds the BOS: the default documented in SentencePieceRuntime, and said in a note.)"""
    transformers = pytest.importorskip("transformers", reason="transformers is the oracle")
    model = require_data(TOKENIZERS / "mistral-v3/tokenizer.model")
    (tmp_path / "tokenizer.model").symlink_to(model)
    bare = transformers.LlamaTokenizer.from_pretrained(str(tmp_path))
    assert bare("Hello")["input_ids"] == [23325]  # transformers 5 from a bare .model
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config))
    oracle = transformers.LlamaTokenizer.from_pretrained(str(tmp_path))
    runtime = open_tokenizer(tmp_path / "tokenizer.model").runtime
    for a, b in (("Hello", None), ("Hello", "World"), (TEXTS[2], TEXTS[1])):
        theirs = oracle(a, b) if b is not None else oracle(a)
        ours = postprocess(runtime, a, b)
        assert ours.window.ids == theirs["input_ids"], (config, a, b)
        if b is None:
            assert runtime.encode(a).ids.tolist() == theirs["input_ids"]


@pytest.mark.realdata
def test_the_files_own_truncation_and_padding_equal_tokenizers_as_shipped():
    """bert-minilm's tokenizer.json truncates and pads to 128 itself: those settings, read back,
    give what the file gives when tokenizers runs it as shipped."""
    from tokenizers import Tokenizer

    from core.pipeline.postprocess import file_settings

    path = require_data(TOKENIZERS / "bert-minilm/tokenizer.json")
    runtime = open_tokenizer(path).runtime
    shipped = Tokenizer.from_file(str(path))
    shipped.encode_special_tokens = True
    long_text = " ".join(next(iter(flores_lines(8).values())))
    for a, b in ((TEXTS[0], None), (long_text, None), (TEXTS[6], long_text)):
        settings = file_settings(runtime, b)
        ours = postprocess(runtime, a, b, **settings.resolve(runtime))
        theirs = shipped.encode(a, b)
        assert len(ours.window) == 128
        assert [(w.ids, w.type_ids, w.attention_mask) for w in [ours.window, *ours.overflow]] == [
            (e.ids, e.type_ids, e.attention_mask) for e in [theirs, *theirs.overflowing]]
