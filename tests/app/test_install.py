"""Installing as users install tools: `make run` installs the runtime dependencies only (the test
extra's oracles are `make test`'s), the workbench runs without any test-only package, an
installed copy carries the files it reads, and the desktop entry installs and goes away in a
temporary HOME (checked with pyxdg, the Desktop Entry Specification's parser)."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app import desktop_entry

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def requirement_name(requirement: str) -> str:
    """``'dask>=2024.1'`` -> ``'dask'`` (PEP 503 normalised)."""
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9._-]+", requirement).group(0)).lower()


def dry_run(target: str, venv: Path) -> list[str]:
    """The pip commands ``make -n TARGET`` would run on a fresh clone (no venv yet)."""
    out = subprocess.run(["make", "-n", target, f"VENV={venv}"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return [line for line in out.splitlines() if "pip install" in line and "--upgrade pip" not in line]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_installs_the_runtime_only_and_make_test_adds_the_test_extra(tmp_path):
    (run_install,) = dry_run("run", tmp_path / "venv")
    assert run_install.split()[-2:] == ["-e", "."], run_install  # no extra
    test_installs = dry_run("test", tmp_path / "venv")
    assert test_installs[0] == run_install and "'.[test]'" in test_installs[-1]
    for target in ("demo", "screenshots", "translations"):
        assert all("[" not in line for line in dry_run(target, tmp_path / "venv")), target


def test_no_runtime_dependency_is_a_test_only_package():
    runtime = {requirement_name(r) for r in PYPROJECT["project"]["dependencies"]}
    extras = PYPROJECT["project"]["optional-dependencies"]
    test_only = {requirement_name(r) for r in extras["test"]} - {
        requirement_name(r) for name, reqs in extras.items() if name != "test" for r in reqs}
    assert test_only and not runtime & test_only
    assert {"transformers", "gguf", "pytest", "pyxdg"} <= test_only


def test_the_workbench_imports_no_test_only_package():
    """The window, every command and every core module load in a fresh interpreter without
    touching a package only the test extra installs."""
    extras = PYPROJECT["project"]["optional-dependencies"]["test"]
    modules = {"transformers", "gguf", "mistral_common", "spacy", "dask", "distributed",
               "pytest", "pytestqt", "hypothesis", "importlinter", "xdg"}
    assert len(modules) >= len(extras) - 1  # one module per extra (pytest-qt: pytestqt)
    code = ("import importlib, pkgutil, sys, core, app.commands\n"
            "import app.main_window, app.cli, app.desktop_entry\n"
            "for pkg in (core, app.commands):\n"
            "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
            "        importlib.import_module(m.name)\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(modules)!r}))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin",
                              "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_an_installed_copy_carries_the_files_the_gui_reads():
    """Package data covers the translations, the demo and the icon (read beside app/ at run
    time: a pipx install has no source tree)."""
    assert "resources" in PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    needed = {"resources": [*(ROOT / "resources" / "translations").glob("*.qm"),
                            *(p for p in (ROOT / "resources" / "demo").rglob("*")
                              if p.is_file() and p.suffix in (".txt", ".json", ".model")
                              and p.parent.name.startswith("demo-") or p.name == "sample.txt")],
              "app": [desktop_entry.ICON]}
    for package, files in needed.items():
        for path in files:
            relative = path.relative_to(ROOT / package).as_posix()
            assert any(fnmatch.fnmatch(relative, glob) for glob in data[package]), relative


@pytest.fixture
def data_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    return tmp_path / "home" / ".local" / "share"


def test_the_desktop_entry_installs_valid_and_uninstalls(data_home, capsys, monkeypatch):
    from xdg.DesktopEntry import DesktopEntry

    assert main(["--install-desktop-entry"]) == 0
    entry = data_home / "applications" / "tokenizer-workbench.desktop"
    icon = data_home / "icons" / "hicolor" / "scalable" / "apps" / "tokenizer-workbench.svg"
    assert capsys.readouterr().out.splitlines() == [f"wrote {entry}", f"wrote {icon}"]
    parsed = DesktopEntry(str(entry))
    parsed.validate()  # raises on a syntax error; collects what breaks the spec
    assert parsed.errors == [] and parsed.warnings == []
    assert parsed.getType() == "Application" and parsed.getIcon() == "tokenizer-workbench"
    assert Path(parsed.getTryExec()) == Path(desktop_entry.launcher()[0])
    assert parsed.getExec().split()[0] == desktop_entry.launcher()[0]
    assert icon.read_bytes() == desktop_entry.ICON.read_bytes()
    assert main(["--uninstall-desktop-entry"]) == 0
    assert not entry.exists() and not icon.exists()
    assert main(["--uninstall-desktop-entry"]) == 0
    assert "no desktop entry to remove" in capsys.readouterr().out


def test_xdg_data_home_is_followed_and_a_foreign_entry_is_left_alone(data_home, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert desktop_entry.install()[0] == (tmp_path / "data" / "applications"
                                          / "tokenizer-workbench.desktop")
    foreign = "[Desktop Entry]\nType=Application\nName=Mine\nExec=mine\n"
    desktop_entry.entry_path().write_text(foreign)
    assert desktop_entry.uninstall() == [desktop_entry.icon_path()]
    assert desktop_entry.entry_path().read_text() == foreign


def test_a_launcher_path_with_spaces_is_quoted_as_the_spec_asks(tmp_path):
    from xdg.DesktopEntry import DesktopEntry

    path = tmp_path / "my apps" / "tokenizer-workbench.desktop"
    path.parent.mkdir()
    path.write_text(desktop_entry.entry_text(['/opt/my "tools"/tokbench', "--x$y"]), "utf-8")
    parsed = DesktopEntry(str(path))
    parsed.validate()
    assert parsed.errors == []
    # the spec: quoted, " ` $ \ escaped by a backslash, and "this escape rule is applied
    # before the quoting rule" of strings, so "a literal dollar sign in a quoted argument ... is
    # unambiguously represented with ("\\$")"; pyxdg hands the value as written
    assert parsed.getExec() == r'"/opt/my \\"tools\\"/tokbench" "--x\\$y"'
