"""Acceptance: on the shared Japanese NER set, the audit's verdicts equal the native libraries'.

Each tokenizer is run here on its own library (``tokenizers`` offsets, SentencePiece
proto byte offsets (``encode(out_type='proto')``; ``encode_as_immutable_proto`` before 0.2.1), tiktoken ``decode_with_offsets``), and the verdicts
are computed from those offsets alone, without core: a position is a token *start* when a token
begins there and no token runs across it, an *end* likewise; start ok = the span's start is a
start, end ok = its end is an end, contract non-empty = a start and a later end lie inside it.
The audit must agree span by span (so the shares agree too).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from core.align.audit import audit_dataset
from core.align.dataset import Dataset
from core.loading import open_tokenizer
from tests.conftest import DATA, TOKENIZERS, require_data

pytestmark = pytest.mark.realdata

SPANS = DATA / "spans" / "ja_stockmark_ner_wikipedia.spans.jsonl"
R50K = (r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")

SHARED = [  # (name, file, library, loading options)
    ("gpt2", "gpt2.tiktoken", "tiktoken", {"preset": "gpt2"}),
    ("bert", "bert-minilm/tokenizer.json", "tokenizers", {}),
    ("bert-vocab", "bert-minilm/vocab.txt", "wordpiece", {}),
    ("claude-legacy", "claude-legacy/tokenizer.json", "tokenizers", {}),
    ("spm-en", "sentencepiece/test_model.model", "sentencepiece", {}),
    ("spm-ja", "sentencepiece/test_ja_model.model", "sentencepiece", {}),
    ("mistral", "mistral-v3/tokenizer.model", "sentencepiece", {}),
]


def cuts_from_intervals(intervals, n: int) -> tuple[set, set]:
    """Token starts and ends (code points) that no token runs across."""
    inside = set()
    for s, e in intervals:
        inside.update(range(s + 1, e))
    starts = {s for s, e in intervals if e > s} - inside
    ends = {e for s, e in intervals if e > s} - inside
    return starts, ends


def hf_cuts(path):
    from tokenizers import Tokenizer

    tk = Tokenizer.from_file(str(path))
    tk.no_truncation()
    tk.no_padding()
    return lambda text: cuts_from_intervals(tk.encode(text, add_special_tokens=False).offsets,
                                            len(text))


def spm_cuts(path):
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_file=str(path))

    def cuts(text):
        cp_at = {}
        at = 0
        for k, char in enumerate(text):
            cp_at[at] = k
            at += len(char.encode("utf-8"))
        cp_at[at] = len(text)
        proto = sp.encode(text, out_type="proto")  # the immutable proto of older releases
        return cuts_from_intervals([(cp_at[p.begin], cp_at[p.end]) for p in proto.pieces],
                                   len(text))
    return cuts


def tiktoken_cuts(path):
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    enc = tiktoken.Encoding("r50k-test", pat_str=R50K, mergeable_ranks=load_tiktoken_bpe(
        str(path)), special_tokens={"<|endoftext|>": 50256})

    def cuts(text):
        ids = enc.encode_ordinary(text)
        _, offsets = enc.decode_with_offsets(ids)
        firsts = [enc.decode_single_token_bytes(i)[0] for i in ids]
        # a token whose first byte continues a character starts inside that character
        starts = {o for o, b in zip(offsets, firsts) if not 0x80 <= b < 0xC0}
        return starts, (starts | {len(text)}) - {0}
    return cuts


def wordpiece_cuts(path):
    """A bare vocab.txt as the tokenizers library's own BERT WordPiece (uncased) runs it."""
    from tokenizers import BertWordPieceTokenizer

    tk = BertWordPieceTokenizer(str(path), lowercase=True)
    return lambda text: cuts_from_intervals(tk.encode(text, add_special_tokens=False).offsets,
                                            len(text))


ORACLES = {"tokenizers": hf_cuts, "wordpiece": wordpiece_cuts, "sentencepiece": spm_cuts, "tiktoken": tiktoken_cuts}


def native_verdicts(records, cuts) -> dict[str, np.ndarray]:
    out = {"start_ok": [], "end_ok": [], "contract_nonempty": []}
    for record in records:
        starts, ends = cuts(record["text"])
        for span in record["spans"]:
            s, e = span["start"], span["end"]
            out["start_ok"].append(s in starts)
            out["end_ok"].append(e in ends)
            out["contract_nonempty"].append(any(
                a < b for a in starts if s <= a < e for b in ends if a < b <= e))
    return {k: np.asarray(v) for k, v in out.items()}


@pytest.fixture(scope="module")
def records():
    require_data(SPANS)
    with open(SPANS, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


@pytest.mark.parametrize("name,file,library,options", SHARED, ids=[s[0] for s in SHARED])
def test_audit_equals_native_offsets(records, name, file, library, options):
    path = require_data(TOKENIZERS / file)
    runtime = open_tokenizer(path, **options).runtime
    audit = audit_dataset(Dataset(SPANS), [(name, runtime)])
    assert audit.records == len(records) == 5343
    assert len(audit.spans) == sum(len(r["spans"]) for r in records) == 13185
    native = native_verdicts(records, ORACLES[library](path))
    result = audit.tokenizers[0]
    for key in ("start_ok", "end_ok", "contract_nonempty"):
        ours = getattr(result, key)
        differ = np.flatnonzero(ours != native[key])
        assert len(differ) == 0, (key, differ[:5])
    strict_native = native["start_ok"] & native["end_ok"]
    summary = audit.shares(result)
    assert summary.strict == pytest.approx(strict_native.mean())
    assert summary.start_ok == pytest.approx(native["start_ok"].mean())
    assert summary.end_ok == pytest.approx(native["end_ok"].mean())
    assert summary.contract_nonempty == pytest.approx(native["contract_nonempty"].mean())
    # the set is not trivially aligned for every tokenizer: the comparison can fail
    assert summary.strict < 1.0
