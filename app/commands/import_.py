"""``tokbench import FILE -o BUNDLE``: freeze a tokenizer as a checksummed bundle.

    tokbench import FILE -o BUNDLE [--name NAME] [--version V] [--preset NAME]
                    [--special-tokens FILE.json|NAME=ID,...] [--json]

(The module is ``import_``: ``import`` is a Python keyword.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli_args import _add_tiktoken_options, _load_options
from app.cli_output import print_json

NAME = "import"
JSON_VERSION = 1


def add_parser(sub) -> argparse.ArgumentParser:
    imp = sub.add_parser("import", help="freeze a tokenizer as a checksummed bundle")
    imp.add_argument("source")
    imp.add_argument("-o", "--output", required=True, type=Path,
                     help="bundle folder, or a path ending in .zip for one file")
    imp.add_argument("--name")
    imp.add_argument("--version", default="1")
    _add_tiktoken_options(imp)
    imp.add_argument("--json", action="store_true", help="one JSON object")
    return imp


def run(args) -> int:
    from core.bundles.bundle import load_bundle
    from core.loading import open_tokenizer, save_loaded

    loaded = open_tokenizer(args.source, **_load_options(args))
    path = save_loaded(loaded, args.output, name=args.name, version=args.version)
    bundle = load_bundle(path)
    manifest = bundle.manifest
    if args.json:
        print_json(NAME, JSON_VERSION, {
            "bundle": str(path), "name": manifest["name"], "bundle_version": manifest["version"],
            "source_format": manifest["source_format"], "vocab_size": bundle.runtime.vocab_size,
            "files": sorted(manifest["files"])})
        return 0
    print(f"wrote bundle {path} ({manifest['source_format']}, "
          f"{bundle.runtime.vocab_size:,} tokens, {len(manifest['files'])} files)")
    return 0
