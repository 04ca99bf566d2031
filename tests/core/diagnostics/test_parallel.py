"""Parallel corpora: reading folders and TSVs, refusing what cannot be aligned, the premium."""

from __future__ import annotations

import numpy as np
import pytest

from core.diagnostics.parallel import premiums, read_parallel
from core.errors import FormatError, WorkbenchError


def _folder(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_seed_example_1_4x_length_is_1_96x_attention_pairs():
    # seed 000: 4,200 / 3,000 = 1.4x the tokens; 1.4^2 = 1.96x the pairs of a dense layer
    counts = {"eng": np.array([1000, 2000]), "zho": np.array([1400, 2800])}
    row = premiums(counts, "eng", resamples=50, seed=0)["zho"]
    assert row["tokens"] == 4200 and row["premium"] == 1.4
    assert row["attention_pairs"] == pytest.approx(1.96)


def test_ranking_and_sentence_ratios():
    counts = {"a": np.array([10, 10, 10]), "b": np.array([20, 30, 10]), "c": np.array([5, 5, 5])}
    out = premiums(counts, "a", resamples=100, seed=3)
    assert [out[k]["rank"] for k in "abc"] == [2, 3, 1]
    assert out["b"]["sentence_ratio"]["p50"] == 2.0
    assert out["b"]["ci"][0] <= 2.0 <= out["b"]["ci"][1]


def test_folder_is_read_by_language_code_and_empty_lines_keep_their_place(tmp_path):
    corpus = read_parallel(_folder(tmp_path, {"eng_Latn.dev": "a\n\nc\n",
                                              "zho_Hans.dev": "甲\n乙\n丙\n",
                                              "README": "not a language"}))
    assert corpus.lines == {"eng_Latn": ["a", "", "c"], "zho_Hans": ["甲", "乙", "丙"]}


def test_different_line_counts_are_refused_naming_them_or_aligned_by_the_shortest(tmp_path):
    folder = _folder(tmp_path, {"eng.dev": "a\nb\nc\n", "fra.dev": "x\ny\n"})
    with pytest.raises(FormatError, match=r"different line counts \(fra: 2, eng: 3\)"):
        read_parallel(folder)
    corpus = read_parallel(folder, align="shortest")
    assert corpus.size == 2 and "aligned by the shortest: 2 lines" in corpus.warnings[0]


def test_an_empty_language_file_is_named(tmp_path):
    folder = _folder(tmp_path, {"eng.dev": "a\n", "fra.dev": "\n"})
    with pytest.raises(FormatError, match="language fra is empty") as err:
        read_parallel(folder)
    assert "fra.dev" in str(err.value)


def test_tsv_with_a_language_per_column(tmp_path):
    path = tmp_path / "p.tsv"
    path.write_text("eng\tdeu\nhello\thallo\nbye\ttschüss\n", encoding="utf-8")
    assert read_parallel(path).lines == {"eng": ["hello", "bye"], "deu": ["hallo", "tschüss"]}
    path.write_text("eng\tdeu\nhello\n", encoding="utf-8")
    with pytest.raises(FormatError, match="1 columns where the header has 2"):
        read_parallel(path)


def test_unknown_pivot_names_the_languages():
    with pytest.raises(WorkbenchError, match="unknown pivot language 'eng_Latn'; the corpus "
                                             "has deu, fra"):
        premiums({"deu": np.array([1]), "fra": np.array([2])}, "eng_Latn")
