"""What the benchmarks share: the corpus' documents and a child process' peak memory."""

from __future__ import annotations

import json
import resource
from pathlib import Path
from typing import Iterator

from tests.conftest import DATA

MONO = DATA / "corpora" / "mono"


def documents(folder: Path) -> Iterator[str]:
    """Every non-empty line of the folder's ``.txt`` files and every ``.jsonl`` record's text,
    files in name order."""
    for path in sorted(folder.iterdir()):
        if path.suffix == ".jsonl":
            for raw in path.read_text(encoding="utf-8").splitlines():
                yield json.loads(raw)["text"]
        elif path.suffix == ".txt":
            yield from (ln for ln in path.read_text(encoding="utf-8").splitlines() if ln)


def peak_mb() -> float:
    """This process's peak resident memory. ``VmHWM`` belongs to this program alone, where
    ``ru_maxrss`` also carries the peak of the parent that forked it (Linux keeps it across
    exec)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
