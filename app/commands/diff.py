"""``tokbench diff OLD NEW``: the contract diff, the verdict on ID compatibility, the migration
cost, and (with ``--corpus``) the behaviour diff. Exit 0, or 1 when ``--fail-on`` matches;
2 on bad input (a file that does not load, an empty corpus, a page that cannot be written), 3
when a bundle is not intact."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from app.cli_args import EXIT_FAILED, EXIT_OK
from app.cli_output import print_json
from core.diff.report import FAIL_ON, JSON_VERSION as DIFF_JSON_VERSION
from core.errors import WorkbenchError

NAME = "diff"
JSON_VERSION = DIFF_JSON_VERSION  # the JSON is core's (TokenizerDiff.to_json); the GUI exports it


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("diff", help="compare two tokenizers: contract, ID-compatibility "
                                         "verdict, migration cost, behaviour on a corpus")
    parser.add_argument("old", help="the old tokenizer or bundle")
    parser.add_argument("new", help="the new tokenizer or bundle")
    parser.add_argument("--preset-old", metavar="NAME", help="preset of an old tiktoken file")
    parser.add_argument("--preset-new", metavar="NAME", help="preset of a new tiktoken file")
    parser.add_argument("--corpus", nargs="+", default=[], metavar="PATH",
                        help="files, folders or globs (a source per file; its bucket is its "
                             "file name) for the behaviour diff")
    parser.add_argument("--hidden", type=int, metavar="N",
                        help="hidden size (default: config.json, else 4096)")
    parser.add_argument("--dtype", choices=("bf16", "fp16", "fp32"),
                        help="weight dtype (default: config.json torch_dtype, else bf16)")
    parser.add_argument("--untied", action="store_true",
                        help="the output head is its own matrix (default: config.json "
                             "tie_word_embeddings, else tied)")
    parser.add_argument("--row-map", type=Path, metavar="PATH",
                        help="write [[old_id, new_id], ...] for every kept piece as JSON")
    parser.add_argument("--json", action="store_true", help="one JSON object (stable format)")
    parser.add_argument("--html", type=Path, metavar="OUT",
                        help="also write the diff as a self-contained HTML page (for a review)")
    parser.add_argument("--fail-on", choices=FAIL_ON,
                        help="exit 1 when the verdict is breaking (or, with any, not identical)")
    return parser


def _print_text(diff) -> None:
    """The diff in lines (a :class:`core.diff.report.TokenizerDiff`)."""
    from core.diff.migration import mib_text
    from core.notes import english

    print(f"{diff.old_label}  →  {diff.new_label}")
    print(f"verdict: {diff.verdict}")
    for reason in diff.reasons:
        print(f"  - {english(reason)}")
    for note in diff.notes:
        print(f"  note: {english(note)}")
    v, s = diff.counts, diff.specials
    print(f"vocabulary ({diff.basis}): {v.old_size:,} → {v.new_size:,}; kept same ID "
          f"{v.kept_same_id:,}, same piece new ID {v.kept_new_id:,}, same ID new piece "
          f"{v.id_new_piece:,}, added {v.added:,}, removed {v.removed:,}")
    print(f"special tokens: added {len(s.added)}, removed {len(s.removed)}, moved {len(s.moved)}")
    m = diff.cost
    offset = (f", constant offset {diff.offset.offset:+,} from ID {diff.offset.from_id:,}"
              if diff.offset is not None else "")
    print(f"migration: {diff.strategy()}{offset}; rows added {m.rows_added:,} "
          f"({v.old_size:,} → {v.new_size:,}) × hidden {m.hidden:,} {m.dtype} = "
          f"{mib_text(m.mib_tied)} MiB tied, {mib_text(m.mib_untied)} MiB untied"
          + (f" (assumed: {', '.join(m.assumed)})" if m.assumed else ""))
    print(f"  rows to initialize {m.rows_to_initialize:,} (IDs whose piece is new to them: "
          f"{m.rows_to_initialize - m.rows_repurposed:,} appended, "
          f"{m.rows_repurposed:,} in IDs the old vocabulary used)")
    b = diff.behaviour
    if b is not None:
        print(f"behaviour on {b.total.texts:,} texts: IDs differ {b.total.ids_differ_share:.1%}, "
              f"tokens differ {b.total.tokens_differ_share:.1%}, token ratio new/old "
              f"{b.total.token_ratio:.3f}")
        if b.hybrid is not None:
            print(f"  of {b.pretokens_checked:,} texts whose tokens changed: the old model behind "
                  f"the new pre-tokenizer reproduces {b.hybrid.explained_by_regex:,} (the regex "
                  f"explains them), the new model behind the old one "
                  f"{b.hybrid.explained_by_model:,}")
        for name, bucket in b.per_bucket():
            print(f"  {name}: {bucket.texts:,} texts, IDs differ {bucket.ids_differ_share:.1%}, "
                  f"ratio {bucket.token_ratio:.3f}")


def run(args) -> int:
    diff = compute(args)
    if args.html is not None:
        from core.diff.html import diff_html

        try:
            args.html.write_text(diff_html(diff), encoding="utf-8")
        except OSError as err:
            raise WorkbenchError(f"cannot write the page ({err.strerror})",
                                 path=args.html) from None
    fails = diff.fails(args.fail_on)
    if args.json:
        print_json(NAME, JSON_VERSION, {**diff.to_json(), "fail_on": args.fail_on,
                                        "failed": fails})
    else:
        _print_text(diff)
    return EXIT_FAILED if fails else EXIT_OK


def compute(args):
    """The :class:`core.diff.report.TokenizerDiff` the arguments ask for (raises
    WorkbenchError on bad input); writes ``--row-map``."""
    from core.corpus import expand
    from core.diff.report import compare
    from core.loading import open_tokenizer

    # a missing path is refused by open_tokenizer, which also takes a local model's name
    old = open_tokenizer(args.old, **({"preset": args.preset_old} if args.preset_old else {}))
    new = open_tokenizer(args.new, **({"preset": args.preset_new} if args.preset_new else {}))
    sources = [source for pattern in args.corpus for source in expand(pattern)]
    diff = compare(old, new, sources, golden=False, hidden=args.hidden, dtype=args.dtype,
                   tied=False if args.untied else None)
    if args.row_map is not None:
        args.row_map.write_text(json.dumps(diff.row_map()) + "\n", encoding="utf-8")
    return diff
