"""``tokbench``: the headless front over the same core (no argument starts the GUI).

    tokbench COMMAND [ARGUMENTS]     (tokbench COMMAND --help for each command's own)

This module only parses and dispatches: each command is a module of :mod:`app.commands` (its
arguments and its ``run``), listed in :func:`command_modules`. ``tokbench`` and
``python -m app.cli`` are the same entry point (:func:`main`); ``python -m app`` starts the GUI.

Options and positionals may come in any order (``inspect TOK --json TEXT``). Errors go to
stderr in one line naming the file, no traceback (set ``TOKBENCH_DEBUG=1`` to see one); under
``--json`` each is also a JSON error on stdout (:mod:`app.cli_output`). A reader that stops
early (``| head``) ends the command quietly with exit 0.

Exit codes, the same for every command (docs/cli.md, "Exit codes and JSON"): 0 done, 1 the
check failed (``--fail-on``, golden samples that differ), 2 usage or bad input, 3 a bundle that
is not intact, 70 an internal error, 130 / 143 / 129 stopped by Ctrl-C / SIGTERM / SIGHUP.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from app.cli_args import EXIT_BAD_INPUT, EXIT_INTEGRITY, EXIT_INTERNAL
from app.cli_output import print_error
from app.stop_signals import exit_code as stop_exit_code
from app.stop_signals import quiet_start, raise_on_stop_signals
from app.stop_signals import reason as stop_reason
from core.errors import IntegrityError, WorkbenchError
from core.memory import keep_freed_memory

DESKTOP_FLAGS = {"--install-desktop-entry": "add the workbench to this user's application menu "
                                             "(a freedesktop desktop entry and its icon)",
                 "--uninstall-desktop-entry": "remove that desktop entry and icon"}


class BadArguments(Exception):
    """argparse found bad arguments (raised instead of its exit, to answer in JSON too)."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose errors :func:`main` reports (as argparse does, and as JSON
    under ``--json``) instead of exiting from inside the parse."""

    def error(self, message: str):
        raise BadArguments(self, message)


def command_modules() -> list:
    """The commands, in the order ``tokbench --help`` lists them.

    Imported here, when :func:`main` runs, not with this module: they import numpy, tokenizers
    and the core, which :func:`main` does under :func:`app.stop_signals.quiet_start`.
    """
    from app.commands import (align, audit, chat, diff, export, fingerprint, golden, import_,
                              inspect, models, report, stream, train, verify)

    return [inspect, import_, verify, train, export, stream, audit, align, report, chat, diff,
            golden, fingerprint, models]


def _parser(commands: list) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser and each sub-command's own parser, by name."""
    parser = _Parser(prog="tokbench", description=(
        "See exactly what a tokenizer does to text. Without a command, starts the GUI."),
        epilog="Exit codes: 0 done, 1 the check failed, 2 usage or bad input, 3 a bundle that "
               "is not intact, 70 an internal error, 130/143/129 stopped.")
    for flag, said in DESKTOP_FLAGS.items():
        parser.add_argument(flag, action="store_true", help=said)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    return parser, {command.NAME: command.add_parser(sub) for command in commands}


def parse_args(argv: list[str], commands: list) -> argparse.Namespace:
    """Parse as users type: a sub-command's options and positionals in any order.

    argparse alone hands ``inspect TOK --json TEXT`` to the sub-command in one pass that fills
    the optional TEXT at ``TOK`` and then rejects the later TEXT; a sub-command parsed with
    ``parse_intermixed_args`` takes its options first and then all its positionals.
    """
    parser, parsers = _parser(commands)
    if argv and argv[0] in parsers:
        args = parsers[argv[0]].parse_intermixed_args(argv[1:])
        args.command = argv[0]
        return args
    return parser.parse_args(argv)  # --help, a misspelt command: argparse's own messages


def _quiet_stdout() -> None:
    """After a broken pipe, point stdout at devnull: the interpreter's final flush of what is
    still buffered would fail again and print an error (as the Python docs on SIGPIPE advise)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (a test captures it): nothing will be flushed to a pipe


def _stopped(stop: KeyboardInterrupt) -> int:
    """Say what stopped the run (Ctrl-C, SIGTERM, SIGHUP); its exit code: 130, 143, 129."""
    try:
        print(f"\ntokbench: {stop_reason(stop)}; nothing was written", file=sys.stderr)
    except OSError:
        pass  # the terminal is gone (SIGHUP): the exit code says it
    return stop_exit_code(stop)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tokbench`` with ``argv`` (default: the command line); the exit code."""
    keep_freed_memory()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        from app.__main__ import main as gui_main

        return gui_main([])
    if len(argv) == 1 and argv[0] in DESKTOP_FLAGS:
        from app.desktop_entry import run_flag

        try:
            return run_flag(argv[0])
        except OSError as err:  # a folder it may not write: bad input, as for any command
            print_error(None, None, err, as_json=False)
            return EXIT_BAD_INPUT
    with quiet_start():  # a stop signal during the imports ends quietly, 128 + its number
        commands = {command.NAME: command for command in command_modules()}
    command = commands.get(argv[0])
    as_json = command is not None and "--json" in argv[1:]
    name, version = (command.NAME, command.JSON_VERSION) if command else (None, None)
    try:
        args = parse_args(argv, list(commands.values()))
    except BadArguments as err:
        try:
            err.parser.print_usage(sys.stderr)
        except OSError:
            pass
        print_error(name, version, WorkbenchError(str(err)), as_json=as_json, code="usage",
                    line=f"{err.parser.prog}: error: {err}")
        return EXIT_BAD_INPUT
    except SystemExit as stop:  # --help: 0
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    except KeyboardInterrupt as stop:
        return _stopped(stop)
    if args.command is None:
        _parser(list(commands.values()))[0].print_help()
        return EXIT_BAD_INPUT
    as_json = bool(getattr(args, "json", False))
    try:
        with raise_on_stop_signals():  # SIGTERM, SIGHUP: cleaned up as Ctrl-C is
            code = command.run(args)
            sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
        return code
    except IntegrityError as err:  # before WorkbenchError, its base class
        print_error(name, version, err, as_json=as_json)
        return EXIT_INTEGRITY
    except WorkbenchError as err:
        print_error(name, version, err, as_json=as_json)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # before OSError, its base class: a reader closed the pipe
        _quiet_stdout()
        return 0
    except OSError as err:  # a file the system refused: bad input, named
        print_error(name, version, err, as_json=as_json)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt as stop:  # Ctrl-C 130, SIGTERM 143, SIGHUP 129
        return _stopped(stop)
    except Exception as err:  # a bug: say so in one line; the traceback is for developers
        if os.environ.get("TOKBENCH_DEBUG"):
            raise
        print_error(name, version, err, as_json=as_json, line=(
            f"tokbench: internal error: {type(err).__name__}: {err} (set TOKBENCH_DEBUG=1 for "
            "details)"))
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
