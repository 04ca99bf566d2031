"""Every ``tokenizer.ggml.model`` and ``tokenizer.ggml.pre`` value llama.cpp knows: run as
llama.cpp runs it, or refused by name.

The oracle is :mod:`tests.core.llama_cpp_port`, a port of llama.cpp's own C++ (its name table,
its regexes as the C++ literals give them, its regex engine's collapsed categories and its BPE
session), on GGUF files written with llama.cpp's ``gguf`` package.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import Regex, pre_tokenizers

from core.errors import FormatError
from core.formats.gguf.pretokenizers import PRE_TYPES
from core.formats.gguf.tokenizer import MODELS, REFUSED_MODELS
from core.loading import open_tokenizer
from tests.core import llama_cpp_port as port
from tests.core.gguf_files import trained_bpe, write_gguf

# a text with a bit of everything llama.cpp's regexes tell apart
ALPHABET = ("aZé É ñ'sS'LL 7 ١ ½ \t\n\r .,!?~+$`|_-/ 中文 日カ 한 ㄱ ㄅ 𠀀 \u3000\u00a0\u2003 "
            "\u0301 👍 ！。 <sentinel:1> IMGIMGABZ")
TEXTS = ["Hello world, y'all! I'M here; DON'T we're 12345678 x1y",
         "  two  spaces \t tab\n\nnew lines\r\n   ", "Ünïcödé naïve café ÉtéÉcole ñÑ",
         "中文字符 日本語 カタカナ 한국어 ㄱㄴ ㄅㄆ 𠀀𠀁", "١٢٣ ½ ③ 1234567 12345abc 1234_5",
         "a~b ~~ ++ $5 `x` |y| <sentinel:12> IMGIMGABZ    x", "xyzzy", "emoji 👍🏽 done.",
         "<|endoftext|>hi<ud>there<|im_start|>", "a\u3000b\u00a0c\u2003d\u0301", ""]


def _specials(tokens: list[str]) -> list[tuple[int, bool]]:
    index = {t: i for i, t in enumerate(tokens)}
    return [(index["<|endoftext|>"], True), (index["<|im_start|>"], True), (index["<ud>"], False)]


def _vocab(raw: bool) -> tuple[list[str], list[int], list[tuple[str, str]]]:
    """Special and user-defined tokens, then (raw) <0xNN> bytes and newline runs, then a trained
    BPE, then ``xyzzy``: a token no merge builds (taken whole only where merges are ignored)."""
    trained, merges = trained_bpe(raw)
    head = ["<|endoftext|>", "<|im_start|>", "<ud>"]
    types = [3, 3, 4]
    if raw:
        head += [f"<0x{b:02X}>" for b in range(256)] + ["\n", "\n\n", "\n\n\n"]
        types += [6] * 256 + [1] * 3
    tokens = head + [t for t in trained if t not in head] + ["xyzzy"]
    return tokens, types + [1] * (len(tokens) - len(types)), merges


@pytest.fixture(scope="module")
def vocabularies():
    return {raw: _vocab(raw) for raw in (False, True)}


def _write(path, name: str, vocab, model: str = "gpt2"):
    tokens, types, merges = vocab
    return write_gguf(path, model=model, pre=name, tokens=tokens, types=types,
                      merges=[f"{a} {b}" for a, b in merges],
                      extra={"tokenizer.ggml.bos_token_id": 0,
                             "tokenizer.ggml.seperator_token_id": 0})


def test_the_workbench_knows_every_pre_tokenizer_name_llama_cpp_knows():
    assert set(PRE_TYPES) == set(port.PRE_NAMES)
    for name, pre in PRE_TYPES.items():
        theirs = port.PRE_NAMES[name]
        assert pre.family == theirs.type, name
        assert (pre.ignore_merges, pre.add_bos or pre.force_bos, pre.escape_spaces) == (
            theirs.ignore_merges, theirs.add_bos, theirs.escape), name
        assert pre.byte_level == (theirs.type not in port.RAW_UTF8), name


@pytest.mark.parametrize("name", sorted(PRE_TYPES))
def test_each_pre_tokenizer_gives_llama_cpps_ids(name, vocabularies, tmp_path):
    raw = not PRE_TYPES[name].byte_level
    vocab = vocabularies[raw]
    runtime = open_tokenizer(_write(tmp_path / f"{name}.gguf", name, vocab)).runtime
    assert runtime.describe()["tokenizer.ggml.pre"] == name
    tokens, _, merges = vocab
    bos = 0 if port.PRE_NAMES[name].add_bos else None
    for text in TEXTS:
        for parse in (False, True):
            expected = port.tokenize(text, pre=name, tokens=tokens, merges=merges,
                                     specials=_specials(tokens), add_bos=bos,
                                     parse_special=parse)
            got = runtime.encode(text, add_special_tokens=True, parse_special=parse).ids.tolist()
            assert got == expected, (name, text, parse)


# one name per regex list: the splits are what differ between families
_BY_REGEXES = sorted({pre.regexes: name for name, pre in sorted(PRE_TYPES.items())}.values())


@pytest.mark.slow  # every pre-tokenizer family (make check skips it)
@pytest.mark.parametrize("name", _BY_REGEXES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(alphabet=ALPHABET, max_size=40))
def test_each_family_splits_as_llama_cpps_regex_engine(name, text):
    """Oniguruma running the workbench's regexes cuts a text where llama.cpp's engine cuts it."""
    splits = [pre_tokenizers.Split(Regex(r), behavior="isolated") for r in PRE_TYPES[name].regexes]
    ours = [piece for piece, _ in pre_tokenizers.Sequence(splits).pre_tokenize_str(text)]
    theirs = [p for p in port.regex_split(text, port.REGEXES[PRE_TYPES[name].family]) if p]
    assert ours == theirs


@pytest.mark.parametrize("name, text, pieces", [
    # AFMoE: a run of n digits is n % 3 then threes; the text before goes with the first group
    ("afmoe", "abc12345 x1y", ["abc", "12", "345", " x", "1", "y"]),
    # Kimi-K2: Han runs apart, letters with their contraction
    ("kimi-k2", "Hello世界It's 123456", ["Hello", "世界", "It's", " ", "123", "456"]),
    # SuperBPE: numbers cut in threes from the right, words left whole (superword tokens)
    ("superbpe", "x1234567 ab cd", ["x", "1", "234", "567", " ab cd"]),
    # tiny_aya: 1-3 digits followed by threes up to a word boundary (ASCII \b)
    ("tiny_aya", "1234567 12345abc", ["1", "234", "567", " ", "123", "45", "abc"]),
    # youtu and tiny_aya: llama.cpp collapses \p{Lu} and \p{Ll} to any letter
    ("youtu", "HelloWorld ÉtéÉ", ["HelloWorld", " ÉtéÉ"]),
    # Gemma 4: lines and newline runs only
    ("gemma4", "a b\n\nc", ["a b", "\n\n", "c"]),
])
def test_documented_splits(name, text, pieces):
    splits = [pre_tokenizers.Split(Regex(r), behavior="isolated") for r in PRE_TYPES[name].regexes]
    assert [p for p, _ in pre_tokenizers.Sequence(splits).pre_tokenize_str(text)] == pieces
    assert [p for p in port.regex_split(text, port.REGEXES[PRE_TYPES[name].family]) if p] == pieces


@pytest.mark.parametrize("model", sorted(MODELS))
def test_each_model_llama_cpp_knows_runs(model, vocabularies, tmp_path):
    raw = model in ("gemma4", "whitespace")
    tokens, types, merges = vocabularies[raw]
    extra = {"tokenizer.ggml.bos_token_id": 0, "tokenizer.ggml.eos_token_id": 0,
             "tokenizer.ggml.seperator_token_id": 0, "tokenizer.ggml.unknown_token_id": 0}
    if model == "bert":
        tokens = [t if t.startswith("<") else "▁" + t for t in tokens]
    path = write_gguf(tmp_path / "m.gguf", model=model,
                      pre="whitespace" if model == "whitespace" else None, tokens=tokens,
                      types=types, scores=[-float(i) for i in range(len(tokens))],
                      merges=[f"{a} {b}" for a, b in merges] if model in ("gpt2", "gemma4",
                                                                         "whitespace") else None,
                      extra=extra)
    runtime = open_tokenizer(path).runtime
    assert runtime.describe()["tokenizer.ggml.model"] == model
    assert runtime.encode("Hello world", add_special_tokens=False).ids.size > 0


def test_whitespace_model_drops_whitespace_then_runs_the_merges(vocabularies, tmp_path):
    tokens, types, merges = vocabularies[True]
    path = write_gguf(tmp_path / "w.gguf", model="whitespace", pre="whitespace", tokens=tokens,
                      types=types, merges=[f"{a} {b}" for a, b in merges])
    runtime = open_tokenizer(path).runtime
    for text in (t for t in TEXTS if "<ud>" not in t):  # no user-defined token cut out first
        words = text.split()  # Python's split: the same Unicode White_Space as llama.cpp's
        expected = [i for w in words for i in port.tokenize(
            w, pre="whitespace", tokens=tokens, merges=merges, specials=[], add_bos=None)]
        assert runtime.encode(text, add_special_tokens=False).ids.tolist() == expected, text


@pytest.mark.parametrize("model", sorted(REFUSED_MODELS) + ["no-such-model"])
def test_each_model_no_pipeline_reproduces_is_refused_by_name(model, tmp_path):
    path = write_gguf(tmp_path / "m.gguf", model=model, pre=None, merges=["a b"])
    with pytest.raises(FormatError) as caught:
        open_tokenizer(path)
    assert caught.value.note.code == REFUSED_MODELS.get(model, "gguf.model_unknown")
    assert repr(model) in str(caught.value) and "gpt2" in str(caught.value)


def test_an_unknown_pre_tokenizer_is_refused_by_name(tmp_path):
    with pytest.raises(FormatError) as caught:
        open_tokenizer(write_gguf(tmp_path / "m.gguf", pre="no-such-pre"))
    assert caught.value.note.code == "gguf.pre_unknown" and "'no-such-pre'" in str(caught.value)


def test_whitespace_model_that_lowercases_is_refused(vocabularies, tmp_path):
    tokens, types, merges = vocabularies[True]
    path = write_gguf(tmp_path / "w.gguf", model="whitespace", pre="whitespace", tokens=tokens,
                      types=types, merges=[f"{a} {b}" for a, b in merges],
                      extra={"tokenizer.ggml.normalizer.lowercase": True})
    with pytest.raises(FormatError) as caught:
        open_tokenizer(path)
    assert caught.value.note.code == "gguf.whitespace_lowercase"


def test_add_bos_without_a_bos_token_is_refused_as_llama_cpp_refuses_it(tmp_path):
    tokens = ["a", "b", "ab", "Ġ", "Ġab"]  # five tokens: llama.cpp's default BOS 11 is outside
    with pytest.raises(FormatError) as caught:
        open_tokenizer(write_gguf(tmp_path / "m.gguf", pre="llama-bpe", tokens=tokens))
    assert caught.value.note.code == "gguf.add_without_id"
    assert "tokenizer.ggml.bos_token_id" in str(caught.value)


def test_the_formats_page_lists_every_value_as_the_code_runs_it():
    """docs/formats.md's tables name every pre-tokenizer and model value, and no other."""
    import re

    from tests.conftest import ROOT

    page = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    start = page.index("### What each GGUF value runs as")
    section = page[start:page.index("\n## ", start)]  # up to the next section, whichever it is
    models, pres = section.split("`tokenizer.ggml.pre` (for")
    first_cells = lambda table: {v for row in table.splitlines() if row.startswith("| `")  # noqa: E731
                                 for v in re.findall(r"`([^`]+)`", row.split("|")[1])}
    assert first_cells(pres) == set(PRE_TYPES)
    assert first_cells(models) == set(MODELS) | set(REFUSED_MODELS)
