"""The explainer against the real tokenizers in ../shared/data on FLORES-200 lines in 30
languages (Chinese, Japanese, Khmer, Amharic... and emoji): the IDs must be the runtime's."""

import pytest

from core.explain import explain
from core.formats.detect import load_tokenizer
from tests.conftest import REAL_TOKENIZERS, TOKENIZERS, flores_lines, require_data

pytestmark = pytest.mark.realdata
LINES_PER_LANGUAGE = 12
PROBES = ["Hello 世界 👨\u200d👩\u200d👧 café", "低碳模型 🤖🧠 emoji: 😀👍🏽🇯🇵 ok", "ﬃ Ⅳ 1234567 naïve",
          "  two  spaces\n\ttab\r\n", "unaffable tokenization <|endoftext|> [CLS] <s>"]


def _runtime(rel: str):
    return load_tokenizer(require_data(TOKENIZERS / rel))


@pytest.fixture(scope="module")
def flores():
    by_language = flores_lines(LINES_PER_LANGUAGE)
    assert {"zho_Hans", "zho_Hant", "jpn_Jpan", "khm_Khmr", "amh_Ethi"} <= set(by_language)
    return [line for lines in by_language.values() for line in lines]


@pytest.mark.parametrize("rel", [p for _, p in REAL_TOKENIZERS], ids=[n for n, _ in REAL_TOKENIZERS])
def test_explainer_ids_equal_the_runtime_ids_on_flores(rel, flores):
    runtime = _runtime(rel)
    assert len(flores) == 30 * LINES_PER_LANGUAGE
    for text in flores + PROBES:
        ex = explain(runtime, text, nbest=2)
        expected = runtime.encode(text, add_special_tokens=False).ids.tolist()
        assert ex.ids == expected, (rel, text, ex.agreement.summary())
        assert ex.agreement.ok and ex.runtime_ids == expected
    for text in PROBES:
        assert explain(runtime, text, parse_special=True).agreement.ok


def test_gpt2_probe_ids_and_the_merges_of_chinese():
    runtime = _runtime("gpt2.tiktoken")
    ex = explain(runtime, "Hello 世界 👨\u200d👩\u200d👧 café")
    assert ex.ids == [15496, 220, 10310, 244, 45911, 234, 50169, 101, 447, 235, 41840, 102, 447,
                      235, 41840, 100, 40304]
    ex = explain(runtime, "lower 你好")
    assert ex.words[0].kind == "whole" and ex.words[0].ids == [21037]
    word = ex.words[1]
    assert ex.readable(word.text) == "␣你好"
    assert [(s.rank, ex.readable(s.left), ex.readable(s.right)) for s in word.steps] == [
        (19526, "<E4>", "<BD>"), (25001, "<E5>", "<A5>")]
    assert word.ids == [220, 19526, 254, 25001, 121]


def test_bert_probe_and_greedy_matches():
    runtime = _runtime("bert-minilm/tokenizer.json")
    assert explain(runtime, "Hello 世界 👨\u200d👩\u200d👧 café").ids == [7592, 1745, 100, 100, 7668]
    ex = explain(runtime, "unaffable 界")
    una, jie = ex.words
    assert [(m.start, m.end, m.piece) for m in una.matches] == [
        (0, 3, "una"), (3, 6, "##ffa"), (6, 9, "##ble")]
    assert jie.pieces == ["[UNK]"] and jie.matches[0].piece is None


def test_sentencepiece_unigram_lattice_on_the_english_model():
    ex = explain(_runtime("sentencepiece/test_model.model"), "hello", nbest=3)
    trace = ex.words[0].lattice
    assert [e.piece for e in trace.best] == ["▁he", "ll", "o"]
    assert [p.pieces for p in trace.nbest] == [["▁he", "ll", "o"], ["▁he", "l", "l", "o"],
                                               ["▁", "he", "ll", "o"]]
    assert [round(p.p_all, 4) for p in trace.nbest] == [0.9805, 0.0143, 0.0048]


def test_mistral_sentencepiece_bpe_merges_by_score_and_falls_back_to_bytes():
    ex = explain(_runtime("mistral-v3/tokenizer.model"), "lower 👨\u200d👩")
    lower = ex.words[0]
    assert [(s.rank, s.left, s.right, s.score) for s in lower.steps] == [
        (1031, "e", "r", -4.0), (1073, "▁", "l", -46.0), (1104, "o", "w", -77.0),
        (1840, "ow", "er", -813.0), (4657, "▁l", "ower", -3630.0)]
    assert lower.pieces == ["▁lower"]
    pieces = [p for w in ex.words[1:] for p in w.pieces]
    assert pieces[:5] == ["▁", "<0xF0>", "<0x9F>", "<0x91>", "<0xA8>"]
    assert ex.agreement.ok
