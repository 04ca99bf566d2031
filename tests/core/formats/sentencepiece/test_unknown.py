"""Unknown pieces' lengths read off the normalized text equal the library's own surfaces."""

import numpy as np
import pytest

from core.formats.detect import load_tokenizer
from core.formats.sentencepiece.unknown import piece_code_points, unknown_lengths_from_text
from tests.conftest import DATA, FLORES, require_data

COVERED = np.zeros(0x110000, dtype=bool)
COVERED[[ord(c) for c in "▁ab"]] = True
PIECES = ["<unk>", "▁", "a", "b", "Xb", "ab"]
VOCAB = piece_code_points(PIECES)


def resolve(normalized: list[str], pieces_per_text: list[list[str]]):
    ids = np.array([PIECES.index(p) for text in pieces_per_text for p in text], dtype=np.int64)
    first = np.concatenate(([0], np.cumsum([len(t) for t in pieces_per_text])))
    unknown = ids == 0
    lengths = np.where(unknown, 0, np.array([len(PIECES[i]) for i in ids]))
    ok = unknown_lengths_from_text(normalized, first, lengths, unknown, VOCAB, ids, COVERED)
    return ok.tolist(), lengths.tolist()


def test_runs_end_at_the_first_covered_character():
    ok, lengths = resolve(["▁XYaZZ", "▁a", "QQ"], [["▁", "<unk>", "a", "<unk>"], ["▁", "a"],
                                                   ["<unk>"]])
    assert ok == [True, True, True] and lengths == [1, 2, 1, 2, 1, 1, 2]


def test_a_piece_starting_with_an_uncovered_character_leaves_the_text_to_the_surfaces():
    # "XXb": <unk> "Xb" — the run might be "X" or "XX" as far as coverage tells
    ok, _ = resolve(["XXb", "▁Qa"], [["<unk>", "Xb"], ["▁", "<unk>", "a"]])
    assert ok == [False, True]


def test_lengths_that_do_not_reach_the_end_are_refused():
    ok, _ = resolve(["▁QaQ", "▁Qa"], [["▁", "<unk>", "a"], ["▁", "<unk>", "<unk>", "a"]])
    assert ok == [False, False]  # text left over; two unknown pieces in a row are not merged


@pytest.mark.realdata
def test_ja_model_agrees_with_surfaces_on_flores():
    runtime = load_tokenizer(require_data(DATA / "tokenizers/sentencepiece/test_ja_model.model"))
    texts = []
    for path in sorted(require_data(FLORES).glob("*.dev")):
        texts += path.read_text(encoding="utf-8").splitlines()[:40]
    raws = runtime._native_batch(texts, False, False)
    ids = np.concatenate([np.asarray(r[0], dtype=np.int64) for r in raws])
    first = np.concatenate(([0], np.cumsum([len(r[0]) for r in raws])))
    unknown = ids == runtime.unk_id
    assert unknown.sum() > 1000  # the small model leaves most scripts unknown
    lengths = runtime._piece_chars[ids].copy()
    ok = unknown_lengths_from_text([r[2][0] for r in raws], first, lengths, unknown,
                                   runtime._piece_code_points, ids, runtime._covered)
    assert ok.mean() > 0.95
    surfaces = runtime.sp.encode(texts, out_type=str)
    for k in np.flatnonzero(ok).tolist():
        want = [len(s) for s in surfaces[k]]
        assert lengths[first[k]:first[k + 1]].tolist() == want, texts[k]


@pytest.mark.realdata
@pytest.mark.parametrize("fewest", [1, 48, 10**9])  # rounds only, the mix, piece by piece only
def test_rounds_and_piece_by_piece_agree_with_surfaces(monkeypatch, fewest):
    """Rounds run while many texts have an r-th unknown piece, the tail piece by piece; every
    split of the two gives the library's own lengths (one long text keeps the tail long)."""
    from core.formats.sentencepiece import unknown as module

    runtime = load_tokenizer(require_data(DATA / "tokenizers/sentencepiece/test_ja_model.model"))
    texts = []
    for path in sorted(require_data(FLORES).glob("*.dev")):
        texts += path.read_text(encoding="utf-8").splitlines()[:8]
    texts.append(" ".join(texts[::3]))  # hundreds of unknown pieces in one text
    raws = runtime._native_batch(texts, False, False)
    ids = np.concatenate([np.asarray(r[0], dtype=np.int64) for r in raws])
    first = np.concatenate(([0], np.cumsum([len(r[0]) for r in raws])))
    unknown = ids == runtime.unk_id
    assert unknown[first[-2]:].sum() > 200
    monkeypatch.setattr(module, "_FEWEST_FOR_A_ROUND", fewest)
    lengths = runtime._piece_chars[ids].copy()
    ok = module.unknown_lengths_from_text([r[2][0] for r in raws], first, lengths, unknown,
                                          runtime._piece_code_points, ids, runtime._covered)
    assert ok.mean() > 0.95 and ok[-1]
    surfaces = runtime.sp.encode(texts, out_type=str)
    for k in np.flatnonzero(ok).tolist():
        assert lengths[first[k]:first[k + 1]].tolist() == [len(s) for s in surfaces[k]], texts[k]
