"""What each test costs, written as it runs: wall time and CPU time, so that a loaded machine
can still rank tests (docs/testing.md, "How the times were measured").

``--durations`` gives wall time only, at the end of the run; on a machine shared with other
jobs wall time is mostly waiting for a CPU. The CPU time of this process (every thread) and of
the child processes it waited for is what the test itself costs; it barely moves with load.

    pytest -p tests.cost_log tests/core        # writes test-costs.tsv (TOKBENCH_COST_LOG=path)
    sort -t$'\\t' -k2 -gr test-costs.tsv | head -30

Each line: wall seconds, CPU seconds of this process, CPU seconds of its reaped children, test
id (setup, call and teardown together). A process's first line gives its collection's.

Under pytest-xdist (``make test``) each worker writes its own tests' lines to the same file (one
``write`` a line, in append mode: lines do not mix); the controller, which only receives their
reports, writes nothing.
"""

from __future__ import annotations

import os
import resource
import time

_started: dict[str, tuple[float, float, float]] = {}
_out = None
_on = {"here": True}  # False in pytest-xdist's controller: the tests run in its workers


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def _write(wall: float, own: float, children: float, what: str) -> None:
    global _out
    if not _on["here"]:
        return
    if _out is None:
        _out = open(os.environ.get("TOKBENCH_COST_LOG", "test-costs.tsv"), "a",  # noqa: SIM115
                    encoding="utf-8", buffering=1)  # line-buffered: readable while it runs
    _out.write(f"{wall:.3f}\t{own:.3f}\t{children:.3f}\t{what}\n")


def pytest_sessionstart(session) -> None:
    # only pytest-xdist's controller has its "dsession" plugin (registered by xdist's
    # pytest_configure, which runs after every other one: hence here, not there)
    _on["here"] = not session.config.pluginmanager.has_plugin("dsession")
    _started["<collection>"] = (time.perf_counter(), *_cpu())


def pytest_collection_finish(session) -> None:
    wall, own, children = _started.pop("<collection>")
    now_own, now_children = _cpu()
    worker = getattr(session.config, "workerinput", {}).get("workerid")
    _write(time.perf_counter() - wall, now_own - own, now_children - children,
           f"<collection of {len(session.items)} tests{f' in {worker}' if worker else ''}>")


def pytest_runtest_logstart(nodeid, location) -> None:
    if _on["here"]:
        _started[nodeid] = (time.perf_counter(), *_cpu())


def pytest_runtest_logfinish(nodeid, location) -> None:
    if nodeid not in _started:  # the controller relays workers' reports: nothing to time
        return
    wall, own, children = _started.pop(nodeid)
    now_own, now_children = _cpu()
    _write(time.perf_counter() - wall, now_own - own, now_children - children, nodeid)


def pytest_sessionfinish(session) -> None:
    if _out is not None:
        _out.close()
