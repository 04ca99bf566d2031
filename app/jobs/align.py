"""The Align pane's job: read a span dataset and audit it against the chosen tokenizers
(writing a corrected copy and exporting labels are core functions, submitted as they are).

>>> # audit, dataset = run_audit("spans.jsonl", None, Unit.CODE_POINTS, [runtime])
"""

from __future__ import annotations

from core.align.audit import Audit, audit_dataset
from core.align.dataset import Dataset
from core.text import Unit


def run_audit(path: str, fmt: str | None, unit: Unit, tokenizers, *, progress=None,
              cancel=None) -> tuple[Audit, Dataset]:
    """Read and audit the whole dataset; the audit and the dataset it read."""
    dataset = Dataset(path, fmt, unit)
    return audit_dataset(dataset, tokenizers, progress=progress, cancel=cancel), dataset
