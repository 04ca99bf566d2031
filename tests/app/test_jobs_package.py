"""Job functions live in one Qt-free place: every ``TaskRunner.submit`` in ``app/`` runs a
function imported from ``core`` or ``app.jobs``, and ``app.jobs`` imports no Qt."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import app.jobs
from tests.conftest import ROOT

QT = ("PySide6", "shiboken6", "superqt", "qtpy")


def imported_from(tree: ast.Module) -> dict[str, str]:
    """Each name a module imports at its top level -> the module it comes from."""
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                names[alias.asname or alias.name] = node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = alias.name
    return names


def job_function_home(call: ast.Call, names: dict[str, str]) -> str | None:
    """Where the function given to ``submit(key, fn, ...)`` comes from: the module a name (or
    the class of ``Class.method``) was imported from; None for a lambda, a closure, a method
    of an object, or a name of the module itself."""
    fn = call.args[1] if len(call.args) > 1 else None
    while isinstance(fn, ast.Attribute):
        fn = fn.value
    return names.get(fn.id) if isinstance(fn, ast.Name) else None


def submit_calls() -> list[tuple[str, int, str | None]]:
    found = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = imported_from(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "submit"):
                found.append((str(path.relative_to(ROOT)), node.lineno,
                              job_function_home(node, names)))
    return found


def test_every_job_runs_a_function_from_core_or_app_jobs():
    calls = submit_calls()
    assert len(calls) >= 20  # every pane submits jobs: the scan found them
    strays = [f"{path}:{line} runs a function from {home or 'its own module'}"
              for path, line, home in calls
              if home is None or not home.split(".")[0] == "core"
              and not (home == "app.jobs" or home.startswith("app.jobs."))]
    assert strays == [], "\n".join(strays)


def test_the_job_functions_import_no_qt_in_a_fresh_interpreter():
    # pytest-qt has loaded Qt into this process, so look from a clean one
    names = [m.name for m in pkgutil.walk_packages(app.jobs.__path__, "app.jobs.")]
    code = ("import importlib, sys\n"
            f"for name in {names!r}: importlib.import_module(name)\n"
            f"print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {QT!r})))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert len(names) >= 6
    assert out.stdout.strip() == ""


def test_a_stray_job_function_would_be_found():
    """The scan itself: a lambda and a local function are strays, imported names are not."""
    tree = ast.parse("from core.diff.report import compare\nfrom app.jobs import vocab\n"
                     "def f(): pass\n"
                     "r.submit('a', compare)\nr.submit('b', vocab.vocab_page)\n"
                     "r.submit('c', lambda: 1)\nr.submit('d', f)\nr.submit('e', self.go)\n")
    names = imported_from(tree)
    homes = [job_function_home(node, names) for node in ast.walk(tree)
             if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "submit"]
    assert sorted(homes, key=str) == sorted(["core.diff.report", "app.jobs", None, None, None],
                                            key=str)
