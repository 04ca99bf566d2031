"""The import structure holds: core is a pure library (importing all of it loads no Qt and nothing
from app/), the import-linter contracts in pyproject.toml are kept (layers of core and app, no
cycles), and docs/architecture.md names what the contracts check."""

import pkgutil
import shutil
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

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
def test_import_linter_contracts_hold():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    # this tree first on the path: an editable install elsewhere must not be what gets checked
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout


def contracts() -> list[dict]:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["tool"]["importlinter"]["contracts"]


def test_core_and_app_have_layers_and_no_cycles():
    by_type: dict[str, list[dict]] = {}
    for contract in contracts():
        by_type.setdefault(contract["type"], []).append(contract)
    layered = {c for contract in by_type.get("layers", []) for c in contract["containers"]}
    assert {"core", "app", "core.formats"} <= layered
    for contract in by_type["layers"]:
        if contract["containers"][0].split(".")[0] == "core":
            # a new core module, or a new format, must be given a floor
            assert contract.get("exhaustive") is True, contract["name"]
    acyclic = {a for contract in by_type.get("acyclic_siblings", []) for a in contract["ancestors"]}
    assert acyclic == {"core", "app"}


def test_the_architecture_doc_names_every_floor_of_core():
    """docs/architecture.md's table of floors lists the modules the layers contract checks, floor
    by floor (top to bottom; within a floor, in any order)."""
    core_layers = next(c for c in contracts()
                       if c["type"] == "layers" and c["containers"] == ["core"])
    floors = [set(re.split(r"\s*[|:]\s*", layer.strip())) for layer in core_layers["layers"]]
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ") and "`" in line
            and not line.startswith("| floor")]
    documented = [{name.rstrip("/") for name in re.findall(r"`([a-z_0-9]+/?)`", row.split("|")[2])}
                  for row in rows[:len(floors)]]
    assert documented == floors
