"""Benchmark: the reference BPE and WordPiece trainers against the ``tokenizers`` trainers.

    python -m tests.bench.train_bpe_wordpiece                     # mono corpus, 8k and 32k
    python -m tests.bench.train_bpe_wordpiece --vocab 32000 --repeat 5 --algorithms bpe
    python -m tests.bench.train_bpe_wordpiece --corpus path/to/dir

The corpus (every ``.txt`` line and ``.jsonl`` record's text of the folder) is written once as
one document per line, as the engines do. Each training runs in a child process of its own that
streams that file, trains, saves a ``tokenizer.json``, and reports its wall time and peak memory
(``VmHWM``); the two sides alternate, ``--repeat`` times:

* reference: ``train_reference`` (word counting through the exported pre-tokenizer, training,
  bundle saved); the counting share is reported too;
* hf: the hf engine's own ``train_hf`` (the same pipeline JSON and trainer options as a user's
  training), as a user runs it: its ``tokenizers`` child process starts and reads the corpus
  through its pipe, both inside the time; peak memory is that child's ``VmHWM``, read while it
  runs.

Both use the same pre-tokenization: ``bpe`` is char-level BPE with the ``</w>`` suffix on
``WhitespaceSplit`` words, ``wordpiece`` uses ``BertPreTokenizer``. Timings are noisy on a shared
2-core machine, so each repeat runs both sides back to back and the report gives the median of
the per-repeat ratios (and median times). ``tokenizers`` trains on both cores and ours on one,
so other load on the machine slows the library more: compare ratios taken on a quiet machine.
At 8k the mono corpus' own alphabet (7.5k characters; 12k WordPiece units with the ``##``
forms) nearly fills the vocabulary, so both sides end up close to character level there. Quality is bytes per token when each trained
``tokenizer.json`` encodes the whole corpus on ``tokenizers``. (HF's WordPieceTrainer learns BPE
merges by frequency, ours by the WordPiece likelihood score, so their bytes/token differ by
design; only BPE has a quality target.)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.bench import results
from tests.bench.common import DEMO_CORPUS, MONO, ChildPeaks, documents, peak_mb
SIDES = ("reference", "hf")




def _config(algorithm: str, vocab: int, engine: str = "reference"):
    from core.engines.config import TrainingConfig

    specials = ["<unk>"] if algorithm == "bpe" else ["[UNK]"]  # WordPiece needs one too
    return TrainingConfig(engine=engine, algorithm=algorithm, vocab_size=vocab,
                          end_of_word="suffix" if algorithm == "bpe" else "none",
                          special_tokens=specials)


def _lines(corpus: Path):
    with open(corpus, encoding="utf-8") as handle:
        yield from (line.rstrip("\n") for line in handle)


def _train(config, corpus: Path, out: Path) -> dict:
    """Train with the engine's own function (:func:`core.engines.train.engine_function`): the
    time, the counting share (reference) and the peak memory of what trained."""
    from core.engines.train import engine_function

    marks: dict[str, float] = {}

    def progress(report):
        marks.setdefault(report.phase, time.perf_counter())

    watch = ChildPeaks(interval=0.05) if config.engine == "hf" else None
    started = time.perf_counter()
    engine_function(config.engine)(config, _lines(corpus), out / "bundle", progress=progress)
    seconds = time.perf_counter() - started
    (out / "tokenizer.json").write_bytes((out / "bundle" / "tokenizer.json").read_bytes())
    result = {"seconds": seconds,
              "count_seconds": marks.get("counting pairs", started) - started}
    # the library's memory is its training process's, not this feeding one's
    result["peak_mb"] = watch.stop() if watch is not None else peak_mb()
    return result


def _child(side: str, algorithm: str, corpus: Path, vocab: int, out: Path) -> dict:
    """Train one side in this (child) process; returns seconds and peak MB."""
    return _train(_config(algorithm, vocab, "hf" if side == "hf" else "reference"), corpus, out)


def run_side(side: str, algorithm: str, corpus: Path, vocab: int, out: Path) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "tests.bench.train_bpe_wordpiece", "--child",
                           side, "--algorithms", algorithm, "--corpus-file", str(corpus),
                           "--vocab", str(vocab), "--out", str(out)],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{side} {algorithm} {vocab} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def bytes_per_token(out: Path, lines: list[str]) -> float:
    from tokenizers import Tokenizer

    tk = Tokenizer.from_file(str(out / "tokenizer.json"))
    size = sum(len(line.encode("utf-8")) for line in lines)
    tokens = sum(len(e.ids) for e in tk.encode_batch(lines, add_special_tokens=False))
    return size / tokens


def compare(algorithm: str, corpus: Path, lines: list[str], vocab: int, repeat: int,
            scratch: Path) -> dict:
    runs: dict[str, list[dict]] = {side: [] for side in SIDES}
    ratios = []
    for attempt in range(repeat):
        order = SIDES if attempt % 2 == 0 else SIDES[::-1]
        for side in order:
            runs[side].append(run_side(side, algorithm, corpus, vocab,
                                       scratch / f"{algorithm}-{side}-{vocab}"))
        ratios.append(runs["reference"][-1]["seconds"] / runs["hf"][-1]["seconds"])
    row: dict = {"algorithm": algorithm, "vocab": vocab, "runs": runs}
    for side, results in runs.items():
        row[side] = {key: statistics.median(r[key] for r in results) for key in results[0]}
        row[side]["bytes_per_token"] = bytes_per_token(
            scratch / f"{algorithm}-{side}-{vocab}", lines)
    row["time_ratio"] = statistics.median(ratios)
    row["memory_ratio"] = row["reference"]["peak_mb"] / row["hf"]["peak_mb"]
    row["bytes_per_token_diff"] = (row["reference"]["bytes_per_token"]
                                   / row["hf"]["bytes_per_token"] - 1)
    return row


HEADER = (f"{'algorithm':9} {'vocab':>6} {'ref s':>6} {'(count)':>7} {'hf s':>6} {'ref/hf':>7} "
          f"{'ref MB':>7} {'hf MB':>7} {'ref B/tok':>9} {'hf B/tok':>9} {'diff':>7}")


def format_row(row: dict) -> str:
    ref, hf = row["reference"], row["hf"]
    return (f"{row['algorithm']:9} {row['vocab']:>6} {ref['seconds']:6.1f} "
            f"{ref['count_seconds']:7.1f} {hf['seconds']:6.1f} {row['time_ratio']:6.2f}× "
            f"{ref['peak_mb']:7.0f} {hf['peak_mb']:7.0f} {ref['bytes_per_token']:9.3f} "
            f"{hf['bytes_per_token']:9.3f} {row['bytes_per_token_diff']:+7.2%}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=MONO, help="folder of .txt/.jsonl files")
    parser.add_argument("--vocab", type=int, nargs="+", help="default: 8000 32000 (--tiny: 800)")
    parser.add_argument("--algorithms", nargs="+", choices=["bpe", "wordpiece"],
                        default=["bpe", "wordpiece"])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also save the figures here (bench.results)")
    results.add_tiny(parser)
    parser.add_argument("--child", choices=SIDES, help=argparse.SUPPRESS)
    parser.add_argument("--corpus-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.tiny:  # the demo corpus (no shared data needed), one small vocabulary, one run
        args.vocab = args.vocab or [800]
        args.repeat = 1
        if args.corpus == MONO:
            args.corpus = DEMO_CORPUS
    args.vocab = args.vocab or [8000, 32000]
    if args.child:
        result = _child(args.child, args.algorithms[0], args.corpus_file, args.vocab[0], args.out)
        print(json.dumps(result))
        return 0
    if not args.corpus.exists():
        print(f"benchmark data not found: {args.corpus} (../shared/data is absent)",
              file=sys.stderr)
        return 0
    from core.engines.common import write_corpus

    rows = []
    with tempfile.TemporaryDirectory(prefix="tokbench-bpe-wp-") as scratch:
        corpus = write_corpus(documents(args.corpus), Path(scratch) / "corpus.txt")
        lines = corpus.path.read_text(encoding="utf-8").splitlines()
        print(f"corpus: {corpus.sentences:,} lines, {corpus.bytes / 1e6:.1f} MB · median of "
              f"{args.repeat} back-to-back runs per side, each in its own process")
        print(HEADER)
        for algorithm in args.algorithms:
            for vocab in args.vocab:
                row = compare(algorithm, corpus.path, lines, vocab, args.repeat, Path(scratch))
                rows.append(row)
                print(format_row(row), flush=True)
        settings = (f"{corpus.sentences:,} lines, {corpus.bytes / 1e6:.1f} MB, median of "
                    f"{args.repeat} alternated runs per side")
    judged = results.judge(f"Training: BPE and WordPiece against tokenizers ({settings})",
                           figures(rows))
    if args.json:
        results.save(args.json, "train_bpe_wordpiece",
                     {results.GOALS: results.goal_rows(judged),
                      "reference trainers against tokenizers": rows},
                     {"vocab": args.vocab, "repeat": args.repeat, "corpus": args.corpus.name})
    return 0


GOAL_VOCAB = 32000  # the goals are set at this size (at 8k the alphabet fills the vocab)


def figures(rows: list[dict]) -> list[results.Figure]:
    """Time and peak memory of each training against the library's (goals at 32k), and the
    bytes per token of both vocabularies."""
    out = []
    for row in rows:
        ref, hf = row["reference"], row["hf"]
        name = f"{row['algorithm']} {row['vocab']:,}"
        goal = 1.0 if row["vocab"] == GOAL_VOCAB else None
        out += [results.Figure(f"{name} time", f"{ref['seconds']:.1f} s",
                               f"{hf['seconds']:.1f} s", row["time_ratio"], goal),
                results.Figure(f"{name} peak memory", f"{ref['peak_mb']:.0f} MB",
                               f"{hf['peak_mb']:.0f} MB", row["memory_ratio"], goal),
                results.Figure(f"{name} bytes per token", f"{ref['bytes_per_token']:.3f}",
                               f"{hf['bytes_per_token']:.3f}", None)]
    return out


if __name__ == "__main__":
    sys.exit(main())
