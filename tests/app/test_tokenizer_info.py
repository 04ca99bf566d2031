"""The Tokenizer tab's special-tokens table: the registry with where each fact came from."""

from __future__ import annotations

import json

from app.widgets.tokenizer_info import ID, KIND, LITERAL, ROLE, SOURCE, TokenizerInfo
from core.loading import open_tokenizer
from tests.conftest import ROOT
from tests.core import families as fam


def rows(info: TokenizerInfo) -> list[list[str]]:
    table = info.specials
    return [[table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())]


def test_each_special_token_shows_its_source_and_where_its_role_came_from(qtbot):
    info = TokenizerInfo()
    qtbot.addWidget(info)
    info.set_tokenizer(open_tokenizer(ROOT / "resources" / "demo" / "demo-bpe"))
    headers = [info.specials.horizontalHeaderItem(c).text()
               for c in range(info.specials.columnCount())]
    assert headers[SOURCE] == "Source"
    first = rows(info)[0]
    assert (first[ID], first[LITERAL], first[ROLE], first[SOURCE]) == (
        "0", "<|endoftext|>", "eos", "tokenizer.json added_tokens")
    assert info.specials.item(0, ROLE).toolTip() == "eos: tokenizer_config.json eos_token"


def test_a_guessed_role_says_so_and_a_disagreement_is_a_note(qtbot, tmp_path):
    fam._write_json(tmp_path, fam.qwen2_spec())
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"eos_token": "<|im_end|>"}))
    (tmp_path / "generation_config.json").write_text(json.dumps({"eos_token_id": [0]}))
    info = TokenizerInfo()
    qtbot.addWidget(info)
    info.set_tokenizer(open_tokenizer(tmp_path / "tokenizer.json"))
    by_literal = {row[LITERAL]: row for row in rows(info)}
    assert by_literal["<|im_start|>"][ROLE] == "chat role (guess)"
    assert by_literal["<|im_start|>"][KIND] == "special"
    assert "generation_config.json eos_token_id" in info.summary.text()


def test_a_gguf_model_shows_its_contract_facts_in_words(qtbot, tmp_path):
    from tests.core.gguf_files import write_gguf

    path = write_gguf(tmp_path / "model.gguf", embedding=(64, 8),
                      tokens=["a", "b", "ab", "Ġ", "Ġab", "<|endoftext|>"], types=[1] * 5 + [3],
                      extra={"tokenizer.chat_template": "{{ messages }}",
                             "tokenizer.ggml.eos_token_id": 5})
    info = TokenizerInfo()
    qtbot.addWidget(info)
    info.set_tokenizer(open_tokenizer(path))
    text = info.summary.text()
    for shown in ("architecture", "llama", "embedding rows",
                  "8 (vocabulary + 2, from token_embd.weight)", "context length", "4,096",
                  "tokenizer.ggml.pre", "gpt-2", "(from the GGUF metadata)", "chat template"):
        assert shown in text, shown
    first = rows(info)[0]
    assert (first[ID], first[LITERAL], first[ROLE], first[SOURCE]) == (
        "5", "<|endoftext|>", "eos", "GGUF token type")
