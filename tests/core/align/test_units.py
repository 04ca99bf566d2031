"""The same spans declared in each of the four units give the same verdicts, and the misaligned
ranges come back in the declared unit."""

from __future__ import annotations

import json

import numpy as np
import pytest

from core.align.audit import audit_dataset
from core.align.dataset import Dataset
from core.loading import open_tokenizer
from core.text.offsets import TextIndex, Unit
from app.main_window import DEMO

TEXTS = ["Hello 😀 wörld e\u0301t\u00e9 世界!", "👨\u200d👩\u200d👧 family 東京 naïve"]


def spans_cp(text):
    """Every span of 1..3 grapheme clusters (so it is expressible in every unit)."""
    cuts = TextIndex(text).grapheme_cps.tolist()
    return [(cuts[i], cuts[j]) for i in range(len(cuts) - 1)
            for j in range(i + 1, min(i + 4, len(cuts)))]


def write(tmp_path, unit: Unit):
    rows = []
    for text in TEXTS:
        index = TextIndex(text)
        spans = []
        for s, e in spans_cp(text):
            if unit is Unit.CP:
                a, b = s, e
            elif unit is Unit.BYTES:
                a, b = (int(x) for x in index.cp_bytes[[s, e]])
            elif unit is Unit.UTF16:
                a, b = (int(x) for x in index.cp_utf16[[s, e]])
            else:
                a, b = (int(np.searchsorted(index.grapheme_cps, x)) for x in (s, e))
            spans.append({"start": a, "end": b, "label": "X", "text": text[s:e]})
        rows.append({"text": text, "spans": spans})
    path = tmp_path / f"{unit.value}.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("unit", [Unit.BYTES, Unit.UTF16, Unit.GRAPHEME])
def test_verdicts_do_not_depend_on_the_declared_unit(tmp_path, unit):
    runtime = open_tokenizer(DEMO / "demo-bpe" / "tokenizer.json").runtime
    base = audit_dataset(Dataset(write(tmp_path, Unit.CP)), [("t", runtime)])
    other = audit_dataset(Dataset(write(tmp_path, unit), unit=unit), [("t", runtime)])
    assert other.unit_check.verdict() is None and other.stats.problem_count == 0
    a, b = base.tokenizers[0], other.tokenizers[0]
    assert 0 < a.strict.sum() < len(a.strict)  # some align, some do not
    for key in ("start_ok", "end_ok", "contract_nonempty", "expand_extra"):
        assert getattr(a, key).tolist() == getattr(b, key).tolist()
    # the misaligned ranges, converted back, are the same places on the text
    for r in range(len(a.misaligned)):
        k = int(a.misaligned[r])
        text = TEXTS[int(base.spans.record[k])]
        index = TextIndex(text)
        s, e = (int(x) for x in a.expand[r])
        x, y = (int(v) for v in b.expand[r])
        if unit is Unit.BYTES:
            assert index.data[x:y].decode() == text[s:e]
        elif unit is Unit.UTF16:
            assert text.encode("utf-16-le")[2 * x:2 * y].decode("utf-16-le") == text[s:e]
        else:
            # a range that ends inside a cluster (a token between "e" and its accent) is
            # widened to whole clusters in a grapheme-counted dataset
            cps = index.grapheme_cps.tolist()
            assert cps[x] == max(c for c in cps if c <= s)
            assert cps[y] == min(c for c in cps if c >= e)
