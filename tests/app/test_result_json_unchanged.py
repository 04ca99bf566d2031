"""The JSON of each feature's typed result stays what it was (issue #22 item 1): ``diff``,
``golden verify``, ``audit``, ``align`` and ``report`` on small inputs of the repository's own
demo tokenizers, compared byte for byte with what the commands printed before their results
became typed (``tests/snapshots/*.json``), and the GUI's exports with the same object.

Only the CLI contract's keys (the envelope ``tokbench``, ``version``, and ``action``,
``fail_on``, ``failed``: issue #22 item 5) are left out, and in the report what is not a
function of its inputs (``created``, the library ``versions``).

A deliberate change to a JSON contract rewrites the snapshots:
``UPDATE_RESULT_SNAPSHOTS=1 pytest tests/app/test_result_json_unchanged.py`` (then review the diff).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.cli import main
from app.main_window import DEMO
from tests.core.diff.variants import (with_block_inserted, with_one_more_merge, without_merge,
                                      write)

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots" / "results"
BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
# the CLI contract's keys (docs/cli.md), not the result's: the envelope, and what a command
# adds of its own run (the action of golden, --fail-on and whether the run failed)
ENVELOPE = ("tokbench", "version", "action", "fail_on", "failed")


def unwrapped(data: dict) -> dict:
    """``data`` without the CLI envelope's keys (every other key in its order)."""
    return {k: v for k, v in data.items() if k not in ENVELOPE}


def assert_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("UPDATE_RESULT_SNAPSHOTS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no snapshot {name}: run with UPDATE_RESULT_SNAPSHOTS=1 once"
    assert text == path.read_text(encoding="utf-8"), f"{name}: the JSON changed"


def cli_json(capsys, *argv, code: int = 0) -> dict:
    assert main([str(a) for a in argv]) == code, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def dumped(data: dict, **kwargs) -> str:
    return json.dumps(data, ensure_ascii=False, **kwargs) + "\n"


@pytest.fixture
def pair(tmp_path):
    """The demo BPE, the same trained one merge further, the same with 5 pieces inserted first,
    the same without its first merge; and a small corpus of two languages."""
    spec = json.loads(BPE.read_text(encoding="utf-8"))
    (tmp_path / "en.txt").write_text("the quick brown fox\nhello world the lazy dog\n",
                                     encoding="utf-8")
    (tmp_path / "zh.txt").write_text("你好 世界\n今天下雨。\nこんにちは、世界。\n",
                                     encoding="utf-8")
    return (write(spec, tmp_path / "old"), write(with_one_more_merge(spec)[0], tmp_path / "more"),
            write(with_block_inserted(spec, 5), tmp_path / "shifted"),
            write(without_merge(spec, 0), tmp_path / "fewer"))


# -- diff ----------------------------------------------------------------------------------
def test_diff_json_is_unchanged(capsys, pair, tmp_path):
    old, more, shifted, fewer = pair
    page = tmp_path / "diff.html"
    data = cli_json(capsys, "diff", old, more, "--json", "--corpus", tmp_path / "en.txt",
                    tmp_path / "zh.txt", "--hidden", "4096", "--dtype", "bf16", "--html", page)
    assert_snapshot("diff_append.json", dumped(unwrapped(data)))
    assert_snapshot("diff_append.html", page.read_text(encoding="utf-8"))
    data = cli_json(capsys, "diff", old, shifted, "--json")
    assert_snapshot("diff_breaking.json", dumped(unwrapped(data)))
    data = cli_json(capsys, "diff", old, fewer, "--json", "--corpus", tmp_path / "en.txt",
                    tmp_path / "zh.txt", "--untied", "--html", page)
    assert_snapshot("diff_behaviour.json", dumped(unwrapped(data)))
    assert_snapshot("diff_behaviour.html", page.read_text(encoding="utf-8"))


@pytest.mark.gui
def test_diff_pane_export_is_unchanged(qtbot, window, pair, tmp_path):
    """The Diff pane's comparison (the golden samples verified, the golden set's behaviour) and
    its JSON export."""
    from core.corpus import CorpusSource
    from core.loading import open_tokenizer

    pane = window.diff
    old, _, _, fewer = pair
    window.session.set_corpus([CorpusSource(tmp_path / "zh.txt", lang="zh")])
    pane.set_pair(open_tokenizer(old), open_tokenizer(fewer))
    pane.start_compare()
    qtbot.waitUntil(lambda: pane.job is None and pane.diff is not None, timeout=60000)
    pane.export_json(tmp_path / "d.json")
    saved = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert {k: saved[k] for k in ENVELOPE if k in saved} == {"tokbench": "diff", "version": 1,
                                                             "fail_on": None, "failed": False}
    # the snapshot is the export as it was written before it carried the CLI's envelope
    assert_snapshot("diff_pane.json", dumped(unwrapped(saved), indent=1))


# -- golden --------------------------------------------------------------------------------
def test_golden_verify_json_is_unchanged(capsys, pair, tmp_path):
    old, more, _, _ = pair
    golden = tmp_path / "golden.json"
    assert main(["golden", "lock", str(old), "-o", str(golden)]) == 0
    capsys.readouterr()
    data = cli_json(capsys, "golden", "verify", more, golden, "--json", code=1)
    assert_snapshot("golden_differs.json", dumped(unwrapped(data)))
    data = cli_json(capsys, "golden", "verify", old, golden, "--json")
    assert_snapshot("golden_passes.json", dumped(unwrapped(data)))
    data = cli_json(capsys, "golden", "verify", pair[3], golden, "--json", code=1)
    assert_snapshot("golden_fields_differ.json", dumped(unwrapped(data)))


# -- audit ---------------------------------------------------------------------------------
def test_audit_json_is_unchanged(capsys, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("Hello world\nthe quick brown fox\n", encoding="utf-8")
    names = tmp_path / "names.txt"
    names.write_text("# internal\nquick\n", encoding="utf-8")
    data = cli_json(capsys, "audit", BPE, "--corpus", f"en={corpus}", "--names", names, "--json")
    assert_snapshot("audit_corpus.json", dumped(unwrapped(data)))
    data = cli_json(capsys, "audit", UNIGRAM, "--json")
    assert_snapshot("audit_unigram.json", dumped(unwrapped(data)))


@pytest.mark.gui
def test_audit_export_is_unchanged(qtbot, tmp_path):
    from app.tasks import TaskRunner
    from app.widgets.vocab_browser import VocabBrowser
    from core.formats.detect import load_tokenizer

    browser = VocabBrowser(TaskRunner())
    qtbot.addWidget(browser)
    browser.set_runtime(load_tokenizer(UNIGRAM))
    browser.start_audit()
    qtbot.waitUntil(lambda: browser.audit is not None, timeout=60000)
    assert browser.export_audit(tmp_path / "a.json")
    saved = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert {k: saved[k] for k in ENVELOPE if k in saved} == {
        "tokbench": "audit", "version": 1, "fail_on": None, "failed": False}
    # the snapshot is the export as it was written before it carried the CLI's envelope
    assert_snapshot("audit_unigram_export.json", dumped(unwrapped(saved), indent=1))


# -- align ---------------------------------------------------------------------------------
ALIGN_ROWS = [{"text": "Hello 世界, café naïve", "spans": [
                  {"start": 0, "end": 5, "label": "GREET", "text": "Hello"},
                  {"start": 6, "end": 7, "label": "CJK", "text": "世"},
                  {"start": 10, "end": 14, "label": "FOOD", "text": "café"}]},
              {"text": "the quick brown fox", "spans": [
                  {"start": 10, "end": 13, "label": "PART", "text": "bro"},
                  {"start": 4, "end": 9, "label": "ADJ", "text": "quick"}]},
              {"text": "no span here", "spans": [{"start": 9, "end": 3, "label": "BAD"}]}]


def test_align_json_is_unchanged(capsys, tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ALIGN_ROWS),
                    encoding="utf-8")
    for mode in ("strict", "contract", "expand"):
        data = cli_json(capsys, "align", BPE, UNIGRAM, "--spans", path, "--json", "--skip-bad",
                        "--mode", mode)
        assert_snapshot(f"align_{mode}.json", dumped(unwrapped(data)))


# -- report --------------------------------------------------------------------------------
def stable_report(data: dict) -> dict:
    """A report without what changes from run to run or machine to machine."""
    return {k: ("…" if k in ("created", "versions") else v) for k, v in unwrapped(data).items()}


@pytest.fixture
def parallel(tmp_path):
    folder = tmp_path / "par"
    folder.mkdir()
    (folder / "eng_Latn.dev").write_text("The cat sleeps.\nIt rains today.\nWe read books.\n",
                                         encoding="utf-8")
    (folder / "zho_Hans.dev").write_text("猫在睡觉。\n今天下雨。\n我们读书。\n", encoding="utf-8")
    (folder / "deu_Latn.dev").write_text("Die Katze schläft.\nHeute regnet es.\nWir lesen.\n",
                                         encoding="utf-8")
    return folder


def test_report_json_is_unchanged(capsys, parallel, tmp_path):
    data = cli_json(capsys, "report", BPE, UNIGRAM, "--parallel", parallel, "--json",
                    "--bootstrap", "50", "--seed", "3", "--context", "8")
    assert_snapshot("report_parallel.json", dumped(stable_report(data)))
    corpus = tmp_path / "mixed.txt"
    corpus.write_text("Hello world, see https://example.com\n你好，世界。\n\nshort\n" * 3,
                      encoding="utf-8")
    csv_path = tmp_path / "r.csv"
    data = cli_json(capsys, "report", BPE, "--corpus", f"eng_Latn/web={corpus}", "--json",
                    "--round-trip", "--context", "16", "--csv", csv_path)
    assert_snapshot("report_sources.json", dumped(stable_report(data)))
    assert_snapshot("report_sources.csv", csv_path.read_text(encoding="utf-8"))


# -- the text the commands print from the same results -------------------------------------
def cli_text(capsys, *argv, code: int = 0) -> str:
    assert main([str(a) for a in argv]) == code
    out = capsys.readouterr()
    return out.out + ("\n[stderr]\n" + out.err if out.err else "")


def test_text_outputs_are_unchanged(capsys, pair, parallel, tmp_path):
    """The views the commands print (not only their JSON) read the typed results alike."""
    old, more, shifted, fewer = pair
    texts = [cli_text(capsys, "diff", old, more, "--corpus", tmp_path / "en.txt",
                      tmp_path / "zh.txt"),
             cli_text(capsys, "diff", old, shifted),
             cli_text(capsys, "diff", old, fewer, "--corpus", tmp_path / "en.txt",
                      tmp_path / "zh.txt")]
    golden = tmp_path / "golden.json"
    cli_text(capsys, "golden", "lock", old, "-o", golden)
    texts.append(cli_text(capsys, "golden", "verify", fewer, golden, code=1))
    texts.append(cli_text(capsys, "golden", "verify", more, golden, code=1))
    names = tmp_path / "names.txt"
    names.write_text("quick\n", encoding="utf-8")
    texts.append(cli_text(capsys, "audit", BPE, "--corpus", f"en={tmp_path / 'en.txt'}",
                          f"zh={tmp_path / 'zh.txt'}", "--names", names))
    spans = tmp_path / "d.jsonl"
    spans.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ALIGN_ROWS[:2]),
                     encoding="utf-8")
    texts.append(cli_text(capsys, "align", BPE, UNIGRAM, "--spans", spans))
    texts.append(cli_text(capsys, "report", BPE, UNIGRAM, "--parallel", parallel,
                          "--bootstrap", "50", "--seed", "3"))
    text = "\n=====\n".join(texts).replace(str(tmp_path), "TMP")
    assert_snapshot("text_outputs.txt", text)
