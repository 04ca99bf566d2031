"""Runtime knowledge stays behind the Runtime protocol (issue #22 item 3): generic code asks a
runtime (a method or a trait of ``core/formats/runtime.py``) instead of choosing behaviour by its
class. Read from the syntax trees of every module of ``core/`` and ``app/`` (a runtime that
needs another of its own library asks it too: :meth:`Runtime.pre_tokenizer_part`):

* no ``isinstance(x, SomeRuntime)`` with a concrete runtime class (``Runtime`` itself is the
  protocol and fine);
* no comparison with a runtime class's name (``type(x).__name__ == "HFRuntime"``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _class_names(node: ast.AST) -> list[str]:
    """The class names an isinstance's second argument names (a name, an attribute, a tuple)."""
    if isinstance(node, ast.Tuple):
        return [name for element in node.elts for name in _class_names(element)]
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    return []


def runtime_class_switches(source: str) -> list[tuple[int, str]]:
    """``(line, what)`` of every choice by a runtime's class in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance" \
                and len(node.args) == 2:
            for name in _class_names(node.args[1]):
                if name.endswith("Runtime") and name != "Runtime":
                    found.append((node.lineno, f"isinstance(..., {name})"))
        elif isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                if isinstance(side, ast.Constant) and isinstance(side.value, str) \
                        and side.value.endswith("Runtime") and side.value != "Runtime":
                    found.append((node.lineno, f"a class named {side.value!r}"))
    return sorted(found)


def test_generic_code_asks_the_runtime_instead_of_testing_its_class():
    problems = []
    for package in ("core", "app"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            problems += [f"{rel}:{line}: {what}"
                         for line, what in runtime_class_switches(path.read_text(encoding="utf-8"))]
    assert not problems, ("make it a method or a trait of the Runtime protocol "
                          "(core/formats/runtime.py):\n" + "\n".join(problems))


def test_the_check_sees_the_switches_the_diff_and_the_stream_table_had():
    source = '''
def with_pretokenizer(model_side, pretokenizer_side):
    if isinstance(model_side, TiktokenRuntime) and isinstance(pretokenizer_side, TiktokenRuntime):
        return 1
def table_is_exact(runtime):
    if isinstance(runtime, (runtimes.TiktokenRuntime, SentencePieceRuntime)):
        return type(runtime).__name__ == "HFRuntime" or type(error).__name__
def fine(runtime):
    return isinstance(runtime, Runtime) and runtime.stream_traits.bytes_after_context
'''
    assert [what for _, what in runtime_class_switches(source)] == [
        "isinstance(..., TiktokenRuntime)", "isinstance(..., TiktokenRuntime)",
        "isinstance(..., SentencePieceRuntime)", "isinstance(..., TiktokenRuntime)",
        "a class named 'HFRuntime'"]
