"""``make test`` and ``make check``: pytest on every core, then the ``serial`` tests alone.

The parallel pass runs pytest-xdist with one worker a core (at most ``MAX_WORKERS``; the
``TOKBENCH_TEST_WORKERS`` variable, ``make test WORKERS=N``, sets the count, 0 or 1 for one
plain pytest run), each test file on one worker (``--dist loadfile``: a file's module-scoped
fixtures are built once), the long files first (``tests.serial.heavy_files_first``). The
tests marked ``serial`` measure wall-clock time, so they are left out there and run afterwards
without xdist, only those the same arguments selected (``tests/serial.py``). The arguments go to both passes unchanged:

    python -m tests.passes tests/app -x          # what `make test PYTEST_ARGS='tests/app -x'` runs

The exit code is pytest's: the first pass's failure if it failed, else the second's; 5 (no tests
collected) only when neither pass ran a test.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.serial import listed_files

MAX_WORKERS = 4  # beyond a few workers each one's start-up (~9 s of CPU collecting) outweighs it
WORKERS_VARIABLE = "TOKBENCH_TEST_WORKERS"
OK, FAILED, NO_TESTS = (int(pytest.ExitCode.OK), int(pytest.ExitCode.TESTS_FAILED),
                        int(pytest.ExitCode.NO_TESTS_COLLECTED))
STOP_FIRST = ("-x", "--exitfirst")


def worker_count(environ=os.environ) -> int:
    """The cores this process may use, at most MAX_WORKERS; the variable overrides.

    >>> worker_count({WORKERS_VARIABLE: "3"})
    3
    """
    if environ.get(WORKERS_VARIABLE, "").strip():
        return int(environ[WORKERS_VARIABLE])
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return min(cores or 1, MAX_WORKERS)


def combined(first: int, second: int | None) -> int:
    """The exit code of both passes (``second`` is None when the serial pass did not run).

    >>> [combined(0, 5), combined(5, 0), combined(5, None), combined(1, 0), combined(0, 1)]
    [0, 0, 5, 1, 1]
    """
    codes = [code for code in (first, second) if code is not None]
    failed = [code for code in codes if code not in (OK, NO_TESTS)]
    if failed:
        return failed[0]
    return OK if OK in codes else NO_TESTS


def _pytest(*args: str, environ=None) -> int:
    return subprocess.call([sys.executable, "-m", "pytest", "-p", "tests.serial", *args],
                           env=environ)


def same_hash_seed(environ=os.environ) -> dict[str, str]:
    """``environ`` with a PYTHONHASHSEED for every xdist worker alike (a random one unless set):
    the workers must collect the same test ids, and an id made from a set follows the string
    hash. Still random from run to run, as without xdist; the pass prints it to replay one.

    >>> same_hash_seed({"PYTHONHASHSEED": "7"})["PYTHONHASHSEED"]
    '7'
    """
    seed = environ.get("PYTHONHASHSEED") or str(random.randint(1, 2**32 - 1))
    return {**environ, "PYTHONHASHSEED": seed}


JUNIT = ("--junitxml", "--junit-xml")


def junit_path(args: list[str]) -> tuple[int, str] | None:
    """Where ``args`` ask for a JUnit XML report: (index of the argument, path); else None.

    >>> junit_path(["-x", "--junitxml=r.xml"]), junit_path(["--junit-xml", "r.xml"])
    ((1, 'r.xml'), (0, 'r.xml'))
    """
    for i, arg in enumerate(args):
        name, equals, value = arg.partition("=")
        if name in JUNIT:
            if equals:
                return i, value
            if i + 1 < len(args):
                return i, args[i + 1]
    return None


def merge_junit(into: Path, other: Path) -> None:
    """Append the test cases of ``other``'s suite to ``into``'s, adding up the counts, so that
    one report holds both passes (the serial pass has the stall tests' ``worst_gui_stall``)."""
    import xml.etree.ElementTree as ET

    tree = ET.parse(into)
    suite, extra = tree.getroot().find("testsuite"), ET.parse(other).getroot().find("testsuite")
    for key in ("tests", "errors", "failures", "skipped"):
        suite.set(key, str(int(suite.get(key, "0")) + int(extra.get(key, "0"))))
    suite.set("time", f"{float(suite.get('time', '0')) + float(extra.get('time', '0')):.3f}")
    suite.extend(extra.findall("testcase"))
    tree.write(into, encoding="utf-8", xml_declaration=True)


def run(args: list[str], workers: int) -> int:
    """Both passes over ``args``; their combined exit code."""
    if workers < 2:
        return _pytest(*args)
    with tempfile.TemporaryDirectory(prefix="tokbench-passes-") as folder:
        listing = Path(folder) / "serial-tests"
        environ = same_hash_seed()
        print(f"parallel pass: {workers} workers, PYTHONHASHSEED={environ['PYTHONHASHSEED']}",
              flush=True)
        first = _pytest("-n", str(workers), "--dist", "loadfile", "--no-loadscope-reorder",
                        "--serial=skip", f"--serial-list={listing}", *args, environ=environ)
        stopped = first == FAILED and any(a in STOP_FIRST or a.startswith("--maxfail") for a in args)
        if first not in (OK, FAILED, NO_TESTS) or stopped or not listed_files(listing):
            return combined(first, None)  # interrupted, an error, -x after a failure, or none
        print(f"\n--- serial pass: the tests that measure wall-clock time, alone "
              f"({len(listed_files(listing))} files) ---", flush=True)
        junit = junit_path(args)
        serial_args = list(args)
        if junit:  # its own report, added to the first pass's after
            serial_xml = Path(folder) / "serial.xml"
            i, path = junit
            serial_args[i:i + (1 if "=" in args[i] else 2)] = [f"--junitxml={serial_xml}"]
        second = _pytest("--serial=only", f"--serial-list={listing}", *serial_args)
        if junit and Path(junit[1]).is_file() and serial_xml.is_file():
            merge_junit(Path(junit[1]), serial_xml)
        return combined(first, second)


def main(argv: list[str] | None = None) -> int:
    try:
        return run(sys.argv[1:] if argv is None else argv, worker_count())
    except KeyboardInterrupt:
        return int(pytest.ExitCode.INTERRUPTED)


if __name__ == "__main__":
    sys.exit(main())
