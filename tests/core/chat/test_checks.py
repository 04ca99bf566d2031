"""The chat checks of item 7, each on a real template (realdata) or one written here, with a
tokenizer built from the demo byte-level BPE and the model files written beside it.

What each check says is compared with what the real libraries do where they can say it: the
double BOS is what ``tokenizers`` encodes when the render is encoded again with special tokens.
"""

from __future__ import annotations

import json

import pytest

from core.chat.conversation import Conversation
from core.chat.report import chat_report as typed_report
from core.loading import open_tokenizer
from tests.conftest import DATA, DEMO, require_data
from tests.core.chat.conversations import WEATHER_TOOL


def chat_report(*args, **kwargs) -> dict:
    """The report as ``tokbench chat --json`` prints it: these tests state that contract."""
    return typed_report(*args, **kwargs).to_json()


LLAMA3_SPECIALS = ["<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>",
                   "<|end_header_id|>", "<|eot_id|>", "<|im_start|>", "<|im_end|>"]
LLAMA3_NAMED = {"bos_token": "<|begin_of_text|>", "eos_token": "<|eot_id|>"}
# a Llama-3-shaped template written here: it writes bos_token, as the real one does
LLAMA3_LIKE = ("{{ bos_token }}{% for m in messages %}<|start_header_id|>{{ m.role }}"
               "<|end_header_id|>\n\n{{ m.content | trim }}<|eot_id|>{% endfor %}"
               "{% if add_generation_prompt %}<|start_header_id|>assistant<|end_header_id|>\n\n"
               "{% endif %}")
CHAT = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi there"},
        {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "Bye"}]


def llama3_folder(tmp_path, *, post_processor: bool = True, **files) -> object:
    """A folder: the demo BPE with Llama 3's special tokens (and a post-processor adding
    ``<|begin_of_text|>``), plus the JSON ``files`` given (``config``, ``generation_config``,
    ``tokenizer_config``)."""
    from tokenizers import AddedToken, Tokenizer, processors

    tk = Tokenizer.from_file(str(DEMO / "demo-bpe" / "tokenizer.json"))
    tk.add_special_tokens([AddedToken(t, special=True) for t in LLAMA3_SPECIALS])
    if post_processor:
        bos = "<|begin_of_text|>"
        tk.post_processor = processors.TemplateProcessing(
            single=f"{bos} $A", pair=f"{bos} $A {bos} $B", special_tokens=[(bos, tk.token_to_id(bos))])
    folder = tmp_path / "llama3ish"
    folder.mkdir()
    tk.save(str(folder / "tokenizer.json"))
    for name, data in files.items():
        (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


def codes(report) -> list[str]:
    return [c["code"] for c in report["checks"]]


def check(report, code) -> dict:
    found = [c for c in report["checks"] if c["code"] == code]
    assert found, f"no {code} in {codes(report)}"
    return found[0]


def report_for(folder, template, messages, tools=None, **kw):
    loaded = open_tokenizer(folder)
    return chat_report(template, Conversation(messages, tools, None), runtime=loaded.runtime,
                       configs=loaded.configs, special_tokens=LLAMA3_NAMED, **kw)


# -- double BOS ---------------------------------------------------------------------------------
def _double_bos_case(tmp_path, template):
    from tokenizers import Tokenizer

    folder = llama3_folder(tmp_path)
    report = report_for(folder, template, CHAT, add_generation_prompt=True)
    bos = Tokenizer.from_file(str(folder / "tokenizer.json")).token_to_id("<|begin_of_text|>")
    # what the mistake gives, by the library itself: the render encoded with special tokens
    again = Tokenizer.from_file(str(folder / "tokenizer.json")).encode(report["text"]).ids
    assert again[:2] == [bos, bos]
    found = check(report, "chat.double_bos")
    assert found["args"] == {"token": "<|begin_of_text|>", "id": bos}
    assert found["span"] == [0, len("<|begin_of_text|>")]
    assert "'<|begin_of_text|>'" in found["message"] and str(bos) in found["message"]
    return folder


def test_double_bos_with_a_template_writing_bos_token(tmp_path):
    _double_bos_case(tmp_path, LLAMA3_LIKE)


@pytest.mark.realdata
def test_double_bos_with_the_real_llama3_template(tmp_path):
    template = require_data(DATA / "chat" / "templates" / "llama3_1.jinja").read_text()
    _double_bos_case(tmp_path, template)


def test_no_double_bos_without_a_post_processor_or_without_bos_in_the_template(tmp_path):
    folder = llama3_folder(tmp_path, post_processor=False)
    assert "chat.double_bos" not in codes(report_for(folder, LLAMA3_LIKE, CHAT))
    other = tmp_path / "other"
    other.mkdir()
    with_pp = llama3_folder(other)
    no_bos = LLAMA3_LIKE.replace("{{ bos_token }}", "")
    assert "chat.double_bos" not in codes(report_for(with_pp, no_bos, CHAT))


# -- missing end of turn --------------------------------------------------------------------------
def test_an_assistant_turn_without_an_end_token_is_reported(tmp_path):
    plain = ("{% for m in messages %}<|start_header_id|>{{ m.role }}<|end_header_id|>\n\n"
             "{{ m.content }}{% if m.role != 'assistant' %}<|eot_id|>{% endif %}{% endfor %}")
    report = report_for(llama3_folder(tmp_path), plain, CHAT)
    found = check(report, "chat.no_end_of_turn")
    assert found["args"]["message"] == 2 and "<|eot_id|>" in found["args"]["tokens"]
    assert "message 2" in found["message"]


def test_a_template_ending_each_turn_gets_no_end_of_turn_note(tmp_path):
    report = report_for(llama3_folder(tmp_path), LLAMA3_LIKE, CHAT)
    assert "chat.no_end_of_turn" not in codes(report)


def test_no_end_of_turn_without_a_tokenizer_uses_the_named_eos():
    plain = "{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}"
    report = chat_report(plain, Conversation(CHAT), special_tokens={"eos_token": "</s>"})
    assert [c["args"]["message"] for c in report["checks"]
            if c["code"] == "chat.no_end_of_turn"] == [2]


@pytest.mark.realdata
def test_real_templates_end_their_assistant_turns():
    """No shared template is flagged for a multi-turn chat (no false alarm), and each measured
    turn was checked (deepseek's turns are not prefixes: its <think> prompt; none measured)."""
    chat = require_data(DATA / "chat")
    families = json.loads((chat / "special_tokens.json").read_text())
    messages = [{"role": "user", "content": "Hi there"}, {"role": "assistant", "content": "Hello!"},
                {"role": "user", "content": "Bye"}, {"role": "assistant", "content": "Bye!"}]
    from core.chat.mask import prefix_diff_spans

    measured = []
    for name, family in sorted(families.items()):
        template = (chat / "templates" / f"{name}.jinja").read_text()
        report = chat_report(template, Conversation(messages),
                             special_tokens=family["special_tokens"])
        assert "chat.no_end_of_turn" not in codes(report), name
        found = prefix_diff_spans(template, messages, report["text"], (),
                                  special_tokens=family["special_tokens"])
        if found.turns:  # phi3.5 appends <|endoftext|> to the last turn only: one measured
            measured.append(name)
    assert len(measured) == len(families) - 1 and "deepseek_v3" not in measured


# -- the files' special-token IDs disagree ----------------------------------------------------------
def test_registry_disagreements_are_chat_checks(tmp_path):
    folder = llama3_folder(tmp_path, tokenizer_config={"eos_token": "<|eot_id|>"},
                           generation_config={"eos_token_id": 7})
    report = report_for(folder, LLAMA3_LIKE, CHAT)
    found = check(report, "special.ids_differ")
    assert found["args"]["role"] == "eos"
    assert "generation_config.json eos_token_id" in found["message"]


# -- system message ---------------------------------------------------------------------------------
def test_a_template_that_ignores_system_messages_drops_it():
    skip_system = ("{% for m in messages %}{% if m.role != 'system' %}<|im_start|>{{ m.role }}\n"
                   "{{ m.content }}<|im_end|>\n{% endif %}{% endfor %}")
    report = chat_report(skip_system, Conversation(CHAT))
    found = check(report, "chat.system_dropped")
    assert found["args"]["text"] == "Be brief."
    # a conversation with no system message: a probe one is tried
    assert "chat.system_dropped" in codes(chat_report(skip_system, Conversation(CHAT[1:])))


@pytest.mark.realdata
def test_real_templates_refuse_drop_or_move_the_system_message():
    chat = require_data(DATA / "chat")
    families = json.loads((chat / "special_tokens.json").read_text())

    def report(name, messages):
        template = (chat / "templates" / f"{name}.jinja").read_text()
        return chat_report(template, Conversation(messages),
                           special_tokens=families[name]["special_tokens"])

    refused = check(report("gemma2", CHAT[1:]), "chat.system_refused")
    assert "System role not supported" in refused["message"]
    # Mistral v0.3 puts the system message in the last user turn only
    assert "chat.system_dropped" in codes(report("mistral_v0_3", CHAT[:3]))
    moved = check(report("mistral_v0_3", CHAT), "chat.system_moved")
    assert moved["args"]["message"] == 1 and moved["args"]["role"] == "user"
    for name in ("chatml", "llama3_1", "qwen2_5", "phi3_5_mini"):
        assert not {"chat.system_dropped", "chat.system_moved",
                    "chat.system_refused"} & set(codes(report(name, CHAT))), name


# -- tools --------------------------------------------------------------------------------------------
TOOL_CHAT = [{"role": "user", "content": "Weather in Zürich?"},
             {"role": "assistant", "content": None, "tool_calls": [
                 {"id": "call00001", "type": "function",  # Mistral wants 9-character ids
                  "function": {"name": "get_weather", "arguments": {"city": "Zürich"}}}]},
             {"role": "tool", "tool_call_id": "call00001", "content": '{"temp": 21}'},
             {"role": "assistant", "content": "21 °C."}]


def test_a_template_that_ignores_tools_drops_definitions_and_calls():
    ignore = ("{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content or '' }}<|im_end|>\n"
              "{% endfor %}")
    report = chat_report(ignore, Conversation(TOOL_CHAT, [WEATHER_TOOL]))
    assert check(report, "chat.tools_dropped")["args"]["names"] == ["get_weather"]
    calls = check(report, "chat.tool_calls_dropped")
    assert calls["args"] == {"message": 1, "role": "assistant", "names": ["get_weather", "city"]}


@pytest.mark.realdata
def test_real_tool_templates_keep_tools_and_chatml_drops_them():
    chat = require_data(DATA / "chat")
    families = json.loads((chat / "special_tokens.json").read_text())
    from core.chat import ChatTemplateError

    # chatml adds content to strings: a tool call's message needs "" there, not None
    with_text = [dict(m, content=m["content"] or "") for m in TOOL_CHAT]
    checked = []
    for name, family in sorted(families.items()):
        template = (chat / "templates" / f"{name}.jinja").read_text()
        try:
            report = chat_report(template, Conversation(
                with_text if name == "chatml" else TOOL_CHAT, [WEATHER_TOOL]),
                special_tokens=family["special_tokens"])
        except ChatTemplateError:  # a template that refuses this chat says so elsewhere
            continue
        checked.append(name)
        dropped = {"chat.tools_dropped", "chat.tool_calls_dropped"} & set(codes(report))
        if family["supports_tools"]:
            assert not dropped, name
        if name == "chatml":
            assert dropped == {"chat.tools_dropped", "chat.tool_calls_dropped"}
    assert "chatml" in checked and sum(families[n]["supports_tools"] for n in checked) >= 3


# -- IDs beyond the embedding rows ----------------------------------------------------------------------
def test_an_id_beyond_the_models_embedding_rows(tmp_path):
    from tokenizers import Tokenizer

    folder = llama3_folder(tmp_path, post_processor=False)
    eot = Tokenizer.from_file(str(folder / "tokenizer.json")).token_to_id("<|eot_id|>")
    (folder / "config.json").write_text(json.dumps({"vocab_size": eot}), encoding="utf-8")
    report = report_for(folder, LLAMA3_LIKE, CHAT)
    found = check(report, "chat.id_beyond_embeddings")
    assert found["severity"] == "error"
    assert found["args"]["id"] == eot and found["args"]["rows"] == eot
    assert found["args"]["count"] == report["ids"].count(eot)
    assert report["ids"][found["args"]["index"]] == eot


# -- the end of turn is not a stop ID -------------------------------------------------------------------
def test_the_end_of_turn_not_among_the_stop_ids(tmp_path):
    from tokenizers import Tokenizer

    folder = llama3_folder(tmp_path, post_processor=False)
    tk = Tokenizer.from_file(str(folder / "tokenizer.json"))
    eot, end = tk.token_to_id("<|eot_id|>"), tk.token_to_id("<|end_of_text|>")
    (folder / "generation_config.json").write_text(json.dumps({"eos_token_id": end}))
    found = check(report_for(folder, LLAMA3_LIKE, CHAT), "chat.end_not_a_stop")
    assert found["args"] == {"token": "<|eot_id|>", "id": eot, "stops": str(end),
                             "source": "generation_config.json eos_token_id"}
    # a chat with no assistant turn: the template's turn end is found on a probe turn
    assert "chat.end_not_a_stop" in codes(report_for(folder, LLAMA3_LIKE, CHAT[:2]))
    (folder / "generation_config.json").write_text(json.dumps({"eos_token_id": [end, eot]}))
    assert "chat.end_not_a_stop" not in codes(report_for(folder, LLAMA3_LIKE, CHAT))


def test_a_template_that_demands_a_system_message_is_not_read_as_refusing_it():
    demand = ("{% if messages[0].role != 'system' %}{{ raise_exception('A system message is "
              "required') }}{% endif %}{% for m in messages %}<|im_start|>{{ m.role }}\n"
              "{{ m.content }}<|im_end|>\n{% endfor %}")
    report = chat_report(demand, Conversation(CHAT))
    assert not {"chat.system_refused", "chat.system_dropped",
                "chat.system_moved"} & set(codes(report))


def test_an_eos_list_agreeing_or_not_with_the_tokenizer_config(tmp_path):
    from tokenizers import Tokenizer

    folder = llama3_folder(tmp_path, tokenizer_config={"eos_token": "<|eot_id|>"})
    tk = Tokenizer.from_file(str(folder / "tokenizer.json"))
    eot, end = tk.token_to_id("<|eot_id|>"), tk.token_to_id("<|end_of_text|>")
    (folder / "generation_config.json").write_text(json.dumps({"eos_token_id": [end, eot]}))
    assert "special.ids_differ" not in codes(report_for(folder, LLAMA3_LIKE, CHAT))
    (folder / "generation_config.json").write_text(json.dumps({"eos_token_id": [end, 5]}))
    found = check(report_for(folder, LLAMA3_LIKE, CHAT), "special.ids_differ")
    assert f"[{end}, 5] in generation_config.json eos_token_id" in found["message"]
