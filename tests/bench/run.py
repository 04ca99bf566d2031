"""Benchmarks: the workbench's encode (with spans in all four units) against the native libraries.

    make bench                      # all tokenizers in ../shared/data on the mono corpus
    python -m tests.bench.run --quick

For every tokenizer the same lines are encoded by the native library's own call, line by line
(tiktoken ids, HF with offsets, SentencePiece with piece offsets), and by ``core`` (ids + exact
byte spans converted to code points, UTF-16 and graphemes): once with ``encode_batch`` (one
native batch call, the lines' spans converted together) and once with ``encode`` per
line (apart for texts up to 1 KB, the one-off encodes of the GUI and the CLI, and longer ones).
The report gives MB/s and the ratios core / native (lower is better).
``core`` batch uses the library's own batch call (threads on every core where the library has
them), so it is also set against that call: "native batch" (tiktoken ``encode_ordinary_batch``,
``tokenizers`` ``encode_batch``, SentencePiece ``encode(list, num_threads=...)``).
Each figure is the best of ``--repeat`` runs, and the per-line runs of the native call and of
``core`` alternate, round by round (:func:`~tests.bench.common.interleaved_best`); each side's
batch runs follow each other. Like the workbench's own entry points, the
benchmark process keeps freed memory for reuse (:mod:`core.memory`); native and core calls run
in that same process.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

from core.memory import keep_freed_memory
from tests.bench import results
from tests.bench.common import MONO, documents, interleaved_best
from tests.conftest import DATA
TOKENIZERS = [
    ("gpt2 (tiktoken)", "gpt2.tiktoken"),
    ("bert (tokenizer.json)", "bert-minilm/tokenizer.json"),
    ("claude-legacy (tokenizer.json)", "claude-legacy/tokenizer.json"),
    ("mistral-v3 (sentencepiece)", "mistral-v3/tokenizer.model"),
    ("ja (sentencepiece)", "sentencepiece/test_ja_model.model"),
]


def corpus_lines(limit_bytes: int | None = None) -> list[str]:
    """Every line of the mono corpus (the JSONL code file: each record's text)."""
    lines = list(documents(MONO))
    if limit_bytes:
        kept, size = [], 0
        for line in lines[:: max(1, len(lines) // 4000)]:
            kept.append(line)
            size += len(line.encode())
            if size >= limit_bytes:
                break
        lines = kept
    return lines


def native_library(rel: str):
    """The native library's own object for a tokenizer file (built without ``core``)."""
    path = DATA / "tokenizers" / rel
    if rel.endswith(".tiktoken"):
        import tiktoken
        from tiktoken.load import load_tiktoken_bpe

        from core.formats.tiktoken.presets import R50K_PATTERN

        return tiktoken.Encoding("gpt2", pat_str=R50K_PATTERN,
                                 mergeable_ranks=load_tiktoken_bpe(str(path)),
                                 special_tokens={"<|endoftext|>": 50256})
    if rel.endswith(".json"):
        from tokenizers import Tokenizer

        tk = Tokenizer.from_file(str(path))
        tk.no_padding()
        tk.no_truncation()
        return tk
    import sentencepiece as spm

    return spm.SentencePieceProcessor(model_file=str(path))


def native_encoder(rel: str):
    """One line at a time: tiktoken ids, HF ids with offsets, SentencePiece piece offsets."""
    lib = native_library(rel)
    if rel.endswith(".tiktoken"):
        return lib.encode_ordinary
    if rel.endswith(".json"):
        def hf(text):
            e = lib.encode(text)
            return e.ids, e.offsets
        return hf
    return lambda text: lib.encode(text, out_type="proto").pieces


def native_batch_encoder(rel: str):
    """The native library's own batch call on all lines (threads / every core where it can)."""
    lib = native_library(rel)
    threads = os.cpu_count() or 1
    if rel.endswith(".tiktoken"):
        return lambda lines: lib.encode_ordinary_batch(lines, num_threads=threads)
    if rel.endswith(".json"):
        return lambda lines: [(e.ids, e.offsets) for e in lib.encode_batch(lines)]
    return lambda lines: [p.pieces for p in lib.encode(lines, out_type="proto",
                                                       num_threads=threads)]


def core_encoder(rel: str, *, batch: bool = False):
    """``core`` encode with spans in all four units: per line, or the whole list at once."""
    from core.formats.detect import load_tokenizer

    runtime = load_tokenizer(DATA / "tokenizers" / rel)
    encode = runtime.encode_batch if batch else runtime.encode

    def run(text_or_lines):
        result = encode(text_or_lines, add_special_tokens=False)
        for unit in ("bytes", "cp", "utf16", "grapheme"):
            result.spans(unit)
        return result
    return run


def timed(fn, lines, *, whole: bool = False):
    """A call of ``fn`` on every line, one by one, or on the whole list at once (``whole``)."""
    if whole:
        return lambda: fn(lines)

    def per_line():
        for line in lines:
            fn(line)
    return per_line


ONE_OFF_BYTES = 1024  # one-off encodes (the GUI's and the CLI's single texts) up to this size


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about 1 MB of lines instead of all")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also save the figures here (bench.results)")
    parser.add_argument("--only", metavar="TEXT", help="only tokenizers whose name contains TEXT")
    results.add_tiny(parser)
    args = parser.parse_args(argv)
    keep_freed_memory()
    if not MONO.exists():
        print(f"benchmark data not found: {MONO} (../shared/data is absent)", file=sys.stderr)
        return 0
    if args.tiny:
        args.repeat = 1
    lines = corpus_lines(20_000 if args.tiny else 1_000_000 if args.quick else None)
    # one encode per text is measured apart on texts up to 1 KB (the goal) and above
    small = [line for line in lines if len(line.encode()) <= ONE_OFF_BYTES]
    large = [line for line in lines if len(line.encode()) > ONE_OFF_BYTES]
    size = sum(len(line.encode()) for line in lines)
    print(f"corpus: {len(lines):,} lines, {size / 1e6:.1f} MB · python {platform.python_version()}"
          f" · {len(small):,} up to 1 KB · best of {args.repeat}, native and core runs alternating")
    print(f"{'tokenizer':32} {'native MB/s':>11} {'batch MB/s':>10} {'batch/native':>12} "
          f"{'per-line MB/s':>13} {'per-line/native':>15} {'native batch MB/s':>17} "
          f"{'batch/native batch':>18}")
    rows = []
    for name, rel in TOKENIZERS:
        if not (DATA / "tokenizers" / rel).exists() or (args.only and args.only not in name):
            continue
        native_one, core_one = native_encoder(rel), core_encoder(rel)
        best = {}
        # the per-line passes alternate, pair by pair: the one-off ratios moved most with the
        # VM's drift. The batches do not: one run right after the other library's batch finds
        # the heap that one left and page-faults anew, as a process's first batch does (ja:
        # 0.9 -> 1.3-1.6 s), so each side's runs follow each other, seconds apart
        for group in ({"native_small": timed(native_one, small),
                       "single_small": timed(core_one, small)},
                      {"native_large": timed(native_one, large),
                       "single_large": timed(core_one, large)},
                      {"native_batch": timed(native_batch_encoder(rel), lines, whole=True)},
                      {"batch": timed(core_encoder(rel, batch=True), lines, whole=True)}):
            best.update(interleaved_best(group, args.repeat))
        native_small, single_small = best["native_small"], best["single_small"]
        native_large, single_large = best["native_large"], best["single_large"]
        native_batch, batch = best["native_batch"], best["batch"]
        native, single = native_small + native_large, single_small + single_large
        mb = size / 1e6
        rows.append({"tokenizer": name, "mb": mb, "native_s": native, "batch_s": batch,
                     "per_line_s": single, "native_batch_s": native_batch,
                     "batch_ratio": batch / native, "per_line_ratio": single / native,
                     "batch_to_native_batch": batch / native_batch,
                     "one_off_texts": len(small), "one_off_native_s": native_small,
                     "one_off_core_s": single_small, "long_texts": len(large),
                     "long_native_s": native_large, "long_core_s": single_large})
        print(f"{name:32} {mb / native:11.2f} {mb / batch:10.2f} {batch / native:11.2f}× "
              f"{mb / single:13.2f} {single / native:14.2f}× {mb / native_batch:17.2f} "
              f"{batch / native_batch:17.2f}×", flush=True)
    judged = results.judge("Encode against the native libraries", figures(rows))
    if args.json:
        results.save(args.json, "run", {results.GOALS: results.goal_rows(judged),
                                        "encode with spans, against the native calls": rows},
                     {"lines": len(lines), "mb": round(size / 1e6, 1), "repeat": args.repeat,
                      "quick": args.quick, "tiny": args.tiny})
    return 0


def figures(rows: list[dict]) -> list[results.Figure]:
    """Per tokenizer: core batch against native per line (goal 1.0×) and native batch (goal
    1.2×); one ``encode`` per text against the native call, up to 1 KB (goal 2.0×) and above."""
    out = []
    for row in rows:
        name = row["tokenizer"]
        out += [results.Figure(f"{name}: core batch / native per line",
                               f"{row['batch_s']:.2f} s", f"{row['native_s']:.2f} s",
                               row["batch_ratio"], 1.0),
                results.Figure(f"{name}: core batch / native batch",
                               f"{row['batch_s']:.2f} s", f"{row['native_batch_s']:.2f} s",
                               row["batch_to_native_batch"], 1.2)]
        for label, texts, ours, native, goal in (
                ("≤ 1 KB", row["one_off_texts"], row["one_off_core_s"], row["one_off_native_s"],
                 2.0),
                ("> 1 KB", row["long_texts"], row["long_core_s"], row["long_native_s"], None)):
            if texts and native > 0:
                out.append(results.Figure(
                    f"{name}: one encode per text {label} / native call",
                    f"{ours / texts * 1e6:.1f} µs/text", f"{native / texts * 1e6:.1f} µs/text",
                    ours / native, goal))
    return out


if __name__ == "__main__":
    sys.exit(main())
