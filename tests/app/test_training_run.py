"""RunMeter (progress → phase, rate, ETA, log, chart) and the training job, without a window."""

from __future__ import annotations

import pytest

from app.models.training_run import RunMeter
from core.notes import note
from core.progress import Progress


def test_rate_eta_and_chart_of_a_merge_phase():
    meter = RunMeter(started=0.0)
    meter.feed(Progress("reading", 0, 1000, detail="a.txt"), now=0.0)
    for step in range(1, 21):  # 100 merges a second, reported ten times a second
        meter.feed(Progress("merges", step * 10, 1000), now=1.0 + step / 10)
    assert meter.chart.title == "Merges per second"
    assert meter.points and all(abs(rate - 100) < 1e-6 for _, rate in meter.points)
    assert meter.rate() == pytest.approx(100, rel=0.06)
    assert meter.eta() == pytest.approx(8.0, rel=0.1)
    text = meter.describe(now=3.0)
    assert text.startswith("merges · 200 of 1,000 · ") and "merges/s" in text
    assert "s left" in text and "3.0 s elapsed" in text
    assert [line.split()[-1] for line in meter.log] == ["reading", "a.txt", "merges"]


def test_sentencepiece_log_lines_are_cleaned_and_charted():
    meter = RunMeter(started=0.0)
    meter.feed(Progress("EM", 0, 0, detail="c:903] EM sub_iter=0 size=4419 obj=37.39 num_tokens=2"),
               1)
    meter.feed(Progress("EM", 1, 0, detail="cc:903] EM sub_iter=1 size=4419 obj=37.21 num_tokens=2"),
               2)
    assert meter.points == [(0, 37.39), (1, 37.21)]
    assert meter.log[-1].endswith("EM: EM sub_iter=1 size=4419 obj=37.21 num_tokens=2")


def test_phase_names_and_the_engines_notes_are_said_in_the_gui_language():
    """The pane hands RunMeter Qt's translator for its context and the notes' table (their
    codes and arguments, never their English); the trainer's own log lines (SentencePiece's)
    and file names stay as they are."""
    chinese = {"checking": "检查", "{done} of {total}": "{done} / {total}",
               "{seconds} s elapsed": "已用 {seconds} 秒"}
    notes = {"progress.characters_to_keep": "统计要保留的字符",
             "progress.em_pieces": "EM：{count} 个片段"}
    meter = RunMeter(started=0.0, translate=lambda text: chinese.get(text, text),
                     word_note=lambda n: notes[n.code].format(**n.args))
    meter.feed(Progress("checking", 0, 0, note("progress.characters_to_keep")), now=0.5)
    meter.feed(Progress("unigram", 1, 4, note("progress.em_pieces", count=1200)), now=1.0)
    meter.feed(Progress("EM", 0, 0, detail="c:903] EM sub_iter=0 size=4419 obj=37.39"), now=2.0)
    assert meter.log[:2] == ["   0.5 s  检查", "   0.5 s  检查: 统计要保留的字符"]
    assert meter.log[3] == "   1.0 s  unigram: EM：1200 个片段"
    assert meter.log[-1].endswith("EM: EM sub_iter=0 size=4419 obj=37.39")  # the trainer's
    meter.feed(Progress("unigram", 2, 4, note("progress.em_pieces", count=900)), now=3.0)
    assert meter.describe(now=3.0) == "unigram · 2 / 4 · 已用 3.0 秒"
