"""``tokbench chat``: render a conversation with a chat template and encode it with provenance,
assistant mask and token budget.

    tokbench chat [TOKENIZER] CONVERSATION.json [--template FILE|NAME]
                  [--config TOKENIZER_CONFIG.json] [--add-generation-prompt]
                  [--continue-final-message] [--var NAME=JSON]... [--now ISO-8601]
                  [--parse-content-specials] [--context N] [--fail-on error|warning|info]
                  [--json] [--preset NAME] [--pattern REGEX] [--special-tokens FILE.json|NAME=ID,...]

``--fail-on SEVERITY`` exits 1 when a check of that severity or a worse one is found (``error``:
only errors; ``warning``: warnings and errors; ``info``: any check), for CI that gates a template
change; the JSON then says ``"fail_on"`` and ``"failed"``.

A template that fails (its own raise_exception, a syntax error, a render limit) is bad input,
exit 2, said as ``tokbench: template error: ...`` (and as JSON under ``--json``, code
``chat_template``, with the error's ``type`` and template ``line``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from app.cli_args import (EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, UsageError, _add_tiktoken_options,
                          _load_options, _positive)
from app.cli_output import print_error, print_json
from core.chat.result import JSON_VERSION as CHAT_JSON_VERSION
from core.errors import WorkbenchError
from core.text.utf8 import decode_utf8

NAME = "chat"
JSON_VERSION = CHAT_JSON_VERSION  # the JSON is core's (ChatReport.to_json); the GUI exports it
# --fail-on SEVERITY fails on checks of that severity or a worse one
SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}


def add_parser(sub) -> argparse.ArgumentParser:
    chat = sub.add_parser("chat", help="render a conversation with a chat template and encode it "
                                       "with provenance, assistant mask and token budget")
    chat.add_argument("paths", nargs="+", metavar="[TOKENIZER] CONVERSATION.json",
                      help='a tokenizer (optional) and a conversation: a list of messages or '
                           '{"messages": [...], "tools": [...], "documents": [...]}')
    chat.add_argument("--template", metavar="FILE|NAME", help="a .jinja file, a JSON config "
                      "holding chat_template, or a built-in name (chatml, inst)")
    chat.add_argument("--config", type=Path, metavar="TOKENIZER_CONFIG.json",
                      help="the template and named special tokens from this config")
    ending = chat.add_mutually_exclusive_group()  # transformers refuses both at once
    ending.add_argument("--add-generation-prompt", action="store_true")
    ending.add_argument("--continue-final-message", action="store_true")
    chat.add_argument("--var", action="append", default=[], metavar="NAME=JSON",
                      help="a template variable set to a JSON value (repeatable)")
    chat.add_argument("--now", type=_iso_time, metavar="ISO-8601",
                      help="the time strftime_now reads (default: the clock)")
    chat.add_argument("--context", type=_positive, metavar="N",
                      help="a context window: the budget says what truncation at N would cut")
    chat.add_argument("--parse-content-specials", action="store_true",
                      help="read special-token literals typed in messages as control tokens "
                           "(the unsanitized reading becomes the IDs; the check still names "
                           "each one)")
    chat.add_argument("--fail-on", choices=("error", "warning", "info"), metavar="SEVERITY",
                      help="exit 1 when a check of this severity or a worse one is found "
                           "(error, warning or info)")
    chat.add_argument("--json", action="store_true", help="one JSON object (stable format)")
    _add_tiktoken_options(chat)
    return chat


def _iso_time(value: str):
    from datetime import datetime

    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO-8601 time: {value!r}") from None


def _chat_variables(items: list[str]) -> dict:
    """``--var NAME=JSON`` values, parsed."""
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.isidentifier():
            raise WorkbenchError(f"--var {item!r}: expected NAME=JSON (enable_thinking=false)")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError as err:
            raise WorkbenchError(f"--var {name}: {value!r} is not a JSON value ({err.msg}); a "
                                 f'string needs quotes: {name}=\'"text"\'') from None
    return out


def _check_template_name(name: str | None, templates) -> None:
    """A ``--template`` that is not a file must name one of the tokenizer's templates or a
    built-in one (else it would be rendered as template text)."""
    from core.chat import BUILTIN_TEMPLATES

    named = sorted(templates) if isinstance(templates, dict) else []
    if name is None or name in named or name in BUILTIN_TEMPLATES:
        return
    own = f"the tokenizer's templates ({', '.join(named)}), " if named else ""
    raise WorkbenchError(f"--template {name!r}: no such file, and not one of {own}"
                         f"the built-in templates ({', '.join(BUILTIN_TEMPLATES)})")


def run(args) -> int:
    from core.chat import ChatTemplateError
    from core.chat.report import chat_report
    from core.chat.sources import (choose_template, named_templates, template_from_file,
                                   templates_of, tokenizer_special_token_variables)
    from core.pipeline.special import named_special_tokens
    from core.chat.conversation import parse_conversation
    from core.formats.configs import Configs, parse_json_text, read_text

    if len(args.paths) > 2:
        raise UsageError("chat takes [TOKENIZER] CONVERSATION.json: too many paths")
    tokenizer_path = args.paths[0] if len(args.paths) == 2 else None
    conv_path = Path(args.paths[-1])
    if tokenizer_path is None and (args.preset or args.pattern or args.special_tokens):
        raise UsageError("--preset, --pattern and --special-tokens describe a tokenizer: "
                         "give TOKENIZER before CONVERSATION.json")
    conversation = parse_conversation(
        decode_utf8(conv_path.read_bytes(), path=conv_path, strip_bom=True), conv_path)
    variables = _chat_variables(args.var)
    loaded = None
    if tokenizer_path is not None:
        from core.loading import open_tokenizer

        loaded = open_tokenizer(tokenizer_path, **_load_options(args))
    config = (Configs(tokenizer_config=parse_json_text(read_text(args.config), args.config))
              if args.config else None)
    special = None  # the tokenizer's own named special tokens, unless --config names others
    if config is not None:
        special = {**(tokenizer_special_token_variables(loaded.runtime, loaded.configs)
                      if loaded is not None else {}), **named_special_tokens(config)}
    try:
        if args.template is not None and Path(args.template).is_file():
            templates, name = template_from_file(args.template), None
        else:
            # a name: one of the tokenizer's (or --config's) named templates, else a built-in
            if config is not None:
                templates = named_templates(config.tokenizer_config, path=args.config)
            else:
                templates = templates_of(loaded.configs) if loaded is not None else None
            name = args.template
            _check_template_name(name, templates)
            _refuse_go_template_only(loaded, templates, name)
        template = choose_template(templates, name, tools=conversation.tools)
        report = chat_report(template, conversation, runtime=loaded.runtime if loaded else None,
                             configs=loaded.configs if loaded else None,
                             special_tokens=special, variables=variables,
                             add_generation_prompt=args.add_generation_prompt,
                             continue_final_message=args.continue_final_message,
                             now=args.now, context=args.context,
                             parse_content_specials=args.parse_content_specials)
    except ChatTemplateError as err:  # bad input as any other, said as a template's error
        print_error(NAME, JSON_VERSION, err, as_json=args.json,
                    line=f"tokbench: template error: {err}")
        return EXIT_BAD_INPUT
    failing = failing_checks(report.checks, args.fail_on)
    if args.json:
        if args.fail_on:  # the check asked for, in the contract's keys
            print_json(NAME, JSON_VERSION, {**report.to_json(), "fail_on": args.fail_on,
                                            "failed": bool(failing)})
        else:  # what the Chat pane's export writes too
            print_json(NAME, JSON_VERSION, report.to_json())
    else:
        _print_chat(report)
    if failing:
        print(f"tokbench: {len(failing)} check(s) at or above --fail-on {args.fail_on}: "
              + ", ".join(sorted({check.code for check in failing})), file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def failing_checks(checks, fail_on: str | None) -> list:
    """The checks at ``fail_on``'s severity or a worse one (none without ``--fail-on``).

    >>> from core.notes import note
    >>> checks = [note("chat.system_refused", said="no"), note("chat.mask_unlocated", messages="1")]
    >>> [c.code for c in failing_checks(checks, "warning")], failing_checks(checks, None)
    (['chat.system_refused'], [])
    """
    if fail_on is None:
        return []
    floor = SEVERITY_RANK[fail_on]
    return [check for check in checks if SEVERITY_RANK[check.severity] >= floor]


def _refuse_go_template_only(loaded, templates, name: str | None) -> None:
    """An Ollama model whose only template is Ollama's Go template: say so (Ollama renders it
    itself; the workbench renders Jinja), rather than "no chat template"."""
    model = loaded.model if loaded is not None else None
    if templates is None and name is None and model is not None and model.go_template:
        from core.notes import note

        raise WorkbenchError.of(note("models.go_template_only", name=model.name))


def _print_chat(report) -> None:
    """The text form of a :class:`core.chat.result.ChatReport`."""
    from core.notes import english

    print(report.text, end="" if report.text.endswith("\n") else "\n")
    if report.encoded:
        print("-" * 40)
        for i, token in enumerate(report.tokens):
            who = "" if token.message is None else f"{token.message}:{token.role}"
            mask = "*" if report.assistant_mask[i] else " "
            print(f"{i:>5} {token.id:>8} {mask} {token.source:<8} {who:<14} "
                  f"{json.dumps(token.piece, ensure_ascii=False)}")
    budget = report.budget
    if budget is not None:
        parts = ", ".join(f"{role} {n}" for role, n in budget.by_role.items())
        print(f"tokens: {budget.total} ({parts}; tools {budget.tools}, documents "
              f"{budget.documents}, template {budget.template}, generation prompt "
              f"{budget.generation_prompt})")
        if budget.context is not None:
            print(f"context {budget.context}: {budget.remaining} left")
        if budget.truncated:
            cut = budget.truncated
            print(f"truncation at {budget.context} cuts {cut.tokens} tokens from character "
                  f"{cut.from_char} (messages {list(cut.messages)})")
    if report.bos is not None:
        sides = [f"{who} {json.dumps(side[0], ensure_ascii=False)} (ID {side[1]})"
                 for who, side in (("the template writes", report.bos.template),
                                   ("the post-processor adds", report.bos.post_processor))
                 if side]
        print(f"BOS: {report.bos.source.replace('_', '-')}"
              + (f" — {', '.join(sides)}" if sides else ""))
    for check in report.checks:
        print(f"{check.severity}: {english(check)}", file=sys.stderr)
