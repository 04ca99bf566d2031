"""What several ``tokbench`` commands share: the exit codes, number arguments, and the options
that say how to run a tiktoken rank file. The commands in :mod:`app.commands` import them from
here (not from :mod:`app.cli`, which imports the commands: run as ``python -m app.cli`` that
would load the whole CLI module a second time).

>>> _positive("3"), EXIT_BAD_INPUT
(3, 2)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from core.errors import WorkbenchError

# The exit codes, one contract for every command (docs: "Exit codes and JSON"):
EXIT_OK = 0         # done; a check passed
EXIT_FAILED = 1     # the check failed: a breaking diff, golden samples that differ, findings
                    # above a --fail-on
EXIT_BAD_INPUT = 2  # usage or bad input: bad arguments, a missing or malformed file, a template
                    # that fails
EXIT_USAGE = EXIT_BAD_INPUT
EXIT_INTEGRITY = 3  # a bundle's files are not the ones its checksums name
EXIT_INTERNAL = 70  # a bug in tokbench (sysexits' EX_SOFTWARE), said in one line
# and 128 + the signal when stopped: 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP (app.stop_signals)


class UsageError(WorkbenchError):
    """Arguments that do not go together or do not fit the command, found after parsing
    (argparse reports its own): exit 2, as argparse's errors."""

    code = "usage"


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def _count(value: str) -> int:
    number = int(value)
    if number < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {number}")
    return number


def _add_tiktoken_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset",
                        help="tiktoken preset: gpt2 (=r50k), cl100k, o200k, llama3, qwen")
    parser.add_argument("--pattern", help="tiktoken pre-tokenizer regex (overrides the preset's)")
    parser.add_argument("--special-tokens", metavar="FILE.json|NAME=ID,...",
                        help="a rank file's special tokens, replacing the preset's: a JSON file "
                             "mapping each literal to its ID (or a list of {content, id}), or "
                             "NAME=ID pairs separated by commas")


def special_tokens_argument(value: str) -> dict[str, int]:
    """``--special-tokens``: a JSON file, or ``NAME=ID,NAME=ID``.

    >>> special_tokens_argument("<|endoftext|>=151643,<|im_start|>=151644")
    {'<|endoftext|>': 151643, '<|im_start|>': 151644}
    """
    from core.formats.configs import read_text
    from core.pipeline.special import custom_special_tokens

    path = Path(value)
    if value.endswith(".json") or path.is_file():
        rows = _special_tokens_json(read_text(path), path)
        item, at = "entry", path
    else:
        rows = [item.rpartition("=")[::2] if "=" in item else (item, "")
                for item in value.split(",") if item.strip()]
        item, at = "--special-tokens entry", None
    try:
        return custom_special_tokens(rows, item=item)
    except ValueError as err:
        raise WorkbenchError(str(err), path=at) from None


def _special_tokens_json(text: str, path: Path) -> list[tuple[str, object]]:
    import json

    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise WorkbenchError(f"invalid JSON: {err.msg}", path=path, line=err.lineno,
                             column=err.colno) from None
    if isinstance(data, dict):
        return list(data.items())
    if isinstance(data, list) and all(isinstance(t, dict) and "content" in t and "id" in t
                                      for t in data):
        return [(t["content"], t["id"]) for t in data]
    raise WorkbenchError('expected {"<literal>": id, ...} or [{"content": ..., "id": ...}, ...]',
                         path=path)


def _load_options(args) -> dict:
    options = {}
    if args.preset:
        options["preset"] = args.preset
    if args.pattern:
        options["pattern"] = args.pattern
    if args.special_tokens:
        options["special_tokens"] = special_tokens_argument(args.special_tokens)
    return options


def _open(path: str, options: dict):
    from core.loading import open_tokenizer

    return open_tokenizer(path, **options).runtime
