"""VocabBytes: every id's bytes in one array, built only when an array is needed."""

from __future__ import annotations

import numpy as np

from core.formats.detect import load_tokenizer
from core.encodings.vocab_bytes import VocabBytes
from tests.core.builders import built  # noqa: F401


def test_single_ids_are_asked_once_and_the_table_reuses_them():
    asked = []
    tokens = [b"a", b"", "世".encode()]
    vocab = VocabBytes.of(lambda i: asked.append(i) or tokens[i], 3)
    assert (vocab(2), vocab(2), vocab(7), vocab(-1)) == (tokens[2], tokens[2], b"", b"")
    assert asked == [2] and len(vocab) == 3
    blob, lengths = vocab.gather([2, 0, 9])
    assert bytes(blob) == tokens[2] + b"a" and lengths.tolist() == [3, 1, 0]
    assert asked == [2, 0, 1]  # the table asked only for the ids not asked before
    assert [vocab(i) for i in range(3)] == tokens
    assert vocab.all_lengths.tolist() == [1, 0, 3] and len(asked) == 3


def test_hf_token_bytes_are_the_vocabularys_and_a_plain_encode_does_not_build_it(built):
    """The tokenizers runtime keeps one record of token bytes (no cache of its own): encoding
    WordPiece text (no span to narrow) and reading its tokens asks only for those ids; the
    whole table is made when an array is needed."""
    runtime = load_tokenizer(built["wordpiece"])
    asked = []
    piece_bytes = runtime._piece_bytes
    runtime._piece_bytes = lambda i: asked.append(i) or piece_bytes(i)
    enc = runtime.encode("hello world", add_special_tokens=False)
    shown = [enc.bytes_at(i) for i in range(len(enc))]
    assert b" ".join(shown) == b"hello world"
    assert sorted(set(asked)) == sorted(set(enc.ids.tolist()))
    table = runtime.vocab_bytes
    assert len(table.all_lengths) == runtime.id_space  # now built, for every id
    assert [runtime.token_bytes(i) for i in enc.ids] == shown
    assert np.array_equal(table.lengths(enc.ids), [len(b) for b in shown])
