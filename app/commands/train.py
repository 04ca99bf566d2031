"""``tokbench train``: train a tokenizer on a corpus and save it as a bundle.

    tokbench train CONFIG.json --corpus PATH... -o BUNDLE [--policy P] [--dedup|--no-dedup]
                   [--json]

Progress goes to stderr; a config no engine can train, or a corpus that cannot fill the
vocabulary, is bad input (exit 2).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from app.cli_output import print_json
from core.errors import WorkbenchError

NAME = "train"
JSON_VERSION = 1


def add_parser(sub) -> argparse.ArgumentParser:
    train = sub.add_parser("train", help="train a tokenizer on a corpus and save it as a bundle")
    train.add_argument("config", type=Path, help="TrainingConfig JSON")
    train.add_argument("--corpus", nargs="+", required=True,
                       help="files, folders or globs (text, JSONL with 'text', CSV, .gz/.xz/.bz2)")
    train.add_argument("-o", "--output", required=True, type=Path)
    train.add_argument("--policy", choices=("strict", "replace"), default="strict",
                       help="invalid UTF-8: stop (strict) or replace and report")
    train.add_argument("--dedup", action=argparse.BooleanOptionalAction, default=None,
                       help="drop exact duplicate documents (default: the config's "
                            "'deduplicate', itself true by default); --no-dedup counts a "
                            "repeated line every time")
    train.add_argument("--json", action="store_true", help="one JSON object (progress stays "
                                                             "on stderr)")
    return train


def run(args) -> int:
    from core.corpus import expand
    from core.engines.checks import check_config
    from core.engines.config import TrainingConfig
    from core.engines.train import train_bundle

    config = TrainingConfig.load(args.config)  # refuses an unknown engine, naming the file
    if args.dedup is not None:
        config = replace(config, deduplicate=args.dedup)
    try:
        check_config(config)  # before looking for the corpus: no file is read in vain
    except WorkbenchError as err:
        raise WorkbenchError(err.message, path=args.config) from None
    sources = [source for pattern in args.corpus for source in expand(pattern)]

    def show(report) -> None:
        bar = "#" * int(report.fraction * 30)
        sys.stderr.write(f"\r{report.phase:16} [{bar:30}] {report.done:,.0f}"
                         + (f"/{report.total:,.0f}" if report.total else "") + " " * 8)
        sys.stderr.flush()

    try:
        files = train_bundle(config, sources, args.output, policy=args.policy,
                             name=args.output.stem, progress=show)
    finally:
        sys.stderr.write("\n")  # end the progress line: an error starts on a line of its own
    notes = files.manifest.get("training", {}).get("notes", [])
    if args.json:
        binding = files.manifest["model_binding"]
        print_json(NAME, JSON_VERSION, {"bundle": str(files.path), "seconds": files.seconds,
                                        "vocab_size": binding["vocab_size"], "notes": notes})
        return 0
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    print(f"wrote bundle {files.path} in {files.seconds:.1f} s")
    return 0
