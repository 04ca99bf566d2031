"""Benchmark figures as files, not prose: each bench saves what it measured, with the machine and
the load it ran under, and one page is generated from all of them.

    python -m tests.bench.run --json docs/bench/run.json   # what `make bench` does, per bench
    python -m tests.bench.results          # docs/bench/*.json -> docs/bench-results.md

A saved file is ``{"bench", "recorded", "machine", "settings", "tables": {title: [row, ...]}}``;
a row is a flat or one-level nested dict (``{"reference": {"seconds": 1.2}}`` becomes the column
``reference seconds``; lists are kept in the JSON and left out of the page).

Every bench also judges its ratios against the goals of issue #27: it collects :class:`Figure`
rows, prints each with its goal and PASS or MISS (:func:`judge`), and saves them as the table
:data:`GOALS` (:func:`goal_rows`), first on its part of the page.

>>> Figure("encode", "1.0 s", "0.5 s", 2.0, 1.5).line()
'encode: 1.0 s vs 0.5 s = 2.00× (goal ≤ 1.5×) MISS'

>>> print(markdown_table([{"tokenizer": "gpt2", "ratio": 1.23456, "sides": {"ours_s": 0.5}}]))
| tokenizer | ratio | sides ours_s |
|---|---|---|
| gpt2 | 1.235 | 0.500 |
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "bench"
PAGE = ROOT / "docs" / "bench-results.md"
LIBRARIES = ("tokenizers", "sentencepiece", "tiktoken", "transformers", "numpy")
# the order the page lists them in: `make bench`'s order
ORDER = ("run", "train_bpe_wordpiece", "train_unigram", "chat", "align", "audit", "diff", "report")
GOALS = "ratios against the goals (issue #27)"


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
        """PASS or MISS against the goal; empty without one.

        >>> Figure("audit", "0.3 s", "0.2 s", 1.5).verdict
        ''
        """
        if self.goal is None or self.ratio is None:
            return ""
        return "PASS" if self.ratio <= self.goal else "MISS"

    def line(self) -> str:
        """The figure as the bench prints it."""
        text = f"{self.measure}: {self.ours}"
        if self.reference:
            text += f" vs {self.reference}"
        if self.ratio is not None:
            text += f" = {self.ratio:.2f}×"
        if self.goal is not None:
            text += f" (goal ≤ {self.goal:g}×) {self.verdict}"
        return text


def add_tiny(parser: argparse.ArgumentParser) -> None:
    """``--tiny``: what every bench has for the test of the benches (``tests/test_benches.py``)."""
    parser.add_argument("--tiny", action="store_true",
                        help="the smallest inputs that still take every step (the test of the "
                             "benches runs this)")


def judge(title: str, figures: list[Figure]) -> list[Figure]:
    """Print each figure with its goal and PASS or MISS."""
    print(f"\n{title} — {GOALS}:")
    for figure in figures:
        print(f"  {figure.line()}")
    return figures


def goal_rows(figures: list[Figure]) -> list[dict]:
    """The figures as the rows of the saved table :data:`GOALS`.

    >>> goal_rows([Figure("encode", "1.0 s", "0.5 s", 2.0, 1.5)])[0]["verdict"]
    'MISS'
    """
    return [{"measure": f.measure, "workbench": f.ours, "reference": f.reference,
             "ratio": f"{f.ratio:.2f}×" if f.ratio is not None else "",
             "goal": f"≤ {f.goal:g}×" if f.goal is not None else "", "verdict": f.verdict}
            for f in figures]


def machine() -> dict:
    """Where and under what load the figures were taken: a figure means little without it."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    versions = {}
    for name in LIBRARIES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            pass
    return {"platform": platform.platform(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "load_average": list(load) if load else None,
            "libraries": versions}


def save(path: Path | str, bench: str, tables: dict[str, list[dict]],
         settings: dict | None = None) -> Path:
    """Write one bench's figures as JSON at ``path`` (its folder is made)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"bench": bench, "recorded": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "machine": machine(), "settings": settings or {}, "tables": tables}
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _flat(row: dict) -> dict:
    out = {}
    for key, value in row.items():
        if isinstance(value, dict):
            out.update({f"{key} {inner}": v for inner, v in value.items()
                        if not isinstance(v, (dict, list))})
        elif not isinstance(value, list):
            out[key] = value
    return out


def _cell(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "" if value is None else str(value)


def markdown_table(rows: list[dict]) -> str:
    """The rows as a Markdown table, columns in first-seen order."""
    flat = [_flat(row) for row in rows]
    columns: list[str] = []
    for row in flat:
        columns += [key for key in row if key not in columns]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(row.get(c)) for c in columns) + " |" for row in flat]
    return "\n".join(lines)


def _machine_line(info: dict) -> str:
    load = info.get("load_average")
    libraries = ", ".join(f"{k} {v}" for k, v in info.get("libraries", {}).items())
    load_text = " / ".join(f"{x:.1f}" for x in load) if load else "?"
    return (f"{info.get('cpus')} CPUs, load average {load_text} (1/5/15 min) when saved · "
            f"Python {info.get('python')} · {libraries} · {info.get('platform')}")


def render(folder: Path = FOLDER) -> str:
    """The page of every saved bench in ``folder``, in `make bench`'s order."""
    saved = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")}
    names = [n for n in ORDER if n in saved] + sorted(set(saved) - set(ORDER))
    parts = ["# Benchmark results", "",
             "Generated by `make bench` from the figures each bench saved in [bench/](bench/) "
             "(`python -m tests.bench.results` renders this page again; do not edit it by hand). "
             "What each bench measures and how to read it: [testing.md](testing.md#benchmarks). "
             "Ratios are the workbench's time over the native library's (lower is better)."]
    for name in names:
        data = saved[name]
        parts += ["", f"## `tests.bench.{name}`", "",
                  f"Recorded {data.get('recorded')} · {_machine_line(data.get('machine', {}))}"]
        if data.get("settings"):
            parts += ["", "Settings: " + ", ".join(f"`{k}={v}`" for k, v in
                                                   data["settings"].items())]
        tables = data.get("tables", {})
        for title, rows in sorted(tables.items(), key=lambda item: item[0] != GOALS):
            if rows:
                parts += ["", f"### {title}", "", markdown_table(rows)]
    return "\n".join(parts) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=FOLDER)
    parser.add_argument("--out", type=Path, default=PAGE)
    args = parser.parse_args(argv)
    if not any(args.folder.glob("*.json")):
        print(f"no saved figures in {args.folder}: run `make bench` first", file=sys.stderr)
        return 1
    args.out.write_text(render(args.folder), encoding="utf-8")
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
