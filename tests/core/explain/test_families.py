"""Tokenizer families we have no files for (tests/core/families.py): every one explained with
the runtime's IDs, and what each family adds (ignore_merges, byte fallback, </w>, user-defined
symbols...) shown in the explanation."""

import re

import pytest

from core.explain import explain
from core.notes import english, note
from core.formats.tiktoken.presets import LLAMA3_PATTERN
from core.formats.hf.runtime import HFRuntime
from core.formats.sentencepiece.runtime import SentencePieceRuntime
from core.formats.tiktoken.runtime import TiktokenRuntime
from tests.core import families as F
from tests.core.builders import SAMPLES

# slow: explains every tokenizer family (make check skips it)
pytestmark = pytest.mark.slow

HF_FAMILIES = {
    "llama2-legacy": lambda: F.llama2_spec(True), "llama2": lambda: F.llama2_spec(False),
    "llama3": F.llama3_spec, "qwen2": F.qwen2_spec, "gpt2": F.gpt2_spec,
    "bert-uncased": lambda: F.bert_spec(True), "bert-cased": lambda: F.bert_spec(False),
    "clip": F.clip_spec, "suffix-bpe": F.suffix_bpe_spec,
    "unigram": lambda: F.unigram_spec(False), "unigram-byte-fallback": lambda: F.unigram_spec(True),
}
SPECIAL_TEXTS = ["<s>hello</s> <unk> <|begin_of_text|>hi<|eot_id|>",
                 "<|im_start|>user\nhi<|im_end|> [CLS] a [SEP] <|endoftext|>"]
TEXTS = SAMPLES + F.sample_texts(8) + F.STRESS + SPECIAL_TEXTS


def _agree(runtime, texts=TEXTS):
    checked = 0
    for parse_special in (False, True):
        for text in texts:
            ex = explain(runtime, text, parse_special=parse_special)
            assert ex.supported, ex.reason
            expected = runtime.encode(text, add_special_tokens=False,
                                      parse_special=parse_special).ids.tolist()
            assert ex.ids == expected, (runtime.name, parse_special, text, ex.agreement.summary())
            assert ex.agreement.ok
            checked += 1
    return checked


@pytest.mark.parametrize("family", list(HF_FAMILIES))
def test_tokenizer_json_families_agree_with_tokenizers(family):
    assert _agree(HFRuntime(HF_FAMILIES[family](), name=family)) == 2 * len(TEXTS)


@pytest.mark.parametrize("variant", list(F.SPM_VARIANTS))
def test_sentencepiece_variants_agree_with_sentencepiece(variant):
    assert _agree(SentencePieceRuntime(F.spm_model(variant), name=variant)) == 2 * len(TEXTS)


def test_tiktoken_ranks_agree_and_whole_pretokens_are_taken_as_they_are():
    ranks = F.tiktoken_ranks(LLAMA3_PATTERN)
    runtime = TiktokenRuntime(ranks, pattern=LLAMA3_PATTERN, special={"<|x|>": len(ranks)})
    _agree(runtime, TEXTS + ["a<|x|>b"])
    word = next(t for t in ranks if re.fullmatch(rb" [a-z]{4,}", t)).decode()
    ex = explain(runtime, "9" + word)
    assert [w.kind for w in ex.words][-1] == "whole"
    assert ex.words[-1].ids == [ranks[word.encode()]] and ex.words[-1].steps == []
    parsed = explain(runtime, "a<|x|>b", parse_special=True)
    assert [(w.kind, w.ids) for w in parsed.words][1] == ("special", [len(ranks)])


def test_llama3_ignore_merges_takes_a_vocabulary_word_whole():
    runtime = HFRuntime(F.llama3_spec())
    vocab = F.llama3_spec()["model"]["vocab"]
    word = next(p for p in vocab if re.fullmatch("Ġ[a-z]{4,}", p))
    ex = explain(runtime, "x " + word[1:])
    assert ex.words[-1].kind == "whole" and ex.words[-1].pieces == [word]
    assert ex.words[-1].note.code == "explain.ignore_merges" and ex.agreement.ok


def test_llama2_byte_fallback_and_first_prepend_after_a_special_token():
    runtime = HFRuntime(F.llama2_spec(False))
    ex = explain(runtime, "héllo 😀")
    (word,) = ex.words  # Metaspace without split: one pre-token
    assert word.text == "▁héllo▁😀"
    assert word.pieces[-4:] == ["<0xF0>", "<0x9F>", "<0x98>", "<0x80>"]
    assert word.note.code == "explain.unknown_to_bytes" and ex.agreement.ok
    ex = explain(runtime, "<s>hi</s> there", parse_special=True)
    # prepend_scheme "first": "hi" after <s> gets no ▁, as in tokenizers
    assert [(w.kind, w.text, w.span) for w in ex.words] == [
        ("special", "<s>", (0, 3)), ("bpe", "hi", (3, 5)), ("special", "</s>", (5, 9)),
        ("bpe", "▁there", (9, 15))]
    assert ex.agreement.ok


def test_clip_end_of_word_suffix_is_part_of_the_last_symbol():
    ex = explain(HFRuntime(F.clip_spec()), "Lowest")
    (word,) = ex.words
    assert word.text == "lowest" and word.initial == ["l", "o", "w", "e", "s", "t</w>"]
    assert word.pieces[-1].endswith("</w>") and ex.agreement.ok


def test_sentencepiece_user_defined_symbols_are_whole_and_control_symbols_plain_text():
    runtime = SentencePieceRuntime(F.spm_model("bpe-symbols"))
    ex = explain(runtime, "<|im_start|>user\nhi<ctrl>", parse_special=True)
    # user-defined symbols are split out before the model (its prefix matcher takes them whole)
    assert [(w.kind, w.text, w.span) for w in ex.words] == [
        ("bpe", "▁", (0, 0)), ("special", "<|im_start|>", (0, 12)), ("bpe", "user", (12, 16)),
        ("special", "\n", (16, 17)), ("bpe", "hi<ctrl>", (17, 25))]
    assert ex.words[1].note.code == "explain.user_defined_first"
    assert "<ctrl>" not in ex.words[-1].pieces
    assert ex.notes[-1].code == "special.control_not_parsed" and ex.agreement.ok


def test_models_without_a_subword_algorithm_are_refused_with_a_reason():
    wordlevel = HFRuntime({"version": "1.0", "model": {
        "type": "WordLevel", "vocab": {"a": 0, "[UNK]": 1}, "unk_token": "[UNK]"}})
    ex = explain(wordlevel, "a b")
    assert not ex.supported and ex.agreement is None
    assert ex.reason == note("explain.no_subword_model", algorithm="WordLevel")
    assert "WordLevel model has no subword algorithm" in english(ex.reason)


def test_tiktoken_ranks_without_every_byte_are_refused_with_a_reason():
    ranks = {bytes([b]): b for b in range(256) if b != ord("q")}
    ranks[b"ab"] = 256
    runtime = TiktokenRuntime(ranks, pattern=r"\S+|\s+", special={})
    assert explain(runtime, "abab").agreement.ok
    ex = explain(runtime, "quiz")
    assert not ex.supported and english(ex.reason).startswith("byte 71 has no rank")
