"""``tokbench golden lock|verify``: lock a tokenizer's golden samples, verify them later.

    tokbench golden lock TOKENIZER -o GOLDEN.json [--samples FILE] [--json]
    tokbench golden lock BUNDLE [--samples FILE] [--json]  (into the bundle, under its checksums)
    tokbench golden verify TOKENIZER [GOLDEN.json] [--json]   (a bundle: its own golden samples)

``verify`` exits 1 on any difference; both exit 2 on bad input, 3 when a bundle is not intact.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from app.cli_args import EXIT_FAILED, EXIT_OK, UsageError
from app.cli_output import print_json
from core.errors import WorkbenchError

NAME = "golden"
JSON_VERSION = 1
SHOWN_VALUE = 120  # characters of an old / new value in the text output


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("golden", help="lock golden samples of a tokenizer, or verify them "
                                           "field by field")
    parser.add_argument("action", choices=("lock", "verify"))
    parser.add_argument("paths", nargs="+", metavar="TOKENIZER [GOLDEN.json]")
    parser.add_argument("-o", "--output", type=Path, metavar="GOLDEN.json",
                        help="lock: the golden file to write (default: into the bundle)")
    parser.add_argument("--samples", type=Path, metavar="FILE",
                        help="lock: your own samples too (JSON list or one text per line)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    return parser


def run(args) -> int:
    return _lock(args) if args.action == "lock" else _verify(args)


def _open(path: str):
    from core.loading import open_tokenizer

    if not Path(path).exists():
        raise WorkbenchError("no such file or folder", path=path)
    return open_tokenizer(path)


def _lock(args) -> int:
    from core.bundles.golden import lock, read_user_samples, write_golden

    if len(args.paths) != 1:
        raise UsageError("lock takes one tokenizer (the golden file goes in -o)")
    loaded = _open(args.paths[0])
    if args.output is None and not loaded.is_bundle:
        raise WorkbenchError("give -o GOLDEN.json (only a bundle can hold its golden samples)",
                             path=args.paths[0])
    samples = read_user_samples(args.samples) if args.samples else []
    golden = lock(loaded.runtime, samples)
    dest = write_golden(golden, args.output or loaded.path)
    found = golden["fingerprint"]
    if args.json:
        print_json(NAME, JSON_VERSION, {"action": "lock", "golden": str(dest),
                                        "samples": len(golden["samples"]), "fingerprint": found})
        return EXIT_OK
    print(f"locked {len(golden['samples'])} golden samples into {dest} (fingerprint behaviour "
          f"{found['behaviour']}, vocabulary {found['vocabulary']})")
    return 0


def summary(result) -> str:
    """One English line for a :class:`core.bundles.golden.GoldenCheck` (the core words none).

    >>> from core.bundles.golden import FieldDifference, GoldenCheck
    >>> summary(GoldenCheck(3))
    'ok: 3 golden samples unchanged'
    >>> summary(GoldenCheck(3, [FieldDifference("a", "ids", [1], [2])], {"a": "ids"}))
    '1 of 3 samples differ (1 ids)'
    """
    if result.passed:
        return f"ok: {result.samples} golden samples unchanged"
    head = ("the golden file was locked on another tokenizer (vocabulary fingerprint "
            f"{result.locked.vocabulary}, this one "
            f"{result.now.vocabulary}); " if result.other_tokenizer else "")
    shown = ", ".join(f"{n} {kind}" for kind, n in result.kind_counts().items())
    return (f"{head}{len(result.kinds)} of {result.samples} samples differ"
            + (f" ({shown})" if shown else ""))


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= SHOWN_VALUE else text[:SHOWN_VALUE - 1] + "…"


def _verify(args) -> int:
    from core.bundles.golden import read_golden, verify

    if len(args.paths) not in (1, 2):
        raise UsageError("verify takes a tokenizer and a golden file (or a bundle alone)")
    loaded = _open(args.paths[0])
    golden = read_golden(args.paths[1] if len(args.paths) == 2 else loaded.path)
    result = verify(loaded.runtime, golden)
    if args.json:
        print_json(NAME, JSON_VERSION, {"action": "verify", **result.to_json(),
                                        "failed": not result.passed})
    else:
        print(summary(result))
        for diff in result.differences:
            print(f"  {diff.sample} · {diff.field}: {_short(diff.old)} → {_short(diff.new)}")
    return EXIT_OK if result.passed else EXIT_FAILED
