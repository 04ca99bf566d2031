"""What every engine shares: the corpus as a file, a stoppable child process, the manifest.

>>> # stats = write_corpus(documents, path); run_child([...], cancel=token, on_line=print)
"""

from __future__ import annotations

import errno
import itertools
import json
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional, Sequence

from ..bundles.bundle import BUNDLE_FORMAT, runtime_versions
from ..errors import WorkbenchError
from ..notes import english, note
from ..progress import CancelFn
from ..supervisor import CommandChild, run_command
from .checks import config_notes
from .config import TrainingConfig


@dataclass
class CorpusFile:
    """A corpus written one sentence per line (``path``; None when fed to the trainer through
    a pipe), and what went into it."""

    path: Path | None
    sentences: int = 0
    bytes: int = 0
    longest: int = 0


def corpus_lines(documents: Iterable[str], counts: CorpusFile) -> Iterator[str]:
    r"""The non-blank documents as lines (inner line breaks become spaces, so one document is
    one line), counted into ``counts`` as they pass.

    >>> counts = CorpusFile(None)
    >>> list(corpus_lines(["a b", "  ", "c\nd"], counts)), counts.sentences, counts.longest
    (['a b', 'c d'], 2, 3)
    """
    for document in documents:
        line = " ".join(document.splitlines())
        if not line.strip():
            continue
        size = len(line.encode("utf-8"))
        counts.sentences += 1
        counts.bytes += size
        counts.longest = max(counts.longest, size)
        yield line


def fed_corpus(documents: Iterable[str]) -> tuple[CorpusFile, Iterator[str]]:
    """The corpus as lines to feed a trainer (``run_child(feed=...)``) and their counts, which
    are complete once the lines are consumed; refuses a corpus without a word before any
    child is started."""
    counts = CorpusFile(None)
    lines = corpus_lines(documents, counts)
    first = next(lines, None)
    if first is None:
        raise WorkbenchError.of(note("training.no_words"))
    return counts, itertools.chain([first], lines)


DISK_RESERVE = 64 * 2**20  # bytes a corpus copy leaves free (the model, logs, other programs)
DISK_CHECK_EVERY = 8 * 2**20  # bytes written between two looks at the free space


def check_free_space(folder: Path, needed: int) -> None:
    """Refuse to write ``needed`` more bytes of a corpus copy in ``folder`` unless
    :data:`DISK_RESERVE` stays free after them: said in plain words, before the disk is full
    (a full disk fails other programs too, and the copy of a large corpus is as large).

    >>> check_free_space(Path("."), 0)  # a few bytes: there is room
    """
    free = shutil.disk_usage(folder).free
    if free < needed + DISK_RESERVE:
        raise WorkbenchError.of(note("training.disk_space", folder=str(folder),
                                     needed_mb=needed / 2**20, reserve_mb=DISK_RESERVE / 2**20,
                                     free_mb=free / 2**20))


def write_corpus(documents: Iterable[str], path: Path) -> CorpusFile:
    """Write non-blank documents one per line (inner line breaks become spaces), keeping
    :data:`DISK_RESERVE` free (checked every :data:`DISK_CHECK_EVERY` bytes; a full disk is
    said the same way)."""
    out = CorpusFile(path)
    checked_at = 0
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            for line in corpus_lines(documents, out):
                if out.bytes - checked_at >= DISK_CHECK_EVERY:
                    check_free_space(path.parent, DISK_CHECK_EVERY)  # room for the next part
                    checked_at = out.bytes
                handle.write(line + "\n")
    except OSError as err:
        if err.errno != errno.ENOSPC:
            raise
        check_free_space(path.parent, DISK_CHECK_EVERY)  # says it, as above
        raise
    if out.sentences == 0:
        raise WorkbenchError.of(note("training.no_words"))
    return out


def run_child(command: Sequence[str], *, cancel: Optional[CancelFn] = None,
              on_line: Optional[Callable[[str], None]] = None, cwd: str | None = None,
              engine: str | None = None, feed: Optional[Iterable[str]] = None) -> str:
    """Run ``command`` under the supervisor (:func:`core.supervisor.run_command`), feeding its
    stderr lines to ``on_line``; it is killed when ``cancel()`` turns true or anything
    interrupts this function (Ctrl-C, a signal turned into an exception). Returns the stderr
    text; raises :class:`ChildFailed` if the child failed.

    The child's standard input is its lifeline (:mod:`core.lifeline`; build ``command`` with
    :func:`~core.lifeline.child_command`): this process holds the pipe open until the child
    has ended, so the child ends itself if this process dies without a chance to kill it.
    This function returns only once the child is gone, which keeps the Linux parent-death
    signal (tied to the starting thread) from firing early.

    ``feed``: lines (without line breaks) written to the child's standard input first, then an
    empty line; the child reads them with ``input_lines()`` (``child_command(...,
    reads_input=True)``). The trainer reads the corpus from the pipe, and no copy of it is
    written to disk."""
    exit_status, lines = run_command(CommandChild(command, cwd=cwd), cancel=cancel,
                                     on_line=on_line, feed=feed)
    if exit_status != 0:
        raw = child_error(lines)
        raise ChildFailed.of(note("training.engine_failed", engine=engine, said=raw)
                             if engine else note("training.failed", said=raw), raw=raw)
    return "".join(lines)


class ChildFailed(WorkbenchError):
    """A trainer's child process failed; ``raw`` is its own message (for an engine to
    translate into plain words)."""

    def __init__(self, message: str, *, raw: str = "", **where) -> None:
        self.raw = raw
        super().__init__(message, **where)


DETAILS = "\nThe trainer said: "


class TrainingError(WorkbenchError):
    r"""A training failure said in plain words, what to do included; ``details`` keeps the
    trainer's own text. ``str()`` gives both, the details on a line of their own, so they
    survive the trip from a child process as one string (:func:`split_details` parts them).

    >>> str(TrainingError("raise the vocabulary", details="INTERNAL: ... 5 vs 18"))
    'raise the vocabulary\nThe trainer said: INTERNAL: ... 5 vs 18'
    """

    def __init__(self, message: str, *, details: str = "", **where) -> None:
        self.details = details
        super().__init__(message, **where)

    def render(self, message: str) -> str:
        plain = super().render(message)
        return f"{plain}{DETAILS}{self.details}" if self.details else plain

    def __reduce__(self):
        return (_training_error, (self.message, self.details, self.path, self.note))


def _training_error(message: str, details: str, path: str | None,
                    note=None) -> TrainingError:
    return TrainingError(message, details=details, path=path, note=note)


def split_details(text: str) -> tuple[str, str]:
    r"""A failure message parted into the plain words and the trainer's own text ("" if none).

    >>> split_details("raise the vocabulary\nThe trainer said: INTERNAL: 5 vs 18")
    ('raise the vocabulary', 'INTERNAL: 5 vs 18')
    >>> split_details("no such file")
    ('no such file', '')
    """
    plain, _, details = text.partition(DETAILS)
    return plain, details


_EXCEPTION_LINE = re.compile(r"^[\w.]*(?:Error|Exception): (.+)$")


def child_error(lines: list[str]) -> str:
    """The message of a failed child: its exception's text without the traceback, or else the
    last lines of its log.

    >>> child_error(["Traceback (most recent call last):", '  File "x.py", line 1', "    f()",
    ...              "RuntimeError: INTERNAL: <unk> must not be defined"])
    'INTERNAL: <unk> must not be defined'
    """
    for line in reversed(lines):
        match = _EXCEPTION_LINE.match(line.strip())
        if match:
            return match.group(1)
    return " ".join(line.strip() for line in lines if line.strip())[-400:]


def engine_manifest(config: TrainingConfig, *, name: str, source_format: str, native_file: str,
                    vocab_size: int, training: dict, special_tokens: list | None = None) -> dict:
    """The manifest of a trained bundle (``save_bundle_files`` adds the checksums)."""
    return {
        "format": BUNDLE_FORMAT, "format_version": 1, "name": name, "version": "1",
        "created": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
        "runtime_versions": runtime_versions(), "source_format": source_format,
        "source_file": native_file, "tokenizer": {"files": [native_file], "options": {}},
        "special_tokens": special_tokens or [], "model_binding": {"vocab_size": vocab_size},
        "training": {"engine": config.engine, "config": config.to_json(),
                     "notes": [english(n) for n in config_notes(config)], **training},
    }


def dump_json(data) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
