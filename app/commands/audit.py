"""``tokbench audit``: the vocabulary audit (core.audit) from the command line.

    tokbench audit TOKENIZER [--preset NAME] [--corpus [LANG=]PATH...] [--names FILE] [--json]
                   [--csv FILE]

Exit codes: 0 done; 2 bad input (an unreadable tokenizer, corpus or names file, invalid UTF-8 in
the corpus) as well as bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from app.cli_args import EXIT_OK, EXIT_USAGE, _add_tiktoken_options, _load_options, _open
from core.errors import WorkbenchError

NAME = "audit"
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
    return audit


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

    try:
        return _run(args)
    except BrokenPipeError:
        raise  # the reader closed the pipe: tokbench ends quietly (app.cli.main)
    except (WorkbenchError, OSError, ValueError) as err:  # bad input: exit 2 (issue 17)
        where = getattr(err, "filename", None)
        text = f"{where}: {err.strerror}" if isinstance(err, OSError) and where else str(err)
        print(f"tokbench: error: {text}", file=sys.stderr)
        return EXIT_USAGE


def _run(args) -> int:
    from core.audit import audit_vocabulary
    from core.audit.sensitive import read_names
    from core.configs import read_text


    runtime = _open(args.tokenizer, _load_options(args))
    names = read_names(read_text(args.names)) if args.names else []
    sources = corpus_sources(args.corpus)
    audit = audit_vocabulary(runtime, sources=sources, names=names)
    if args.csv:
        args.csv.write_text(audit.csv_text(), encoding="utf-8", newline="")
    if args.json:
        print(json.dumps(audit.to_json(), ensure_ascii=False))
    else:
        _print_report(runtime, audit)
    return EXIT_OK


def _ids(runtime, ids: list[int]) -> str:
    shown = ", ".join(f"{i} {runtime.piece(i)!r}" for i in ids[:SHOWN])
    return shown + (f", ... ({len(ids) - SHOWN:,} more)" if len(ids) > SHOWN else "")


def _print_report(runtime, audit) -> None:
    data = audit.to_json()
    internal = set(data["word_internal"])
    alone = [i for i in data["self_unreachable"] if i not in internal]
    print(f"{runtime.name}: {data['tokens']:,} ids, {len(data['special'])} special (apart)")
    print(f"partial (not whole characters): {data['partial']:,}")
    print(f"self-reachable: {data['self_reachable']:,}")
    print(f"self-unreachable: {len(data['self_unreachable']):,} "
          f"({len(internal):,} word-internal)")
    if alone:
        print(f"  not word-internal: {_ids(runtime, alone)}")
    merges = data["merge_unreachable"]
    print("merge-unreachable: " + ("not a BPE with merges" if merges is None
                                   else f"{len(merges):,}" + (f": {_ids(runtime, merges)}"
                                                             if merges else "")))
    if data["corpus"] is not None:
        corpus = data["corpus"]
        cover = ", ".join(f"{p}%: {share:.1%}" for p, share in corpus["coverage"].items())
        print(f"corpus: {corpus['documents']:,} documents, {corpus['tokens']:,} tokens; "
              f"unused ids {corpus['unused']:,}; vocabulary covering {cover}")
        for lang, row in corpus["by_language"].items():
            print(f"  {lang}: {row['tokens']:,} tokens, unused {row['unused']:,}")
        rarest = ", ".join(f"{r['id']} {runtime.piece(r['id'])!r} ({r['count']})"
                           for r in corpus["rarest"][:SHOWN])
        if rarest:
            print(f"  rarest used: {rarest}")
    print(f"sensitive or boilerplate pieces: {len(data['sensitive']):,}")
    for entry in data["sensitive"][:SHOWN * 3]:
        print(f"  {entry['id']:>7}  {entry['rule']:9} {entry['piece']!r}")
    print(f"near-duplicate groups: {len(data['near_duplicates']):,}")
