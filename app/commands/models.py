"""``tokbench models``: the tokenizers already on this machine, found where their tools keep them.

    tokbench models [--folder DIR]... [--no-open] [--json]

Lists the Hugging Face cache, llama.cpp's cache, LM Studio's folder and Ollama's store (and the
model folders under each ``--folder``): source, name, revision or tag, format, vocabulary size,
behaviour fingerprint, chat template (yes, Ollama's Go template only, or no) and size on disk.
Each row's name opens it in every other command (``tokbench inspect NAME TEXT``); a model that
does not open keeps its row with the reason. Nothing is downloaded.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli_output import print_json
from app.cli_table import display_width, pad
from core.errors import WorkbenchError
from core.numbers import size_text

NAME = "models"
JSON_VERSION = 1
COLUMNS = ("source", "name", "revision", "format", "vocabulary", "fingerprint", "chat template",
           "size")


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("models", help="list the tokenizers found in the Hugging Face, "
                                           "llama.cpp, LM Studio and Ollama stores (offline)")
    parser.add_argument("--folder", action="append", default=[], type=Path, metavar="DIR",
                        help="also list the model folders under DIR (repeatable)")
    parser.add_argument("--no-open", action="store_true",
                        help="only read the stores (no format, vocabulary, fingerprint or "
                             "template: faster)")
    parser.add_argument("--json", action="store_true", help="one JSON object (stable format)")
    return parser


def run(args) -> int:
    from core.model_catalog import ModelRow, describe
    from core.models import BrokenModel, find_models, places

    for folder in args.folder:  # a folder named by the user must be one (bad input: exit 2)
        if not folder.is_dir():
            raise WorkbenchError("not a folder" if folder.exists() else "no such folder",
                                 path=folder)
    models = find_models(folders=args.folder)
    if args.no_open:
        rows = [describe(m) if isinstance(m, BrokenModel) else ModelRow.found(m) for m in models]
    else:
        rows = [describe(m) for m in models]
    looked = [str(p) for p in places()] + [str(f) for f in args.folder]
    if args.json:
        print_json(NAME, JSON_VERSION, {"places": looked, "models": [r.to_json() for r in rows]})
        return 0
    if not rows:
        print("no local model found; looked in: " + ", ".join(looked))
        return 0
    _print_table([_cells_of(r) for r in rows])
    for row in rows:
        if row.error:
            print(f"{row.name}: {row.error}")
    broken = sum(1 for r in rows if r.error)
    print(f"{len(rows)} model{'s' if len(rows) != 1 else ''}"
          + (f" ({broken} that do not open)" if broken else "")
          + " · open one by its name: tokbench inspect NAME TEXT")
    return 0


def _cells_of(row) -> list[str]:
    template = {"jinja": "yes" + (f" ({', '.join(row.templates)})" if row.templates else ""),
                "go": "Go (Ollama)", "none": "no"}.get(row.template or "", "")
    return [row.source, row.name, row.revision_text, row.format or ("—" if row.error else ""),
            f"{row.vocab_size:,}" if row.vocab_size is not None else "",
            row.behaviour or "", template, size_text(row.size) if row.size else ""]


def _print_table(cells: list[list[str]]) -> None:
    widths = [max(display_width(c[i]) for c in [list(COLUMNS), *cells])
              for i in range(len(COLUMNS))]
    right = {COLUMNS.index("vocabulary"), COLUMNS.index("size")}

    def line(values: list[str]) -> str:  # padded by display width: a name may be CJK
        return "  ".join(" " * (w - display_width(v)) + v if i in right else pad(v, w)
                         for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    print(line(list(COLUMNS)))
    for row in cells:
        print(line(row))
