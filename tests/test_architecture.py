"""The core is a pure library: importing all of it loads no Qt and nothing from app/."""

import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import core

ROOT = Path(__file__).resolve().parents[1]


def test_core_imports_no_qt_in_a_fresh_interpreter():
    # pytest-qt has loaded Qt into this process, so look from a clean one
    names = [m.name for m in pkgutil.walk_packages(core.__path__, "core.")]
    code = ("import importlib, sys\n"
            f"for name in {names!r}: importlib.import_module(name)\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('PySide6', 'shiboken6', 'superqt', 'qtpy', 'app'))\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert len(names) > 10
    assert out.stdout.strip() == ""


@pytest.mark.skipif(shutil.which("lint-imports") is None and
                    not (Path(sys.executable).parent / "lint-imports").exists(),
                    reason="import-linter is not installed")
def test_import_linter_contract_holds():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    out = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
