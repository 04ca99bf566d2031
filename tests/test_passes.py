"""`make test`'s two passes (tests/passes.py, tests/serial.py): the serial tests run alone after
the parallel pass, only those the arguments selected, and the exit code is pytest's."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # starts pytest and its xdist workers, three times

TESTS = '''
import os
from pathlib import Path

import pytest

LOG = Path(__file__).with_name("ran.log")


def _ran(name):
    with LOG.open("a") as log:
        log.write(f"{name} {os.environ.get('PYTEST_XDIST_WORKER', 'alone')}\\n")


@pytest.mark.parametrize("n", range(4))
def test_parallel(n):
    _ran(f"parallel{n}")


@pytest.mark.serial
def test_timed():
    _ran("timed")


@pytest.mark.serial
def test_timed_fails():
    assert False, "the serial pass reports this"
'''


def passes(folder, *args) -> tuple[int, list[str]]:
    """Exit code of ``python -m tests.passes`` over ``folder`` with two workers, and which test
    ran where (each line: test, worker id or ``alone``)."""
    outer = {k: v for k, v in os.environ.items()  # this test may itself run in an xdist worker
             if not k.startswith(("PYTEST_XDIST_", "PYTEST_CURRENT_TEST"))}
    env = {**outer, "TOKBENCH_TEST_WORKERS": "2",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-m", "tests.passes", "-p", "no:cacheprovider",
                           str(folder), *args], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=300)
    log = folder / "ran.log"
    ran = sorted(log.read_text().splitlines()) if log.exists() else []
    log.unlink(missing_ok=True)
    return done.returncode, ran


def test_serial_tests_run_alone_after_the_others_and_the_exit_code_is_pytests(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # not the project's configuration
    (tmp_path / "test_sample.py").write_text(TESTS)

    report = tmp_path / "report.xml"
    code, ran = passes(tmp_path, "-k", "not fails", f"--junitxml={report}")
    assert code == 0
    assert [line.split()[0] for line in ran] == [f"parallel{n}" for n in range(4)] + ["timed"]
    assert all(line.split()[1].startswith("gw") for line in ran[:4])  # xdist workers
    assert ran[4] == "timed alone"
    suite = ET.parse(report).getroot().find("testsuite")  # one report: both passes
    assert sorted(case.get("name") for case in suite.iter("testcase")) == \
        [f"test_parallel[{n}]" for n in range(4)] + ["test_timed"]
    assert suite.get("tests") == "5" and suite.get("failures") == "0"

    code, ran = passes(tmp_path, "-k", "timed_fails")  # only serial tests: the first pass has none
    assert code == pytest.ExitCode.TESTS_FAILED and ran == []

    code, ran = passes(tmp_path, "-k", "no_such_test")
    assert code == pytest.ExitCode.NO_TESTS_COLLECTED and ran == []
