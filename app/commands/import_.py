"""``tokbench import FILE -o BUNDLE``: freeze a tokenizer as a checksummed bundle.

    tokbench import FILE -o BUNDLE [--name NAME] [--version V] [--preset NAME]
                    [--special-tokens FILE.json|NAME=ID,...]

(The module is ``import_``: ``import`` is a Python keyword.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli_args import _add_tiktoken_options, _load_options

NAME = "import"


def add_parser(sub) -> argparse.ArgumentParser:
    imp = sub.add_parser("import", help="freeze a tokenizer as a checksummed bundle")
    imp.add_argument("source")
    imp.add_argument("-o", "--output", required=True, type=Path,
                     help="bundle folder, or a path ending in .zip for one file")
    imp.add_argument("--name")
    imp.add_argument("--version", default="1")
    _add_tiktoken_options(imp)
    return imp


def run(args) -> int:
    from core.bundle import load_bundle
    from core.loading import open_tokenizer, save_loaded

    loaded = open_tokenizer(args.source, **_load_options(args))
    path = save_loaded(loaded, args.output, name=args.name, version=args.version)
    bundle = load_bundle(path)
    print(f"wrote bundle {path} ({bundle.manifest['source_format']}, "
          f"{bundle.runtime.vocab_size:,} tokens, {len(bundle.manifest['files'])} files)")
    return 0
