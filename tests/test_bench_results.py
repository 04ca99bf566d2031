"""The benchmarks' figures are files: each bench saves JSON with the machine it ran on, and the
results page is generated from those files (tests/bench/results.py; `make bench` runs both)."""

import json
import subprocess
import sys

from tests.bench import results
from tests.conftest import ROOT


def test_a_saved_bench_records_the_machine_and_its_tables(tmp_path):
    path = results.save(tmp_path / "bench" / "run.json", "run",
                        {"encode": [{"tokenizer": "gpt2", "ratio": 1.1}]}, {"repeat": 3})
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["bench"] == "run" and data["settings"] == {"repeat": 3}
    assert data["tables"] == {"encode": [{"tokenizer": "gpt2", "ratio": 1.1}]}
    assert data["machine"]["cpus"] and data["machine"]["python"]
    assert "tokenizers" in data["machine"]["libraries"]


def test_the_page_lists_every_saved_bench_in_make_bench_order(tmp_path):
    results.save(tmp_path / "report.json", "report", {"diagnostics": [
        {"corpus": "flores", "ratio": 1.25, "runs": [1, 2],
         "sides": {"ours_s": 2.0, "raw": [3]}}]})
    results.save(tmp_path / "run.json", "run", {"encode": [{"tokenizer": "gpt2", "mb": 11}]})
    page = results.render(tmp_path)
    assert page.index("## `tests.bench.run`") < page.index("## `tests.bench.report`")
    assert "| corpus | ratio | sides ours_s |" in page  # lists stay in the JSON only
    assert "| flores | 1.250 | 2.000 |" in page
    assert "| gpt2 | 11 |" in page


def test_the_results_command_writes_the_page_and_refuses_an_empty_folder(tmp_path):
    run = [sys.executable, "-m", "tests.bench.results", "--folder", str(tmp_path),
           "--out", str(tmp_path / "page.md")]
    empty = subprocess.run(run, cwd=ROOT, capture_output=True, text=True)
    assert empty.returncode == 1 and "make bench" in empty.stderr
    results.save(tmp_path / "diff.json", "diff", {"contract": [{"verdict": "breaking"}]})
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "| breaking |" in (tmp_path / "page.md").read_text(encoding="utf-8")
