"""``tokbench verify BUNDLE``: check every checksum of a bundle and load it.

A bundle that exists but is not intact exits 3, which CI tells from bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli_args import EXIT_NOT_INTACT
from core.errors import WorkbenchError

NAME = "verify"


def add_parser(sub) -> argparse.ArgumentParser:
    verify = sub.add_parser("verify", help="check every checksum of a bundle and load it")
    verify.add_argument("bundle", type=Path)
    return verify


def run(args) -> int:
    from core.bundle import load_bundle

    if not args.bundle.exists():
        raise WorkbenchError("no such file or folder", path=args.bundle)
    try:
        bundle = load_bundle(args.bundle)
    except WorkbenchError as err:  # it exists but is not intact: CI tells this from bad input
        print(f"tokbench: verify failed: {err}", file=sys.stderr)
        return EXIT_NOT_INTACT
    manifest = bundle.manifest
    print(f"ok: {args.bundle} — {manifest['name']} v{manifest['version']}, "
          f"{len(manifest['files'])} files verified, loads on {bundle.runtime.library}")
    return 0
