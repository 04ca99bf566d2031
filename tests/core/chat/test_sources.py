"""Where templates come from: config strings, named lists (and the missing default), files,
chat_template.jinja beside a tokenizer, built-ins; and the named special tokens."""

import json

import pytest

from core.chat import BUILTIN_TEMPLATES, CHATML, ChatTemplateError, render
from core.chat.sources import (choose_template, named_templates,
                               template_from_file, templates_of)
from core.formats.configs import read_configs
from core.errors import FormatError

NAMED = {"chat_template": [{"name": "default", "template": "D{{ messages|length }}"},
                           {"name": "tool_use", "template": "T{{ tools|length }}"},
                           {"name": "rag", "template": "R"}]}


def test_a_named_list_gives_default_or_tool_use_or_the_name_asked():
    templates = named_templates(NAMED)
    assert choose_template(templates) == "D{{ messages|length }}"
    assert choose_template(templates, tools=[{}]) == "T{{ tools|length }}"
    assert choose_template(templates, "rag") == "R"
    assert choose_template(templates, "chatml") == CHATML  # not the tokenizer's: a built-in


def test_a_named_list_without_default_and_no_name_is_a_clear_error():
    templates = named_templates({"chat_template": [{"name": "rag", "template": "R"},
                                                   {"name": "tool_use", "template": "T"}]})
    with pytest.raises(ChatTemplateError) as info:
        choose_template(templates)
    assert "'default'" in info.value.detail and "['rag', 'tool_use']" in info.value.detail
    assert choose_template(templates, tools=[]) == "T"


def test_no_template_at_all_names_the_built_ins():
    with pytest.raises(ChatTemplateError) as info:
        choose_template(None)
    assert "chatml" in info.value.detail and "inst" in info.value.detail


def test_a_malformed_chat_template_value_is_a_format_error():
    with pytest.raises(FormatError):
        named_templates({"chat_template": [{"name": "x"}]}, path="tokenizer_config.json")
    with pytest.raises(FormatError):
        named_templates({"chat_template": 3})


def test_files_jinja_and_json_configs(tmp_path):
    (tmp_path / "t.jinja").write_text("{{ bos_token }}x", encoding="utf-8")
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(NAMED), encoding="utf-8")
    (tmp_path / "empty.json").write_text("{}", encoding="utf-8")
    assert template_from_file(tmp_path / "t.jinja") == "{{ bos_token }}x"
    assert template_from_file(tmp_path / "tokenizer_config.json")["rag"] == "R"
    with pytest.raises(FormatError, match="has no 'chat_template'"):
        template_from_file(tmp_path / "empty.json")


def test_a_tokenizer_folder_template_and_special_tokens(tmp_path):
    config = {"chat_template": [{"name": "default", "template": "from config"}],
              "bos_token": {"content": "<s>", "special": True}, "eos_token": "</s>",
              "additional_special_tokens": ["<x>"]}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "special_tokens_map.json").write_text(json.dumps({"unk_token": "<unk>",
                                                                  "eos_token": "old"}))
    files = {p.name: p for p in tmp_path.iterdir()}
    configs, notes = read_configs(files)
    assert not notes and templates_of(configs) == {"default": "from config"}
    (tmp_path / "chat_template.jinja").write_text("beside", encoding="utf-8")
    configs, _ = read_configs({p.name: p for p in tmp_path.iterdir()})
    assert choose_template(templates_of(configs)) == "beside"


def test_the_built_ins_render_their_shapes_with_generation_spans():
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"},
                {"role": "assistant", "content": "Hello"}, {"role": "user", "content": "Bye"}]
    chatml = render(BUILTIN_TEMPLATES["chatml"], messages, add_generation_prompt=True)
    assert chatml.text == ("<|im_start|>system\nBe brief.<|im_end|>\n"
                           "<|im_start|>user\nHi<|im_end|>\n"
                           "<|im_start|>assistant\nHello<|im_end|>\n"
                           "<|im_start|>user\nBye<|im_end|>\n"
                           "<|im_start|>assistant\n")
    assert [chatml.text[s:e] for s, e in chatml.generation_spans] == ["Hello<|im_end|>"]
    inst = render(BUILTIN_TEMPLATES["inst"], messages,
                  special_tokens={"bos_token": "<s>", "eos_token": "</s>"})
    assert inst.text == "<s>[INST] Be brief.\n\nHi [/INST] Hello</s>[INST] Bye [/INST]"
    assert [inst.text[s:e] for s, e in inst.generation_spans] == [" Hello</s>"]
    with pytest.raises(ChatTemplateError, match="not tool"):
        render(BUILTIN_TEMPLATES["inst"], [{"role": "tool", "content": "x"}])


def test_the_built_ins_render_as_transformers_renders_them():
    transformers = pytest.importorskip("transformers", reason="transformers is the test oracle")
    from transformers.utils.chat_template_utils import render_jinja_template

    messages = [{"role": "user", "content": "Hi é 👋"}, {"role": "assistant", "content": "Yo"}]
    for source in BUILTIN_TEMPLATES.values():
        (text,), (spans,) = render_jinja_template([messages], chat_template=source,
                                                  return_assistant_tokens_mask=True,
                                                  bos_token="<s>", eos_token="</s>")
        ours = render(source, messages, special_tokens={"bos_token": "<s>", "eos_token": "</s>"})
        assert (ours.text, list(ours.generation_spans)) == (text, [tuple(s) for s in spans])
    assert transformers


@pytest.mark.parametrize("decoder", [False, True], ids=["legacy", "added_tokens_decoder"])
def test_named_special_tokens_are_transformers_own(tmp_path, decoder):
    """The template variables from a folder whose tokenizer_config.json and
    special_tokens_map.json disagree equal what transformers 5 loads: without
    ``added_tokens_decoder`` the map is merged over the config (its names win); with it, the
    map is not read. The CLI takes them from the special-token registry."""
    transformers = pytest.importorskip("transformers", reason="transformers is the test oracle")
    from tokenizers import AddedToken, Tokenizer

    from core.loading import open_tokenizer
    from core.pipeline.special import special_registry
    from tests.conftest import DEMO

    tk = Tokenizer.from_file(str(DEMO / "demo-bpe" / "tokenizer.json"))
    tk.add_special_tokens([AddedToken(t, special=True) for t in ["<s>", "</s>", "<|im_end|>"]])
    tk.save(str(tmp_path / "tokenizer.json"))
    config = {"bos_token": "<s>", "eos_token": "</s>",
              "tokenizer_class": "PreTrainedTokenizerFast"}
    if decoder:
        config["added_tokens_decoder"] = {}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "special_tokens_map.json").write_text(json.dumps(
        {"eos_token": "<|im_end|>", "pad_token": "<s>"}), encoding="utf-8")
    oracle = transformers.AutoTokenizer.from_pretrained(str(tmp_path))
    expected = {name: getattr(oracle, name) for name in
                ("bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token",
                 "mask_token") if getattr(oracle, name) is not None}
    named = special_registry(open_tokenizer(tmp_path)).named
    assert named == expected
    assert named["eos_token"] == ("</s>" if decoder else "<|im_end|>")
