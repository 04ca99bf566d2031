"""Parallel corpora: reading folders and TSVs, refusing what cannot be aligned, the premium."""

from __future__ import annotations

import numpy as np
import pytest

from core.diagnostics.parallel import parallel_languages, premiums, read_parallel
from core.errors import FormatError, WorkbenchError
from core.notes import english, note


def _folder(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_seed_example_1_4x_length_is_1_96x_attention_pairs():
    # seed 000: 4,200 / 3,000 = 1.4x the tokens; 1.4^2 = 1.96x the pairs of a dense layer
    counts = {"eng": np.array([1000, 2000]), "zho": np.array([1400, 2800])}
    row = premiums(counts, "eng", resamples=50, seed=0)["zho"]
    assert row.tokens == 4200 and row.premium == 1.4
    assert row.attention_pairs == pytest.approx(1.96)


def test_ranking_and_sentence_ratios():
    counts = {"a": np.array([10, 10, 10]), "b": np.array([20, 30, 10]), "c": np.array([5, 5, 5])}
    out = premiums(counts, "a", resamples=100, seed=3)
    assert [out[k].rank for k in "abc"] == [2, 3, 1]
    assert out["b"].sentence_ratio.p50 == 2.0
    assert out["b"].ci[0] <= 2.0 <= out["b"].ci[1]


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
    assert corpus.size == 2
    assert corpus.warnings == [note("diagnostics.aligned_by_shortest", lines=2,
                                    counts=["fra: 2", "eng: 3"])]
    assert english(corpus.warnings[0]).startswith("aligned by the shortest: 2 lines")


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


# -- which files are languages, and a subset of them (issue #21 item 7) -------------------------

def test_any_extension_is_a_language_file_when_the_name_is_a_code(tmp_path):
    """``.txt``, ``.flores``, ``.devtest``, none: the name before the first dot decides; README,
    LICENSE, metadata, hidden files and folders are skipped by name."""
    folder = _folder(tmp_path, {"eng_Latn.txt": "a\nb\n", "zho_Hans.flores": "甲\n乙\n",
                                "kor_Hang.devtest": "가\n나\n", "pt_BR": "x\ny\n",
                                "zh-Hant.dev": "甲\n乙\n", "README.md": "about\n",
                                "README.flores": "about\n", "LICENSE": "CC-BY-SA\n",
                                "metadata.json": "{}\n", ".hidden.txt": "z\n"})
    (folder / "devtest").mkdir()  # a split folder beside the files is not a language
    assert sorted(parallel_languages(folder)) == ["eng_Latn", "kor_Hang", "pt_BR", "zh-Hant",
                                                  "zho_Hans"]
    corpus = read_parallel(folder)
    assert corpus.lines["zho_Hans"] == ["甲", "乙"] and corpus.lines["pt_BR"] == ["x", "y"]
    assert corpus.files["kor_Hang"] == folder / "kor_Hang.devtest"


def test_a_folder_without_language_files_and_two_files_of_one_language_are_named(tmp_path):
    (tmp_path / "none").mkdir()
    (tmp_path / "none" / "README.md").write_text("about\n", encoding="utf-8")
    with pytest.raises(FormatError, match="no language files in this folder") as err:
        read_parallel(tmp_path / "none")
    assert err.value.note.code == "diagnostics.no_language_files"
    folder = _folder(tmp_path, {"eng_Latn.dev": "a\n", "eng_Latn.devtest": "b\n"})
    with pytest.raises(FormatError, match="two files for language eng_Latn: eng_Latn.dev and "
                                          "eng_Latn.devtest"):
        read_parallel(folder)


def test_a_subset_of_languages_is_read_alone_and_an_unknown_one_is_refused(tmp_path):
    folder = _folder(tmp_path, {"eng_Latn.dev": "a\nb\n", "zho_Hans.dev": "甲\n乙\n",
                                "fra_Latn.dev": "x\n"})  # fra is short: left out, no refusal
    corpus = read_parallel(folder, languages=["zho_Hans", "eng_Latn"])
    assert list(corpus.lines) == ["zho_Hans", "eng_Latn"] and corpus.size == 2
    assert list(corpus.describe().languages) == ["eng_Latn", "zho_Hans"]
    with pytest.raises(FormatError, match="different line counts"):
        read_parallel(folder)
    with pytest.raises(FormatError, match="has no language deu_Latn; it has eng_Latn, fra_Latn, "
                                          "zho_Hans"):
        read_parallel(folder, languages=["eng_Latn", "deu_Latn"])


def test_a_tsv_lists_its_languages_from_the_header_and_takes_a_subset(tmp_path):
    path = tmp_path / "p.tsv"
    path.write_text("eng\tdeu\tfra\nhello\thallo\tsalut\n", encoding="utf-8")
    assert list(parallel_languages(path)) == ["eng", "deu", "fra"]
    assert read_parallel(path, languages=["fra", "eng"]).lines == {"fra": ["salut"],
                                                                   "eng": ["hello"]}
