"""Where the shards are counted: in this process, in local processes, or on a Dask cluster.

All three run the same map function (:func:`~.shards.run_shard`) on the same shards and merge
with the same reduce (:class:`~.stats.TokenizerStats.merge`, order-free), so they give
identical statistics. Progress is in bytes of corpus read (:class:`~core.progress.Progress`,
phase ``"diagnostics"``); ``cancel()`` stops between batches in this process, between shards
elsewhere (pending shards are dropped, running ones are stopped with their processes).

No cluster code of our own: local processes are server children of :mod:`core.supervisor`
(spawned, so safe beside Qt; they end with this process), a cluster is Dask's
``distributed.Client`` (the optional extra ``[cluster]``).
Its workers must see the tokenizer and corpus files at the same paths as this machine.

>>> # stats = run_job(job, backend="processes", workers=4, progress=print)
"""

from __future__ import annotations

import os
import time
from collections import deque
from dataclasses import dataclass

from ..errors import WorkbenchError
from ..formats.detect import TokenizerSource
from ..notes import note
from ..progress import CancelFn, Cancelled, Progress, ProgressFn, check_cancel
from ..supervisor import POLL, PythonChild, serve, wait_any
from .shards import Shard, run_shard
from .stats import Accumulator, TokenizerStats, partial_ids

BACKENDS = ("inprocess", "processes", "dask")
SMALL_CORPUS = 32 << 20  # bytes: below this, starting processes costs more than it saves
CONNECT_TIMEOUT = 10.0   # seconds to reach a Dask scheduler before giving up with a message


@dataclass(frozen=True)
class Job:
    """What to count: the tokenizers (as opened, so a worker opens them again) and shards."""

    tokenizers: tuple[TokenizerSource, ...]
    shards: tuple[Shard, ...]
    round_trip: bool = False

    @property
    def total_bytes(self) -> int:
        return sum(shard.size for shard in self.shards)


def choose_backend(job: Job, workers: int | None, scheduler: str | None) -> str:
    """Dask with a scheduler; else local processes for a big corpus (or ``workers`` > 1);
    else this process."""
    if scheduler:
        return "dask"
    if workers is not None:
        return "processes" if workers > 1 else "inprocess"
    return "processes" if job.total_bytes >= SMALL_CORPUS and (os.cpu_count() or 1) > 1 \
        else "inprocess"


def run_job(job: Job, *, backend: str = "inprocess", runtimes=None, workers: int | None = None,
            scheduler: str | None = None, progress: ProgressFn | None = None,
            cancel: CancelFn | None = None) -> list[TokenizerStats]:
    """Count every shard with every tokenizer and merge: one :class:`TokenizerStats` per
    tokenizer, in the order of ``job.tokenizers``. ``runtimes``: the tokenizers already open
    (in-process only; else they are opened from ``job.tokenizers``)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    meter = _Meter(job.total_bytes, progress)
    if backend == "inprocess":
        return _in_process(job, runtimes, meter, cancel)
    if backend == "processes":
        return _processes(job, workers or os.cpu_count() or 1, meter, cancel)
    if not scheduler:
        raise WorkbenchError.of(note("diagnostics.scheduler_missing"))
    return _dask(job, scheduler, meter, cancel)


class _Meter:
    """Progress in bytes, with the estimated time left in seconds."""

    def __init__(self, total: int, progress: ProgressFn | None) -> None:
        self.total, self.done, self.progress = total, 0, progress
        self.started = time.monotonic()

    def add(self, size: int) -> None:
        self.done += size
        if self.progress is not None:
            elapsed = time.monotonic() - self.started
            left = elapsed * (self.total - self.done) / self.done if self.done else 0.0
            self.progress(Progress("diagnostics", self.done, self.total, seconds_left=left))


def _merge(total: list[TokenizerStats] | None, part: list[TokenizerStats]):
    if total is None:
        return part
    for mine, piece in zip(total, part):
        mine.merge(piece)
    return total


def _empty(job: Job) -> list[TokenizerStats]:
    return [TokenizerStats() for _ in job.tokenizers]


def _in_process(job: Job, runtimes, meter: _Meter, cancel) -> list[TokenizerStats]:
    if runtimes is None:
        runtimes = [_open(source) for source in job.tokenizers]
    tables = [partial_ids(runtime) for runtime in runtimes]
    total = None
    for shard in job.shards:
        check_cancel(cancel)
        accumulators = [Accumulator(runtime, round_trip=job.round_trip, partial=table)
                        for runtime, table in zip(runtimes, tables)]
        total = _merge(total, run_shard(accumulators, shard, cancel=cancel))
        meter.add(shard.size)
    return total or _empty(job)


# -- a worker's side (a local process or a Dask worker) -----------------------------------------

_WORKER_TOKENIZERS: dict = {}  # source key -> (runtime, partial-character table)


def _open(source: TokenizerSource):
    from ..loading import open_source

    return open_source(source).runtime


def map_shard(tokenizers: tuple[TokenizerSource, ...], round_trip: bool, shard: Shard, *,
              cancel: CancelFn | None = None) -> list[TokenizerStats]:
    """Count one shard in a worker: the tokenizers are opened once per worker process (the
    partial-character table of each too) and kept for its next shards."""
    from ..offload import _source_key

    accumulators = []
    for source in tokenizers:
        key = _source_key(source)
        if key not in _WORKER_TOKENIZERS:
            runtime = _open(source)
            _WORKER_TOKENIZERS[key] = (runtime, partial_ids(runtime))
        runtime, table = _WORKER_TOKENIZERS[key]
        accumulators.append(Accumulator(runtime, round_trip=round_trip, partial=table))
    return run_shard(accumulators, shard, cancel=cancel)


def _count_shard(request: tuple, *, cancel: CancelFn) -> list[TokenizerStats]:
    """A worker child's answer to ``(tokenizers, round_trip, shard)``."""
    tokenizers, round_trip, shard = request
    return map_shard(tokenizers, round_trip, shard, cancel=cancel)


def _processes(job: Job, workers: int, meter: _Meter, cancel) -> list[TokenizerStats]:
    total = None
    children = [PythonChild(serve, _count_shard, name="workbench-diagnostics", server=True)
                for _ in range(max(1, min(workers, len(job.shards))))]
    in_flight = {child: deque() for child in children}  # the shards sent to each, in order
    queue = deque(job.shards)
    try:
        while queue or any(in_flight.values()):
            # at most two shards per worker in flight: results are merged as they come
            # (memory stays bounded however many shards a terabyte makes)
            for child in children:
                while queue and len(in_flight[child]) < 2:
                    shard = queue.popleft()
                    child.send((job.tokenizers, job.round_trip, shard))
                    in_flight[child].append(shard)
            ready = wait_any([child for child in children if in_flight[child]], 2 * POLL)
            if cancel is not None and cancel():
                raise Cancelled("cancelled")  # the children are stopped on the way out
            for child in ready:
                message = child.receive(0)
                if message is None or message.kind == "ready":
                    continue
                if message.kind == "error":
                    raise message.value
                total = _merge(total, message.value)
                meter.add(in_flight[child].popleft().size)
    finally:
        for child in children:  # each asked to drop its shard, then closed: it ends at once
            child.stop()
    return total or _empty(job)


def _dask(job: Job, address: str, meter: _Meter, cancel) -> list[TokenizerStats]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise WorkbenchError.of(note("diagnostics.dask_missing")) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as err:
        raise WorkbenchError.of(note("diagnostics.scheduler_unreachable", address=address,
                                     seconds=CONNECT_TIMEOUT, said=str(err))) from None
    total = None
    try:
        futures = client.map(map_shard, [job.tokenizers] * len(job.shards),
                             [job.round_trip] * len(job.shards), list(job.shards), pure=False)
        sizes = {future.key: shard.size for future, shard in zip(futures, job.shards)}
        for future in as_completed(futures):
            if cancel is not None and cancel():
                client.cancel(futures)
                raise Cancelled("cancelled")
            total = _merge(total, future.result())
            meter.add(sizes[future.key])
    finally:
        client.close()
    return total or _empty(job)
