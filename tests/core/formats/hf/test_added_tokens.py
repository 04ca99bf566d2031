"""An added token whose content the model's vocabulary already has: ``tokenizers`` gives it the
vocabulary's id, not the id the file writes; the workbench's special-token list and flags follow."""

from __future__ import annotations

import json

import tokenizers

from core.encodings.encoding import Flag
from core.formats.detect import load_tokenizer


def added(token_id: int, content: str) -> dict:
    return {"id": token_id, "content": content, "single_word": False, "lstrip": False,
            "rstrip": False, "normalized": False, "special": True}


SPEC = {"version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [added(9, "hello"), added(3, "[UNK]")],
        "normalizer": None, "pre_tokenizer": {"type": "Whitespace"}, "post_processor": None,
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": {"a": 0, "b": 1, "hello": 2, "[UNK]": 3},
                  "unk_token": "[UNK]"}}


def test_the_vocabulary_id_wins_as_in_tokenizers(tmp_path):
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(SPEC), encoding="utf-8")
    native = tokenizers.Tokenizer.from_file(str(path))
    assert native.token_to_id("hello") == 2 and native.id_to_token(9) is None

    runtime = load_tokenizer(path)
    listed = {t.content: t.id for t in runtime.special_tokens()}
    assert listed["hello"] == 2  # not the file's 9, which names no token at all
    enc = runtime.encode("a hello b", parse_special=True)
    assert enc.ids.tolist() == native.encode("a hello b").ids == [0, 2, 1]
    assert [bool(f & Flag.SPECIAL) for f in enc.flags] == [False, True, False]
