"""Alignment properties and offsets through the pipeline (spaCy itself is the oracle of each
mode in test_spacy_oracle.py).

Properties (hypothesis) for random texts and spans: strict ⊆ contract ⊆ expand, expand holds
every group the span touches and falls on group boundaries, contract lies inside the span, and
the tokens strict finds spell exactly the span.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from core.align.alignment import align, align_encoding, token_groups
from core.align.tags import token_labels, window_labels
from core.loading import open_tokenizer
from core.pipeline.postprocess import Padding, Truncation, postprocess, window_encoding
from tests.core.align.test_native_oracle import cuts_from_intervals
from tests.core.builders import training_lines

ALPHABET = "ab c\u00e9e\u0301世界東京😀👨\u200d👩 .,\u3000ﬁⅣ"


def check_properties(groups, aligned, k, start, end):
    strict, nonempty = bool(aligned.strict[k]), bool(aligned.contract_nonempty[k])
    touched = [(s, e) for s, e in zip(groups.starts.tolist(), groups.ends.tolist())
               if s < end and e > start]
    expand = aligned.range("expand", k)
    if not touched:  # uncovered characters only: nothing to expand to
        assert expand is None and not nonempty
        return
    # expand: exactly the groups the span touches, whole (so on group boundaries)
    assert expand == (touched[0][0], touched[-1][1])
    assert int(aligned.expand_extra[k]) == max(0, start - expand[0]) + max(0, expand[1] - end)
    if nonempty:
        cs, ce = int(aligned.contract_start[k]), int(aligned.contract_end[k])
        assert start <= cs < ce <= end  # contract lies inside it
        assert expand[0] <= cs and ce <= expand[1]  # contract ⊆ expand
    if strict:
        assert nonempty  # strict ⊆ contract
        assert aligned.range("contract", k) == expand == (start, end)


@pytest.fixture(scope="module")
def normalizing_tokenizer(tmp_path_factory):
    """A byte-level BPE behind NFKC, accents stripped and lowercase, with a [CLS]/[SEP]
    template: spans must stay on the original text through all of it."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
    from tokenizers import trainers

    tk = Tokenizer(models.BPE())
    tk.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.NFD(),
                                          normalizers.StripAccents(), normalizers.Lowercase()])
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=400, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                  special_tokens=["[CLS]", "[SEP]", "[PAD]"])
    tk.train_from_iterator(training_lines() + ["東京 世界 東京都 Café"] * 20, trainer)
    cls, sep = tk.token_to_id("[CLS]"), tk.token_to_id("[SEP]")
    tk.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls), ("[SEP]", sep)])
    path = tmp_path_factory.mktemp("norm") / "tokenizer.json"
    path.write_text(tk.to_str(), encoding="utf-8")
    return open_tokenizer(path).runtime, Tokenizer.from_file(str(path))


text_and_span = st.text(alphabet=ALPHABET, min_size=1, max_size=24).flatmap(
    lambda t: st.tuples(st.just(t), st.integers(0, len(t) - 1)).flatmap(
        lambda ts: st.tuples(st.just(ts[0]), st.just(ts[1]),
                             st.integers(ts[1] + 1, len(ts[0])))))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text_and_span)
def test_properties_through_normalization(normalizing_tokenizer, case):
    runtime, native = normalizing_tokenizer
    text, start, end = case
    encoding = runtime.encode(text)  # [CLS] and [SEP] added: never aligned
    groups, aligned = align_encoding(encoding, [start], [end])
    check_properties(groups, aligned, 0, start, end)
    # the verdicts are the native offsets' (original text, after NFKC / accents / lowercase)
    starts, ends = cuts_from_intervals(native.encode(text, add_special_tokens=False).offsets,
                                       len(text))
    assert bool(aligned.start_ok[0]) == (start in starts)
    assert bool(aligned.end_ok[0]) == (end in ends)
    if aligned.strict[0]:  # the tokens found spell exactly the span
        tokens = groups.tokens(int(aligned.contract_groups[0][0]), int(aligned.contract_groups[1][0]))
        s, e = encoding.spans("cp")
        assert (int(s[tokens].min()), int(e[tokens].max())) == (start, end)
        assert not (encoding.flags[tokens] & 16).any()  # no added token in it


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text_and_span, st.integers(3, 8), st.integers(0, 2), st.sampled_from(["right", "left"]))
def test_spans_map_back_through_truncation_stride_and_padding(normalizing_tokenizer, case,
                                                               max_length, stride, side):
    runtime, _ = normalizing_tokenizer
    text, start, end = case
    assume(stride < max_length - 2)
    pad = Padding(runtime.token_to_id("[PAD]"), "[PAD]", length=max_length + 2, side=side)
    pair = "b c" if stride == 0 else None  # a pair template (a stride needs room a pair eats)
    result = postprocess(runtime, text, pair, truncation=Truncation(max_length, stride=stride),
                         padding=pad)
    content = result.encodings[0]
    labels = token_labels(content, [(start, end, "X")], mode="expand").labels
    _, whole = align_encoding(content, [start], [end])
    cs, ce = content.spans("cp")
    for window in [result.window, *result.overflow]:
        shown = window_encoding(result, window)
        ws, we = shown.spans("cp")
        mine = [p for q, p in zip(window.sequence_ids, window.positions) if q == 0]
        kept = (shown.flags & 16) == 0
        # every content token of the window keeps its own span on the original text
        assert ws[kept].tolist() == cs[mine].tolist() and we[kept].tolist() == ce[mine].tolist()
        # labels follow the tokens; added and pad tokens have none
        in_window = window_labels(window, labels)
        assert [lab for lab, q in zip(in_window, window.sequence_ids) if q == 0] == [
            labels[p] for p in mine]
        assert all(lab is None for lab, q in zip(in_window, window.sequence_ids) if q != 0)
        # a span whose tokens the window holds whole aligns in it as on the whole text
        _, part = align_encoding(shown, [start], [end])
        if whole.strict[0] and mine and cs[mine].min() <= start and ce[mine].max() >= end:
            assert part.strict[0]


def test_partial_character_is_never_a_boundary():
    """世 split over two byte-level tokens; 界 whole: only whole-character cuts count."""
    groups = token_groups(np.array([0, 0, 1]), np.array([1, 1, 2]))
    result = align(groups, np.array([0, 1, 0]), np.array([1, 2, 2]))
    assert result.strict.tolist() == [True, True, True]
    # " 世" in one token with half of 世, the rest of 世 in the next: 世 cannot be cut alone
    groups = token_groups(np.array([0, 1, 2]), np.array([2, 2, 3]))
    result = align(groups, np.array([1, 0]), np.array([2, 2]))
    assert result.start_ok.tolist() == [False, True]
    assert result.contract_nonempty.tolist() == [False, True]
    assert result.expand_start.tolist() == [0, 0]


def test_uncovered_characters_belong_to_the_token_before():
    """WordPiece drops spaces: "a b" tokens a (0,1), b (2,3)."""
    groups = token_groups(np.array([0, 2]), np.array([1, 3]))
    s = np.array([1, 0, 1])
    e = np.array([3, 2, 2])
    result = align(groups, s, e)
    assert result.start_ok.tolist() == [False, True, False]
    assert result.end_ok.tolist() == [True, False, False]
    assert result.contract_nonempty.tolist() == [True, True, False]
    assert result.contract_start.tolist()[:2] == [2, 0]
    # expand: the groups touched, whole: a space at either end is not a token's (spaCy)
    assert [result.range("expand", k) for k in range(3)] == [(2, 3), (0, 1), None]
    assert result.expand_extra.tolist() == [0, 0, 0]


def test_tags_bio_bilou_io_and_reported_spans():
    from core.encodings.encoding import Encoding

    text = "New York is big"
    words = [(0, 3), (3, 8), (8, 11), (11, 15)]  # "New", " York", " is", " big"
    enc = Encoding.build(text, ids=[1, 2, 3, 4], byte_starts=[a for a, _ in words],
                         byte_ends=[b for _, b in words], pieces=["New", "ĠYork", "Ġis", "Ġbig"],
                         token_bytes=[text[a:b].encode() for a, b in words])
    spans = [(0, 8, "LOC"), (4, 8, "LOC"), (13, 15, "ADJ")]
    strict = token_labels(enc, spans, mode="strict", scheme="bio")
    assert strict.labels == ["B-LOC", "I-LOC", "O", "O"]
    assert [(u.span, u.reason) for u in strict.reported] == [(1, "misaligned"), (2, "misaligned")]
    bilou = token_labels(enc, spans, mode="expand", scheme="bilou")
    assert bilou.labels == ["B-LOC", "L-LOC", "O", "U-ADJ"]
    assert [(u.span, u.reason, u.extra) for u in bilou.reported] == [
        (1, "overlap", 0), (2, "widened", 2)]
    io = token_labels(enc, [(0, 8, "LOC")], mode="contract", scheme="io")
    assert io.labels == ["I-LOC", "I-LOC", "O", "O"]
    assert [u.reason for u in token_labels(enc, [(1, 3, "X")], mode="contract").reported] == [
        "nothing inside"]
    assert json.dumps(strict.labels)  # plain JSON values
