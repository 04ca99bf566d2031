"""A GGUF's named chat templates (``tokenizer.chat_template.<name>``, listed in
``tokenizer.chat_templates``), written by llama.cpp's own writer, reach the Chat pane as the
named variants a ``tokenizer_config.json`` list gives."""

from __future__ import annotations

import pytest

from core.chat.sources import choose_template, templates_of
from core.loading import open_tokenizer
from tests.core.gguf_files import write_gguf

gguf = pytest.importorskip("gguf")

TEMPLATES = [{"name": "default", "template": "{{ messages[0]['content'] }}"},
             {"name": "tool_use", "template": "TOOLS {{ tools | length }}"},
             {"name": "rag", "template": "DOCS {{ documents | length }}"}]


def write_with_templates(path, templates):
    """A GGUF whose templates gguf-py's add_chat_template writes (as convert_hf_to_gguf does)."""
    original = gguf.GGUFWriter.write_header_to_file

    def with_templates(writer, *args, **kwargs):
        writer.add_chat_template(templates)
        return original(writer, *args, **kwargs)

    gguf.GGUFWriter.write_header_to_file = with_templates
    try:
        return write_gguf(path)
    finally:
        gguf.GGUFWriter.write_header_to_file = original


def test_named_templates_come_back_by_name(tmp_path):
    loaded = open_tokenizer(write_with_templates(tmp_path / "m.gguf", TEMPLATES))
    assert templates_of(loaded.configs) == {t["name"]: t["template"] for t in TEMPLATES}
    assert choose_template(templates_of(loaded.configs), tools=[{}]) == TEMPLATES[1]["template"]


def test_one_template_stays_one(tmp_path):
    loaded = open_tokenizer(write_with_templates(tmp_path / "m.gguf", "{{ 'only' }}"))
    assert templates_of(loaded.configs) == "{{ 'only' }}"
