"""The small-text path of ``encode`` (:mod:`core.encodings.small`: lists, not the corpus arrays) gives the
Encoding the array path gives (:func:`core.encodings.batch.encode_one` of the runtime's ``_native``),
byte for byte and dtype for dtype, on every runtime family: tiktoken rank files with each
preset, ``tokenizer.json`` of every family (byte-level, WordPiece, Metaspace, Unigram, byte
fallback, normalizers), SentencePiece models of every kind, and the real tokenizers (with
FLORES lines in many scripts) where the shared data is there.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.encodings.batch import encode_one
from core.encodings.encoding import Flag
from core.formats.detect import load_tokenizer
from core.formats.tiktoken.presets import preset
from core.encodings.small import SMALL_TEXT
from tests.conftest import DATA, DEMO, FLORES, REAL_TOKENIZERS, TOKENIZERS, require_data
from tests.core import families as fam

pytestmark = pytest.mark.slow  # every tokenizer family (make check skips it)

UNITS = ("bytes", "cp", "utf16", "grapheme")

# pieces of text that reach every branch: ASCII words and spaces, CR LF, CJK, combining marks,
# ZWJ emoji and flags (astral: surrogate pairs in UTF-16), Hangul jamo, ligatures NFKC changes,
# special-token literals, control characters, characters no small vocabulary knows
PIECES = ["Hello", " world", "  ", "\t", "\n", "\r\n", "\r", "a", "I'm", "123", "4.5",
          "世界", "日本語の文", "こんにちは", "안녕", "\u1112\u1161\u11ab", "e\u0301", "A\u030a",
          "👍🏽", "👨\u200d👩\u200d👧", "🇯🇵", "😀", "𝔘𝔫", "ﬃ", "Ⅳ", "①", "ｆｕｌｌ", "½",
          "مرحبا", "नमस्ते", "ภาษา", "Ω", "Straße", "İ", "\u200b", "\ufeff", "\x00", "\x7f",
          "<s>", "</s>", "<unk>", "[CLS]", "[SEP]", "<|endoftext|>", "<|im_start|>", "▁", "##",
          "�", "\u202e", "ǅ"]
TEXTS = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
    st.text(max_size=40),
    st.sampled_from(fam.sample_texts(step=7)),
)


def assert_same(runtime, text: str, add_special_tokens: bool, parse_special: bool) -> None:
    """``encode`` (the small path where the runtime has one) equals the array path."""
    fast = runtime.encode(text, add_special_tokens=add_special_tokens,
                          parse_special=parse_special)
    slow = encode_one(runtime, text, runtime._native(text, add_special_tokens,
                                                     runtime.parse_choice(parse_special)))
    assert_same_encoding(fast, slow, (text, add_special_tokens, parse_special))


def assert_same_encoding(fast, slow, where) -> None:
    """Two Encodings of one text equal in every array (values and dtypes), unit, piece, note
    and JSON."""
    for field in ("ids", "byte_starts", "byte_ends", "flags"):
        a, b = getattr(fast, field), getattr(slow, field)
        assert a.dtype == b.dtype and np.array_equal(a, b), (where, field, a, b)
    for unit in UNITS:
        for a, b in zip(fast.spans(unit), slow.spans(unit)):
            assert a.dtype == b.dtype and np.array_equal(a, b), (where, unit, a, b)
    assert list(fast.pieces) == list(slow.pieces), where
    assert list(fast.token_bytes) == list(slow.token_bytes), where
    assert fast.warnings == slow.warnings, where
    assert fast.index.counts() == slow.index.counts(), where
    assert fast.to_json() == slow.to_json(), where


def check_family(runtime, texts=TEXTS, examples: int = 60) -> None:
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(text=texts, add_special_tokens=st.booleans(), parse_special=st.booleans())
    def check(text, add_special_tokens, parse_special):
        assert_same(runtime, text, add_special_tokens, parse_special)

    check()


# --- the families, trained on the demo corpus (no shared data) ---------------------------------

HF_SPECS = {
    "llama2-legacy": lambda: fam.llama2_spec(legacy=True),
    "llama2-metaspace": lambda: fam.llama2_spec(legacy=False),
    "llama3": fam.llama3_spec, "qwen2": fam.qwen2_spec, "gpt2-json": fam.gpt2_spec,
    "bert-uncased": lambda: fam.bert_spec(True), "bert-cased": lambda: fam.bert_spec(False),
    "clip": fam.clip_spec, "suffix-bpe": fam.suffix_bpe_spec,
    "unigram": lambda: fam.unigram_spec(False),
    "unigram-bytefallback": lambda: fam.unigram_spec(True),
}
FAMILIES = ([f"hf:{name}" for name in HF_SPECS]
            + [f"tiktoken:{name}" for name in ("cl100k", "o200k", "llama3", "qwen", "gpt2")]
            + [f"spm:{variant}" for variant in fam.SPM_VARIANTS]
            + ["demo:demo-bpe/tokenizer.json", "demo:demo-unigram/tokenizer.model"])


@pytest.fixture(scope="module")
def family(tmp_path_factory):
    cache = {}

    def get(name):
        if name not in cache:
            kind, what = name.split(":", 1)
            folder = tmp_path_factory.mktemp(kind)
            if kind == "hf":
                path = fam._write_json(folder, HF_SPECS[what]())
            elif kind == "tiktoken":
                ranks = fam.tiktoken_ranks(preset(what).pattern)
                path = fam.write_rank_file(folder, ranks, name=f"{what}.tiktoken")
            elif kind == "spm":
                path = folder / "tokenizer.model"
                path.write_bytes(fam.spm_model(what))
            else:
                path = DEMO / what
            cache[name] = load_tokenizer(path) if kind != "tiktoken" else load_tokenizer(
                path, preset=what)
        return cache[name]
    return get


@pytest.mark.slow  # every tokenizer family (make check skips it)
@pytest.mark.parametrize("name", FAMILIES)
def test_the_small_path_gives_the_array_paths_encoding(name, family):
    check_family(family(name))


@pytest.mark.parametrize("name", FAMILIES)
def test_every_family_takes_the_small_path_on_plain_text(name, family):
    """Not a comparison of the array path with itself: the families answer small texts in lists
    (a normalizing SentencePiece model hands a text with a byte piece to the array path)."""
    runtime = family(name)
    taken = 0
    for text in ("Hello world, this is a test.", "日本語の文", "\xe9 👍🏽 x\r\ny"):
        small = runtime._native_small(text, True, False)
        if small is None:
            odd = runtime.encode(text).flags & Flag.BYTE_FALLBACK
            assert name.startswith(("spm:", "demo:demo-unigram")) and odd.any(), (name, text)
        else:
            taken += 1
            assert np.asarray(small.ids).tolist() == runtime.encode(text).ids.tolist()
    assert taken, name


def test_a_normalizing_preset_takes_the_small_path_only_for_normalized_text(family):
    runtime = family("tiktoken:qwen")  # NFC
    assert runtime._native_small("caf\xe9", False, False) is not None
    assert runtime._native_small("cafe\u0301", False, False) is None
    assert_same(runtime, "cafe\u0301", False, False)


def test_long_texts_take_the_array_path_and_agree_at_the_threshold(family):
    runtime = family("tiktoken:cl100k")
    line = "".join(fam.corpus_lines())
    for size in (SMALL_TEXT - 1, SMALL_TEXT, SMALL_TEXT + 1):
        assert_same(runtime, line[:size], True, False)


def test_spans_several_tokens_share_are_narrowed_as_the_array_path_narrows_them(family):
    """Tokens that share a character's offsets (byte-level pieces of one character, where the
    spans are not spelled; ``ﬃ`` that a normalizer made three letters; Metaspace's made-up
    ``▁``) are narrowed to their own bytes where those spell the text, else keep the share."""
    for name, text in (("hf:bert-uncased", "ﬃ office Ⅳ ① Ǆ dz"), ("hf:qwen2", "cafe\u0301 世界"),
                       ("hf:clip", "Ⅳ ﬃ 👍🏽"), ("hf:llama2-metaspace", " 世界 ﬃ"),
                       ("hf:unigram-bytefallback", "𝔘𝔫 ☃")):
        runtime = family(name)
        small = runtime._native_small(text, True, False)
        assert small is not None and not small.exact, name
        assert_same(runtime, text, True, False)


# --- the real tokenizers, on FLORES lines ------------------------------------------------------

REAL = [rel for _, rel in REAL_TOKENIZERS] + ["mistral-tekken/tekken_240718.json"]
GGUF = ["ggml-vocab-gpt-2.gguf", "ggml-vocab-llama-spm.gguf", "ggml-vocab-bert-bge.gguf",
        "ggml-vocab-phi-3.gguf"]


@pytest.fixture(scope="module")
def flores_texts():
    require_data(FLORES)
    lines = [path.read_text(encoding="utf-8").splitlines()[3]
             for path in sorted(FLORES.glob("*.dev"))]
    return st.one_of(st.sampled_from(lines), TEXTS)


@pytest.mark.realdata
@pytest.mark.parametrize("rel", REAL)
def test_real_tokenizers_small_path_equals_array_path(rel, flores_texts):
    runtime = load_tokenizer(require_data(TOKENIZERS / rel))
    check_family(runtime, flores_texts, examples=40)


@pytest.mark.realdata
@pytest.mark.parametrize("name", GGUF)
def test_gguf_tokenizers_small_path_equals_array_path(name, flores_texts):
    runtime = load_tokenizer(require_data(DATA / "gguf" / name))
    check_family(runtime, flores_texts, examples=30)
