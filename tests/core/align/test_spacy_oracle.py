"""Every alignment mode equals spaCy's own ``Doc.char_span`` (spaCy as the oracle, a test extra).

Two layers, as demanding as spaCy's own tests of ``char_span`` (tests/doc/test_span.py:
strict, contract and expand around an entity, a start one past a token) and more:

- on spaCy's own tokens (``spacy.blank("xx")``: whitespace tokens, a trailing space per token),
  the core's vectorized :func:`~core.align.alignment.align` is asked every span of some texts
  and random spans of random texts (spaces, newlines, tabs, ideographic spaces, CJK, combining
  marks, emoji), and must give spaCy's answer in each mode: no mapping of any kind between them;
- on real tokenizers (gpt2 tiktoken, BERT, claude-legacy, SentencePiece) and a synthetic
  whitespace tokenizer, the spaCy Doc is built from the *native library's* offsets
  (:mod:`tests.core.align.spacy_oracle`) and the core aligns the workbench's encoding: every
  span of some texts and random spans of random texts, all three modes, and the whole-dataset
  audit (its batched path) on the same spans.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.align.alignment import MODES, align, align_encoding, token_groups
from core.align.audit import audit_dataset
from core.align.dataset import Dataset
from core.loading import open_tokenizer
from tests.conftest import TOKENIZERS, require_data
from tests.core.align.spacy_oracle import (EMPTY, SpacyOracle, blank, core_answer,
                                           groups_of_intervals)
from tests.core.align.test_native_oracle import R50K

ALPHABET = "ab Tc.,'-\n\t\u3000世界東京e\u0301\u0308😀ﬁⅣ"
GRID_TEXTS = [
    "This is a sentence.",
    "  Tokyo  is\n big ",
    "東京都に 行く。\n世界!",
    "e\u0301te\u0301 ﬁn\tⅣ x",
    "😀👨\u200d👩 ok  \u3000z",
]


def all_spans(text: str) -> list[tuple[int, int]]:
    return [(s, e) for s in range(len(text)) for e in range(s + 1, len(text) + 1)]


texts = st.text(alphabet=ALPHABET, min_size=1, max_size=30)


@st.composite
def text_and_spans(draw):
    text = draw(texts)
    spans = []
    for _ in range(draw(st.integers(1, 12))):
        s = draw(st.integers(0, len(text) - 1))
        spans.append((s, draw(st.integers(s + 1, len(text)))))
    return text, spans


# -- layer 1: spaCy's own tokens, nothing mapped ------------------------------------------------
def spacy_tokens_check(text: str, spans) -> None:
    doc = blank()(text)
    groups = token_groups(np.array([t.idx for t in doc]), np.array([t.idx + len(t) for t in doc]))
    aligned = align(groups, np.array([s for s, _ in spans]), np.array([e for _, e in spans]))
    for k, (s, e) in enumerate(spans):
        for mode in MODES:
            span = doc.char_span(s, e, alignment_mode=mode)
            expected = (None if span is None else EMPTY if len(span) == 0
                        else (span.start_char, span.end_char))
            assert core_answer(aligned, k, mode) == expected, (text, s, e, mode)
        # start ok / end ok are spaCy's token_by_start / token_by_end
        assert bool(aligned.start_ok[k]) == any(t.idx == s for t in doc)
        assert bool(aligned.end_ok[k]) == any(t.idx + len(t) == e for t in doc)


@pytest.mark.parametrize("text", GRID_TEXTS)
def test_every_span_equals_spacy_on_its_own_tokens(text):
    spacy_tokens_check(text, all_spans(text))


@settings(max_examples=300, deadline=None)
@given(text_and_spans())
def test_random_spans_equal_spacy_on_its_own_tokens(case):
    spacy_tokens_check(*case)


def test_a_span_ending_on_a_trailing_space():
    """The issue's case: "This " on "This is a sentence." -- spaCy expands to "This" (the
    trailing space is not the token's); strict refuses it, contract gives "This" too."""
    text = "This is a sentence."
    doc = blank()(text)
    groups = token_groups(np.array([t.idx for t in doc]), np.array([t.idx + len(t) for t in doc]))
    aligned = align(groups, np.array([0]), np.array([5]))
    for mode in MODES:
        span = doc.char_span(0, 5, alignment_mode=mode)
        assert core_answer(aligned, 0, mode) == (None if span is None
                                                 else (span.start_char, span.end_char))
    assert aligned.range("expand", 0) == (0, len(doc[0].text))  # narrower than the span
    assert int(aligned.expand_extra[0]) == 0 and not aligned.strict[0]


# -- layer 2: the tokenizer's native offsets as a spaCy Doc -------------------------------------
def hf_intervals(path):
    from tokenizers import Tokenizer

    tk = Tokenizer.from_file(str(path))
    tk.no_truncation()
    tk.no_padding()
    return lambda text: tk.encode(text, add_special_tokens=False).offsets


def spm_intervals(path):
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_file=str(path))

    def intervals(text):
        ends = np.cumsum([0] + [len(c.encode("utf-8")) for c in text])  # byte offset of each cp

        def cp(byte, side):  # the character holding a byte offset, rounded outward
            return int(np.searchsorted(ends, byte, side=side)) - (1 if side == "right" else 0)
        proto = sp.encode(text, out_type="proto")
        return [(cp(p.begin, "right"), cp(p.end, "left")) for p in proto.pieces]
    return intervals


def tiktoken_intervals(path):
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    enc = tiktoken.Encoding("r50k-test", pat_str=R50K, mergeable_ranks=load_tiktoken_bpe(
        str(path)), special_tokens={"<|endoftext|>": 50256})

    def intervals(text):
        ids = enc.encode_ordinary(text)
        _, offsets = enc.decode_with_offsets(ids)
        firsts = [enc.decode_single_token_bytes(i)[0] for i in ids]
        # a token whose first byte continues a character starts inside it: no boundary there
        cuts = sorted({o for o, b in zip(offsets, firsts) if not 0x80 <= b < 0xC0} | {len(text)})
        return list(zip(cuts, cuts[1:]))
    return intervals


@pytest.fixture(scope="module")
def whitespace_tokenizer(tmp_path_factory):
    """A tokenizer that splits on whitespace and drops it (every word one token): spaCy's Doc
    of its offsets is the plain words + spaces one."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    tk = Tokenizer(models.WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
    tk.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    path = tmp_path_factory.mktemp("ws") / "tokenizer.json"
    path.write_text(tk.to_str(), encoding="utf-8")
    return path


REAL = [  # (id, file, native offsets, loading options)
    ("gpt2", "gpt2.tiktoken", tiktoken_intervals, {"preset": "gpt2"}),
    ("bert", "bert-minilm/tokenizer.json", hf_intervals, {}),
    ("claude-legacy", "claude-legacy/tokenizer.json", hf_intervals, {}),
    ("spm-en", "sentencepiece/test_model.model", spm_intervals, {}),
    ("spm-ja", "sentencepiece/test_ja_model.model", spm_intervals, {}),
]


@pytest.fixture(scope="module", params=["whitespace"] + [
    pytest.param(r[0], marks=pytest.mark.realdata) for r in REAL])
def tokenizer(request, whitespace_tokenizer):
    """(runtime, native intervals of a text) for each tokenizer checked."""
    if request.param == "whitespace":
        return open_tokenizer(whitespace_tokenizer).runtime, hf_intervals(whitespace_tokenizer)
    _, file, native, options = next(r for r in REAL if r[0] == request.param)
    path = require_data(TOKENIZERS / file)
    return open_tokenizer(path, **options).runtime, native(path)


def offsets_check(tokenizer, text: str, spans) -> None:
    runtime, native = tokenizer
    oracle = SpacyOracle(text, groups_of_intervals(native(text)))
    encoding = runtime.encode(text, add_special_tokens=False)
    _, aligned = align_encoding(encoding, [s for s, _ in spans], [e for _, e in spans])
    for k, (s, e) in enumerate(spans):
        for mode in MODES:
            expected = oracle.char_span(s, e, mode)
            assert expected is not None or mode != "expand"  # spaCy: a span is always found
            assert core_answer(aligned, k, mode) == expected, (text, s, e, mode)


@pytest.mark.parametrize("text", GRID_TEXTS)
def test_every_span_equals_spacy_on_the_tokenizers_offsets(tokenizer, text):
    offsets_check(tokenizer, text, all_spans(text))


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=text_and_spans())
def test_random_spans_equal_spacy_on_the_tokenizers_offsets(tokenizer, case):
    offsets_check(tokenizer, *case)


def test_the_audit_equals_spacy_on_every_span(tokenizer, tmp_path):
    """The whole-dataset path (texts laid end to end, spans batched, JSON summary) agrees with
    spaCy on every span of the grid texts: strict verdicts, contract and expand ranges."""
    runtime, native = tokenizer
    rows = [{"text": t, "spans": [{"start": s, "end": e, "label": "X"} for s, e in all_spans(t)]}
            for t in GRID_TEXTS]
    path = tmp_path / "grid.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                    encoding="utf-8")
    audit = audit_dataset(Dataset(path), [("t", runtime)], chunk=2)
    result = audit.tokenizers[0]
    misaligned = {(m.record, m.start, m.end): m for m in audit.misaligned_spans(result)}
    k = 0
    for record, row in enumerate(rows):
        oracle = SpacyOracle(row["text"], groups_of_intervals(native(row["text"])))
        for span in row["spans"]:
            s, e = span["start"], span["end"]
            strict = oracle.char_span(s, e, "strict")
            assert bool(result.strict[k]) == (strict is not None)
            if strict is None:
                item = misaligned[(record, s, e)]
                contract, expand = oracle.char_span(s, e, "contract"), oracle.char_span(s, e,
                                                                                        "expand")
                assert item.contract == (None if contract is None else tuple(contract))
                assert item.expand == (None if expand == EMPTY else tuple(expand))
            k += 1
