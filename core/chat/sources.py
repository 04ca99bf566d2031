"""Where a chat template comes from, and the named special tokens it is rendered with.

A ``tokenizer_config.json`` holds ``chat_template`` as a string, or as a list of named templates
(``[{"name": "default", "template": ...}, {"name": "tool_use", ...}]``); ``chat_template.jinja``
or ``chat_template.json`` beside a tokenizer hold one (read by :mod:`core.formats.configs`); a file holds
one; the workbench has its own built-ins. :func:`choose_template` picks one by transformers'
rules: a name asked for, else ``tool_use`` when tools are given, else ``default``.

>>> named = named_templates({"chat_template": [{"name": "default", "template": "A"},
...                                            {"name": "tool_use", "template": "B"}]})
>>> choose_template(named), choose_template(named, tools=[{}]), choose_template(named, "default")
('A', 'B', 'A')
"""

from __future__ import annotations

from pathlib import Path

from ..formats.configs import Configs, read_text
from ..errors import FormatError
from ..notes import note
from .builtin import BUILTIN_TEMPLATES
from .errors import ChatTemplateError

Templates = str | dict[str, str]  # one template, or named ones


def named_templates(tokenizer_config: dict | None, *, path: object = None) -> Templates | None:
    """The ``chat_template`` of a tokenizer config: its string, or ``{name: source}`` for a list.

    Raises:
        FormatError: the value is neither a string nor a list of ``{"name", "template"}``.
    """
    value = (tokenizer_config or {}).get("chat_template")
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, dict) and isinstance(item.get("name"), str)
                                       and isinstance(item.get("template"), str)
                                       for item in value):
        return {item["name"]: item["template"] for item in value}
    raise FormatError.of(note("chat.template_value_shape"), path=path)


def templates_of(configs: Configs) -> Templates | None:
    """A tokenizer's template(s): a ``chat_template.jinja``/``.json`` or config string first,
    else the named list of its ``tokenizer_config.json``."""
    if configs.chat_template is not None:
        return configs.chat_template
    return named_templates(configs.tokenizer_config)


def choose_template(templates: Templates | None, name: str | None = None, *,
                    tools: list | None = None) -> str:
    """The template source to render with, chosen as transformers' ``get_chat_template`` does.

    ``name`` may also be a whole template source (used as it is) or, when the tokenizer has no
    such named template, a built-in name (``chatml``, ``inst``).

    Raises:
        ChatTemplateError: several templates and none asked for nor ``default``; or none at all.
    """
    if isinstance(templates, dict):
        if name is not None and name in templates:
            return templates[name]
        if name is None:
            if tools is not None and "tool_use" in templates:
                return templates["tool_use"]
            if "default" in templates:
                return templates["default"]
            raise ChatTemplateError.of_note("ValueError", note("chat.several_templates",
                                                               names=str(sorted(templates))))
    if name is not None:
        return BUILTIN_TEMPLATES.get(name, name)
    if templates is None:
        raise ChatTemplateError.of_note("ValueError", note("chat.no_template",
                                                           builtins=list(BUILTIN_TEMPLATES)))
    return templates


def template_from_file(path: str | Path) -> Templates:
    """A template from a file: a ``.jinja`` source, or the ``chat_template`` of a JSON config
    (``tokenizer_config.json`` or ``chat_template.json``)."""
    path = Path(path)
    if path.suffix.lower() != ".json":
        return read_text(path)
    from ..formats.configs import parse_json_text

    templates = named_templates(parse_json_text(read_text(path), path), path=path)
    if templates is None:
        raise FormatError.of(note("chat.file_without_template"), path=path)
    return templates


def special_token_variables(configs: Configs) -> dict[str, str]:
    """The named special tokens as template variables: :func:`core.pipeline.special.named_special_tokens`
    (the registry's rule, transformers 5's: ``special_tokens_map.json`` over
    ``tokenizer_config.json`` unless the config holds ``added_tokens_decoder``).

    >>> special_token_variables(Configs(tokenizer_config={"eos_token": {"content": "</s>"}}))
    {'eos_token': '</s>'}
    """
    from ..pipeline.special import named_special_tokens

    return named_special_tokens(configs)


_NAME_OF_ROLE = {"bos": "bos_token", "eos": "eos_token", "unk": "unk_token", "pad": "pad_token"}


def model_special_token_variables(runtime) -> dict[str, str]:
    """The named special tokens a tokenizer file itself declares, as transformers 5 names
    them from it: a SentencePiece model's bos/eos/unk/pad pieces (its tokenizer of a bare
    ``.model``), a GGUF's ``tokenizer.ggml.*_token_id`` (``from_pretrained(gguf_file=...)``),
    a Tekken file's through mistral-common (``MistralCommonBackend``). Other formats name them
    only in their configs (:func:`special_token_variables`), so nothing is guessed for them.

    >>> model_special_token_variables(None)
    {}
    """
    if runtime is None:
        return {}
    return {_NAME_OF_ROLE[role]: content for role, content in runtime.declared_roles().items()
            if role in _NAME_OF_ROLE}


def tokenizer_special_token_variables(runtime, configs: Configs | None) -> dict[str, str]:
    """The named special tokens a loaded tokenizer renders its templates with: those its model
    declares (:func:`model_special_token_variables`), then its configs' over them
    (:func:`special_token_variables`) — as ``tokbench chat TOKENIZER`` and the Chat pane use.

    >>> tokenizer_special_token_variables(None, Configs(tokenizer_config={"bos_token": "<s>"}))
    {'bos_token': '<s>'}
    """
    out = model_special_token_variables(runtime)
    if configs is not None:
        out.update(special_token_variables(configs))
    return out
