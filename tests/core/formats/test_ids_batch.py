"""``Runtime.encode_ids_batch`` (issue #27, item 4): the IDs the native library gives, what
``encode_batch`` gives, and where a text is marked spelled, the byte spans ``encode_batch`` makes
from the token lengths; ``encode_some`` is ``encode_batch`` of those texts."""

from __future__ import annotations

import numpy as np
import pytest

from core.formats.detect import load_tokenizer
from tests.conftest import REAL_TOKENIZERS, TOKENIZERS, flores_lines, require_data
from tests.core.builders import FORMAT_NAMES, SAMPLES, built, options_for  # noqa: F401
from tests.core.formats.test_parity import EXTRA, native_for

ODD = ["", "a", "", "<|endoftext|> [CLS] <s> x", "ﬃ Ⅳ café", "😀\u200d", "  two  spaces "]


def assert_same_as_encode_batch(runtime, texts: list[str]) -> None:
    for add in (True, False):
        got = runtime.encode_ids_batch(texts, add_special_tokens=add)
        want = runtime.encode_batch(texts, add_special_tokens=add)
        assert got.ids.tolist() == want.ids.tolist()
        assert got.token_offsets.tolist() == want.token_offsets.tolist()
        spelled = np.repeat(got.spelled, got.counts)
        starts, ends = got.byte_spans()
        want_starts, want_ends = want.spans("bytes")
        assert starts[spelled].tolist() == want_starts[spelled].tolist()
        assert ends[spelled].tolist() == want_ends[spelled].tolist()
        some = np.flatnonzero(~got.spelled)[:40].tolist() + [0]
        again = got.encode_some(some)
        for j, k in enumerate(some):
            assert again[j].ids.tolist() == want[k].ids.tolist()
            assert again[j].byte_starts.tolist() == want[k].byte_starts.tolist()
            assert again[j].byte_ends.tolist() == want[k].byte_ends.tolist()
            assert again[j].flags.tolist() == want[k].flags.tolist()


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_every_runtime_gives_what_encode_batch_gives(built, kind):
    assert_same_as_encode_batch(load_tokenizer(built[kind], **options_for(kind)), SAMPLES + ODD)


def test_a_lone_surrogate_is_refused_as_encode_batch_refuses_it(built):
    runtime = load_tokenizer(built["tokenizer.json"], **options_for("tokenizer.json"))
    with pytest.raises(Exception) as by_batch:
        runtime.encode_batch(["fine", "a\ud800b"])
    with pytest.raises(Exception) as by_ids:
        runtime.encode_ids_batch(["fine", "a\ud800b"])
    assert type(by_ids.value) is type(by_batch.value)
    assert str(by_ids.value) == str(by_batch.value)


@pytest.mark.realdata
@pytest.mark.parametrize("name, rel", REAL_TOKENIZERS)
def test_real_tokenizers_on_flores_against_the_native_library(name, rel):
    path = require_data(TOKENIZERS / rel)
    runtime = load_tokenizer(path)
    native = native_for(name, path)
    texts = [line for lines in flores_lines(12).values() for line in lines] + EXTRA + ODD
    # the native calls of test_parity add BERT's [CLS] / [SEP] and no BOS
    got = runtime.encode_ids_batch(texts, add_special_tokens=name.startswith("bert"))
    assert [got.ids_of(k) for k in range(len(texts))] == [list(native(t)[0]) for t in texts]
    assert_same_as_encode_batch(runtime, texts)
    if name in ("gpt2", "claude-legacy"):  # byte-level: the FLORES lines NFKC leaves are spelled
        assert got.spelled.mean() > 0.5
