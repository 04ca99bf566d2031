"""The ``tokbench`` commands: one module each, behind one small protocol (:class:`Command`).

A command module has four names::

    NAME = "inspect"                              # the word typed after tokbench
    JSON_VERSION = 1                              # the "version" of its --json output
    def add_parser(subparsers) -> ArgumentParser  # declare its arguments on argparse's sub-parsers
    def run(args) -> int                          # do it; return the exit code

and nothing else is asked of it: :mod:`app.cli` lists the modules, parses the arguments and
dispatches to ``run``; a new command is a new module here plus its line in that list.

The contract every command keeps (docs/cli.md, "Exit codes and JSON"): ``run`` returns 0, or 1
when the check it was asked for failed; for bad input or arguments it *raises*
:class:`core.errors.WorkbenchError` (:class:`app.cli_args.UsageError` for arguments that do not
go together) and :mod:`app.cli` says it in one line, as JSON too under ``--json``, and exits 2
(3 for a bundle that is not intact). Every ``--json`` output goes through
:func:`app.cli_output.print_json` (the envelope ``{"tokbench": NAME, "version": JSON_VERSION,
...}``). The options several commands share live in :mod:`app.cli_args`.

>>> from app.commands import fingerprint
>>> isinstance(fingerprint, Command), fingerprint.NAME
(True, 'fingerprint')
"""

from __future__ import annotations

import argparse
from typing import Protocol, runtime_checkable


@runtime_checkable
class Command(Protocol):
    """What :mod:`app.cli` needs from a command module."""

    NAME: str
    JSON_VERSION: int

    def add_parser(self, subparsers) -> argparse.ArgumentParser:
        """Add the command's sub-parser (``subparsers.add_parser(NAME, ...)``) and return it."""

    def run(self, args: argparse.Namespace) -> int:
        """Run the command on parsed arguments; the exit code."""
