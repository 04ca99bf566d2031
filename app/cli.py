"""``tokbench``: the headless front over the same core (no argument starts the GUI).

    tokbench inspect TOKENIZER [TEXT] [--file PATH] [--preset NAME] [--pattern REGEX]
                     [--no-special] [--parse-special] [--unit bytes|cp|utf16|grapheme] [--json]
    tokbench import FILE -o BUNDLE [--name NAME] [--version V] [--preset NAME]
    tokbench verify BUNDLE
    tokbench export BUNDLE -o FOLDER
    tokbench train CONFIG.json --corpus PATH... -o BUNDLE [--policy P] [--dedup|--no-dedup]

Errors go to stderr and name the file; no traceback (set ``TOKBENCH_DEBUG=1`` to see one).
Exit codes (a contract, documented in the README): 0 done, 1 bad input or a failed run,
2 usage error (bad arguments), 3 ``verify`` found a bundle that is not intact, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Iterator, Sequence

from core.encoding import Encoding
from core.errors import WorkbenchError
from core.memory import keep_freed_memory
from core.text import Unit, hex_bytes, visible_text

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_NOT_INTACT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tokbench", description=(
        "See exactly what a tokenizer does to text. Without a command, starts the GUI."))
    sub = parser.add_subparsers(dest="command")

    inspect = sub.add_parser("inspect", help="tokenize text and print every token")
    inspect.add_argument("tokenizer", help="tokenizer.json, .model, .tiktoken, vocab.txt, "
                         "vocab.json (+merges.txt), a folder or a bundle")
    inspect.add_argument("text", nargs="?", help="text to tokenize (default: standard input)")
    inspect.add_argument("--file", type=Path, help="tokenize each line of this UTF-8 file")
    _add_tiktoken_options(inspect)
    inspect.add_argument("--no-special", action="store_true",
                         help="add no post-processor tokens (BOS, CLS, SEP...)")
    inspect.add_argument("--parse-special", action="store_true",
                         help="treat special-token literals in the text as special tokens "
                              "(default: plain text, which is the safe reading)")
    inspect.add_argument("--unit", default="cp", type=Unit.parse,
                         help="unit of the span column: bytes, cp, utf16, grapheme (default cp)")
    inspect.add_argument("--json", action="store_true",
                         help="one JSON object per text, on one line (stable format)")

    imp = sub.add_parser("import", help="freeze a tokenizer as a checksummed bundle")
    imp.add_argument("source")
    imp.add_argument("-o", "--output", required=True, type=Path,
                     help="bundle folder, or a path ending in .zip for one file")
    imp.add_argument("--name")
    imp.add_argument("--version", default="1")
    _add_tiktoken_options(imp)

    verify = sub.add_parser("verify", help="check every checksum of a bundle and load it")
    verify.add_argument("bundle", type=Path)

    train = sub.add_parser("train", help="train a tokenizer on a corpus and save it as a bundle")
    train.add_argument("config", type=Path, help="TrainingConfig JSON")
    train.add_argument("--corpus", nargs="+", required=True,
                       help="files, folders or globs (text, JSONL with 'text', CSV, .gz/.xz/.bz2)")
    train.add_argument("-o", "--output", required=True, type=Path)
    train.add_argument("--policy", choices=("strict", "replace"), default="strict",
                       help="invalid UTF-8: stop (strict) or replace and report")
    train.add_argument("--dedup", action=argparse.BooleanOptionalAction, default=None,
                       help="drop exact duplicate documents (default: the config's "
                            "'deduplicate', itself true by default); --no-dedup counts a "
                            "repeated line every time")

    export = sub.add_parser("export", help="write a bundle's native tokenizer files to a folder")
    export.add_argument("bundle", type=Path)
    export.add_argument("-o", "--output", required=True, type=Path)
    return parser


def _add_tiktoken_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", help="tiktoken preset: gpt2 (=r50k), cl100k, o200k, llama3, qwen")
    parser.add_argument("--pattern", help="tiktoken pre-tokenizer regex (overrides the preset's)")


def _load_options(args) -> dict:
    options = {}
    if args.preset:
        options["preset"] = args.preset
    if args.pattern:
        options["pattern"] = args.pattern
    return options


def _open(path: str, options: dict):
    from core.formats import detect, load

    source = detect(path, **options)
    if options and source.format != "tiktoken":
        raise WorkbenchError(f"--preset/--pattern apply to tiktoken rank files; this is "
                             f"{source.format}", path=path)
    return load(source)


def _texts(args) -> Iterator[str]:
    if args.file is not None:
        data = args.file.read_bytes()
        lines = data.split(b"\n")
        if data.endswith(b"\n"):
            lines.pop()  # the newline that ends the file does not start another text
        for number, raw in enumerate(lines, start=1):
            try:
                yield raw.rstrip(b"\r").decode("utf-8")
            except UnicodeDecodeError as err:
                raise WorkbenchError(f"invalid UTF-8 at byte {err.start} of the line",
                                     path=args.file, line=number) from None
    elif args.text is not None:
        yield args.text
    else:
        if sys.stdin.isatty():
            raise WorkbenchError("no text: give TEXT, --file PATH, or pipe text on standard input")
        yield sys.stdin.read()


def format_table(enc: Encoding, unit: Unit) -> str:
    """The token table as aligned text columns."""
    starts, ends = enc.spans(unit)
    rows = [("#", "piece", "id", "bytes", f"span ({unit.value})", "flags")]
    for i in range(len(enc)):
        rows.append((str(i), enc.display_piece(i), str(int(enc.ids[i])),
                     hex_bytes(enc.bytes_at(i)), f"{starts[i]}–{ends[i]}",
                     ",".join(enc.flag_names(i))))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    counts = enc.index.counts()
    lines.append(f"{len(enc)} tokens · {counts['grapheme']} graphemes · {counts['cp']} code points"
                 f" · {counts['utf16']} UTF-16 units · {counts['bytes']} bytes")
    return "\n".join(lines)


def cmd_inspect(args) -> int:
    runtime = _open(args.tokenizer, _load_options(args))
    for text in _texts(args):
        enc = runtime.encode(text, add_special_tokens=not args.no_special,
                             parse_special=args.parse_special)
        if args.json:
            print(json.dumps(enc.to_json(), ensure_ascii=False))
            continue
        print(f"{runtime.name} ({runtime.source_format}, {runtime.library}) — "
              f"{visible_text(text[:60])}{'…' if len(text) > 60 else ''}")
        for note in runtime.notes + enc.warnings:
            print(f"note: {note}")
        print(format_table(enc, args.unit))
        print()
    return 0


def cmd_import(args) -> int:
    from core.bundle import import_tokenizer, load_bundle

    path = import_tokenizer(args.source, args.output, name=args.name, version=args.version,
                            **_load_options(args))
    bundle = load_bundle(path)
    print(f"wrote bundle {path} ({bundle.manifest['source_format']}, "
          f"{bundle.runtime.vocab_size:,} tokens, {len(bundle.manifest['files'])} files)")
    return 0


def cmd_verify(args) -> int:
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


def cmd_export(args) -> int:
    from core.bundle import export_native

    for path in export_native(args.bundle, args.output):
        print(path)
    return 0


def cmd_train(args) -> int:
    from core.corpus import expand
    from core.engines.checks import check_config
    from core.engines.config import TrainingConfig
    from core.engines.train import train_bundle

    config = TrainingConfig.load(args.config)  # refuses an unknown engine, naming the file
    if args.dedup is not None:
        config = replace(config, deduplicate=args.dedup)
    try:
        check_config(config)  # before looking for the corpus: no file is read in vain
    except WorkbenchError as err:
        raise WorkbenchError(err.message, path=args.config) from None
    sources = [source for pattern in args.corpus for source in expand(pattern)]

    def show(report) -> None:
        bar = "#" * int(report.fraction * 30)
        sys.stderr.write(f"\r{report.phase:16} [{bar:30}] {report.done:,.0f}"
                         + (f"/{report.total:,.0f}" if report.total else "") + " " * 8)
        sys.stderr.flush()

    try:
        files = train_bundle(config, sources, args.output, policy=args.policy,
                             name=args.output.stem, progress=show)
    finally:
        sys.stderr.write("\n")  # end the progress line: an error starts on a line of its own
    for note in files.manifest.get("training", {}).get("notes", []):
        print(f"note: {note}", file=sys.stderr)
    print(f"wrote bundle {files.path} in {files.seconds:.1f} s")
    return 0


COMMANDS = {"inspect": cmd_inspect, "import": cmd_import, "verify": cmd_verify,
            "export": cmd_export, "train": cmd_train}


def main(argv: Sequence[str] | None = None) -> int:
    keep_freed_memory()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        from app.__main__ import main as gui_main

        return gui_main([])
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse: 2 for bad arguments, 0 for --help
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return COMMANDS[args.command](args)
    except WorkbenchError as err:
        print(f"tokbench: error: {err}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as err:
        print(f"tokbench: error: {err.filename or ''}: {err.strerror or err}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("\ntokbench: interrupted; nothing was written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return 0
    except Exception as err:  # a bug: say so in one line; the traceback is for developers
        if os.environ.get("TOKBENCH_DEBUG"):
            raise
        print(f"tokbench: internal error: {type(err).__name__}: {err} "
              "(set TOKBENCH_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
