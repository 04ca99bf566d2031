"""Every ``tokbench`` command is a module of app/commands behind one protocol, and app/cli.py
only dispatches to them: one entry point for ``tokbench`` and ``python -m app.cli``."""

from __future__ import annotations

import argparse
import ast
import pkgutil
import re
from pathlib import Path

import app.commands
from app.cli import command_modules
from app.commands import Command

ROOT = Path(__file__).resolve().parents[3]


def test_every_module_of_app_commands_is_a_listed_command():
    listed = {module.__name__.rpartition(".")[2] for module in command_modules()}
    found = {info.name for info in pkgutil.iter_modules(app.commands.__path__)}
    assert listed == found
    for module in command_modules():
        assert isinstance(module, Command), module.__name__


def test_each_command_declares_the_parser_of_its_own_name():
    sub = argparse.ArgumentParser().add_subparsers()
    names = [module.NAME for module in command_modules()]
    parsers = [module.add_parser(sub) for module in command_modules()]
    assert len(set(names)) == len(names)
    assert list(sub.choices) == names
    assert [sub.choices[name] for name in names] == parsers


def test_cli_defines_no_command_of_its_own():
    tree = ast.parse((ROOT / "app" / "cli.py").read_text(encoding="utf-8"))
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert functions == {"command_modules", "_parser", "parse_args", "_quiet_stdout", "_stopped",
                         "main"}


def test_the_console_script_is_python_m_app_cli():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    scripts = pyproject.split("[project.scripts]", 1)[1].split("\n[", 1)[0]
    assert re.findall(r'^(\w+) = "([\w.:]+)"', scripts, re.M) == [("tokbench", "app.cli:main")]
