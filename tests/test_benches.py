"""Every benchmark of ``make bench`` runs to its end, in its ``--tiny`` mode, so that none can rot
unseen between two runs of the benches (``train_bpe_wordpiece`` once crashed on a job format it
had copied from the hf engine). Each judges its ratios against the goals of issue #27 and saves
its figures as ``make bench`` does (``--json``, :mod:`tests.bench.results`), and the results page
is made from what they saved.

The training benches run on the project's demo corpus; the others read the shared data and are
skipped, with the reason, where it is absent.
"""

from __future__ import annotations

import importlib
import json

import pytest

from tests.bench import results
from tests.conftest import DATA, require_data

# (module, needs the shared data)
BENCHES = [("train_bpe_wordpiece", False), ("train_unigram", False), ("run", True),
           ("chat", True), ("align", True), ("audit", True), ("diff", True), ("report", True)]


def _param(name: str, needs_data: bool):
    return pytest.param(name, marks=[pytest.mark.realdata] if needs_data else [], id=name)


@pytest.mark.slow  # child processes, real workloads (make test runs it, make check does not)
@pytest.mark.parametrize("name", [_param(name, needs) for name, needs in BENCHES])
def test_each_bench_runs_to_its_end_and_saves_its_judged_figures(name, tmp_path, capsys):
    if dict(BENCHES)[name]:
        require_data(DATA)
    bench = importlib.import_module(f"tests.bench.{name}")
    saved = tmp_path / f"{name}.json"

    assert bench.main(["--tiny", "--json", str(saved)]) == 0

    printed = capsys.readouterr().out
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["bench"] == name and data["machine"]["cpus"]
    goals = data["tables"][results.GOALS]
    assert goals, data["tables"]
    for row in goals:
        assert set(row) == {"measure", "workbench", "reference", "ratio", "goal", "verdict"}
        if row["goal"]:  # a goal is always judged, and judged right
            ratio = float(row["ratio"].rstrip("×"))
            goal = float(row["goal"].removeprefix("≤ ").rstrip("×"))
            assert row["verdict"] == ("PASS" if ratio <= goal else "MISS"), row
        else:
            assert not row["verdict"], row
        assert f"{row['measure']}: {row['workbench']}" in printed  # the same figure on screen
    assert len(data["tables"]) > 1  # the bench's own table beside the goals
    page = results.render(tmp_path)
    assert f"## `tests.bench.{name}`" in page and f"### {results.GOALS}" in page


def test_the_goals_come_first_on_a_bench_s_part_of_the_page(tmp_path):
    figures = [results.Figure("m", "2.0 s", "1.0 s", 2.0, 1.5),
               results.Figure("n", "1.0 s", "", None)]
    results.save(tmp_path / "run.json", "run", {"encode": [{"tokenizer": "gpt2"}],
                                                 results.GOALS: results.goal_rows(figures)})
    page = results.render(tmp_path)
    assert page.index(results.GOALS) < page.index("### encode")
    assert "| m | 2.0 s | 1.0 s | 2.00× | ≤ 1.5× | MISS |" in page
    assert "| n | 1.0 s |  |  |  |  |" in page
