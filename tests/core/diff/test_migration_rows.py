"""Migration cost on pairs built from the real tokenizers: ``rows_added`` is the matrix growth
(new rows − old rows), ``rows_to_initialize`` the IDs whose piece is new to them. Mistral v2→v3
renames 24 reserved control pieces in place (no row added, 24 to initialize); a vocabulary with
appended tokens grows by them. Every expectation is computed from the native library's own
vocabulary (``tokenizers.Tokenizer.get_vocab``, ``sentencepiece``), not copied."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.diff.report import diff_tokenizers
from core.loading import open_tokenizer
from tests.conftest import TOKENIZERS, require_data

pytestmark = pytest.mark.realdata

# the control pieces Mistral v2 had by name; v3 named 24 more of its reserved [control_N] slots
V2_NAMED = {"[INST]", "[/INST]", "[TOOL_CALLS]", "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]",
            "[TOOL_RESULTS]", "[/TOOL_RESULTS]"}


def expected_rows(old_pieces: list[str], new_pieces: list[str]) -> dict[str, int]:
    """The two counts from two id-ordered piece lists, plainly."""
    old = set(old_pieces)
    new_to_id = [i for i, piece in enumerate(new_pieces) if piece not in old]
    return {"rows_added": max(0, len(new_pieces) - len(old_pieces)),
            "rows_to_initialize": len(new_to_id),
            "rows_repurposed": sum(i < len(old_pieces) for i in new_to_id)}


def hf_pieces(path: Path) -> list[str]:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(path))
    by_id = {i: piece for piece, i in tok.get_vocab(with_added_tokens=True).items()}
    return [by_id[i] for i in range(tok.get_vocab_size(with_added_tokens=True))]


def spm_pieces(path: Path) -> list[str]:
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_file=str(path))
    return [sp.id_to_piece(i) for i in range(sp.get_piece_size())]


def rows_of(diff) -> dict[str, int]:
    cost = diff.cost
    return {"rows_added": cost.rows_added, "rows_to_initialize": cost.rows_to_initialize,
            "rows_repurposed": cost.rows_repurposed}


@pytest.fixture
def mistral_v2(tmp_path) -> Path:
    """Mistral v3's model with the control pieces v3 named in place (image, fill-in-the-middle,
    reference documents) back to their reserved ``[control_N]`` names: v2's layout."""
    from sentencepiece import sentencepiece_model_pb2 as model_pb2

    proto = model_pb2.ModelProto()
    proto.ParseFromString(require_data(TOKENIZERS / "mistral-v3/tokenizer.model").read_bytes())
    reserved = (model_pb2.ModelProto.SentencePiece.CONTROL,
                model_pb2.ModelProto.SentencePiece.USER_DEFINED)  # [REFERENCE_DOC_n]: the latter
    for i, piece in enumerate(proto.pieces):
        if (piece.type in reserved and i > 2 and not piece.piece.startswith("[control_")
                and piece.piece not in V2_NAMED):
            piece.piece = f"[control_{i - 2}]"  # v3's own numbering: [control_12] is ID 14
    path = tmp_path / "mistral-v2" / "tokenizer.model"
    path.parent.mkdir()
    path.write_bytes(proto.SerializeToString())
    return path


def test_mistral_v2_to_v3_adds_no_row_and_initializes_the_renamed_ones(mistral_v2):
    v3_path = require_data(TOKENIZERS / "mistral-v3/tokenizer.model")
    expected = expected_rows(spm_pieces(mistral_v2), spm_pieces(v3_path))
    assert expected == {"rows_added": 0, "rows_to_initialize": 24, "rows_repurposed": 24}
    diff = diff_tokenizers(open_tokenizer(mistral_v2), open_tokenizer(v3_path),
                           hidden=4096, dtype="bf16", tied=False)
    assert rows_of(diff) == expected
    assert diff.cost.mib_tied == diff.cost.mib_untied == 0  # the matrix does not grow
    assert diff.strategy() == "reinitialize rows"  # no kept piece moved: no row map needed
    data = diff.to_json()
    assert (data["rows_added"], data["rows_to_initialize"]) == (0, 24)
    assert data["migration"]["rows_repurposed"] == 24 and "rows_to_add" not in data


@pytest.fixture
def bert_spec() -> dict:
    return json.loads(require_data(TOKENIZERS / "bert-minilm/tokenizer.json")
                      .read_text(encoding="utf-8"))


def write_spec(spec: dict, folder: Path) -> Path:
    folder.mkdir(parents=True)
    path = folder / "tokenizer.json"
    path.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    return path


def test_bert_with_reserved_tokens_renamed_in_place_adds_no_row(bert_spec, tmp_path):
    """BERT's ``[unused0]``… slots given new names, as a project repurposes them: same 30,522
    rows, the renamed ones to initialize."""
    vocab = bert_spec["model"]["vocab"]
    renamed = {"[unused0]": "<tool_call>", "[unused1]": "</tool_call>", "[unused2]": "<image>"}
    for old_name, new_name in renamed.items():
        vocab[new_name] = vocab.pop(old_name)
    old_path = require_data(TOKENIZERS / "bert-minilm/tokenizer.json")
    new_path = write_spec(bert_spec, tmp_path / "renamed")
    expected = expected_rows(hf_pieces(old_path), hf_pieces(new_path))
    assert expected["rows_added"] == 0 and expected["rows_to_initialize"] == len(renamed)
    diff = diff_tokenizers(open_tokenizer(old_path), open_tokenizer(new_path))
    assert rows_of(diff) == expected
    assert diff.verdict == "breaking"  # an old ID now means another piece
    assert diff.strategy() == "reinitialize rows"


def test_claude_legacy_with_appended_tokens_grows_by_them(tmp_path):
    from tokenizers import AddedToken, Tokenizer

    old_path = require_data(TOKENIZERS / "claude-legacy/tokenizer.json")
    tok = Tokenizer.from_file(str(old_path))
    tok.add_special_tokens([AddedToken(f"<|reserved_{k}|>", special=True) for k in range(5)])
    tok.add_tokens(["workbench"])  # not in the vocabulary: a plain added token
    (tmp_path / "grown").mkdir()
    new_path = tmp_path / "grown" / "tokenizer.json"
    tok.save(str(new_path))
    expected = expected_rows(hf_pieces(old_path), hf_pieces(new_path))
    assert expected["rows_added"] == expected["rows_to_initialize"] == 6
    diff = diff_tokenizers(open_tokenizer(old_path), open_tokenizer(new_path),
                           hidden=1024, dtype="fp32", tied=True)
    assert rows_of(diff) == expected
    assert diff.verdict == "append-only compatible" and diff.strategy() == "append rows"
    assert diff.cost.mib_tied == pytest.approx(expected["rows_added"] * 1024 * 4 / 2 ** 20)
