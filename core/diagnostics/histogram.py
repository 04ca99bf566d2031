"""Exact integer histograms: a count per value, mergeable, percentiles without sampling.

Token lengths are integers, so a histogram that keeps a count for every length is exact and
adds up across shards (``a.merge(b)`` equals the histogram of both inputs). Percentiles use the
nearest-rank definition (numpy's ``inverted_cdf``): the smallest value with at least ``q``% of
the documents at or below it — always a length some document really has.

>>> h = Histogram.of([3, 1, 4, 1, 5])
>>> h.total, h.percentile(50), h.percentile(100), h.max
(5, 3, 5, 5)
>>> h.merge(Histogram.of([9])).percentile(100)
9
"""

from __future__ import annotations

import math

import numpy as np


class Histogram:
    """Counts of non-negative integers (``counts[v]`` documents have value ``v``)."""

    __slots__ = ("counts",)

    def __init__(self, counts: np.ndarray | None = None) -> None:
        self.counts = np.zeros(0, np.int64) if counts is None else np.asarray(counts, np.int64)

    @classmethod
    def of(cls, values) -> "Histogram":
        values = np.asarray(values, np.int64)
        return cls(np.bincount(values) if len(values) else None)

    def add(self, values: np.ndarray) -> None:
        """Count ``values`` (an integer array) too."""
        if len(values):
            self._add_counts(np.bincount(np.asarray(values, np.int64)))

    def _add_counts(self, counts: np.ndarray) -> None:
        if len(counts) > len(self.counts):
            counts = counts.copy()
            counts[:len(self.counts)] += self.counts
            self.counts = counts
        else:
            self.counts[:len(counts)] += counts

    def merge(self, other: "Histogram") -> "Histogram":
        """Add ``other`` into this one; returns self."""
        self._add_counts(other.counts)
        return self

    @property
    def total(self) -> int:
        return int(self.counts.sum())

    @property
    def max(self) -> int | None:
        nonzero = np.flatnonzero(self.counts)
        return int(nonzero[-1]) if len(nonzero) else None

    def percentile(self, q: float) -> int | None:
        """Nearest rank: the smallest value ``v`` with ``count(<= v) >= ceil(q/100 * total)``
        (at least one document); None when empty.

        >>> Histogram.of(range(1, 101)).percentile(95), Histogram().percentile(50)
        (95, None)
        """
        total = self.total
        if total == 0:
            return None
        rank = max(1, math.ceil(q / 100 * total))
        return int(np.searchsorted(np.cumsum(self.counts), rank))

    def above(self, limit: int) -> int:
        """How many values are greater than ``limit``.

        >>> Histogram.of([1, 5, 9]).above(5)
        1
        """
        return int(self.counts[max(limit + 1, 0):].sum())

    def as_dict(self) -> dict[str, int]:
        """``{value: count}`` of the values present (JSON keys are strings)."""
        return {str(v): int(self.counts[v]) for v in np.flatnonzero(self.counts)}

    def __eq__(self, other) -> bool:
        return isinstance(other, Histogram) and self.as_dict() == other.as_dict()

    def __reduce__(self):  # pickled sparse: a shard's histogram crosses processes
        nonzero = np.flatnonzero(self.counts)
        return (_from_sparse, (nonzero, self.counts[nonzero]))


def _from_sparse(values: np.ndarray, counts: np.ndarray) -> Histogram:
    dense = np.zeros(int(values[-1]) + 1 if len(values) else 0, np.int64)
    dense[values] = counts
    return Histogram(dense)
