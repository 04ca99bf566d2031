"""VocabBytes: every id's bytes in one array, built only when an array is needed."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

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


def _ends_inside_read_slowly(token: bytes) -> bool:
    """A token ends inside a character where decoding its bytes from its last lead byte on
    stops short (no lead byte: False)."""
    leads = [i for i, byte in enumerate(token) if byte & 0xC0 != 0x80]
    if not leads:
        return False
    try:
        token[leads[-1]:].decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


@given(st.text(max_size=30), st.lists(st.integers(1, 5), max_size=40))
def test_ends_inside_is_a_cut_through_a_character(text, cuts):
    """Cut a text's UTF-8 anywhere: each piece ends inside a character exactly where the text's
    next byte is a continuation byte, for a piece that holds a lead byte."""
    data, pieces, at = text.encode(), [], 0
    for step in cuts:
        if at < len(data):
            pieces.append(data[at:at + step])
            at += step
    if at < len(data):
        pieces.append(data[at:])
    pieces.append(b"")
    found = VocabBytes.from_list(pieces).ends_inside.tolist()
    assert found == [_ends_inside_read_slowly(p) for p in pieces]
    at = 0
    for piece, inside in zip(pieces, found):
        at += len(piece)
        follows_inside = at < len(data) and data[at] & 0xC0 == 0x80
        has_lead = any(byte & 0xC0 != 0x80 for byte in piece)
        assert inside == (has_lead and follows_inside)
