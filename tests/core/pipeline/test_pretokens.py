"""Every runtime's pre-tokens (core.pipeline.pretokens), held to the native library and to the two
readers: the Pipeline tab's (``pre_tokens`` of ``inspect_texts(..., with_stages=True)``) and
Explain's words are the same pre-tokens, and the model run on each pre-token gives the
runtime's IDs.

Oracles: the native model on each pre-token (``tokenizers``' ``model.tokenize``, tiktoken's
single-piece BPE, the reference encoder), ``pre_tokenizer.pre_tokenize_str(normalizer
.normalize_str(text))`` on texts without added tokens, and SentencePiece's ``normalize``.
"""

from __future__ import annotations

import pytest

from core.explain import explain
from core.formats.detect import load_tokenizer
from core.inspect import inspect_texts
from core.formats.tiktoken.presets import LLAMA3_PATTERN
from core.formats.hf.runtime import HFRuntime
from core.formats.reference.runtime import ReferenceBPERuntime, bpe_model_spec
from core.formats.sentencepiece.runtime import SentencePieceRuntime
from core.formats.tiktoken.runtime import TiktokenRuntime
from core.text.offsets import TextIndex
from tests.conftest import DEMO, REAL_TOKENIZERS, TOKENIZERS, flores_lines, require_data
from tests.core import families as F

PROBES = ["Hello 世界 👨\u200d👩\u200d👧 café", "低碳模型 🤖🧠 emoji: 😀👍🏽🇯🇵 ok", "ﬃ Ⅳ 1234567 naïve",
          "  two  spaces\n\ttab\r\n", "unaffable <|endoftext|> [CLS] <s> </s> <unk>",
          "<s>hi</s> there", "a<|x|>b", "<|im_start|>user\nhi<|im_end|>\n", ""]
TEXTS = PROBES + F.STRESS + F.sample_texts(16)
HF_FAMILIES = ["llama2-legacy", "llama2", "llama3", "qwen2", "gpt2", "bert-uncased", "bert-cased",
               "clip", "suffix-bpe", "unigram", "unigram-byte-fallback"]


def _hf_family(name: str) -> HFRuntime:
    spec = {"llama2-legacy": lambda: F.llama2_spec(True), "llama2": lambda: F.llama2_spec(False),
            "bert-uncased": lambda: F.bert_spec(True), "bert-cased": lambda: F.bert_spec(False),
            "unigram": lambda: F.unigram_spec(False),
            "unigram-byte-fallback": lambda: F.unigram_spec(True)}.get(name)
    spec = spec() if spec else getattr(F, name.replace("-", "_") + "_spec")()
    return HFRuntime(spec, name=name)


def _reference() -> ReferenceBPERuntime:
    spec = bpe_model_spec([("l", "o", 7), ("lo", "w", 7), ("low", "</w>", 5)],
                          ["<", "l", "o", "w", "e", "r", "</w>"], ["<s>", "<unk>"], "<unk>",
                          {"type": "NFKC"}, {"type": "WhitespaceSplit"})
    return ReferenceBPERuntime(spec)


def _native_ids_per_pre_token(runtime, tokens) -> list[int] | None:
    """The native model run on each pre-token alone, or None where the model does not run per
    pre-token (SentencePiece runs over the whole normalized text)."""
    ids: list[int] = []
    for token in tokens:
        if token.split_out:
            ids.append(token.token_id)
        elif isinstance(runtime, HFRuntime):
            ids += [t.id for t in runtime.tk.model.tokenize(token.form)]
        elif isinstance(runtime, TiktokenRuntime):
            ids += runtime.enc._encode_single_piece(token.form.encode("utf-8"))
        elif isinstance(runtime, ReferenceBPERuntime):
            ids += [runtime.vocab.get(s, runtime.unk_id) for s in runtime.model.encode_word(token.form)]
        else:
            return None
    return ids


def check_pre_tokens(runtime, text: str, parse_special: bool) -> None:
    """The whole contract on one text."""
    tokens = runtime.pre_tokens(text, parse_special)
    data = text.encode("utf-8")
    # spans: on the original text, in order (two pre-tokens share a character where the
    # normalizer made several of one and the pre-tokenizer split them: CLIP's "İ" -> "i̇",
    # NFKC's Bengali "য়" -> "য" + "়")
    assert all(0 <= t.start <= t.end <= len(data) for t in tokens), (text, tokens)
    assert all(a.start <= b.start and a.end <= b.end
               for a, b in zip(tokens, tokens[1:])), (text, tokens)
    # the Pipeline tab's pre-tokens are these
    (inspected,) = inspect_texts(runtime, [text], parse_special=parse_special, with_stages=True)
    assert inspected.pre_tokens == tokens
    # Explain explains these: its words come from them (spans in code points of the same text)
    ex = explain(runtime, text, parse_special=parse_special)
    assert ex.supported, ex.reason
    assert ex.pre_tokens == tokens and ex.agreement.ok, ex.agreement.summary()
    if not isinstance(runtime, SentencePieceRuntime):  # SentencePiece words are segments
        index = TextIndex(text)
        starts, ends, _ = index.byte_spans_to("cp", [t.start for t in tokens],
                                              [t.end for t in tokens])
        assert [w.span for w in ex.words] == list(zip(starts.tolist(), ends.tolist()))
    # the native model on each pre-token gives the runtime's IDs
    expected = runtime.encode(text, add_special_tokens=False, parse_special=parse_special)
    per_token = _native_ids_per_pre_token(runtime, tokens)
    if per_token is not None:
        assert per_token == expected.ids.tolist(), (runtime.name, text, tokens)


def check_hf_against_pre_tokenize_str(runtime: HFRuntime, text: str) -> None:
    """On a text without added tokens: tokenizers' own normalize_str + pre_tokenize_str."""
    if any(t["content"] in text for t in runtime.spec.get("added_tokens") or []):
        return
    normalized = runtime.tk.normalizer.normalize_str(text) if runtime.tk.normalizer else text
    splits = (runtime.tk.pre_tokenizer.pre_tokenize_str(normalized) if runtime.tk.pre_tokenizer
              else [(normalized, (0, len(normalized)))] if normalized else [])
    forms = [t.form for t in runtime.pre_tokens(text, False)]
    assert forms == [s for s, _ in splits], text


def check_spm(runtime: SentencePieceRuntime, text: str) -> None:
    """The pre-tokens spell SentencePiece's normalized text, user-defined symbols whole."""
    tokens = runtime.pre_tokens(text, False)
    assert "".join(t.form for t in tokens) == runtime.sp.normalize(text)
    for token in tokens:
        assert len(token.offsets) == len(token.form) + 1
        assert (token.offsets[0], token.offsets[-1]) == (token.start, token.end)
        if token.kind == "user-defined":
            assert runtime.piece(token.token_id) == token.form


def _runtimes_without_data():
    yield load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    yield load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    for name in HF_FAMILIES:
        yield _hf_family(name)
    for variant in F.SPM_VARIANTS:
        yield SentencePieceRuntime(F.spm_model(variant), name=variant)
    ranks = F.tiktoken_ranks(LLAMA3_PATTERN)
    yield TiktokenRuntime(ranks, pattern=LLAMA3_PATTERN, special={"<|x|>": len(ranks)})
    yield _reference()


@pytest.mark.slow  # every tokenizer family (make check skips it)
@pytest.mark.parametrize("runtime", list(_runtimes_without_data()),
                         ids=lambda r: f"{type(r).__name__}-{r.name}")
def test_pre_tokens_of_demo_and_family_tokenizers(runtime):
    for parse_special in (False, True):
        for text in TEXTS:
            check_pre_tokens(runtime, text, parse_special)
    for text in TEXTS:
        if isinstance(runtime, HFRuntime):
            check_hf_against_pre_tokenize_str(runtime, text)
        if isinstance(runtime, SentencePieceRuntime):
            check_spm(runtime, text)


@pytest.mark.realdata
@pytest.mark.parametrize("rel", [p for _, p in REAL_TOKENIZERS],
                         ids=[n for n, _ in REAL_TOKENIZERS])
def test_pre_tokens_of_real_tokenizers_on_flores(rel):
    runtime = load_tokenizer(require_data(TOKENIZERS / rel))
    lines = [line for lines in flores_lines(4).values() for line in lines]
    for text in lines + PROBES:
        check_pre_tokens(runtime, text, False)
        if isinstance(runtime, HFRuntime):
            check_hf_against_pre_tokenize_str(runtime, text)
        if isinstance(runtime, SentencePieceRuntime):
            check_spm(runtime, text)
    for text in PROBES:
        check_pre_tokens(runtime, text, True)


def test_added_tokens_are_split_out_with_their_ids_and_original_spans():
    runtime = _hf_family("llama2")
    tokens = runtime.pre_tokens("<s>hi</s> there", True)
    assert [(t.form, t.start, t.end, t.kind, t.token_id) for t in tokens] == [
        ("<s>", 0, 3, "special", 1), ("hi", 3, 5, "text", None), ("</s>", 5, 9, "special", 2),
        ("▁there", 9, 15, "text", None)]
    # not parsed: the literals are text, as the runtime encodes them
    assert all(t.kind == "text" for t in runtime.pre_tokens("<s>hi</s> there", False))


def test_byte_level_pre_tokens_keep_byte_spans_on_the_original_text():
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    text = "你好 中文 😀"
    tokens = runtime.pre_tokens(text, False)
    data = text.encode()
    assert [t.original(data).decode() for t in tokens] == ["你好", " 中文", " 😀"]
    assert [t.form for t in tokens] == ["ä½łå¥½", "Ġä¸Ńæĸĩ", "ĠðŁĺĢ"]


def test_tiktoken_normalized_pre_tokens_map_back_to_the_original():
    runtime = TiktokenRuntime(F.tiktoken_ranks(LLAMA3_PATTERN), preset="qwen")
    assert runtime.normalization == "NFC"
    text = "cafe\u0301 ok"
    tokens = runtime.pre_tokens(text, False)
    assert [t.form for t in tokens] == ["café", " ok"]
    assert [(t.start, t.end) for t in tokens] == [(0, 6), (6, 9)]
    check_pre_tokens(runtime, text, False)


def test_model_views_describe_each_model():
    bpe = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json").model_view()
    assert bpe.kind == "tokenizers/BPE" and bpe.byte_level and bpe.merges
    assert len(bpe.pieces) == len(bpe.vocab) == len(bpe.piece_kinds)
    assert "special" in bpe.piece_kinds and bpe.pre_tokenizer == "ByteLevel"
    unigram = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model").model_view()
    assert unigram.kind == "sentencepiece/unigram" and unigram.scores
    assert {"control", "unknown", "normal"} <= set(unigram.piece_kinds)
    spm = SentencePieceRuntime(F.spm_model("bpe-symbols")).model_view()
    assert spm.piece_kinds[spm.pieces.index("<|im_end|>")] == "user-defined"
    assert "byte" in spm.piece_kinds


def test_added_token_options_split_as_tokenizers_splits_them():
    """normalized / non-normalized, lstrip, rstrip, single_word: the native IDs decide."""
    spec = F.bert_spec(True)
    size = max(spec["model"]["vocab"].values()) + 1
    spec["added_tokens"] = (spec.get("added_tokens") or []) + [
        {"id": size, "content": "WORLD", "single_word": False, "lstrip": False, "rstrip": False,
         "normalized": True, "special": False},  # normalized: matches "world" after lowercasing
        {"id": size + 1, "content": "<mask>", "single_word": False, "lstrip": True,
         "rstrip": True, "normalized": False, "special": True},
        {"id": size + 2, "content": "ab", "single_word": True, "lstrip": False, "rstrip": False,
         "normalized": False, "special": False}]
    runtime = HFRuntime(spec, name="bert-added")
    texts = ["Hello World", "hello  <mask>  there", "ab cab abc ab", "x<mask>y", "WORLDab",
             "café <mask>", ""]
    for text in texts:
        for parse_special in (False, True):
            check_pre_tokens(runtime, text, parse_special)
    tokens = runtime.pre_tokens("hello  <mask>  there", True)
    assert [(t.form, t.kind, t.start, t.end) for t in tokens] == [
        ("hello", "text", 0, 5), ("<mask>", "special", 5, 15), ("there", "text", 15, 20)]
