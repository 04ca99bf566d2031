"""Boundary differences between real tokenizers, checked against the native libraries' own cuts."""

from __future__ import annotations

import numpy as np
import pytest

from core.encodings.boundaries import (compare_boundaries, differing_boundaries, token_boundaries,
                             tokens_at_differences)
from core.encodings.encoding import Flag
from core.formats.detect import load_tokenizer
from tests.conftest import DEMO, TOKENIZERS, require_data

BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
TEXT = "Tokenizers 分词器 split text differently: 你好，世界！ 👨\u200d👩\u200d👧 naïve café 🍣"


def snapped(cuts: set[int], text: str) -> set[int]:
    """Cuts moved forward past ASCII whitespace, one by one (how a cut before or after a space
    counts as the same)."""
    data = text.encode()
    out = set()
    for cut in cuts:
        while cut < len(data) and data[cut:cut + 1] in (b" ", b"\t", b"\n", b"\r", b"\x0b", b"\x0c"):
            cut += 1
        out.add(cut)
    return out


def raw_cuts(enc) -> set[int]:
    return {int(x) for i in range(len(enc)) if not enc.flags[i] & Flag.INSERTED
            for x in (enc.byte_starts[i], enc.byte_ends[i])}


def native_hf_boundaries(path, text: str) -> set[int]:
    """Byte offsets where the `tokenizers` library's tokens start or end, tokens of length > 0."""
    import tokenizers

    tk = tokenizers.Tokenizer.from_file(str(path))
    tk.no_padding()
    tk.no_truncation()
    enc = tk.encode(text, add_special_tokens=False)
    byte_at = np.concatenate(([0], np.cumsum([len(c.encode()) for c in text])))
    return {int(byte_at[x]) for s, e in enc.offsets if e > s for x in (s, e)}


def test_demo_bpe_and_unigram_differ_where_their_cuts_differ():
    bpe, uni = load_tokenizer(BPE).encode(TEXT), load_tokenizer(UNIGRAM).encode(TEXT)
    a, b = set(token_boundaries(bpe).tolist()), set(token_boundaries(uni).tolist())
    assert a == snapped(raw_cuts(bpe), TEXT) and b == snapped(raw_cuts(uni), TEXT)
    assert {0, len(TEXT.encode())} <= a & b
    differing, marks = compare_boundaries([bpe, uni])
    assert differing.tolist() == sorted(a ^ b)
    assert len(differing) > 0
    # a token is marked exactly when a differing offset lies on its span (its end taken past
    # the whitespace after it)
    for enc, marked in ((bpe, marks[0]), (uni, marks[1])):
        for i in range(len(enc)):
            s, e = int(enc.byte_starts[i]), int(enc.byte_ends[i])
            (e,) = snapped({e}, TEXT)
            assert marked[i] == any(s <= d <= e for d in differing.tolist()), i
    # the same tokenizer twice: nothing differs
    same, same_marks = compare_boundaries([bpe, load_tokenizer(BPE).encode(TEXT)])
    assert len(same) == 0 and not any(m.any() for m in same_marks)


def test_three_way_difference_is_not_in_every_boundary_set():
    sets = [np.array([0, 2, 4, 6]), np.array([0, 2, 6]), np.array([0, 3, 6])]
    assert differing_boundaries(sets).tolist() == [2, 3, 4]
    assert differing_boundaries(sets[:1]).tolist() == []


@pytest.mark.realdata
def test_gpt2_against_bert_on_the_native_cuts():
    from tiktoken.load import load_tiktoken_bpe

    gpt2_path = require_data(TOKENIZERS / "gpt2.tiktoken")
    bert_path = require_data(TOKENIZERS / "bert-minilm" / "tokenizer.json")
    text = "Hello 世界 👨\u200d👩\u200d👧 café"
    gpt2 = load_tokenizer(gpt2_path).encode(text)
    bert = load_tokenizer(bert_path).encode(text)  # [CLS] ... [SEP] cover no text
    differing, (gpt2_marks, bert_marks) = compare_boundaries([gpt2, bert])
    # GPT-2's cuts from the rank file itself: each id's bytes, laid end to end
    bytes_of = {rank: token for token, rank in load_tiktoken_bpe(str(gpt2_path)).items()}
    gpt2_cuts = {0} | set(np.cumsum([len(bytes_of[i]) for i in gpt2.ids.tolist()]).tolist())
    bert_cuts = native_hf_boundaries(bert_path, text)
    assert differing.tolist() == sorted(snapped(gpt2_cuts, text) ^ snapped(bert_cuts, text))
    # GPT-2 splits 世 (E4 B8 | 96) and 界 (E7 95 | 8C); BERT keeps them whole
    assert 8 in differing and 11 in differing
    assert not bert_marks[0] and not bert_marks[-1]  # [CLS] and [SEP]
    assert gpt2_marks.any() and bert_marks.any()


@pytest.mark.realdata
def test_where_the_space_goes_is_not_a_difference():
    """GPT-2 keeps the space with the next word, BERT drops it: the words are cut alike."""
    text = "The quick brown fox.\n  Tokenization!"
    gpt2 = load_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken")).encode(text)
    bert = load_tokenizer(require_data(TOKENIZERS / "bert-minilm" / "tokenizer.json")).encode(text)
    assert raw_cuts(gpt2) != raw_cuts(bert)  # " quick" against "quick"
    differing, marks = compare_boundaries([gpt2, bert])
    # and the words themselves are cut alike (GPT-2 "Token|ization", BERT "token|##ization")
    assert differing.tolist() == sorted(snapped(raw_cuts(gpt2), text) ^ snapped(raw_cuts(bert), text))
    assert differing.tolist() == []
    assert not any(m.any() for m in marks)
