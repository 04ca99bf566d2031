"""``tokbench fingerprint TOKENIZER``: the behaviour fingerprint (a hash of the golden stress
set's IDs) and the vocabulary fingerprint (a hash of every id's bytes)."""

from __future__ import annotations

import argparse

from app.cli_output import print_json

NAME = "fingerprint"
JSON_VERSION = 1


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("fingerprint", help="short hashes that recognise a tokenizer's "
                                                "behaviour and vocabulary whatever its files")
    parser.add_argument("tokenizer")
    parser.add_argument("--preset", metavar="NAME", help="preset of a tiktoken file")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    return parser


def run(args) -> int:
    from core.bundles.fingerprints import fingerprint
    from core.loading import open_tokenizer

    loaded = open_tokenizer(args.tokenizer, **({"preset": args.preset} if args.preset else {}))
    found = fingerprint(loaded.runtime)
    if args.json:
        print_json(NAME, JSON_VERSION, found)
    else:
        print(f"behaviour {found['behaviour']}  vocabulary {found['vocabulary']}  "
              f"{loaded.label}")
    return 0
