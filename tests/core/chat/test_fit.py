"""Does the template fit the tokenizer (issue #21 item 10): a template whose control strings are
no tokens of the tokenizer, that reads special-token variables the tokenizer does not define, or
whose BOS disagrees with the tokenizer's post-processor, is said so — and each real template
with its own tokenizer raises none of these checks (the positive control).

Oracles: tiktoken (an o200k ``Encoding``: tiktoken's own o200k pattern and special tokens over
the shared GPT-2 ranks, o200k's ranks not being shipped), mistral-common's ``Tekkenizer`` and
transformers' ``MistralCommonBackend`` for Tekken, ``tokenizers`` and transformers 5
``apply_chat_template`` (the render, and what ``tokenize=True`` feeds the model).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from unittest.mock import patch

import pytest

from core.chat import BoundedRenderer
from core.chat.conversation import Conversation
from core.chat.report import chat_report
from core.loading import open_tokenizer
from core.formats.tiktoken.presets import preset
from tests.conftest import DATA, DEMO, TOKENIZERS, require_data

transformers = pytest.importorskip("transformers", reason="transformers is the render oracle")


# Real files read by several tests here, each read once (CPU: the Phi-3 GGUF opens in 0.8 s and
# the gguf package reads it in 1.25 s, Tekken opens in 0.6 s and transformers' backend takes
# 0.9 s; three tests each read them). Nothing here changes what they give back.
@functools.lru_cache(maxsize=None)
def opened(path: Path):
    return open_tokenizer(path)


@functools.lru_cache(maxsize=None)
def gguf_fields(path: Path) -> dict:
    pytest.importorskip("gguf")
    from tests.core.gguf_files import shared_reader

    return shared_reader(path).fields


@functools.lru_cache(maxsize=None)
def mistral_backend(path: Path):
    from transformers.tokenization_mistral_common import MistralCommonBackend

    return MistralCommonBackend(tokenizer_path=str(path))

NEW_CODES = {"chat.control_split", "chat.control_not_special",
             "chat.special_variable_undefined", "chat.bos_missing", "chat.bos_differs"}
CHAT = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi there"},
        {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "Bye"}]
NO_SYSTEM = CHAT[1:]
WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Weather of a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"]}}}
# a tool call id of nine characters: Mistral's template demands it
TOOL_CHAT = [{"role": "user", "content": "Weather in Paris?"},
             {"role": "assistant", "content": None, "tool_calls": [
                 {"id": "abc123xyz", "type": "function",
                  "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
             {"role": "tool", "tool_call_id": "abc123xyz", "name": "get_weather",
              "content": '{"temp": 18}'},
             {"role": "assistant", "content": "18 °C."}]


@pytest.fixture(scope="module")
def renderer():
    with BoundedRenderer() as bounded:
        yield bounded


def template(name: str) -> str:
    return require_data(DATA / "chat" / "templates" / f"{name}.jinja").read_text(
        encoding="utf-8")


def named_in_model_config(name: str) -> dict:
    """The named special tokens the model's tokenizer_config.json sets (shared data)."""
    data = json.loads(require_data(DATA / "chat" / "special_tokens.json").read_text(
        encoding="utf-8"))
    return data[name]["special_tokens"]


def codes(report) -> list[str]:
    return [n.code for n in report.checks]


def oracle_render(source: str, named: dict, messages, **options) -> str:
    """transformers 5 ``apply_chat_template(tokenize=False)`` with a tokenizer naming the
    special tokens ``named`` (and no others)."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from transformers import PreTrainedTokenizerFast

    tok = PreTrainedTokenizerFast(tokenizer_object=Tokenizer(WordLevel({"x": 0}, unk_token="x")),
                                  chat_template=source, **named)
    return tok.apply_chat_template(messages, tokenize=False, **options)


def tokenizer_folder(tmp_path, name: str, specials: list[str], *, plain: list[str] = (),
                     bos: str | None = None, config: dict | None = None):
    """The demo byte-level BPE with a model family's special tokens (and plain added tokens),
    a post-processor adding ``bos`` when given, and a tokenizer_config.json when given."""
    from tokenizers import AddedToken, Tokenizer, processors

    tk = Tokenizer.from_file(str(DEMO / "demo-bpe" / "tokenizer.json"))
    tk.add_special_tokens([AddedToken(t, special=True) for t in specials])
    tk.add_tokens([AddedToken(t, special=False) for t in plain])
    if bos is not None:
        tk.post_processor = processors.TemplateProcessing(
            single=f"{bos} $A", pair=f"{bos} $A {bos} $B",
            special_tokens=[(bos, tk.token_to_id(bos))])
    folder = tmp_path / name
    folder.mkdir()
    tk.save(str(folder / "tokenizer.json"))
    if config is not None:
        (folder / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    return folder


LLAMA3_SPECIALS = list(preset("llama3").special_tokens(128000))


# -- o200k with the Llama 3.1 template ------------------------------------------------------------
@pytest.fixture(scope="module")
def o200k_oracle():
    """tiktoken's own o200k_base (pattern, special tokens) over the shared GPT-2 ranks."""
    import tiktoken
    import tiktoken_ext.openai_public as public
    from tiktoken.load import load_tiktoken_bpe

    ranks = load_tiktoken_bpe(str(require_data(TOKENIZERS / "gpt2.tiktoken")))
    with patch.object(public, "load_tiktoken_bpe", lambda *args, **kwargs: ranks):
        return tiktoken.Encoding(**public.o200k_base())


@pytest.mark.realdata
def test_o200k_with_the_llama31_template_names_each_control_string(o200k_oracle, renderer):
    enc = o200k_oracle
    loaded = open_tokenizer(TOKENIZERS / "gpt2.tiktoken", preset="o200k")
    assert {t.content for t in loaded.runtime.special_tokens()} == enc.special_tokens_set
    source = template("llama3_1")
    report = chat_report(source, Conversation(CHAT), runtime=loaded.runtime,
                         configs=loaded.configs, add_generation_prompt=True, renderer=renderer)
    # o200k names no BOS: transformers renders {{ bos_token }} as nothing, as the report does
    expected_text = oracle_render(source, {}, CHAT, add_generation_prompt=True)
    assert report.text == expected_text and not report.text.startswith("<|begin_of_text|>")
    assert [n.args["name"] for n in report.checks_with("chat.special_variable_undefined")] == [
        "bos_token"]
    # every <|...|> the render writes outside content that tiktoken has no token for
    written = set(re.findall(r"<\|[^|<>\s]+\|>", expected_text))
    split = {lit for lit in written if lit not in enc.special_tokens_set
             and len(enc.encode(lit, disallowed_special=())) > 1}
    assert split  # <|start_header_id|> and the like
    found = {n.args["literal"]: n for n in report.checks_with("chat.control_split")}
    assert set(found) == split
    for literal, check in found.items():
        ids = enc.encode(literal, disallowed_special=())
        assert check.args["ids"] == ids and check.args["n"] == len(ids)
        assert enc.decode(ids) == literal == "".join(check.args["pieces"])
        assert check.args["count"] == expected_text.count(literal)
        first = expected_text.index(literal)
        assert check.span == (first, first + len(literal)) and check.args["at"] == first
        assert check.severity == "error"
    # nothing adds a BOS: tiktoken never does
    assert report.bos.source == "none"
    assert not report.checks_with("chat.control_not_special")


# -- Tekken with ChatML ----------------------------------------------------------------------------
@pytest.mark.realdata
def test_tekken_with_chatml_names_its_control_strings_and_the_missing_bos(renderer):
    from mistral_common.tokens.tokenizers.tekken import Tekkenizer

    path = require_data(TOKENIZERS / "mistral-tekken" / "tekken_240718.json")
    oracle = Tekkenizer.from_file(str(path))
    backend = mistral_backend(path)
    specials = {oracle.id_to_piece(i) for i in oracle.special_ids}
    loaded = opened(path)
    source = template("chatml")
    report = chat_report(source, Conversation(CHAT), runtime=loaded.runtime,
                         configs=loaded.configs, add_generation_prompt=True, renderer=renderer)
    assert report.text == oracle_render(source, backend.special_tokens_map, CHAT,
                                        add_generation_prompt=True)
    found = {n.args["literal"]: n.args["ids"] for n in report.checks_with("chat.control_split")}
    assert set(found) == {"<|im_start|>", "<|im_end|>"}
    for literal, ids in found.items():
        assert literal not in specials
        assert ids == oracle.encode(literal, bos=False, eos=False)
    # mistral-common's tokenizer starts a text with <s> (the workbench's post-processor);
    # the template writes none
    bos = backend.encode("Hello")[0]
    assert bos == oracle.bos_id and report.text[:3] != "<s>"
    missing = report.checks_with("chat.bos_missing")
    assert [(n.args["token"], n.args["id"]) for n in missing] == [("<s>", bos)]
    assert report.bos.source == "post_processor"


@pytest.mark.realdata
def test_tekken_names_its_special_tokens_as_transformers_does():
    """The template variables of a Tekken file are transformers' MistralCommonBackend's."""
    from core.chat.sources import tokenizer_special_token_variables

    path = require_data(TOKENIZERS / "mistral-tekken" / "tekken_240718.json")
    loaded = opened(path)
    assert tokenizer_special_token_variables(loaded.runtime, loaded.configs) == \
        mistral_backend(path).special_tokens_map


@pytest.mark.realdata
def test_a_gguf_names_its_special_tokens_from_its_metadata():
    """As transformers 5 loads a GGUF's tokenizer: bos/eos/unk/pad from the file's
    ``tokenizer.ggml.*_token_id`` (read here with the gguf package)."""
    from core.chat.sources import model_special_token_variables

    path = require_data(DATA / "gguf" / "ggml-vocab-phi-3.gguf")
    fields = gguf_fields(path)
    tokens = fields["tokenizer.ggml.tokens"]
    expected = {}
    for name, key in (("bos_token", "bos_token_id"), ("eos_token", "eos_token_id"),
                      ("unk_token", "unknown_token_id"), ("pad_token", "padding_token_id")):
        field = fields.get(f"tokenizer.ggml.{key}")
        if field is not None:
            token_id = int(field.parts[field.data[0]][0])
            expected[name] = bytes(tokens.parts[tokens.data[token_id]]).decode("utf-8")
    assert expected and model_special_token_variables(opened(path).runtime) == expected


# -- a template reading bos_token on a Llama 3 tokenizer.json with no config -----------------------
@pytest.mark.realdata
def test_llama3_tokenizer_json_without_a_config_renders_no_bos(tmp_path, renderer):
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    source = template("llama3_1")
    bare = tokenizer_folder(tmp_path, "bare", LLAMA3_SPECIALS, bos="<|begin_of_text|>")
    oracle = PreTrainedTokenizerFast(tokenizer_file=str(bare / "tokenizer.json"))
    bos_id = oracle.convert_tokens_to_ids("<|begin_of_text|>")
    loaded = open_tokenizer(bare)
    report = chat_report(source, Conversation(CHAT), runtime=loaded.runtime,
                         configs=loaded.configs, add_generation_prompt=True, renderer=renderer)
    assert report.text == oracle.apply_chat_template(CHAT, tokenize=False,
                                                     add_generation_prompt=True,
                                                     chat_template=source)
    # what the model gets: no BOS from apply_chat_template, though the tokenizer adds one to text
    fed = oracle.apply_chat_template(CHAT, tokenize=True, add_generation_prompt=True,
                                     chat_template=source, return_dict=True)["input_ids"]
    assert fed[0] != bos_id and oracle("Hello")["input_ids"][0] == bos_id
    assert report.ids == list(fed)
    assert [n.args["name"] for n in report.checks_with("chat.special_variable_undefined")] == [
        "bos_token"]
    assert [(n.args["token"], n.args["id"]) for n in report.checks_with("chat.bos_missing")] == [
        ("<|begin_of_text|>", bos_id)]
    assert report.bos.source == "post_processor" and report.bos.template is None
    assert report.to_json()["bos"] == {
        "source": "post_processor", "template": None,
        "post_processor": {"token": "<|begin_of_text|>", "id": bos_id}}
    assert not report.checks_with("chat.control_split")

    # with the model's tokenizer_config.json the template writes it: one BOS reaches the model
    configured = tokenizer_folder(tmp_path, "configured", LLAMA3_SPECIALS,
                                  bos="<|begin_of_text|>",
                                  config=named_in_model_config("llama3_1"))
    oracle = AutoTokenizer.from_pretrained(str(configured))
    loaded = open_tokenizer(configured)
    report = chat_report(source, Conversation(CHAT), runtime=loaded.runtime,
                         configs=loaded.configs, add_generation_prompt=True, renderer=renderer)
    fed = oracle.apply_chat_template(CHAT, tokenize=True, add_generation_prompt=True,
                                     chat_template=source, return_dict=True)["input_ids"]
    assert fed[0] == bos_id and fed[1] != bos_id and report.ids == list(fed)
    assert report.bos.source == "both" and report.bos.template == ("<|begin_of_text|>", bos_id)
    assert not NEW_CODES & set(codes(report))
    assert "chat.double_bos" in codes(report)  # encoding the render again would add a second


def test_a_variable_read_undefined_is_named_and_a_guarded_one_is_not(renderer):
    """``{{ bos_token }}`` read undefined renders nothing (as transformers renders it) and is
    named; ``eos_token is defined`` only asks, and is not."""
    source = ("{{ bos_token }}{% for m in messages %}[{{ m.role }}] {{ m.content }}\n"
              "{% endfor %}{% if eos_token is defined %}{{ eos_token }}{% endif %}"
              "{{ date_string }}")
    messages = [{"role": "user", "content": "hi"}]
    report = chat_report(source, Conversation(messages), special_tokens={"pad_token": "<pad>"},
                         renderer=renderer)
    assert report.text == oracle_render(source, {"pad_token": "<pad>"}, messages)
    assert [n.args["name"] for n in report.checks_with("chat.special_variable_undefined")] == [
        "bos_token"]  # date_string is no special token
    # nothing to judge by (no tokenizer, no special tokens given): no note
    assert not chat_report(source, Conversation(messages), renderer=renderer).checks_with(
        "chat.special_variable_undefined")
    # defined: no note
    given = chat_report(source, Conversation(messages), renderer=renderer,
                        special_tokens={"bos_token": "<s>", "eos_token": "</s>"})
    assert given.text.startswith("<s>") and not given.checks_with(
        "chat.special_variable_undefined")


def test_a_control_string_that_is_one_ordinary_token_is_not_special(tmp_path, renderer):
    """A tokenizer whose vocabulary holds ``<|im_start|>`` as an ordinary piece (not an added
    special token): one token, but one a user can type too."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import WhitespaceSplit

    vocab = {"[UNK]": 0, "<|im_start|>user": 1, "<|im_start|>": 2, "hi": 3, "<|im_end|>": 4}
    tk = Tokenizer(WordLevel(vocab, unk_token="[UNK]"))
    tk.pre_tokenizer = WhitespaceSplit()
    path = tmp_path / "tokenizer.json"
    tk.save(str(path))
    source = "{% for m in messages %}<|im_start|> {{ m.content }} <|im_end|>{% endfor %}"
    loaded = open_tokenizer(path)
    report = chat_report(source, Conversation([{"role": "user", "content": "hi"}]),
                         runtime=loaded.runtime, renderer=renderer)
    found = {n.args["literal"]: n for n in report.checks_with("chat.control_not_special")}
    assert set(found) == {"<|im_start|>", "<|im_end|>"}
    for literal, check in found.items():
        assert check.args["ids"] == tk.encode(literal).ids == [vocab[literal]]
        assert check.severity == "warning"
    assert not report.checks_with("chat.control_split")


# -- the positive control: each real template with its own tokenizer -------------------------------
def _llama3(tmp_path, name):
    return open_tokenizer(tokenizer_folder(tmp_path, name, LLAMA3_SPECIALS,
                                           bos="<|begin_of_text|>",
                                           config=named_in_model_config(name)))


def _qwen(tmp_path, name):
    # Qwen2.5's own: three special tokens, <tool_call> </tool_call> plain added ones
    return open_tokenizer(tokenizer_folder(
        tmp_path, name, ["<|endoftext|>", "<|im_start|>", "<|im_end|>"],
        plain=["<tool_call>", "</tool_call>"], config=named_in_model_config(name)))


def _gemma(tmp_path, name):
    return open_tokenizer(tokenizer_folder(
        tmp_path, name, ["<pad>", "<eos>", "<bos>", "<unk>", "<start_of_turn>", "<end_of_turn>"],
        bos="<bos>", config=named_in_model_config(name)))


def _deepseek(tmp_path, name):
    # DeepSeek-V3's: the sentence and tool markers special, <｜User｜> <｜Assistant｜> plain
    tool = ["<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>", "<｜tool▁call▁begin｜>",
            "<｜tool▁call▁end｜>", "<｜tool▁outputs▁begin｜>", "<｜tool▁outputs▁end｜>",
            "<｜tool▁output▁begin｜>", "<｜tool▁output▁end｜>", "<｜tool▁sep｜>"]
    return open_tokenizer(tokenizer_folder(
        tmp_path, name, ["<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", *tool],
        plain=["<｜User｜>", "<｜Assistant｜>"], bos="<｜begin▁of▁sentence｜>",
        config=named_in_model_config(name)))


def _file(relative):
    return lambda tmp_path, name: opened(require_data(DATA / relative))


PHI3_GGUF = "gguf/ggml-vocab-phi-3.gguf"
# (template, its tokenizer, the new checks it should raise): none, but for the shared GGUF,
# which is Phi-3's vocabulary (add_bos_token true; Phi-3's template writes bos_token) where
# Phi-3.5's template writes no BOS (test_phi35_template_on_the_phi3_gguf_misses_its_bos)
OWN = [("llama3_1", _llama3, set()), ("llama3_trl_training", _llama3, set()),
       ("chatml", _qwen, set()), ("qwen2_5", _qwen, set()), ("gemma2", _gemma, set()),
       ("deepseek_v3", _deepseek, set()),
       ("mistral_v0_3", _file("tokenizers/mistral-v3/tokenizer.model"), set()),
       ("mistral_v0_3", _file("tokenizers/mistral-tekken/tekken_240718.json"), set()),
       ("phi3_5_mini", _file(PHI3_GGUF), {"chat.bos_missing"})]


@pytest.mark.realdata
@pytest.mark.parametrize("name, own, expected", OWN,
                         ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(OWN)])
def test_each_real_template_fits_its_own_tokenizer(tmp_path, renderer, name, own, expected):
    source = template(name)
    loaded = own(tmp_path, name)
    rendered = 0
    for messages, tools in ((CHAT, None), (NO_SYSTEM, None), (TOOL_CHAT, [WEATHER])):
        for flags in ({}, {"add_generation_prompt": True}):
            try:
                report = chat_report(source, Conversation(messages, tools), runtime=loaded.runtime,
                                     configs=loaded.configs, renderer=renderer, **flags)
            except Exception as err:  # noqa: BLE001 - a template refusing the shape (Gemma's system)
                assert type(err).__name__ == "ChatTemplateError", err
                continue
            rendered += 1
            assert NEW_CODES & set(codes(report)) == expected, (messages[0]["role"], flags, [
                n.to_json()["message"] for n in report.checks if n.code in NEW_CODES])
    assert rendered >= 2


@pytest.mark.realdata
def test_phi35_template_on_the_phi3_gguf_misses_its_bos(renderer):
    """The GGUF asks for a BOS (``tokenizer.ggml.add_bos_token``, read with the gguf
    package; transformers loads it as ``add_bos_token``), Phi-3.5's template writes none."""
    path = require_data(DATA / PHI3_GGUF)
    field = gguf_fields(path)["tokenizer.ggml.add_bos_token"]
    assert bool(field.parts[field.data[0]][0])
    source = template("phi3_5_mini")
    assert "bos_token" not in source
    loaded = opened(path)
    report = chat_report(source, Conversation(CHAT), runtime=loaded.runtime,
                         configs=loaded.configs, renderer=renderer)
    assert [(n.args["token"], n.args["id"]) for n in report.checks_with("chat.bos_missing")] == [
        ("<s>", loaded.runtime.token_to_id("<s>"))]
