"""The embedded demo tokenizers (resources/demo), explained exactly: no ../shared/data needed."""

import pytest

from core.explain import explain
from core.formats.detect import load_tokenizer
from core.notes import english, note
from tests.conftest import DEMO

TEXTS = ["lowest", "你好", "👍", "Hello 世界 👨\u200d👩\u200d👧 café", "<|endoftext|>", "  a\n\tb  ", ""]


@pytest.fixture(scope="module")
def demo_bpe():
    return load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")


@pytest.fixture(scope="module")
def demo_unigram():
    return load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")


def test_bpe_merges_of_lowest(demo_bpe):
    ex = explain(demo_bpe, "lowest")
    assert ex.model == "byte-level BPE (tokenizer.json)"
    (word,) = ex.words
    assert word.initial == list("lowest")
    assert [(s.rank, s.left, s.right) for s in word.steps] == [
        (49, "e", "s"), (315, "o", "w"), (1157, "es", "t")]
    assert word.steps[-1].symbols == ["l", "ow", "est"] == word.pieces
    assert ex.ids == [77, 573, 1415] and ex.agreement.ok


def test_bpe_merges_bytes_of_chinese_and_emoji(demo_bpe):
    ex = explain(demo_bpe, "你好")
    (word,) = ex.words
    assert [(s.rank, ex.readable(s.left), ex.readable(s.right)) for s in word.steps] == [
        (226, "<E4>", "<BD>"), (386, "<E5>", "<A5>"), (824, "<E5 A5>", "<BD>")]
    assert [ex.readable(p) for p in word.pieces] == ["<E4 BD>", "<A0>", "好"]
    assert ex.ids == [484, 256, 1082] and ex.agreement.ok
    ex = explain(demo_bpe, "👍")
    assert [ex.readable(p) for p in ex.words[0].pieces] == ["<F0 9F 91>", "<8D>"]
    assert ex.ids == [679, 237] and ex.agreement.ok


def test_special_token_is_matched_before_the_model_only_when_parsed(demo_bpe):
    plain = explain(demo_bpe, "<|endoftext|>")
    assert [w.kind for w in plain.words] == ["bpe", "bpe", "bpe"] and plain.agreement.ok
    parsed = explain(demo_bpe, "a<|endoftext|>b", parse_special=True)
    assert [(w.kind, w.text, w.span) for w in parsed.words] == [
        ("bpe", "a", (0, 1)), ("special", "<|endoftext|>", (1, 14)), ("bpe", "b", (14, 15))]
    assert parsed.words[1].ids == [0] and parsed.words[1].note.code == "explain.special_first"
    assert english(parsed.words[1].note) == "special token, matched before the model"
    assert parsed.agreement.ok


def test_unigram_lattice_of_lowest(demo_unigram):
    ex = explain(demo_unigram, "lowest", nbest=3)
    assert ex.model == "SentencePiece unigram"
    assert [w.text for w in ex.words] == ["▁", "lowest"]
    trace = ex.words[1].lattice
    assert [e.piece for e in trace.best] == ["l", "o", "w", "e", "st"]
    # only two segmentations exist (no "lo", "ow", "we"... in this small vocabulary)
    assert [p.pieces for p in trace.nbest] == [["l", "o", "w", "e", "st"],
                                               ["l", "o", "w", "e", "s", "t"]]
    assert [round(p.score, 3) for p in trace.nbest] == [-36.111, -38.552]
    assert sum(p.p_nbest for p in trace.nbest) == pytest.approx(1.0)
    assert [p.p_all for p in trace.nbest] == pytest.approx([p.p_nbest for p in trace.nbest])
    assert ex.ids == [259, 317, 324, 1498, 277, 434] and ex.agreement.ok


def test_unigram_byte_fallback_for_an_unknown_character(demo_unigram):
    ex = explain(demo_unigram, "你好")
    word = ex.words[1]
    assert [(e.piece, e.kind) for e in word.lattice.best] == [("你", "unk"), ("好", "piece")]
    assert word.pieces == ["<0xE4>", "<0xBD>", "<0xA0>", "好"]
    assert ex.ids == [259, 231, 192, 163, 626] and ex.agreement.ok


@pytest.mark.parametrize("text", TEXTS)
def test_both_demo_tokenizers_agree_with_their_runtime(demo_bpe, demo_unigram, text):
    for runtime in (demo_bpe, demo_unigram):
        for parse_special in (False, True):
            ex = explain(runtime, text, parse_special=parse_special)
            expected = runtime.encode(text, add_special_tokens=False, parse_special=parse_special)
            assert ex.ids == expected.ids.tolist(), (runtime.name, text)
            assert ex.agreement.ok and ex.agreement.summary() == f"matches runtime: {len(ex.ids)} tokens"


def test_sample_text_is_cut_and_says_so(demo_bpe):
    text = (DEMO / "sample.txt").read_text(encoding="utf-8") * 20
    ex = explain(demo_bpe, text, limit=300)
    assert ex.truncated and len(ex.text) <= 300 and text.startswith(ex.text)
    assert ex.notes[0] == note("explain.first_chars", shown=len(ex.text), total=len(text))
    assert english(ex.notes[0]) == (f"explaining the first {len(ex.text):,} of {len(text):,} "
                                    "characters")
    assert ex.agreement.ok
