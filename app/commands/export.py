"""``tokbench export BUNDLE -o FOLDER``: write a bundle's native tokenizer files to a folder."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli_output import print_json
from core.errors import WorkbenchError

NAME = "export"
JSON_VERSION = 1


def add_parser(sub) -> argparse.ArgumentParser:
    export = sub.add_parser("export", help="write a bundle's native tokenizer files to a folder")
    export.add_argument("bundle", type=Path)
    export.add_argument("-o", "--output", required=True, type=Path)
    export.add_argument("--json", action="store_true", help="one JSON object")
    return export


def run(args) -> int:
    from core.bundles.bundle import export_native

    if not args.bundle.exists():
        raise WorkbenchError("no such file or folder", path=args.bundle)
    written = export_native(args.bundle, args.output)
    if args.json:
        print_json(NAME, JSON_VERSION, {"bundle": str(args.bundle),
                                        "files": [str(path) for path in written]})
        return 0
    for path in written:
        print(path)
    return 0
