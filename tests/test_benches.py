"""Every benchmark of ``make bench`` runs to its end, in its ``--tiny`` mode, so that none can rot
unseen between two runs of the benches (``train_bpe_wordpiece`` once crashed on a job format it
had copied from the hf engine). Each writes its figures, in the one format of
``tests/bench/results.py``, into a scratch copy of the results file.

The training benches run on the project's demo corpus; the others read the shared data and are
skipped, with the reason, where it is absent.
"""

from __future__ import annotations

import importlib
import re

import pytest

from tests.bench import results
from tests.conftest import DATA, require_data

# (module, needs the shared data)
BENCHES = [("train_bpe_wordpiece", False), ("train_unigram", False), ("run", True),
           ("chat", True), ("align", True), ("audit", True), ("diff", True), ("report", True)]


def _marks(needs_data: bool):
    return [pytest.mark.realdata] if needs_data else []


@pytest.mark.parametrize("name", [pytest.param(name, marks=_marks(needs), id=name)
                                  for name, needs in BENCHES])
def test_each_bench_runs_to_its_end_and_writes_its_figures(name, tmp_path, capsys):
    if dict(BENCHES)[name]:
        require_data(DATA)
    bench = importlib.import_module(f"tests.bench.{name}")
    out = tmp_path / "bench-results.md"
    out.write_text(f"# Benchmark results\n\n{results.GENERATED_END}\n\nhand-written part\n",
                   encoding="utf-8")

    assert bench.main(["--tiny", "--results", str(out)]) == 0

    printed = capsys.readouterr().out
    assert "ratios against the goals" in printed, printed[-2000:]
    text = out.read_text(encoding="utf-8")
    section = re.search(rf"<!-- bench:{name} -->(.*?)<!-- /bench:{name} -->", text, re.DOTALL)
    assert section, text
    assert text.index(section.group(0)) < text.index(results.GENERATED_END)  # in its place
    table = [line for line in section.group(1).splitlines() if line.startswith("|")]
    assert table[:2] == ["| measure | workbench | reference | ratio | goal | |",
                         "|---|---|---|---|---|---|"], section.group(1)
    rows = table[2:]
    assert rows, section.group(1)  # at least one figure
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert len(cells) == 6, row
        measure, ours, reference, ratio, goal, verdict = cells
        assert measure and ours, row
        if goal:  # a goal is always judged, and judged right
            assert ratio and verdict == ("PASS" if float(ratio.rstrip("×")) <= float(
                goal.removeprefix("≤ ").rstrip("×")) else "MISS"), row
        else:
            assert not verdict, row
        assert f"{measure}: {ours}" in printed  # the same figure on screen


def test_a_second_run_replaces_the_bench_section_and_keeps_the_rest(tmp_path):
    out = tmp_path / "bench-results.md"
    out.write_text(f"intro\n\n{results.GENERATED_END}\n\nhand-written\n", encoding="utf-8")
    for seconds in ("2.0 s", "1.0 s"):
        results.write_section(out, "x", results.section(
            "x", "X", [results.Figure("m", seconds, "1.0 s", float(seconds[0]), 1.5)],
            "tiny", "today"))
    results.write_section(out, "y", results.section("y", "Y", [], "tiny", "today"))
    text = out.read_text(encoding="utf-8")
    assert text.count("<!-- bench:x -->") == 1 and "| m | 1.0 s | 1.0 s | 1.00× | ≤ 1.5× | PASS |" in text
    assert "2.0 s" not in text
    assert text.index("bench:x") < text.index("bench:y") < text.index(results.GENERATED_END)
    assert text.startswith("intro") and text.rstrip().endswith("hand-written")
