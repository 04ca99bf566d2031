"""A training run followed: ``RunMeter`` turns the reports of the training job
(:func:`app.jobs.training.train_to_bundle`) into phase, rate, ETA, log lines and the points of
the live chart (no Qt here).

What the engines report (``core.progress.Progress``):

* reading the corpus: phase ``reading``, bytes done of total, the file name as ``detail``;
* reference BPE / WordPiece: ``merges`` with the merge count (of the target when known);
* reference Unigram: ``unigram`` with a note of its pieces (``progress.em_pieces``...); the
  log-likelihood of each round is only in the bundle's ``trace.json`` (shown when the run ends);
* sentencepiece: its own log lines as ``detail``: ``loading``, ``seeding``, ``EM`` (``size=``
  and ``obj=`` in the line), ``merging`` (pieces so far), ``saving``;
* hf: only ``training`` (a note of the corpus fed) and ``done`` (the native trainer reports
  nothing in between).

What the engines say is a note (:mod:`core.notes`), worded by ``word_note`` (the GUI's
translated table); the trainer's own log lines and file names are shown as they are.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from core.notes import Note, english
from core.progress import Progress

_OBJECTIVE = re.compile(r"obj=(-?[\d.]+)")  # in SentencePiece's own log line
_SIZE = re.compile(r"size=(\d+)")
# the engines' notes that count the pieces so far (the reference Unigram's)
PIECE_COUNTS = frozenset({"progress.seed_pieces", "progress.em_pieces", "progress.pruned",
                          "progress.pieces"})
_LOG_PREFIX = re.compile(r"^.*?\.cc(?:\(\d+\))?:?\d*\]\s*|^[^\s\]]*\]\s*")
RATE_WINDOW = 1.0  # seconds a rate is averaged over (reports arrive up to 10 a second)
POINT_EVERY = 0.5  # seconds between two points of a rate chart


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate reads)
    """Mark ``text`` for translation in ``context`` without Qt; whoever shows it translates it
    (``QCoreApplication.translate(context, text)``).

    >>> QT_TRANSLATE_NOOP("RunMeter", "seconds")
    'seconds'
    """
    return text


@dataclass
class ChartSpec:
    """What the live chart of a phase is called; English, marked for translation in the
    ``RunMeter`` context (the pane translates it when it shows it)."""

    title: str
    x_label: str
    y_label: str


PHASE_UNITS = {"reading": "bytes", "merges": "merges", "merging": "pieces", "em": "rounds"}
# what a unit's rate is called, by unit (bytes are shown as MB/s)
RATE_TEXTS = {"merges": QT_TRANSLATE_NOOP("RunMeter", "{rate} merges/s"),
              "pieces": QT_TRANSLATE_NOOP("RunMeter", "{rate} pieces/s"),
              "rounds": QT_TRANSLATE_NOOP("RunMeter", "{rate} rounds/s")}
# the engines' phase names (core.progress reports, SentencePiece's log), as the user reads them
PHASE_NAMES = {
    "reading": QT_TRANSLATE_NOOP("RunMeter", "reading"),
    "counting words": QT_TRANSLATE_NOOP("RunMeter", "counting words"),
    "counting pairs": QT_TRANSLATE_NOOP("RunMeter", "counting pairs"),
    "merges": QT_TRANSLATE_NOOP("RunMeter", "merges"),
    "unigram": QT_TRANSLATE_NOOP("RunMeter", "unigram"),
    "em": QT_TRANSLATE_NOOP("RunMeter", "EM"),
    "checking": QT_TRANSLATE_NOOP("RunMeter", "checking"),
    "loading": QT_TRANSLATE_NOOP("RunMeter", "loading"),
    "seeding": QT_TRANSLATE_NOOP("RunMeter", "seeding"),
    "EM": QT_TRANSLATE_NOOP("RunMeter", "EM"),
    "merging": QT_TRANSLATE_NOOP("RunMeter", "merging"),
    "saving": QT_TRANSLATE_NOOP("RunMeter", "saving"),
    "training": QT_TRANSLATE_NOOP("RunMeter", "training"),
    "done": QT_TRANSLATE_NOOP("RunMeter", "done"),
    "loading the bundle": QT_TRANSLATE_NOOP("RunMeter", "loading the bundle"),
}

def untranslated(text: str) -> str:
    """The English text itself (a RunMeter made without a translator speaks English)."""
    return text


@dataclass
class RunMeter:
    """Follows one run's reports: the current phase with its rate and ETA, log lines, and the
    live chart's series (what it shows depends on the phase).

    Its texts are English marked in the ``RunMeter`` context; ``translate`` (the GUI passes
    ``QCoreApplication.translate`` for that context) says them in the user's language, and
    ``word_note`` the engines' notes (the GUI passes :func:`app.messages.render`). The
    trainer's own log messages stay as they are.
    """

    started: float = field(default_factory=time.monotonic)
    target: int = 0  # the vocabulary size asked for (shown while Unigram prunes towards it)
    phase: str = ""
    phase_started: float = 0.0
    phase_done0: float = 0.0
    last: Progress | None = None
    last_time: float = 0.0
    chart: ChartSpec | None = None
    points: list[tuple[float, float]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    _message: str = ""
    _history: deque = field(default_factory=deque)
    _last_point: float = -1e9
    translate: Callable[[str], str] = untranslated
    word_note: Callable[[Note], str] = english

    def feed(self, report: Progress, now: float | None = None) -> list[str]:
        """Take one report; return the new log lines it makes."""
        now = time.monotonic() if now is None else now
        lines = []
        if report.phase != self.phase:
            self.phase, self.phase_started, self.phase_done0 = report.phase, now, report.done
            self._history.clear()
            lines.append(f"{self._clock(now)}  {self.phase_name(report.phase)}")
            self._start_chart(report.phase)
        message = self.said(report)
        if message and message != self._message:
            self._message = message
            lines.append(f"{self._clock(now)}  {self.phase_name(report.phase)}: {message}")
        self._add_point(report, now)
        self.last, self.last_time = report, now
        self.log.extend(lines)
        return lines

    def phase_name(self, phase: str) -> str:
        """A phase as the user reads it (an unknown one as the engine named it)."""
        return self.translate(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase

    def said(self, report: Progress) -> str:
        """What a report says besides its numbers, as the user reads it: its note worded, else
        the text it passes on (a file name; a trainer's log line without its source prefix).

        >>> from core.notes import note
        >>> RunMeter().said(Progress("unigram", 1, 4, note("progress.em_pieces", count=1200)))
        'EM: 1200 pieces'
        >>> RunMeter().said(Progress("EM", 0, detail="trainer.cc:903] EM sub_iter=0 size=9"))
        'EM sub_iter=0 size=9'
        """
        if report.note is not None:
            return self.word_note(report.note)
        return _LOG_PREFIX.sub("", report.detail)

    def _clock(self, now: float) -> str:
        return f"{now - self.started:6.1f} s"

    def _start_chart(self, phase: str) -> None:
        seconds = QT_TRANSLATE_NOOP("RunMeter", "seconds")
        spec = {
            "reading": ChartSpec(QT_TRANSLATE_NOOP("RunMeter", "Reading the corpus"), seconds,
                                 QT_TRANSLATE_NOOP("RunMeter", "MB/s")),
            "merges": ChartSpec(QT_TRANSLATE_NOOP("RunMeter", "Merges per second"), seconds,
                                QT_TRANSLATE_NOOP("RunMeter", "merges/s")),
            "merging": ChartSpec(
                QT_TRANSLATE_NOOP("RunMeter", "SentencePiece BPE: pieces added per second"),
                seconds, QT_TRANSLATE_NOOP("RunMeter", "pieces/s")),
            "em": ChartSpec(
                QT_TRANSLATE_NOOP("RunMeter", "Unigram: vocabulary size per EM round"),
                QT_TRANSLATE_NOOP("RunMeter", "round"), QT_TRANSLATE_NOOP("RunMeter", "pieces")),
            "EM": ChartSpec(
                QT_TRANSLATE_NOOP("RunMeter", "SentencePiece EM objective per iteration (falls "
                                  "within a round, rises when pieces are pruned)"),
                QT_TRANSLATE_NOOP("RunMeter", "EM iteration"),
                QT_TRANSLATE_NOOP("RunMeter", "obj")),
        }.get(phase)
        if spec is not None:
            self.chart = spec
            self.points = []

    def _add_point(self, report: Progress, now: float) -> None:
        phase = report.phase
        if phase == "em":
            pieces = _pieces(report)
            if pieces is not None:
                self.points.append((report.done, float(pieces)))
        elif phase == "EM":
            match = _OBJECTIVE.search(report.detail)
            if match:
                self.points.append((len(self.points), float(match.group(1))))
        elif phase in ("merges", "merging", "reading"):
            self._add_rate_point(report, now)

    def _add_rate_point(self, report: Progress, now: float) -> None:
        """A point of units per second, averaged over the last ``RATE_WINDOW`` seconds (single
        reports are too close together to give a steady rate)."""
        history = self._history
        history.append((now, report.done))
        while len(history) > 2 and now - history[1][0] >= RATE_WINDOW:
            history.popleft()
        then, done_then = history[0]
        if now - then < POINT_EVERY / 2 or now - self._last_point < POINT_EVERY:
            return
        rate = (report.done - done_then) / (now - then)
        if report.phase == "reading":
            rate /= 1e6
        if rate >= 0:
            self._last_point = now
            self.points.append((now - self.phase_started, rate))

    # -- what the progress line shows ----------------------------------------------------
    def rate(self, now: float | None = None) -> float | None:
        """Units per second in the current phase (None before two reports)."""
        if self.last is None:
            return None
        now = self.last_time if now is None else now
        elapsed = now - self.phase_started
        if elapsed <= 0.05:
            return None
        return (self.last.done - self.phase_done0) / elapsed

    def eta(self) -> float | None:
        """Seconds left in the current phase, when its total is known."""
        rate = self.rate()
        if self.last is None or not self.last.total or not rate or rate <= 0:
            return None
        return max(0.0, (self.last.total - self.last.done) / rate)

    def describe(self, now: float | None = None) -> str:
        """``merges · 1,234 of 7,744 · 2,100 merges/s · about 3 s left · 12.0 s elapsed``."""
        tr = self.translate
        if self.last is None:
            return tr(QT_TRANSLATE_NOOP("RunMeter", "starting…"))
        report = self.last
        unit = PHASE_UNITS.get(report.phase, "")
        parts = [self.phase_name(report.phase)]
        if report.phase == "reading":
            parts.append(tr(QT_TRANSLATE_NOOP("RunMeter", "{done} of {total} MB")).format(
                done=f"{report.done / 1e6:,.1f}", total=f"{report.total / 1e6:,.1f}")
                if report.total else f"{report.done / 1e6:,.1f} MB")
        elif report.total:
            parts.append(tr(QT_TRANSLATE_NOOP("RunMeter", "{done} of {total}")).format(
                done=f"{report.done:,.0f}", total=f"{report.total:,.0f}"))
        elif report.done and report.phase not in ("EM", "em"):
            parts.append(f"{report.done:,.0f}")
        size = _pieces(report)
        if size is not None and report.phase in ("EM", "em"):
            pieces = f"{size:,}"
            parts.append(tr(QT_TRANSLATE_NOOP("RunMeter", "{pieces} pieces, pruning towards "
                                                          "{target}")).format(
                pieces=pieces, target=f"{self.target:,}") if self.target else
                tr(QT_TRANSLATE_NOOP("RunMeter", "{pieces} pieces")).format(pieces=pieces))
        rate = self.rate()
        if rate and unit and report.phase != "em":
            parts.append(f"{rate / 1e6:,.1f} MB/s" if unit == "bytes" else
                         tr(RATE_TEXTS[unit]).format(rate=f"{rate:,.0f}"))
        eta = self.eta()
        if eta is not None:
            parts.append(tr(QT_TRANSLATE_NOOP("RunMeter", "about {seconds} s left")).format(
                seconds=f"{eta:,.0f}"))
        now = time.monotonic() if now is None else now
        parts.append(tr(QT_TRANSLATE_NOOP("RunMeter", "{seconds} s elapsed")).format(
            seconds=f"{now - self.started:,.1f}"))
        return " · ".join(parts)


def _pieces(report: Progress) -> int | None:
    """The vocabulary size a report gives: a note's count of pieces (the reference Unigram's),
    or ``size=`` in SentencePiece's own log line; None if it gives none."""
    if report.note is not None and report.note.code in PIECE_COUNTS:
        return int(report.note.args["count"])
    match = _SIZE.search(report.detail)
    return int(match.group(1)) if match else None
