"""The files that travel beside a tokenizer (``tokenizer_config.json``, ``config.json``, a chat
template...), parsed once into one object.

A broken file is not fatal (the tokenizer itself is fine): it is left out, and a note names the
file, line and column.

>>> configs = Configs(tokenizer_config={"add_bos_token": True})
>>> configs.tokenizer_config["add_bos_token"], configs.model_config is None
(True, True)
>>> sorted(configs.by_file())
['tokenizer_config.json']
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from pathlib import Path

from ..errors import FormatError
from .gguf.tokenizer import embedded_configs
from ..notes import Note, note
from ..text.json_errors import json_problem
from ..text.utf8 import decode_utf8

# file name -> Configs field; the order is the order files are read (and notes given)
JSON_CONFIGS = {"tokenizer_config.json": "tokenizer_config",
                "special_tokens_map.json": "special_tokens_map",
                "generation_config.json": "generation_config",
                "config.json": "model_config"}
CHAT_TEMPLATE_FILES = ("chat_template.jinja", "chat_template.json")
SIBLING_FILES = tuple(JSON_CONFIGS) + CHAT_TEMPLATE_FILES
# a GGUF file carries its configs in its metadata (read by core.formats.gguf.tokenizer)
GGUF_FILE = "tokenizer.gguf"


@dataclass(frozen=True)
class Configs:
    """A tokenizer's sibling configs; each is None when the file is absent (or unreadable).

    Attributes:
        tokenizer_config: ``tokenizer_config.json``.
        special_tokens_map: ``special_tokens_map.json``.
        generation_config: ``generation_config.json``.
        model_config: the model's ``config.json``.
        chat_template: the Jinja source, from ``chat_template.jinja``, ``chat_template.json``
            or the ``chat_template`` string of ``tokenizer_config.json``, in that order.
    """

    tokenizer_config: dict | None = None
    special_tokens_map: dict | None = None
    generation_config: dict | None = None
    model_config: dict | None = None
    chat_template: str | None = None

    def by_file(self) -> dict[str, dict]:
        """The JSON configs present, by file name (what the tokenizers runtime reads roles from)."""
        return {name: getattr(self, attr) for name, attr in JSON_CONFIGS.items()
                if getattr(self, attr) is not None}

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) is not None for f in fields(self))


def read_text(path: Path) -> str:
    """A UTF-8 file's text (BOM dropped), naming the line and byte of an invalid sequence."""
    return decode_utf8(Path(path).read_bytes(), path=path, strip_bom=True)


def parse_json_text(text: str, path: object) -> dict:
    """Parse a JSON object, turning a syntax error into a message with line and column.

    >>> parse_json_text('{"a": }', "c.json")
    Traceback (most recent call last):
      ...
    core.errors.FormatError: c.json:1:7: invalid JSON: a value is expected here
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError.of(note("json.invalid", problem=json_problem(err)), path=path,
                             line=err.lineno, column=err.colno) from None
    if not isinstance(data, dict):
        raise FormatError.of(note("json.not_object"), path=path)
    return data


def read_configs(files: dict[str, Path]) -> tuple[Configs, list[Note]]:
    """Parse the sibling files among ``files`` (name -> path); a broken one is skipped with a
    ``config.ignored`` note (never fatal: the tokenizer itself still opens)."""
    values: dict[str, object] = {}
    notes: list[Note] = []
    if GGUF_FILE in files:
        try:
            values["tokenizer_config"], model = embedded_configs(files[GGUF_FILE])
            values["model_config"] = model or None
        except FormatError:
            pass  # the runtime, reading the same header, says what is wrong
    for name, attr in JSON_CONFIGS.items():
        if name in files:
            try:
                values[attr] = parse_json_text(read_text(files[name]), files[name])
            except FormatError as err:
                notes.append(_ignored(err))
    try:
        values["chat_template"] = _chat_template(files, values.get("tokenizer_config"))
    except FormatError as err:
        notes.append(_ignored(err))
    return Configs(**values), notes


def _ignored(err: FormatError) -> Note:
    """The ``config.ignored`` note of a sibling file that cannot be read: where, and the
    error's own note as a sub-note (worded by each front)."""
    return note("config.ignored", location=err.location(),
                problem=err.note or json_problem(err.message))


def _chat_template(files: dict[str, Path], tokenizer_config: dict | None) -> str | None:
    if "chat_template.jinja" in files:
        return read_text(files["chat_template.jinja"])
    if "chat_template.json" in files:
        path = files["chat_template.json"]
        template = parse_json_text(read_text(path), path).get("chat_template")
        if not isinstance(template, str):
            raise FormatError.of(note("format.no_chat_template"), path=path)
        return template
    template = (tokenizer_config or {}).get("chat_template")
    return template if isinstance(template, str) else None
