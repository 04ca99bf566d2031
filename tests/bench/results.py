"""What every benchmark reports the same way: its ratios against the goals of issue #27, each
with PASS or MISS, and its figures written into ``docs/bench-results.md``.

A bench collects :class:`Figure` rows and hands them to :func:`report`, which prints one line
per figure and, on a full run, replaces the bench's own section of the results file (between
``<!-- bench:NAME -->`` and ``<!-- /bench:NAME -->``; added at the end of the generated part
when absent), so the file always holds the last run of each bench, with the machine it ran on.

>>> Figure("encode", "1.0 s", "0.5 s", 2.0, 1.5).line()
'encode: 1.0 s vs 0.5 s = 2.00× (goal ≤ 1.5×) MISS'
>>> Figure("audit", "0.3 s", "0.2 s", 1.5).verdict
''
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "bench-results.md"
GENERATED_END = "<!-- end of the benches' own sections -->"


@dataclass(frozen=True)
class Figure:
    """One comparison: the workbench's figure against the reference's, their ratio (lower is
    better), and the goal the ratio must stay at or under (None: no goal, shown for context)."""

    measure: str
    ours: str
    reference: str
    ratio: float | None
    goal: float | None = None

    @property
    def verdict(self) -> str:
        if self.goal is None or self.ratio is None:
            return ""
        return "PASS" if self.ratio <= self.goal else "MISS"

    def ratio_text(self) -> str:
        return "" if self.ratio is None else f"{self.ratio:.2f}×"

    def goal_text(self) -> str:
        return "" if self.goal is None else f"≤ {self.goal:g}×"

    def line(self) -> str:
        """The figure as the bench prints it."""
        text = f"{self.measure}: {self.ours}"
        if self.reference:
            text += f" vs {self.reference}"
        if self.ratio is not None:
            text += f" = {self.ratio_text()}"
        if self.goal is not None:
            text += f" (goal {self.goal_text()}) {self.verdict}"
        return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every bench has: ``--tiny`` and ``--results``."""
    parser.add_argument("--tiny", action="store_true",
                        help="the smallest inputs that still run every step (what the test of "
                             "the benches runs); writes no results unless --results is given")
    parser.add_argument("--results", type=Path, default=None,
                        help=f"the Markdown file the figures are written into (default: "
                             f"{RESULTS.relative_to(ROOT)}, except with --tiny)")


def results_path(args: argparse.Namespace) -> Path | None:
    """Where this run's figures go: ``--results``, else the docs' file unless ``--tiny``."""
    if args.results is not None:
        return args.results
    return None if args.tiny else RESULTS


def machine() -> str:
    """The machine and its load when the bench started (ratios move with the load)."""
    try:
        load = "load %.1f / %.1f / %.1f (1 / 5 / 15 min)" % os.getloadavg()
    except OSError:
        load = "load unknown"
    return (f"{datetime.date.today().isoformat()}, {os.cpu_count()} cores, {load}, "
            f"python {platform.python_version()}")


def report(bench: str, title: str, figures: Iterable[Figure], *, settings: str,
           results: Path | None, started: str | None = None) -> list[Figure]:
    """Print each figure's line and, when ``results`` is a file, write the bench's section.

    ``settings``: how the figures were taken (corpus, repeats); ``started``: :func:`machine`
    at the bench's start (taken now when not given)."""
    figures = list(figures)
    print(f"\n{title} — ratios against the goals (issue #27):")
    for figure in figures:
        print(f"  {figure.line()}")
    if results is not None:
        write_section(results, bench, section(bench, title, figures, settings,
                                              started or machine()))
        print(f"  (written to {results})")
    return figures


def section(bench: str, title: str, figures: list[Figure], settings: str, started: str) -> str:
    """The Markdown of one bench's run."""
    rows = [f"| {f.measure} | {f.ours} | {f.reference} | {f.ratio_text()} | {f.goal_text()} "
            f"| {f.verdict} |" for f in figures]
    return "\n".join([
        f"<!-- bench:{bench} -->",
        f"### {title} (`python -m tests.bench.{bench}`)",
        "",
        f"{started} · {settings}",
        "",
        "| measure | workbench | reference | ratio | goal | |",
        "|---|---|---|---|---|---|",
        *rows,
        f"<!-- /bench:{bench} -->",
    ])


def write_section(path: Path, bench: str, text: str) -> None:
    """Replace ``bench``'s section of ``path`` with ``text`` (or add it before the end of the
    generated part, or at the end of the file)."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    pattern = re.compile(rf"<!-- bench:{re.escape(bench)} -->.*?<!-- /bench:{re.escape(bench)} -->",
                         re.DOTALL)
    if pattern.search(old):
        new = pattern.sub(lambda _: text, old, count=1)
    elif GENERATED_END in old:
        new = old.replace(GENERATED_END, f"{text}\n\n{GENERATED_END}", 1)
    else:
        new = f"{old.rstrip()}\n\n{text}\n" if old.strip() else f"{text}\n"
    path.write_text(new, encoding="utf-8")
