"""``tokbench verify BUNDLE``: check every checksum of a bundle and load it.

A bundle whose files are not the ones its manifest checksummed exits 3 (integrity), which CI
tells from bad input (a path that is missing or is no bundle at all: 2).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli_output import print_json
from core.errors import WorkbenchError

NAME = "verify"
JSON_VERSION = 1


def add_parser(sub) -> argparse.ArgumentParser:
    verify = sub.add_parser("verify", help="check every checksum of a bundle and load it")
    verify.add_argument("bundle", type=Path)
    verify.add_argument("--json", action="store_true", help="one JSON object")
    return verify


def run(args) -> int:
    from core.bundles.bundle import load_bundle

    if not args.bundle.exists():
        raise WorkbenchError("no such file or folder", path=args.bundle)
    bundle = load_bundle(args.bundle)  # core.errors.IntegrityError: app.cli exits 3
    manifest = bundle.manifest
    if args.json:
        print_json(NAME, JSON_VERSION, {
            "bundle": str(args.bundle), "intact": True, "name": manifest["name"],
            "bundle_version": manifest["version"], "files": sorted(manifest["files"]),
            "library": bundle.runtime.library})
        return 0
    print(f"ok: {args.bundle} — {manifest['name']} v{manifest['version']}, "
          f"{len(manifest['files'])} files verified, loads on {bundle.runtime.library}")
    return 0
