"""Diagnostics on the shared corpora against the native libraries themselves: per-language
token totals and length percentiles, premiums against the published study, the bootstrap."""

from __future__ import annotations

import base64

import numpy as np
import pytest

from core.diagnostics.run import Settings, diagnose
from tests.conftest import FLORES, TOKENIZERS, flores_lines, require_data

pytestmark = pytest.mark.realdata

# Petrov et al. (NeurIPS 2023), assets/tokenization_lengths.csv of their repository: GPT-2's
# total tokens on FLORES-200 dev + devtest (2,000 sentences) per language; English 52,567.
PUBLISHED_GPT2 = {"amh_Ethi": 409343, "arb_Arab": 231316, "ben_Beng": 507509,
                  "deu_Latn": 112600, "ell_Grek": 343953, "fin_Latn": 119621,
                  "fra_Latn": 104971, "heb_Hebr": 231019, "hin_Deva": 392092,
                  "jpn_Jpan": 157858, "kat_Geor": 727866, "khm_Khmr": 805983,
                  "kor_Hang": 266663, "mya_Mymr": 887930, "pes_Arab": 279481,
                  "por_Latn": 101774, "rus_Cyrl": 301727, "spa_Latn": 104549}
PUBLISHED_GPT2_ENGLISH = 52567


@pytest.fixture(scope="module")
def three():
    from core.loading import open_tokenizer

    require_data(FLORES)
    return [open_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken"), preset="gpt2"),
            open_tokenizer(require_data(TOKENIZERS / "bert-minilm/tokenizer.json")),
            open_tokenizer(require_data(TOKENIZERS / "mistral-v3/tokenizer.model"))]


@pytest.fixture(scope="module")
def flores_report(three):
    return diagnose(three, parallel=FLORES, settings=Settings(resamples=300, seed=7,
                                                              context=64)).to_json()


def _native_counts():
    """Tokens per line of every FLORES language, from each native library directly."""
    import sentencepiece
    import tiktoken
    import tokenizers

    from core.formats.tiktoken.presets import R50K_PATTERN

    ranks = {}
    for line in (TOKENIZERS / "gpt2.tiktoken").read_text().splitlines():
        token, rank = line.split()
        ranks[base64.b64decode(token)] = int(rank)
    gpt2 = tiktoken.Encoding("gpt2-test", pat_str=R50K_PATTERN, mergeable_ranks=ranks,
                             special_tokens={})
    bert = tokenizers.Tokenizer.from_file(str(TOKENIZERS / "bert-minilm/tokenizer.json"))
    bert.no_truncation()
    bert.no_padding()
    mistral = sentencepiece.SentencePieceProcessor(
        model_file=str(TOKENIZERS / "mistral-v3/tokenizer.model"))
    out = {}
    for lang, lines in flores_lines().items():
        out[lang] = (
            np.array([len(ids) for ids in gpt2.encode_ordinary_batch(lines)]),
            np.array([len(e.ids) for e in bert.encode_batch(lines, add_special_tokens=False)]),
            np.array([len(ids) for ids in mistral.encode(lines)]))
    return out


def test_totals_and_percentiles_equal_the_native_libraries(flores_report):
    native = _native_counts()
    for k, entry in enumerate(flores_report["tokenizers"]):
        for lang, counts in native.items():
            mine = entry["buckets"][lang]
            lengths = counts[k]
            assert mine["tokens"] == int(lengths.sum()), (entry["tokenizer"], lang)
            assert mine["documents"] == len(lengths)
            for q in (50, 90, 95, 99):
                assert mine[f"p{q}"] == int(np.percentile(lengths, q, method="inverted_cdf"))
            assert mine["max"] == int(lengths.max())
            assert entry["premium"][lang]["tokens"] == int(lengths.sum())
            truncated = (lengths > 64 - entry["context"]["overhead"]).mean()
            assert mine["truncation_rate"] == pytest.approx(truncated, abs=1e-6)


def test_gpt2_premiums_agree_with_the_published_table(flores_report):
    # the study counted dev + devtest (2,000 sentences); the shared corpus is dev (997): the
    # premiums agree within 2% and the published value is mostly inside our interval
    premium = flores_report["tokenizers"][0]["premium"]
    inside = 0
    for lang, total in PUBLISHED_GPT2.items():
        published = total / PUBLISHED_GPT2_ENGLISH
        assert premium[lang]["premium"] == pytest.approx(published, rel=0.02), lang
        low, high = premium[lang]["ci"]
        inside += low <= published <= high
    assert inside >= len(PUBLISHED_GPT2) - 2
    assert premium["mya_Mymr"]["premium"] > 15  # the study's "up to 15x"


def test_bootstrap_is_reproducible_with_a_seed_and_covers_the_point(three, flores_report):
    again = diagnose(three[:1], parallel=FLORES,
                     settings=Settings(resamples=300, seed=7)).to_json()
    other_seed = diagnose(three[:1], parallel=FLORES,
                          settings=Settings(resamples=300, seed=8)).to_json()
    first = flores_report["tokenizers"][0]["premium"]
    assert again["tokenizers"][0]["premium"] == first
    assert other_seed["tokenizers"][0]["premium"]["zho_Hans"]["ci"] != first["zho_Hans"]["ci"]
    for entry in flores_report["tokenizers"]:
        for lang, row in entry["premium"].items():
            assert row["ci"][0] <= row["premium"] <= row["ci"][1], (entry["tokenizer"], lang)
            assert row["attention_pairs"] == pytest.approx(row["premium"] ** 2, rel=1e-5, abs=1e-6)
    assert first["eng_Latn"]["ci"] == [1.0, 1.0]


def test_mono_corpus_totals_equal_native_per_source(three, tmp_path):
    from core.corpus import CorpusSource

    mono = require_data(FLORES.parent / "mono")
    source = CorpusSource(mono / "ar_quran_no_tashkeel.txt", lang="ar", domain="religion")
    report = diagnose(three[2:], sources=[source]).to_json()
    import sentencepiece

    sp = sentencepiece.SentencePieceProcessor(
        model_file=str(TOKENIZERS / "mistral-v3/tokenizer.model"))
    lines = [l for l in source.path.read_text(encoding="utf-8").splitlines() if l.strip()]
    assert report["tokenizers"][0]["buckets"]["ar"]["tokens"] == sum(map(len, sp.encode(lines)))
    assert report["tokenizers"][0]["buckets"]["domain:religion"]["documents"] == len(lines)


def test_unknown_and_byte_fallback_rates_equal_the_native_ids(flores_report):
    import sentencepiece
    import tokenizers

    bert = tokenizers.Tokenizer.from_file(str(TOKENIZERS / "bert-minilm/tokenizer.json"))
    bert.no_truncation()
    bert.no_padding()  # the file pads to 128
    mistral = sentencepiece.SentencePieceProcessor(
        model_file=str(TOKENIZERS / "mistral-v3/tokenizer.model"))
    lines = flores_lines()["mya_Mymr"]
    ids = [i for e in bert.encode_batch(lines, add_special_tokens=False) for i in e.ids]
    bucket = flores_report["tokenizers"][1]["buckets"]["mya_Mymr"]
    assert bucket["unk_rate"] == pytest.approx(ids.count(bert.token_to_id("[UNK]")) / len(ids),
                                               abs=1e-6)
    pieces = [p for ps in mistral.encode(lines, out_type=str) for p in ps]
    byte_pieces = sum(p.startswith("<0x") and p.endswith(">") for p in pieces)
    bucket = flores_report["tokenizers"][2]["buckets"]["mya_Mymr"]
    assert bucket["byte_fallback_rate"] == pytest.approx(byte_pieces / len(pieces), abs=1e-6)


def test_flores_files_under_any_extension_and_a_subset_of_languages(three, tmp_path):
    """FLORES files renamed ``<lang>.txt`` / ``.devtest`` / ``.flores`` beside a README and a
    LICENSE are read by their codes; a subset of languages is measured alone, its totals those
    of tiktoken itself (issue #21 item 7)."""
    import shutil

    import tiktoken

    from core.language_codes import file_language
    from core.formats.tiktoken.presets import R50K_PATTERN

    folder = tmp_path / "flores"
    folder.mkdir()
    for lang, suffix in (("eng_Latn", ".txt"), ("zho_Hans", ".txt"), ("jpn_Jpan", ".devtest"),
                         ("fra_Latn", ".flores"), ("deu_Latn", "")):
        shutil.copy(FLORES / f"{lang}.dev", folder / f"{lang}{suffix}")
    shutil.copy(FLORES / "README.flores", folder / "README.flores")
    (folder / "LICENSE").write_text("CC-BY-SA-4.0\n", encoding="utf-8")
    subset = ("eng_Latn", "zho_Hans", "jpn_Jpan")
    report = diagnose(three[:1], parallel=folder, settings=Settings(
        resamples=50, languages=subset)).to_json()
    assert report["corpus"]["languages"] == sorted(subset)
    assert report["settings"]["languages"] == list(subset)
    entry = report["tokenizers"][0]
    assert set(entry["premium"]) == set(subset)
    ranks = {}
    for line in (TOKENIZERS / "gpt2.tiktoken").read_text().splitlines():
        token, rank = line.split()
        ranks[base64.b64decode(token)] = int(rank)
    gpt2 = tiktoken.Encoding("gpt2-test", pat_str=R50K_PATTERN, mergeable_ranks=ranks,
                             special_tokens={})
    lines = flores_lines()
    for lang in subset:
        assert entry["buckets"][lang]["tokens"] == sum(
            len(ids) for ids in gpt2.encode_ordinary_batch(lines[lang])), lang
    # the whole shared folder, README.flores beside the .dev files, with a subset too
    whole = diagnose(three[:1], parallel=FLORES, settings=Settings(
        resamples=20, languages=("eng_Latn", "mya_Mymr"))).to_json()
    assert whole["corpus"]["languages"] == ["eng_Latn", "mya_Mymr"]
    # the Corpus pane tags a FLORES file with its code, as it tags en_*.txt with en
    for path in sorted(FLORES.iterdir()):
        assert file_language(path) == ("" if path.name == "README.flores"
                                       else path.name.split(".")[0]), path.name
