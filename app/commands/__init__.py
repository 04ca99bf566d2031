"""The ``tokbench`` commands: one module each, behind one small protocol (:class:`Command`).

A command module has three names::

    NAME = "inspect"                              # the word typed after tokbench
    def add_parser(subparsers) -> ArgumentParser  # declare its arguments on argparse's sub-parsers
    def run(args) -> int                          # do it; return the exit code

and nothing else is asked of it: :mod:`app.cli` lists the modules, parses the arguments and
dispatches to ``run``; a new command is a new module here plus its line in that list. A module
whose ``run`` raises :class:`core.errors.WorkbenchError` leaves the message and the exit code to
:mod:`app.cli`. The options several commands share live in :mod:`app.cli_args`.

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

    def add_parser(self, subparsers) -> argparse.ArgumentParser:
        """Add the command's sub-parser (``subparsers.add_parser(NAME, ...)``) and return it."""

    def run(self, args: argparse.Namespace) -> int:
        """Run the command on parsed arguments; the exit code."""
