"""The ``serial`` tests, which need the machine to themselves, and the two passes of ``make test``.

``make test`` runs the suite on every core with pytest-xdist (``tests/passes.py``), except the
tests marked ``serial``: those measure wall-clock time (the GUI thread's stalls, a cancel that
must land within a second, the soak's random stop moments), and a second worker busy on the
same cores would be measured with them. They run after, in a pass of their own without xdist.

This plugin (loaded by ``tests/conftest.py``, or ``-p tests.serial``) gives pytest the options
for the two passes:

- ``--serial=skip --serial-list=FILE``: the parallel pass; the serial tests selected (after the
  paths, ``-k`` and ``-m`` chose) are deselected and their files written to FILE;
- ``--serial=only --serial-list=FILE``: the serial pass; only those files are collected (not the
  whole suite a second time) and only their serial tests run.

Run without ``--serial`` under ``-n``, a serial test is skipped with the reason (it would be
measured alongside the other workers); without ``-n`` every test runs, as always.

    python -m pytest -n 2 --serial=skip --serial-list=/tmp/s tests/app   # then
    python -m pytest --serial=only --serial-list=/tmp/s tests/app
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SKIP, ONLY = "skip", "only"
UNDER_XDIST = ("serial: measures wall-clock time, so it runs alone, never beside other "
               "pytest-xdist workers (`make test` runs it in its serial pass, without -n)")


def pytest_addoption(parser) -> None:
    group = parser.getgroup("tokbench", "Tokenizer Workbench test passes")
    group.addoption("--serial", choices=(SKIP, ONLY), default=None,
                    help="skip: deselect the tests marked serial (the parallel pass of `make "
                         "test`); only: run only them (its serial pass)")
    group.addoption("--serial-list", metavar="FILE", default=None,
                    help="with --serial=skip, write the files of the deselected serial tests "
                         "here; with --serial=only, collect only the files listed here")


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "serial: measures wall-clock time: runs alone, without "
                                       "pytest-xdist (tests/serial.py)")


def listed_files(path: Path) -> set[Path]:
    """The files a parallel pass wrote (absolute paths, one a line); empty when there is none.

    >>> listed_files(Path("/nonexistent/serial-list"))
    set()
    """
    try:
        return {Path(line) for line in path.read_text(encoding="utf-8").splitlines() if line}
    except FileNotFoundError:
        return set()


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    """In the serial pass, collect only the files that hold the serial tests chosen."""
    listing = config.getoption("serial_list")
    if config.getoption("serial") != ONLY or not listing:
        return None
    files = config.stash.setdefault(_FILES, listed_files(Path(listing)))
    if collection_path.is_dir():
        inside = any(collection_path in f.parents for f in files)
        return None if inside else True
    return None if collection_path in files else True


_FILES = pytest.StashKey[set]()


@pytest.hookimpl(trylast=True)  # after the paths, -k and -m chose
def pytest_collection_modifyitems(config, items: list) -> None:
    if hasattr(config, "workerinput"):
        items[:] = heavy_files_first(items)
    mode = config.getoption("serial")
    serial = [item for item in items if item.get_closest_marker("serial")]
    if mode is None:
        if hasattr(config, "workerinput"):  # a pytest-xdist worker: others run beside it
            for item in serial:
                item.add_marker(pytest.mark.skip(reason=UNDER_XDIST))
        return
    chosen = {id(item) for item in serial}
    keep = [item for item in items if (id(item) in chosen) == (mode == ONLY)]
    if len(keep) < len(items):
        kept = {id(item) for item in keep}
        config.hook.pytest_deselected(items=[item for item in items if id(item) not in kept])
        items[:] = keep
    listing = config.getoption("serial_list")
    if mode == SKIP and listing:
        _write_list(Path(listing), sorted({str(item.path) for item in serial}))


HEAVY = ("realdata", "slow")


def heavy_files_first(items: list) -> list:
    """The files with a ``realdata`` or ``slow`` test first, the rest after, each group in
    collection order. xdist hands files to its workers in this order (tests.passes turns off its
    own reordering, by test count): the long files (FLORES on every tokenizer, the benches) are
    under way early and the many short GUI files even out the end; in collection order a long
    file starting last kept one core busy while the other had nothing left to do."""
    heavy = {item.path for item in items if any(item.get_closest_marker(m) for m in HEAVY)}
    return sorted(items, key=lambda item: item.path not in heavy)  # sorted() is stable


def _write_list(path: Path, lines: list[str]) -> None:
    """Every xdist worker collects the same tests and writes the same list: each writes a file
    of its own and renames it over the list, so a reader never sees half of one."""
    own = path.with_name(f"{path.name}.{os.getpid()}")
    own.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    os.replace(own, path)
