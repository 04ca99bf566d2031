"""Benchmark of ``tokbench report``'s diagnostics against the native libraries' batch encoding.

    make bench                       # (this is one of its steps)
    python -m tests.bench.report [--skip-large] [--large-mb 100]

1. FLORES-200 dev, 31 languages x 997 sentences, three tokenizers (GPT-2 tiktoken, BERT
   tokenizers, Mistral SentencePiece): ``diagnose`` in this process (parallel corpus, 1,000
   bootstrap resamples) against each library's own batch call on the same lines
   (``encode_ordinary_batch``, ``encode_batch(add_special_tokens=False)``, ``encode(list)``,
   every thread). Ratio = diagnostics / native (target <= 1.3).
2. The 11 MB mono corpus (7 scripts + code), the same way, as tagged sources.
3. A corpus of ``--large-mb`` MB made by repeating the mono files, with local processes (all
   cores), in a fresh process: wall time, MB/s and peak memory (``VmHWM`` of that process and
   of the largest worker).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from core.memory import keep_freed_memory
from tests.bench import results
from tests.bench.common import MONO, ChildPeaks, peak_mb
from tests.conftest import DATA, FLORES

TOKENIZERS = DATA / "tokenizers"


def _tokenizers():
    from core.loading import open_tokenizer

    return [open_tokenizer(TOKENIZERS / "gpt2.tiktoken", preset="gpt2"),
            open_tokenizer(TOKENIZERS / "bert-minilm" / "tokenizer.json"),
            open_tokenizer(TOKENIZERS / "mistral-v3" / "tokenizer.model")]


def _natives():
    """Each library's own batch call over a list of texts."""
    import sentencepiece
    import tiktoken
    import tokenizers

    from core.formats.tiktoken.presets import R50K_PATTERN

    threads = os.cpu_count() or 1
    ranks = {base64.b64decode(token): int(rank) for token, rank in
             (line.split() for line in (TOKENIZERS / "gpt2.tiktoken").read_text().splitlines())}
    gpt2 = tiktoken.Encoding("gpt2-bench", pat_str=R50K_PATTERN, mergeable_ranks=ranks,
                             special_tokens={})
    bert = tokenizers.Tokenizer.from_file(str(TOKENIZERS / "bert-minilm" / "tokenizer.json"))
    bert.no_truncation()
    bert.no_padding()
    mistral = sentencepiece.SentencePieceProcessor(
        model_file=str(TOKENIZERS / "mistral-v3" / "tokenizer.model"))
    return [lambda texts: gpt2.encode_ordinary_batch(texts, num_threads=threads),
            lambda texts: bert.encode_batch(texts, add_special_tokens=False),
            lambda texts: mistral.encode(texts, num_threads=threads)]


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def _native_seconds(texts: list[str], repeat: int) -> float:
    return sum(_best(lambda: native(texts), repeat) for native in _natives())


def _mono_sources(folder: Path = MONO):
    from core.corpus import CorpusSource

    sources = []
    for path in sorted(folder.iterdir()):
        lang = path.name.split("_")[0]
        domain = "code" if path.suffix == ".jsonl" else "literature"
        sources.append(CorpusSource(path, lang=lang, domain=domain))
    return sources


def _texts_of(sources) -> list[str]:
    from core.corpus import read_documents

    return [text for source in sources for text in read_documents(source)]


def flores(repeat: int, folder: Path = FLORES) -> dict:
    from core.diagnostics.run import Settings, diagnose

    tokenizers = _tokenizers()
    files = sorted(folder.glob("*.dev"))
    texts = [line for path in files for line in path.read_text(encoding="utf-8").splitlines()]
    native = _native_seconds(texts, repeat)
    ours = _best(lambda: diagnose(tokenizers, parallel=folder, settings=Settings(),
                                  backend="inprocess"), repeat)
    return {"corpus": f"FLORES-200 dev ({len(files)} x {len(texts) // max(1, len(files))})", "texts": len(texts), "native_s": native,
            "diagnostics_s": ours, "ratio": ours / native}


def mono(repeat: int, folder: Path = MONO) -> dict:
    from core.diagnostics.run import diagnose

    tokenizers = _tokenizers()
    sources = _mono_sources(folder)
    texts = _texts_of(sources)
    native = _native_seconds(texts, repeat)
    ours = _best(lambda: diagnose(tokenizers, sources=sources, backend="inprocess"), repeat)
    size = sum(s.path.stat().st_size for s in sources)
    return {"corpus": f"mono ({size / 1e6:.1f} MB)", "texts": len(texts), "native_s": native,
            "diagnostics_s": ours, "ratio": ours / native}


def large(megabytes: float, mono_folder: Path = MONO) -> dict:
    from core.corpus import CorpusSource
    from core.diagnostics.run import diagnose

    tokenizers = _tokenizers()
    with tempfile.TemporaryDirectory() as folder:
        sources, total = [], 0
        originals = _mono_sources(mono_folder)
        copy = 0
        while total < megabytes * 1e6:
            for source in originals:
                target = Path(folder) / f"{copy}_{source.path.name}"
                target.write_bytes(source.path.read_bytes())
                sources.append(CorpusSource(target, lang=source.lang, domain=source.domain))
                total += target.stat().st_size
            copy += 1
        watch = ChildPeaks()
        started = time.perf_counter()
        result = diagnose(tokenizers, sources=sources, backend="processes")
        seconds = time.perf_counter() - started
        workers = watch.stop()
    tokens = [e["buckets"]["all"]["tokens"] for e in result.to_json()["tokenizers"]]
    size = f"{total / 1e6:.{0 if total > 1e7 else 1}f} MB"  # a tiny run's is under one MB
    return {"corpus": f"{size} (mono x {copy})", "workers": os.cpu_count(),
            "wall_s": seconds, "mb_per_s": total / 1e6 / seconds, "tokens": tokens,
            "peak_parent_mb": peak_mb(), "peak_worker_mb": workers}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--skip-large", action="store_true")
    parser.add_argument("--large-mb", type=float, default=100)
    parser.add_argument("--large-only", action="store_true",
                        help="only the large corpus (run so in a fresh process: its peak "
                             "memory is then the large run's)")
    parser.add_argument("--flores", type=Path, default=FLORES, help=argparse.SUPPRESS)
    parser.add_argument("--mono", type=Path, default=MONO, help=argparse.SUPPRESS)
    parser.add_argument("--json", type=Path, help="also save the figures here (bench.results)")
    results.add_tiny(parser)
    args = parser.parse_args(argv)
    keep_freed_memory()
    if not FLORES.is_dir() or not MONO.is_dir():
        print(f"skipped: the shared corpora are absent ({DATA})")
        return 0
    if args.large_only:
        print(json.dumps(large(args.large_mb, args.mono)))
        return 0
    if not args.tiny:
        return run(args)
    # three FLORES languages (English the pivot) x 30 lines, up to 10 KB of each mono file, and
    # those as the "large" corpus
    args.repeat, args.large_mb = 1, 0.01
    with tempfile.TemporaryDirectory() as scratch:
        args.flores, args.mono = Path(scratch) / "flores", Path(scratch) / "mono"
        args.flores.mkdir()
        args.mono.mkdir()
        for path in [FLORES / f"{lang}.dev" for lang in ("eng_Latn", "jpn_Jpan", "arb_Arab")]:
            (args.flores / path.name).write_text(_head(path, 30), encoding="utf-8")
        for path in sorted(MONO.iterdir()):
            (args.mono / path.name).write_text(_head(path, 40), encoding="utf-8")
        return run(args)


def _head(path: Path, lines: int, max_bytes: int = 10_000) -> str:
    """The first ``lines`` lines of ``path``, fewer if they pass ``max_bytes``."""
    kept, size = [], 0
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True)[:lines]:
        size += len(line.encode("utf-8"))
        if kept and size > max_bytes:
            break
        kept.append(line)
    return "".join(kept)


def run(args) -> int:
    rows = [flores(args.repeat, args.flores), mono(args.repeat, args.mono)]
    for row in rows:
        print(f"{row['corpus']}: diagnostics {row['diagnostics_s']:.2f} s, native batch "
              f"{row['native_s']:.2f} s, ratio {row['ratio']:.2f}x")
    figures = [results.Figure(f"diagnostics of {row['corpus']} / native batch",
                              f"{row['diagnostics_s']:.2f} s", f"{row['native_s']:.2f} s",
                              row["ratio"], 1.3) for row in rows]
    if not args.skip_large:
        done = subprocess.run([sys.executable, "-m", "tests.bench.report", "--large-only",
                               "--large-mb", str(args.large_mb), "--mono", str(args.mono)],
                              capture_output=True, text=True, check=True)
        row = json.loads(done.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(f"{row['corpus']}, local processes ({row['workers']}): {row['wall_s']:.1f} s, "
              f"{row['mb_per_s']:.2f} MB/s, peak memory {row['peak_parent_mb']:.0f} MB (this "
              f"process), {row['peak_worker_mb']:.0f} MB (largest worker)")
        figures.append(results.Figure(
            f"diagnostics of {row['corpus']}, local processes",
            f"{row['wall_s']:.1f} s ({row['mb_per_s']:.2f} MB/s; peak {row['peak_parent_mb']:.0f}"
            f" MB, worker {row['peak_worker_mb']:.0f} MB)", "", None))
    judged = results.judge("tokbench report's diagnostics", figures)
    if args.json:
        results.save(args.json, "report", {results.GOALS: results.goal_rows(judged),
                                           "diagnostics against native batch encoding": rows},
                     {"repeat": args.repeat, "large_mb": None if args.skip_large
                      else args.large_mb})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
