"""``tokbench audit``: the vocabulary audit (core.audit) from the command line.

    tokbench audit TOKENIZER [--preset NAME] [--corpus [LANG=]PATH...] [--names FILE] [--json]
                   [--csv FILE] [--fail-on KIND[=N][,KIND[=N]...]]

Exit codes: 0 done; 1 when a ``--fail-on`` kind has more findings than allowed; 2 bad input (an
unreadable tokenizer, corpus or names file, invalid UTF-8 in the corpus) as well as bad
arguments.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli_args import (EXIT_FAILED, EXIT_OK, UsageError, _add_tiktoken_options,
                          _load_options, _open)
from app.cli_output import print_json
from core.audit.report import JSON_VERSION as AUDIT_JSON_VERSION
from core.errors import WorkbenchError

NAME = "audit"
JSON_VERSION = AUDIT_JSON_VERSION  # the JSON is core's (AuditReport.to_json); the GUI exports it
# --fail-on KIND: how many findings of each kind an audit (core.audit.AuditReport) holds
FINDINGS = {
    "sensitive": lambda audit: len(audit.sensitive),
    "unreachable": lambda audit: len(audit.unreachable_alone()),
    "merge-unreachable": lambda audit: len(audit.merge_unreachable() or []),
    "near-duplicates": lambda audit: len(audit.near_duplicates),
    "unused": lambda audit: len(audit.usage.unused()) if audit.usage is not None else None,
}
SHOWN = 10  # ids listed per line of the text report


def add_parser(sub) -> argparse.ArgumentParser:

    audit = sub.add_parser("audit", help="audit a vocabulary: tokens no text produces alone, "
                                         "tokens a corpus never uses, sensitive pieces")
    audit.add_argument("tokenizer")
    _add_tiktoken_options(audit)
    audit.add_argument("--corpus", nargs="+", default=[], metavar="[LANG=]PATH",
                       help="count token use on these files, folders or globs (LANG= tags a "
                            "source with its language)")
    audit.add_argument("--names", type=Path, metavar="FILE",
                       help="your own names to look for in the vocabulary, one per line")
    audit.add_argument("--csv", type=Path, metavar="FILE", help="also write one row per id")
    audit.add_argument("--json", action="store_true", help="one JSON object (stable format)")
    audit.add_argument("--fail-on", type=fail_on_argument, metavar="KIND[=N],...",
                       help="exit 1 when a kind has more than N findings (default 0): "
                            + ", ".join(FINDINGS) + " (unreachable: no text gives the token "
                            "alone and it is not word-internal; unused needs --corpus)")
    return audit


def fail_on_argument(value: str) -> dict[str, int]:
    """``--fail-on``: kinds, each with the number of findings it tolerates.

    >>> fail_on_argument("sensitive,unreachable=3")
    {'sensitive': 0, 'unreachable': 3}
    """
    limits = {}
    for item in filter(None, (part.strip() for part in value.split(","))):
        kind, sep, number = item.partition("=")
        if kind not in FINDINGS:
            raise argparse.ArgumentTypeError(f"{kind!r} is not one of {', '.join(FINDINGS)}")
        if sep and not number.isdigit():
            raise argparse.ArgumentTypeError(f"{item!r}: N must be a whole number, 0 or more")
        limits[kind] = int(number) if sep else 0
    if not limits:
        raise argparse.ArgumentTypeError("name at least one kind: " + ", ".join(FINDINGS))
    return limits


def failed_kinds(counts: dict[str, int], limits: dict[str, int] | None) -> dict[str, int]:
    """The ``--fail-on`` kinds with more findings (``counts``: :data:`FINDINGS` of an audit)
    than allowed, with their counts.

    >>> failed_kinds({"sensitive": 2, "near-duplicates": 0},
    ...              {"sensitive": 1, "near-duplicates": 0})
    {'sensitive': 2}
    """
    return {kind: counts[kind] for kind in limits or {} if counts[kind] > limits[kind]}


def corpus_sources(items: list[str]) -> list:
    """``[LANG=]PATH`` items as corpus sources (a path that exists as written is a path,
    ``=`` and all)."""
    from core.corpus import expand

    sources = []
    for item in items:
        lang, sep, path = item.partition("=")
        if not sep or Path(item).exists() or not lang.replace("-", "").replace("_", "").isalnum():
            lang, path = "", item
        sources.extend(expand(path, lang=lang))
    return sources


def run(args) -> int:
    from core.audit import audit_vocabulary
    from core.audit.sensitive import read_names
    from core.formats.configs import read_text

    if args.fail_on and "unused" in args.fail_on and not args.corpus:
        raise UsageError("--fail-on unused needs --corpus (unused on what?)")
    runtime = _open(args.tokenizer, _load_options(args))
    try:
        names = read_names(read_text(args.names)) if args.names else []
        audit = audit_vocabulary(runtime, sources=corpus_sources(args.corpus), names=names)
    except ValueError as err:  # a names file or corpus that cannot be read: bad input
        raise WorkbenchError(str(err)) from None
    if args.csv:
        args.csv.write_text(audit.csv_text(), encoding="utf-8", newline="")
    failed = failed_kinds({kind: FINDINGS[kind](audit) for kind in args.fail_on or {}},
                          args.fail_on)
    if args.json:
        print_json(NAME, JSON_VERSION, {**audit.to_json(), "fail_on": args.fail_on,
                                        "failed": bool(failed)})
    else:
        _print_report(runtime, audit)
    for kind, count in failed.items():
        print(f"tokbench: audit failed: {count:,} {kind} (--fail-on allows "
              f"{args.fail_on[kind]:,})", file=sys.stderr)
    return EXIT_FAILED if failed else EXIT_OK


def _ids(runtime, ids: list[int]) -> str:
    shown = ", ".join(f"{i} {runtime.piece(i)!r}" for i in ids[:SHOWN])
    return shown + (f", ... ({len(ids) - SHOWN:,} more)" if len(ids) > SHOWN else "")


def _print_report(runtime, audit) -> None:
    """The audit (a :class:`core.audit.AuditReport`) in lines."""
    alone = audit.unreachable_alone()
    print(f"{runtime.name}: {audit.tokens:,} ids, {len(audit.special)} special (apart)")
    print(f"partial (not whole characters): {audit.partial:,}")
    print(f"self-reachable: {audit.self_reachable:,}")
    print(f"self-unreachable: {len(audit.self_unreachable()):,} "
          f"({len(audit.word_internal()):,} word-internal)")
    if alone:
        print(f"  not word-internal: {_ids(runtime, alone)}")
    merges = audit.merge_unreachable()
    print("merge-unreachable: " + ("not a BPE with merges" if merges is None
                                   else f"{len(merges):,}" + (f": {_ids(runtime, merges)}"
                                                             if merges else "")))
    corpus = audit.corpus
    if corpus is not None:
        cover = ", ".join(f"{p}%: {share:.1%}" for p, share in corpus.coverage.items())
        print(f"corpus: {corpus.documents:,} documents, {corpus.tokens:,} tokens; "
              f"unused ids {corpus.unused:,}; vocabulary covering {cover}")
        for lang, use in corpus.by_language.items():
            print(f"  {lang}: {use.tokens:,} tokens, unused {use.unused:,}")
        rarest = ", ".join(f"{token_id} {runtime.piece(token_id)!r} ({count})"
                           for token_id, count in corpus.rarest[:SHOWN])
        if rarest:
            print(f"  rarest used: {rarest}")
    print(f"sensitive or boilerplate pieces: {len(audit.sensitive):,}")
    for entry in audit.sensitive[:SHOWN * 3]:
        print(f"  {entry.id:>7}  {entry.rule:9} {entry.piece!r}")
    print(f"near-duplicate groups: {len(audit.near_duplicates):,}")
