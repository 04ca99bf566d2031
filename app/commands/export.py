"""``tokbench export BUNDLE -o FOLDER``: write a bundle's native tokenizer files to a folder."""

from __future__ import annotations

import argparse
from pathlib import Path

NAME = "export"


def add_parser(sub) -> argparse.ArgumentParser:
    export = sub.add_parser("export", help="write a bundle's native tokenizer files to a folder")
    export.add_argument("bundle", type=Path)
    export.add_argument("-o", "--output", required=True, type=Path)
    return export


def run(args) -> int:
    from core.bundle import export_native

    for path in export_native(args.bundle, args.output):
        print(path)
    return 0
