"""The Align pane's jobs: read a span dataset and audit it against the chosen tokenizers, and
export token labels for several tokenizers (writing a corrected copy is a core function,
submitted as it is).

>>> # audit, dataset = run_audit("spans.jsonl", None, Unit.CP, [runtime], spans_key="entities")
>>> # reports = export_all(dataset, [("gpt2", runtime)], ["out.gpt2.jsonl"], mode="strict",
>>> #                      scheme="bio", fmt="jsonl")
"""

from __future__ import annotations

from core.align.audit import AlignReport, audit_dataset
from core.align.dataset import Dataset
from core.align.tags import export_labels
from core.text.offsets import Unit


def run_audit(path: str, fmt: str | None, unit: Unit, tokenizers, *, spans_key: str | None = None,
              progress=None, cancel=None) -> tuple[AlignReport, Dataset]:
    """Read and audit the whole dataset; the audit and the dataset it read."""
    dataset = Dataset(path, fmt, unit, spans_key)
    return audit_dataset(dataset, tokenizers, progress=progress, cancel=cancel), dataset


def export_all(dataset: Dataset, tokenizers, paths, *, mode: str, scheme: str, fmt: str,
               progress=None, cancel=None) -> list:
    """"Export labels…": one file per tokenizer ``(name, runtime)``, each naming its tokenizer
    inside; the reports, in order."""
    reports = []
    for (name, runtime), path in zip(tokenizers, paths):
        again = Dataset(dataset.path, dataset.format, dataset.unit, dataset.spans_key)
        reports.append(export_labels(again, runtime, path, mode=mode, scheme=scheme, fmt=fmt,
                                     tokenizer=name, progress=progress, cancel=cancel))
    return reports
