"""The special-token registry: each token's facts with where they came from, and the places
where a tokenizer's files disagree (core.pipeline.special.special_registry)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.loading import open_tokenizer
from core.notes import english
from core.pipeline.special import GUESS, special_registry
from tests.conftest import ROOT, TOKENIZERS, require_data
from tests.core import families as fam

DEMO_BPE = ROOT / "resources" / "demo" / "demo-bpe"
DEMO_UNIGRAM = ROOT / "resources" / "demo" / "demo-unigram"


def write(folder: Path, name: str, data: dict) -> None:
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def entry(registry, content: str):
    [found] = [e for e in registry.entries if e.token.content == content]
    return found


def llama3_folder(tmp_path: Path, **configs: dict) -> Path:
    """The synthetic Llama 3 tokenizer.json, with the configs given (file stem -> content)."""
    fam._write_json(tmp_path, fam.llama3_spec())
    for stem, data in configs.items():
        write(tmp_path, f"{stem}.json", data)
    return tmp_path


def llama3_id(content: str) -> int:
    return next(t["id"] for t in fam.llama3_spec()["added_tokens"] if t["content"] == content)


# --- roles and their sources ------------------------------------------------------------------


def test_demo_bpe_roles_come_from_its_tokenizer_config():
    registry = special_registry(open_tokenizer(DEMO_BPE))
    eos = entry(registry, "<|endoftext|>")
    assert (eos.token.role, eos.token.kind, eos.source) == ("eos", "special",
                                                            "tokenizer.json added_tokens")
    assert eos.role_source == "tokenizer_config.json eos_token" and not eos.role_guessed
    assert entry(registry, "<|pad|>").role_source == "tokenizer_config.json pad_token"
    assert registry.disagreements == ()


def test_a_role_from_a_config_beats_the_guess_from_the_string(tmp_path):
    # <|endoftext|> reads as an EOS; this tokenizer's config says it is the padding
    fam._write_json(tmp_path, fam.qwen2_spec())
    write(tmp_path, "tokenizer_config.json", {"pad_token": "<|endoftext|>",
                                              "eos_token": "<|im_end|>"})
    registry = special_registry(open_tokenizer(tmp_path / "tokenizer.json"))
    text = entry(registry, "<|endoftext|>")
    assert (text.token.role, text.role_source) == ("pad", "tokenizer_config.json pad_token")
    assert [e.token.content for e in registry.by_role("eos")] == ["<|im_end|>"]
    start = entry(registry, "<|im_start|>")
    assert (start.token.role, start.role_source, start.role_guessed) == ("chat role", GUESS, True)


def test_one_token_keeps_every_role_its_files_give_it(tmp_path):
    fam._write_json(tmp_path, fam.gpt2_spec())
    write(tmp_path, "special_tokens_map.json", {"bos_token": "<|endoftext|>",
                                                "eos_token": "<|endoftext|>",
                                                "unk_token": {"content": "<|endoftext|>"}})
    registry = special_registry(open_tokenizer(tmp_path / "tokenizer.json"))
    text = entry(registry, "<|endoftext|>")
    assert [r for r, _ in text.roles] == ["bos", "eos", "unk"]
    assert text.token.role == "bos" and text.role_source == "special_tokens_map.json bos_token"
    assert registry.by_role("eos") == registry.by_role("unk") == [text]


def test_a_config_naming_an_ordinary_piece_adds_it_with_its_source(tmp_path):
    fam._write_json(tmp_path, fam.gpt2_spec())
    write(tmp_path, "generation_config.json", {"pad_token_id": 5})
    registry = special_registry(open_tokenizer(tmp_path / "tokenizer.json"))
    [pad] = registry.by_role("pad")
    assert pad.token.id == 5 and pad.token.kind == "vocabulary" and not pad.token.parsable
    assert pad.source == pad.role_source == "generation_config.json pad_token_id"


def test_entries_are_json_ready_with_their_sources():
    registry = special_registry(open_tokenizer(DEMO_BPE))
    data = json.loads(json.dumps([e.to_json() for e in registry.entries]))
    assert data[0]["source"] == "tokenizer.json added_tokens"
    assert data[0]["roles"] == [{"role": "eos", "source": "tokenizer_config.json eos_token"}]


def test_sentencepiece_demo_lists_piece_types_as_the_source():
    registry = special_registry(open_tokenizer(DEMO_UNIGRAM))
    assert registry.entries and {e.source for e in registry.entries} == {
        "SentencePiece piece type"}
    unk = [e for e in registry.entries if e.token.kind == "unk"]
    assert len(unk) == 1 and unk[0].token.role == "unk" and not unk[0].role_guessed


# --- disagreements between files --------------------------------------------------------------


def test_an_eos_list_containing_the_tokenizers_eos_agrees(tmp_path):
    eot, end = llama3_id("<|eot_id|>"), llama3_id("<|end_of_text|>")
    folder = llama3_folder(tmp_path, tokenizer_config={"eos_token": "<|eot_id|>"},
                           generation_config={"eos_token_id": [end, eot]},
                           config={"eos_token_id": [eot]})
    registry = special_registry(open_tokenizer(folder / "tokenizer.json"))
    assert registry.disagreements == ()
    # both end tokens are EOS for generation; the tokenizer's own is <|eot_id|>
    assert {e.token.id for e in registry.by_role("eos")} == {eot, end}
    assert entry(registry, "<|eot_id|>").role_source == "tokenizer_config.json eos_token"


def test_a_model_config_eos_outside_the_tokenizers_is_named(tmp_path):
    # Llama 3 Instruct as first published: the tokenizer ends a turn with <|eot_id|> while
    # config.json's EOS was <|end_of_text|> alone, so generation ran past the turn
    eot, end = llama3_id("<|eot_id|>"), llama3_id("<|end_of_text|>")
    folder = llama3_folder(tmp_path, tokenizer_config={"eos_token": "<|eot_id|>"},
                           config={"eos_token_id": end})
    [differs] = special_registry(open_tokenizer(folder / "tokenizer.json")).disagreements
    assert differs.args == {"role": "eos", "first": "tokenizer_config.json eos_token",
                            "first_ids": str(eot), "second": "config.json eos_token_id",
                            "second_ids": str(end)}


def test_an_eos_that_disagrees_with_generation_configs_list_is_named(tmp_path):
    eot, end, bos = (llama3_id(c) for c in ("<|eot_id|>", "<|end_of_text|>",
                                            "<|begin_of_text|>"))
    folder = llama3_folder(tmp_path, tokenizer_config={"eos_token": "<|eot_id|>"},
                           generation_config={"eos_token_id": [end, bos]},
                           config={"eos_token_id": eot, "bos_token_id": bos})
    registry = special_registry(open_tokenizer(folder / "tokenizer.json"))
    [differs] = registry.disagreements
    assert differs.code == "special.ids_differ" and differs.severity == "warning"
    assert english(differs) == (f"eos is {eot} in tokenizer_config.json eos_token but "
                                f"[{end}, {bos}] in generation_config.json eos_token_id")


def test_a_role_the_tokenizer_does_not_have_is_named(tmp_path):
    folder = llama3_folder(tmp_path, special_tokens_map={"eos_token": "</s>"})
    [missing] = special_registry(open_tokenizer(folder / "tokenizer.json")).disagreements
    assert english(missing) == ("special_tokens_map.json eos_token names '</s>' as eos, which "
                                "the tokenizer does not have")


def test_added_tokens_decoder_with_another_content_at_an_id_is_named(tmp_path):
    eot = llama3_id("<|eot_id|>")
    decoder = {str(eot): {"content": "<|im_end|>", "special": True},
               str(llama3_id("<|begin_of_text|>")): {"content": "<|begin_of_text|>"}}
    folder = llama3_folder(tmp_path, tokenizer_config={"added_tokens_decoder": decoder})
    [differs] = special_registry(open_tokenizer(folder / "tokenizer.json")).disagreements
    assert differs.code == "special.id_content_differs"
    assert differs.args == {"id": eot, "token": "<|im_end|>", "piece": "<|eot_id|>"}


def test_ids_that_are_not_whole_numbers_are_not_read_as_ids(tmp_path):
    folder = llama3_folder(tmp_path, generation_config={"eos_token_id": [True, "2"]},
                           config={"bos_token_id": None})
    registry = special_registry(open_tokenizer(folder / "tokenizer.json"))
    assert registry.disagreements == ()
    assert all(not e.roles for e in registry.entries)


# --- real tokenizers ------------------------------------------------------------------------


@pytest.mark.realdata
def test_mistral_v3_control_tokens_come_from_piece_types_and_are_never_parsed(tmp_path):
    model = require_data(TOKENIZERS / "mistral-v3" / "tokenizer.model")
    registry = special_registry(open_tokenizer(model))
    bos, inst = entry(registry, "<s>"), entry(registry, "[INST]")
    assert (bos.token.id, bos.token.kind, bos.token.parsable) == (1, "control", False)
    assert bos.source == "SentencePiece piece type" and bos.role_guessed
    assert (inst.token.kind, inst.token.role, inst.role_guessed) == ("control", "chat role", True)
    # the same model with a tokenizer_config beside it: the roles come from there
    (tmp_path / "tokenizer.model").symlink_to(model)
    write(tmp_path, "tokenizer_config.json", {"bos_token": "<s>", "eos_token": "</s>"})
    beside = special_registry(open_tokenizer(tmp_path / "tokenizer.model"))
    assert entry(beside, "</s>").role_source == "tokenizer_config.json eos_token"
    assert beside.disagreements == ()


@pytest.mark.realdata
def test_bert_minilm_roles_from_its_configs_and_a_pad_id_that_disagrees(tmp_path):
    source = require_data(TOKENIZERS / "bert-minilm" / "tokenizer.json")
    (tmp_path / "tokenizer.json").symlink_to(source)
    write(tmp_path, "special_tokens_map.json", {"cls_token": "[CLS]", "sep_token": "[SEP]",
                                                "pad_token": "[PAD]", "mask_token": "[MASK]",
                                                "unk_token": "[UNK]"})
    write(tmp_path, "config.json", {"pad_token_id": 0})
    registry = special_registry(open_tokenizer(tmp_path / "tokenizer.json"))
    assert {e.token.content: (e.token.id, e.token.role) for e in registry.entries} == {
        "[PAD]": (0, "pad"), "[UNK]": (100, "unk"), "[CLS]": (101, "cls"),
        "[SEP]": (102, "sep"), "[MASK]": (103, "mask")}
    assert not any(e.role_guessed for e in registry.entries)
    assert registry.disagreements == ()
    write(tmp_path, "config.json", {"pad_token_id": 1})
    [differs] = special_registry(open_tokenizer(tmp_path / "tokenizer.json")).disagreements
    assert differs.args["role"] == "pad" and differs.args["second"] == "config.json pad_token_id"


@pytest.mark.realdata
def test_gpt2_rank_file_specials_come_from_the_preset_or_the_user():
    ranks = require_data(TOKENIZERS / "gpt2.tiktoken")
    [text] = special_registry(open_tokenizer(ranks)).entries
    assert (text.token.content, text.token.id) == ("<|endoftext|>", 50256)
    assert text.source.startswith("tiktoken preset ") and text.role_guessed
    given = special_registry(open_tokenizer(ranks, special_tokens={"<|endoftext|>": 50256,
                                                                   "<|pad|>": 50257}))
    assert {e.source for e in given.entries} == {"user-given special tokens"}
    assert [e.token.content for e in given.entries] == ["<|endoftext|>", "<|pad|>"]


def test_a_role_id_the_tokenizer_does_not_have_is_named(tmp_path):
    folder = llama3_folder(tmp_path, generation_config={"eos_token_id": [llama3_id("<|eot_id|>"),
                                                                         128009]})
    registry = special_registry(open_tokenizer(folder / "tokenizer.json"))
    [outside] = registry.disagreements
    assert english(outside) == ("generation_config.json eos_token_id gives eos ID 128009, which "
                                "the tokenizer does not have (its IDs are 0–1,004)")
    assert 128009 not in {e.token.id for e in registry.entries}


def test_a_special_token_beyond_the_models_embedding_rows_is_an_error(tmp_path):
    # the tokenizer's specials were appended after the model's 1,002 rows were fixed
    folder = llama3_folder(tmp_path, config={"vocab_size": 1002})
    beyond = special_registry(open_tokenizer(folder / "tokenizer.json")).disagreements
    assert [(n.code, n.severity, n.args["token"]) for n in beyond] == [
        ("special.id_beyond_embeddings", "error", "<|start_header_id|>"),
        ("special.id_beyond_embeddings", "error", "<|end_header_id|>"),
        ("special.id_beyond_embeddings", "error", "<|eot_id|>")]
    assert english(beyond[0]) == ("special token '<|start_header_id|>' has ID 1002, beyond the "
                                  "model's 1,002 embedding rows (config.json vocab_size)")


def test_a_rank_file_bundle_keeps_saying_where_its_special_tokens_came_from(tmp_path):
    from core.loading import save_loaded
    from core.formats.tiktoken.presets import preset

    ranks = fam.write_rank_file(tmp_path / "ranks", fam.tiktoken_ranks(preset("cl100k").pattern))
    for special, source in ((None, "tiktoken preset cl100k"),
                            ({"<|endoftext|>": 1500}, "user-given special tokens")):
        loaded = open_tokenizer(ranks, preset="cl100k", special_tokens=special)
        assert {e.source for e in special_registry(loaded).entries} == {source}
        # a bundle stores the tokens it was run with as options: the source stays the same
        bundle = save_loaded(loaded, tmp_path / f"bundle-{bool(special)}")
        assert {e.source for e in special_registry(open_tokenizer(bundle)).entries} == {source}


def test_the_literals_pattern_is_built_once_for_the_same_literals(monkeypatch):
    """A chat report looks for special literals in every segment: with a SentencePiece model's
    hundreds of control pieces, escaping them all again for each segment took most of its time."""
    import regex

    import core.pipeline.special as special

    tokens = [special.SpecialToken(f"[control_{k}]", k) for k in range(300)] + [
        special.SpecialToken("<s>", 1)]
    escaped = []
    real_escape = regex.escape
    monkeypatch.setattr(special.regex, "escape", lambda text: escaped.append(text)
                        or real_escape(text))
    first = special.find_special_literals("a [control_12]<s>", tokens)
    assert first == [(2, 14, "[control_12]"), (14, 17, "<s>")]
    assert special.find_special_literals("<s>", list(reversed(tokens))) == [(0, 3, "<s>")]
    assert len(escaped) <= len(tokens)  # not once per call
