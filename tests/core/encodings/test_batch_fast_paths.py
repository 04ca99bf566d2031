"""The corpus paths of ``encode_batch`` give what the readable path gives, text for text.

The fast paths: each unit's spans converted in two halves on two threads (a corpus'), the
offset tables built ahead in a thread (:class:`core.encodings.spans.JoinedTexts`,
for a corpus), spans made on the joined texts at once where tokens spell their texts
(:func:`core.encodings.spans.spelled_joined_spans`: tiktoken, and a byte-level ``tokenizer.json``
whose normalizer leaves every text as it is), tiktoken's ids from the library's buffers, the
library's offsets asked only of the texts a normalizer changed, and every text in code points
(a normalizing SentencePiece model). The readable path: each text's own native answer
(``_native``), gathered with :meth:`NativeMany.of` and converted with the tables built when read;
for ``tokenizers``, also the library's offsets for every text, with nothing assumed spelled.

Random multilingual texts (CJK, emoji and ZWJ sequences, combining marks, CR LF, empty texts,
special-token literals), so byte-level tokens cut characters (partial UTF-8 tokens).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.encodings import batch as batch_module
from core.encodings import spans as spans_module
from core.encodings.batch import EncodingBatch
from core.encodings.spans import NativeMany
from core.formats.detect import load_tokenizer
from core.formats.tiktoken.presets import preset
from tests.conftest import DEMO, TOKENIZERS, require_data
from tests.core import families as fam
from tests.core.encodings.test_small_vs_batch import PIECES, TEXTS

UNITS = ("bytes", "cp", "utf16", "grapheme")

BATCHES = st.lists(st.one_of(TEXTS, st.sampled_from(["", "\r\n", "a\r\nb", *PIECES])),
                   min_size=1, max_size=8)


def readable(runtime, texts, add_special_tokens: bool) -> EncodingBatch:
    """Each text's own native answer, gathered; tables built when read; each unit in one
    pass."""
    return gathered(runtime, texts, [runtime._native(t, add_special_tokens, False) for t in texts])


def gathered(runtime, texts, answers) -> EncodingBatch:
    """The batch of these per-text native answers, every unit's spans made in one pass."""
    batch = EncodingBatch(runtime, texts, NativeMany.of(answers))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(batch_module, "SPLIT_TOKENS", 1 << 62)
        for unit in UNITS:
            batch.spans(unit)
    return batch


def assert_same(got: EncodingBatch, want: EncodingBatch, where) -> None:
    assert got.ids.tolist() == want.ids.tolist(), where
    assert got.flags.tolist() == want.flags.tolist(), where
    assert got.token_offsets.tolist() == want.token_offsets.tolist(), where
    for unit in UNITS:
        for a, b in zip(got.spans(unit), want.spans(unit)):
            assert a.tolist() == b.tolist(), (where, unit)
    for k in range(len(want)):
        assert got[k].byte_starts.tolist() == want[k].byte_starts.tolist(), where
        assert got[k].warnings == want[k].warnings, where


def check(runtime, monkeypatch, *others, examples: int = 40) -> None:
    """``encode_batch`` with the tables built ahead and each unit converted in two halves on
    two threads (every batch counts as a corpus) equals :func:`readable`, and so does each
    runtime in ``others`` (the same tokenizer, other settings)."""
    monkeypatch.setattr(spans_module, "AHEAD_CHARS", 0)
    monkeypatch.setattr(batch_module, "SPLIT_TOKENS", 1)
    monkeypatch.setattr(batch_module, "_CORES", 2)

    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])
    @given(texts=BATCHES, add_special_tokens=st.booleans())
    @example(texts=["", "a", ""], add_special_tokens=False)
    @example(texts=["\r\n", "世界 👍🏽", "ｆｕｌｌ ﬃ"], add_special_tokens=True)
    @example(texts=["👨\u200d👩\u200d👧 नमस्ते", "", "e\u0301\r\n"], add_special_tokens=False)
    def run(texts, add_special_tokens):
        want = readable(runtime, texts, add_special_tokens)
        where = (texts, add_special_tokens)
        assert_same(runtime.encode_batch(texts, add_special_tokens=add_special_tokens), want,
                    where)
        for other in others:
            assert_same(other.encode_batch(texts, add_special_tokens=add_special_tokens),
                        want, where)

    run()


def test_spelled_joined_spans_lay_each_text_after_a_separator():
    starts, ends, joined = spans_module.spelled_joined_spans(np.array([2, 0, 3, 1]),
                                                            np.array([2, 0, 2, 0]))
    assert starts.tolist() == [0, 2, 4, 7] and ends.tolist() == [2, 2, 7, 8]
    assert joined.tolist() == [0, 3, 4, 9, 9]  # the last entry: where the last text ends


def test_tables_built_ahead_are_the_tables_built_when_read():
    texts = ["a\r\nb", "", "世界 👍🏽", "e\u0301", "नमस्ते"]
    ahead = spans_module.JoinedTexts(texts, ahead=True)
    later = spans_module.JoinedTexts(texts, ahead=False)
    a, b = ahead.ready("grapheme"), later.ready("grapheme")
    assert a.text == b.text and a.data == b.data
    assert ahead.byte_starts.tolist() == later.byte_starts.tolist()
    for table in ("cp_bytes", "cp_utf16", "grapheme_cps"):
        assert getattr(a, table).tolist() == getattr(b, table).tolist(), table


def test_a_refused_text_refuses_with_the_tables_ahead(monkeypatch):
    from core.errors import TextError

    monkeypatch.setattr(spans_module, "AHEAD_CHARS", 0)
    runtime = load_tokenizer(DEMO / "demo-bpe/tokenizer.json")
    with pytest.raises(TextError):
        runtime.encode_batch(["ok", "a\ud800"])


def test_a_refused_text_refuses_in_tiktoken_chunks(tmp_path, monkeypatch):
    """The texts' checks run beside the chunks' encode: their error, not the library's."""
    from core.errors import TextError
    from core.formats.tiktoken import runtime as tiktoken_runtime

    monkeypatch.setattr(tiktoken_runtime, "native_threads", lambda texts: 2)
    path = fam.write_rank_file(tmp_path, fam.tiktoken_ranks(preset("gpt2").pattern),
                               name="gpt2.tiktoken")
    runtime = load_tokenizer(path, preset="gpt2")
    for texts in (["ok", "a\ud800"], ["a\ud800", "ok", "fine"]):
        with pytest.raises(TextError):
            runtime.encode_batch(texts)
    assert runtime.encode_batch(["<|endoftext|> a", "b"])[0].warnings  # the literal's note


def test_tiktoken_family_batch_equals_readable(tmp_path, monkeypatch):
    path = fam.write_rank_file(tmp_path, fam.tiktoken_ranks(preset("gpt2").pattern),
                               name="gpt2.tiktoken")
    check(load_tokenizer(path, preset="gpt2"), monkeypatch)


def test_tiktoken_batch_in_chunks_on_threads_equals_readable(tmp_path, monkeypatch):
    """Every batch encoded in two or three chunks of texts, each laid into the result arrays
    on its own thread (a corpus' path): line order across the chunks' edges, empty texts."""
    from core.formats.tiktoken import runtime as tiktoken_runtime

    path = fam.write_rank_file(tmp_path, fam.tiktoken_ranks(preset("gpt2").pattern),
                               name="gpt2.tiktoken")
    runtime = load_tokenizer(path, preset="gpt2")
    for threads in (2, 3):
        monkeypatch.setattr(tiktoken_runtime, "native_threads", lambda texts: threads)
        check(runtime, monkeypatch, examples=25)


def test_tiktoken_chunks_lay_code_points_without_the_texts_tables(tmp_path, monkeypatch):
    """The chunked batch lays its code point spans with the bytes, and shifts UTF-16 past the
    few astral characters itself: neither table is built, and every unit equals the
    readable path's; with many astral characters (here: more than none) the tables are used."""
    from core.formats.tiktoken import runtime as tiktoken_runtime
    from core.text import offsets as offsets_module

    monkeypatch.setattr(tiktoken_runtime, "native_threads", lambda texts: 2)
    monkeypatch.setattr(spans_module, "AHEAD_CHARS", 0)
    path = fam.write_rank_file(tmp_path, fam.tiktoken_ranks(preset("gpt2").pattern),
                               name="gpt2.tiktoken")
    runtime = load_tokenizer(path, preset="gpt2")
    texts = ["a 😀 b", "", "世界 👍🏽 e\u0301", "नमस्ते 😀😀", "plain"] * 3
    want = readable(runtime, texts, False)
    got = runtime.encode_batch(texts, add_special_tokens=False)
    assert_same(got, want, texts)
    assert "_cp_tables" not in got.index.__dict__ and "cp_utf16" not in got.index.__dict__
    monkeypatch.setattr(offsets_module, "FEW_ASTRAL", 0)
    monkeypatch.setattr(spans_module, "FEW_ASTRAL", 0)
    got = runtime.encode_batch(texts, add_special_tokens=False)
    assert_same(got, want, texts)
    assert "cp_utf16" in got.index.__dict__


@pytest.mark.realdata
def test_gpt2_batch_in_chunks_on_threads_equals_readable(monkeypatch):
    from core.formats.tiktoken import runtime as tiktoken_runtime

    runtime = load_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken"))
    monkeypatch.setattr(tiktoken_runtime, "native_threads", lambda texts: 2)
    check(runtime, monkeypatch, examples=30)


def _offsets_only(rel_or_path):
    """The same ``tokenizer.json``, told nothing is spelled: the library's offsets for every
    text."""
    runtime = load_tokenizer(rel_or_path)
    runtime.__dict__["_spells_text"] = None
    return runtime


def test_demo_bpe_batch_equals_readable(monkeypatch):
    path = DEMO / "demo-bpe/tokenizer.json"
    check(load_tokenizer(path), monkeypatch, _offsets_only(path))


@pytest.mark.realdata
@pytest.mark.parametrize("rel", ["gpt2.tiktoken", "bert-minilm/tokenizer.json",
                                 "claude-legacy/tokenizer.json", "mistral-v3/tokenizer.model",
                                 "sentencepiece/test_ja_model.model"])
def test_benched_tokenizers_batch_equals_readable(rel, monkeypatch):
    path = require_data(TOKENIZERS / rel)
    others = [_offsets_only(path)] if rel.endswith(".json") else []
    check(load_tokenizer(path), monkeypatch, *others, examples=30)
