"""Mistral's Tekken files run on tiktoken with mistral-common's IDs."""

from __future__ import annotations

import base64
import json

import pytest

from core.errors import FormatError
from core.loading import open_tokenizer
from tests.conftest import TOKENIZERS, flores_lines, require_data

TEKKEN = TOKENIZERS / "mistral-tekken" / "tekken_240718.json"


@pytest.mark.realdata
def test_equals_mistral_common_on_every_flores_language():
    tekken = pytest.importorskip("mistral_common.tokens.tokenizers.tekken")
    oracle = tekken.Tekkenizer.from_file(require_data(TEKKEN))
    runtime = open_tokenizer(TEKKEN).runtime
    languages = flores_lines()
    assert len(languages) >= 30  # the folder holds 30 .dev files (the issue says 31)
    for language, lines in languages.items():
        ours = runtime.encode_batch(lines, add_special_tokens=False)
        for line, encoding in zip(lines, ours):
            assert encoding.ids.tolist() == oracle.encode(line, bos=False, eos=False), language
        first = lines[0]
        assert runtime.encode(first).ids.tolist() == oracle.encode(first, bos=True, eos=False)


@pytest.mark.realdata
def test_special_tokens_have_mistral_ids_and_roles():
    tekken = pytest.importorskip("mistral_common.tokens.tokenizers.tekken")
    oracle = tekken.Tekkenizer.from_file(require_data(TEKKEN))
    loaded = open_tokenizer(TEKKEN)
    specials = {t.content: t for t in loaded.runtime.special_tokens()}
    assert len(specials) == oracle.num_special_tokens == 1000
    assert specials["<s>"].id == oracle.bos_id and specials["<s>"].role == "bos"
    from core.pipeline.special import special_registry

    sources = {e.token.content: e.role_source for e in special_registry(loaded).entries}
    assert sources["<s>"] == sources["</s>"] == "mistral-common Tekkenizer"
    assert specials["</s>"].id == oracle.eos_id and specials["</s>"].role == "eos"
    assert specials["[INST]"].id == oracle.get_special_token("[INST]")
    assert specials["<SPECIAL_999>"].id == 999
    assert loaded.runtime.vocab_size == oracle.n_words
    assert loaded.format == "tekken"
    text = "[INST] hi [/INST]"
    parsed = loaded.runtime.encode(text, add_special_tokens=False, parse_special=True)
    assert parsed.ids.tolist()[0] == 3 and parsed.ids.tolist()[-1] == 4


def _tekken(tmp_path, *, vocab_size=260, n_special=3, n_vocab=257, special=None):
    data = {"config": {"pattern": r"\S+|\s+", "default_vocab_size": vocab_size,
                       "default_num_special_tokens": n_special, "version": "v7"},
            "vocab": [{"rank": i, "token_bytes": base64.b64encode(bytes([i % 256]) if i < 256
                                                                  else b"ab").decode(),
                       "token_str": None} for i in range(n_vocab)]}
    if special is not None:
        data["special_tokens"] = special
    path = tmp_path / "tekken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_ids_are_rank_plus_the_number_of_special_tokens(tmp_path):
    path = _tekken(tmp_path, special=[{"rank": 0, "token_str": "<unk>", "is_control": True},
                                      {"rank": 1, "token_str": "<s>", "is_control": True}])
    runtime = open_tokenizer(path).runtime
    assert runtime.encode("ab", add_special_tokens=False).ids.tolist() == [256 + 3]
    assert runtime.encode("ab").ids.tolist() == [1, 259]
    assert runtime.piece(2) == "<SPECIAL_2>"


def test_a_vocab_shorter_than_its_config_names_file_and_keys(tmp_path):
    path = _tekken(tmp_path, vocab_size=300, n_special=3, n_vocab=257)
    with pytest.raises(FormatError) as caught:
        open_tokenizer(path)
    message = str(caught.value)
    assert "tekken.json" in message and "default_vocab_size" in message
    assert "257" in message and "297" in message


def test_more_special_tokens_than_the_config_allows(tmp_path):
    path = _tekken(tmp_path, n_special=1, vocab_size=258,
                   special=[{"rank": 0, "token_str": "<unk>"}, {"rank": 1, "token_str": "<s>"}])
    with pytest.raises(FormatError, match="special_tokens"):
        open_tokenizer(path)


def test_the_post_processor_says_tekken_puts_bos_first(tmp_path):
    from core.pipeline.postprocess import tokenizer_template

    path = _tekken(tmp_path, special=[{"rank": 0, "token_str": "<unk>"},
                                      {"rank": 1, "token_str": "<s>"}])
    template = tokenizer_template(open_tokenizer(path).runtime)
    assert template.origin == "tekken"


def test_a_bundle_keeps_the_tekken_file_and_its_ids(tmp_path):
    from core.bundles.bundle import export_native
    from core.loading import save_loaded

    path = _tekken(tmp_path, special=[{"rank": 0, "token_str": "<unk>"},
                                      {"rank": 1, "token_str": "<s>"}])
    loaded = open_tokenizer(path)
    bundle = save_loaded(loaded, tmp_path / "bundle")
    reopened = open_tokenizer(bundle)
    assert reopened.format == "tekken"
    assert reopened.runtime.encode("ab ab").ids.tolist() == loaded.runtime.encode("ab ab").ids.tolist()
    assert [p.name for p in export_native(bundle, tmp_path / "out")] == ["tekken.json"]
