"""The corpus cut into shards, and what one shard gives: the map step of the map-reduce.

A shard is one source file, or a byte range of a big uncompressed ``lines``/``jsonl`` file
(cut at line starts, :func:`file_shards`), or one language of a parallel corpus (never cut:
its lines must stay in order). :func:`run_shard` reads a shard, encodes its documents in
batches with every tokenizer and returns one :class:`~.stats.TokenizerStats` per tokenizer;
the reduce step merges them (:func:`merge_all`). Everything a shard needs pickles, so the
same function runs in this process, in a local process or on a Dask worker (which must see
the corpus and tokenizer files at the same paths).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> _ = path.write_bytes(b"a\\nbb\\nccc\\n" * 3)
>>> file_shards(path, 10)
[(0, 11), (11, 23), (23, 27)]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..collector import collector_paused
from ..corpus import OPENERS, CorpusSource, read_documents
from ..errors import FormatError
from ..notes import note
from ..progress import CancelFn, check_cancel
from .parallel import _read_tsv, read_language_file
from .stats import Accumulator, Batch, TokenizerStats

SHARD_BYTES = 16 << 20   # a shard of a big file: enough work to amortize a task, little memory
BATCH_DOCUMENTS = 2048
BATCH_CHARACTERS = 1 << 20


@dataclass(frozen=True)
class Shard:
    """One unit of work: a corpus source (maybe a byte range of it), or one language of a
    parallel corpus (``parallel`` is the corpus path, ``lines`` how many lines to keep)."""

    source: CorpusSource
    byte_range: tuple[int, int] | None = None
    parallel: Path | None = None
    lines: int = 0

    @property
    def size(self) -> int:
        """Bytes this shard reads (progress counts these)."""
        if self.byte_range is not None:
            return self.byte_range[1] - self.byte_range[0]
        return self.source.path.stat().st_size

    @property
    def where(self) -> tuple:
        return (str(self.source.path) if self.parallel is None else self.source.lang,
                self.byte_range[0] if self.byte_range else 0)


def file_shards(path: Path, shard_bytes: int = SHARD_BYTES) -> list[tuple[int, int]]:
    """Byte ranges of about ``shard_bytes`` covering the file, each starting at a line start."""
    size = path.stat().st_size
    cuts = [0]
    with open(path, "rb") as handle:
        while cuts[-1] + shard_bytes < size:
            handle.seek(cuts[-1] + shard_bytes)
            handle.readline()  # to the next line start
            position = handle.tell()
            if position >= size:
                break
            cuts.append(position)
    cuts.append(size)
    return list(zip(cuts[:-1], cuts[1:]))


def plan_shards(sources: list[CorpusSource], shard_bytes: int = SHARD_BYTES) -> list[Shard]:
    """Every source as shards (big uncompressed line files cut, the rest whole)."""
    shards = []
    for source in sources:
        if not source.path.is_file():
            raise FormatError.of(note("diagnostics.no_such_file"), path=source.path)
        cuttable = (source.kind in ("lines", "jsonl")
                    and source.path.suffix.lower() not in OPENERS
                    and source.path.stat().st_size > shard_bytes)
        if cuttable:
            shards.extend(Shard(source, r) for r in file_shards(source.path, shard_bytes))
        else:
            shards.append(Shard(source))
    return shards


def parallel_shards(path: Path, files: dict[str, Path], lines: int) -> list[Shard]:
    """One shard per language of a parallel corpus (``files``: each language's file, the TSV
    itself for a TSV; ``lines``: the aligned line count)."""
    return [Shard(CorpusSource(Path(file), lang=lang), parallel=Path(path), lines=lines)
            for lang, file in sorted(files.items())]


def _documents(shard: Shard) -> Iterator[str]:
    if shard.parallel is not None:
        lines = (_read_tsv(shard.parallel)[shard.source.lang] if shard.parallel.is_file()
                 else read_language_file(shard.source.path, shard.source.lang))
        yield from lines[:shard.lines]
    else:
        yield from read_documents(shard.source, byte_range=shard.byte_range)


def batches(shard: Shard) -> Iterator[Batch]:
    """The shard's documents in batches (bounded memory: a batch at a time)."""
    texts: list[str] = []
    characters = 0
    first = 0
    for text in _documents(shard):
        texts.append(text)
        characters += len(text)
        if len(texts) >= BATCH_DOCUMENTS or characters >= BATCH_CHARACTERS:
            yield Batch(texts, shard.source.lang, shard.source.domain, (*shard.where, first))
            first += len(texts)
            texts, characters = [], 0
    if texts:
        yield Batch(texts, shard.source.lang, shard.source.domain, (*shard.where, first))


def run_shard(accumulators: list[Accumulator], shard: Shard, *,
              cancel: CancelFn | None = None) -> list[TokenizerStats]:
    """Count one shard with every tokenizer (fresh accumulators: shards may run at the same
    time in threads of one worker); returns each one's statistics of this shard.

    The cyclic collector is paused for the shard (a parallel corpus's language, or at most
    :data:`SHARD_BYTES` of a file): its batches' arrays and lists hold no cycles, yet their
    allocations set off ~6 collections a FLORES language, one of them now and then a full one
    (19 ms on the bench's three tokenizers)."""
    with collector_paused():
        for batch in batches(shard):
            check_cancel(cancel)
            for accumulator in accumulators:
                accumulator.add(batch, parallel_lines=shard.parallel is not None)
    return [accumulator.stats for accumulator in accumulators]


def merge_all(parts: list[list[TokenizerStats]], tokenizers: int) -> list[TokenizerStats]:
    """The reduce step: shard results (each a list per tokenizer) merged in shard order."""
    merged = [TokenizerStats() for _ in range(tokenizers)]
    for part in parts:
        for total, piece in zip(merged, part):
            total.merge(piece)
    return merged
