"""``tokbench``: the headless front over the same core (no argument starts the GUI).

    tokbench inspect TOKENIZER [TEXT] [--file PATH] [--preset NAME] [--pattern REGEX]
                     [--special-tokens FILE.json|NAME=ID,...]
                     [--no-special] [--parse-special | --allowed-special LIT[,LIT]|all]
                     [--unit bytes|cp|utf16|grapheme] [--json]
                     [--pair TEXT] [--post-template SINGLE [--post-template-pair PAIR]]
                     [--max-length N [--truncation-side right|left] [--stride N]
                      [--truncation-strategy longest_first|only_first|only_second]]
                     [--pad-to N] [--pad-multiple N] [--pad-side right|left] [--pad-id ID]
    tokbench import FILE -o BUNDLE [--name NAME] [--version V] [--preset NAME]
                    [--special-tokens FILE.json|NAME=ID,...]
    tokbench verify BUNDLE
    tokbench export BUNDLE -o FOLDER
    tokbench train CONFIG.json --corpus PATH... -o BUNDLE [--policy P] [--dedup|--no-dedup]
    tokbench stream TOKENIZER IDS.json [--stop STR]... [--stop-id ID]... [--chunk N] [--json]
    tokbench chat [TOKENIZER] CONVERSATION.json [--template FILE|NAME]
                  [--config TOKENIZER_CONFIG.json] [--add-generation-prompt]
                  [--continue-final-message] [--var NAME=JSON]... [--now ISO-8601]
                  [--parse-content-specials] [--context N] [--json]
                  [--preset NAME] [--pattern REGEX] [--special-tokens FILE.json|NAME=ID,...]

Options and positionals may come in any order (``inspect TOK --json TEXT``). Errors go to
stderr and name the file; no traceback (set ``TOKBENCH_DEBUG=1`` to see one). A reader that stops
early (``| head``) ends the command quietly with exit 0.
Exit codes (a contract, documented in the README): 0 done, 1 bad input or a failed run,
2 usage error (bad arguments), 3 ``verify`` found a bundle that is not intact or ``chat``'s
template failed, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), 129 hung up (SIGHUP).
"""

from __future__ import annotations

if __name__ == "__main__":  # run as a program: a stop signal during the imports ends quietly
    from app.launch import quiet_stops

    _STARTING = quiet_stops()

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Iterator, Sequence

from app.commands import align as align_command
from app.commands import audit as audit_command
from app.commands import diff as diff_command
from app.commands import fingerprint as fingerprint_command
from app.commands import golden as golden_command
from app.commands import report as report_command
from app.cli_args import (EXIT_ERROR, EXIT_NOT_INTACT, EXIT_OK, EXIT_TEMPLATE, EXIT_USAGE,
                          _add_tiktoken_options, _count, _load_options, _open, _positive)
from app.stop_signals import exit_code as stop_exit_code
from app.stop_signals import raise_on_stop_signals
from app.stop_signals import reason as stop_reason
from core.encoding import Encoding, Flag
from core.errors import WorkbenchError
from core.export import TOKEN_COLUMNS, token_rows
from core.memory import keep_freed_memory
from core.notes import Note, english, round_trip_notes
from core.text import Unit, visible_text
from core.utf8 import decode_utf8

FILE_BATCH = 4096  # lines of a --file encoded per encode_batch call (memory stays bounded)


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser and each sub-command's own parser, by name."""
    parser = argparse.ArgumentParser(prog="tokbench", description=(
        "See exactly what a tokenizer does to text. Without a command, starts the GUI."))
    sub = parser.add_subparsers(dest="command")

    inspect = sub.add_parser("inspect", help="tokenize text and print every token")
    inspect.add_argument("tokenizer", help="tokenizer.json, .model, .tiktoken, vocab.txt, "
                         "vocab.json (+merges.txt), a folder or a bundle")
    inspect.add_argument("text", nargs="?", help="text to tokenize (default: standard input)")
    inspect.add_argument("--file", type=Path, help="tokenize each line of this UTF-8 file (of a "
                         ".jsonl: each line's JSON string, or its object's \"text\")")
    _add_tiktoken_options(inspect)
    inspect.add_argument("--no-special", action="store_true",
                         help="add no post-processor tokens (BOS, CLS, SEP...)")
    inspect.add_argument("--parse-special", action="store_true",
                         help="treat special-token literals in the text as special tokens "
                              "(default: plain text, which is the safe reading)")
    inspect.add_argument("--allowed-special", type=_allowed_special, metavar="LIT[,LIT]|all",
                         help="read only these special-token literals as special tokens (all: "
                              "every one, as --parse-special); the others stay plain text")
    inspect.add_argument("--unit", default="cp", type=Unit.parse,
                         help="unit of the span column: bytes, cp, utf16, grapheme (default cp)")
    inspect.add_argument("--json", action="store_true",
                         help="one JSON object per text, on one line (stable format)")
    _add_postprocess_options(inspect)

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

    stream = sub.add_parser("stream", help="decode token IDs as a server streams them: what is "
                                           "emitted at each step, and where a stop matched")
    stream.add_argument("tokenizer")
    stream.add_argument("ids", help='JSON: a list of token IDs, or {"ids": [...]} (the output '
                                    "of inspect --json); - reads standard input")
    stream.add_argument("--stop", action="append", default=[], metavar="STR",
                        help="a stop string (repeatable); no part of it is emitted")
    stream.add_argument("--stop-id", action="append", default=[], type=int, metavar="ID",
                        help="a stop token ID (repeatable), such as the EOS")
    stream.add_argument("--chunk", type=_positive, default=1, metavar="N",
                        help="IDs arriving together at each step (default 1)")
    stream.add_argument("--json", action="store_true", help="one JSON object (stable format)")
    _add_tiktoken_options(stream)
    audit_command.add_parser(sub)

    align_command.add_parser(sub)
    report_command.add_parser(sub)
    chat = sub.add_parser("chat", help="render a conversation with a chat template and encode it "
                                       "with provenance, assistant mask and token budget")
    chat.add_argument("paths", nargs="+", metavar="[TOKENIZER] CONVERSATION.json",
                      help='a tokenizer (optional) and a conversation: a list of messages or '
                           '{"messages": [...], "tools": [...], "documents": [...]}')
    chat.add_argument("--template", metavar="FILE|NAME", help="a .jinja file, a JSON config "
                      "holding chat_template, or a built-in name (chatml, inst)")
    chat.add_argument("--config", type=Path, metavar="TOKENIZER_CONFIG.json",
                      help="the template and named special tokens from this config")
    ending = chat.add_mutually_exclusive_group()  # transformers refuses both at once
    ending.add_argument("--add-generation-prompt", action="store_true")
    ending.add_argument("--continue-final-message", action="store_true")
    chat.add_argument("--var", action="append", default=[], metavar="NAME=JSON",
                      help="a template variable set to a JSON value (repeatable)")
    chat.add_argument("--now", type=_iso_time, metavar="ISO-8601",
                      help="the time strftime_now reads (default: the clock)")
    chat.add_argument("--context", type=_positive, metavar="N",
                      help="a context window: the budget says what truncation at N would cut")
    chat.add_argument("--parse-content-specials", action="store_true",
                      help="read special-token literals typed in messages as control tokens "
                           "(the unsanitized reading becomes the IDs; the check still names "
                           "each one)")
    chat.add_argument("--json", action="store_true", help="one JSON object (stable format)")
    _add_tiktoken_options(chat)
    for command in (diff_command, golden_command, fingerprint_command):
        command.add_parser(sub)
    return parser, dict(sub.choices)


def _iso_time(value: str):
    from datetime import datetime

    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO-8601 time: {value!r}") from None


def _allowed_special(value: str) -> str | frozenset[str]:
    """``--allowed-special``: ``all``, or literals separated by commas.

    >>> sorted(_allowed_special("<|im_start|>,<|im_end|>")), _allowed_special("all")
    (['<|im_end|>', '<|im_start|>'], 'all')
    """
    if value == "all":
        return "all"
    literals = frozenset(item for item in value.split(",") if item)
    if not literals:
        raise argparse.ArgumentTypeError("give special-token literals separated by commas, or all")
    return literals


def _add_postprocess_options(parser: argparse.ArgumentParser) -> None:
    """Post-processing as tokenizers' encode(a, b) / enable_truncation / enable_padding."""
    group = parser.add_argument_group(
        "post-processing", "a pair, the template, truncation and padding, computed as the "
        "tokenizers library's encode(a, b), enable_truncation and enable_padding")
    group.add_argument("--pair", metavar="TEXT", help="a second text, encoded as a pair")
    group.add_argument("--post-template", metavar="SINGLE",
                       help="the template for one text in tokenizers' syntax, such as "
                            "'[CLS] $A [SEP]' (default: the tokenizer's own)")
    group.add_argument("--post-template-pair", metavar="PAIR",
                       help="the template for a pair, such as '[CLS] $A [SEP] $B:1 [SEP]:1'")
    group.add_argument("--max-length", type=_count, metavar="N",
                       help="truncate to N tokens, special tokens included")
    group.add_argument("--truncation-side", choices=("right", "left"), default="right")
    group.add_argument("--truncation-strategy", default="longest_first",
                       choices=("longest_first", "only_first", "only_second"))
    group.add_argument("--stride", type=_count, default=0, metavar="N",
                       help="overflow windows repeat the last N tokens of the one before")
    group.add_argument("--pad-to", type=_count, metavar="N", help="pad to N tokens")
    group.add_argument("--pad-multiple", type=_positive, metavar="N",
                       help="pad to a multiple of N tokens")
    group.add_argument("--pad-side", choices=("right", "left"), default="right")
    group.add_argument("--pad-id", type=_count, metavar="ID",
                       help="the pad token's ID (default: the tokenizer's pad, else its EOS, "
                            "else 0)")


def _texts(args) -> list[str]:
    """The texts to inspect: each line of ``--file`` (each JSON string of a ``.jsonl``), or
    TEXT, or standard input."""
    if args.file is not None:
        text = decode_utf8(args.file.read_bytes(), path=args.file)
        if args.file.suffix.lower() == ".jsonl":
            from core.jsonl_texts import jsonl_texts

            return jsonl_texts(text, args.file)
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()  # the newline that ends the file does not start another text
        return [line[:-1] if line.endswith("\r") else line for line in lines]
    if args.text is not None:
        return [args.text]
    if sys.stdin.isatty():
        raise WorkbenchError("no text: give TEXT, --file PATH, or pipe text on standard input")
    return [sys.stdin.read()]


def _encodings(runtime, texts: list[str], args) -> Iterator[Encoding]:
    """Each text's Encoding, batch by batch (a batch converts spans for all its texts at once)."""
    for k in range(0, len(texts), FILE_BATCH):
        yield from runtime.encode_batch(texts[k:k + FILE_BATCH],
                                        add_special_tokens=not args.no_special,
                                        parse_special=args.parse_special,
                                        allowed_special=args.allowed_special)


def text_notes(runtime, text: str, enc: Encoding) -> list[Note]:
    """What a user should know about this encoding: how the tokenizer is run, special-token
    literals in the text, a failed round trip."""
    return runtime.notes + enc.warnings + round_trip_notes(runtime.round_trip(text, enc))


def format_table(enc: Encoding, unit: Unit) -> str:
    """The token table as aligned text columns."""
    shown = [c for c, name in enumerate(TOKEN_COLUMNS) if name != "Original text"]
    rows = [("#", "piece", "id", "bytes", f"span ({unit.value})", "flags")]
    rows.extend(tuple(row[c] for c in shown) for row in token_rows(enc, range(len(enc)), unit))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    counts = enc.index.counts()
    lines.append(f"{len(enc)} tokens · {counts['grapheme']} graphemes · {counts['cp']} code points"
                 f" · {counts['utf16']} UTF-16 units · {counts['bytes']} bytes")
    return "\n".join(lines)


def cmd_inspect(args) -> int:
    if args.parse_special and args.allowed_special is not None:  # a usage error, as argparse's
        print("tokbench inspect: error: --parse-special reads every special-token literal and "
              "--allowed-special chooses some: give one of them", file=sys.stderr)
        return EXIT_USAGE
    runtime = _open(args.tokenizer, _load_options(args))
    texts = _texts(args)
    post = _postprocess_settings(runtime, args)
    if post is not None:
        return _inspect_postprocessed(runtime, texts, args, post)
    template = _own_template_json(runtime, not args.no_special) if args.json else None
    for text, enc in zip(texts, _encodings(runtime, texts, args)):
        notes = text_notes(runtime, text, enc)
        if args.json:
            record = enc.to_json()
            record.update(_plain_window_json(enc), template=template)
            record["notes"] = [n.to_json() for n in notes]
            print(json.dumps(record, ensure_ascii=False))
            continue
        _print_heading(runtime, text, notes)
        print(format_table(enc, args.unit))
        print()
    return 0


def _print_heading(runtime, text: str, notes: list[Note]) -> None:
    print(f"{runtime.name} ({runtime.source_format}, {runtime.library}) — "
          f"{visible_text(text[:60])}{'…' if len(text) > 60 else ''}")
    for n in notes:
        print(f"{'note' if n.severity == 'info' else n.severity}: {english(n)}")


def _plain_window_json(enc: Encoding) -> dict:
    """The post-processing keys of an encoding with no pair, truncation or padding: what
    :func:`core.postprocess.postprocess` gives then (type IDs 0, all attended, the special-tokens
    mask marking the tokens the post-processor added), without encoding again."""
    inserted = ((enc.flags & Flag.INSERTED) != 0).astype(int).tolist()
    return {"type_ids": [0] * len(enc), "attention_mask": [1] * len(enc),
            "special_tokens_mask": inserted,
            "sequence_ids": [None if i else 0 for i in inserted],
            "overflow": [], "truncated": []}


def _own_template_json(runtime, add_special_tokens: bool) -> dict | None:
    """The tokenizer's own template for the JSON (null where the workbench cannot describe
    its post-processor; the native runtime still applies it)."""
    from core.postprocess import PostprocessError, tokenizer_template

    try:
        template = tokenizer_template(runtime)
    except PostprocessError:
        return None
    return _template_json(template, False, add_special_tokens)


def _template_json(template, pair: bool, add_special_tokens: bool) -> dict:
    return {"notation": template.notation(pair), "origin": template.origin,
            "description": template.describe(pair), "applied": add_special_tokens}


def _postprocess_settings(runtime, args) -> dict | None:
    """The template, truncation and padding the options ask for; None when they ask for none
    (then the tokenizer's own, run natively, batch by batch)."""
    from core.postprocess import PostSettings

    if args.post_template_pair and not args.post_template:
        raise WorkbenchError("--post-template-pair needs --post-template (the single form)")
    settings = PostSettings(args.pair, args.post_template, args.post_template_pair,
                            args.max_length, args.truncation_side, args.truncation_strategy,
                            args.stride, args.pad_to, args.pad_multiple, args.pad_side,
                            args.pad_id)
    return settings.resolve(runtime) if settings.active else None


def _inspect_postprocessed(runtime, texts: list[str], args, post: dict) -> int:
    from core.postprocess import postprocess, window_encoding

    for text in texts:
        result = postprocess(runtime, text, args.pair, add_special_tokens=not args.no_special,
                             parse_special=args.parse_special, **post)
        enc = result.encodings[0]
        notes = text_notes(runtime, text, enc) + result.notes
        if args.json:
            record = _postprocessed_json(runtime, result, notes, not args.no_special)
            print(json.dumps(record, ensure_ascii=False))
            continue
        _print_heading(runtime, text, notes)
        print(f"template: {result.template.notation(args.pair is not None)} — "
              f"{result.template.describe(args.pair is not None)}")
        if args.pair is None:
            print(format_table(window_encoding(result, piece_of=runtime.piece), args.unit))
        else:
            print(_format_pair_window(runtime, result))
        window = result.window
        print(f"type_ids: {window.type_ids}\nattention_mask: {window.attention_mask}")
        for cut in result.truncated:
            print(f"truncated: {cut.count} tokens of text {'AB'[cut.sequence]}, code points "
                  f"{cut.span[0]}–{cut.span[1]}: {visible_text(cut.text[:60])}"
                  f"{'…' if len(cut.text) > 60 else ''}")
        for k, over in enumerate(result.overflow, 1):
            print(f"overflow {k}: {over.ids}")
        print()
    return 0


def _postprocessed_json(runtime, result, notes: list[Note], add_special_tokens: bool) -> dict:
    """The stable JSON of a post-processed text (see README, "Command line")."""
    from core.postprocess import window_encoding

    window = result.window
    if len(result.encodings) == 1:
        tokens = window_encoding(result, piece_of=runtime.piece).to_json()["tokens"]
    else:
        tokens = _pair_tokens_json(runtime, result)
    pair = len(result.encodings) == 2
    record = {"ids": window.ids, "tokens": tokens, **window.to_json(),
              "overflow": [w.to_json() for w in result.overflow],
              "truncated": [t.to_json() for t in result.truncated],
              "template": _template_json(result.template, pair, add_special_tokens),
              "notes": [n.to_json() for n in notes]}
    return record


def _pair_tokens_json(runtime, result) -> list[dict]:
    """Tokens of a pair's window: a text's token as in its own encoding's JSON (spans on that
    text), an added or pad token with null spans."""
    own = [enc.to_json()["tokens"] for enc in result.encodings]
    window = result.window
    tokens = []
    for k, (token_id, seq, pos) in enumerate(zip(window.ids, window.sequence_ids,
                                                 window.positions)):
        if seq is not None:
            tokens.append(own[seq][pos])
            continue
        piece = runtime.piece(token_id)
        tokens.append({"id": token_id, "piece": piece, "bytes": piece.encode("utf-8").hex(),
                       "spans": None, "flags": ["special"] + (
                           ["pad"] if window.attention_mask[k] == 0 else [])})
    return tokens


def _format_pair_window(runtime, result) -> str:
    window = result.window
    rows = [("#", "piece", "id", "text", "type", "attention")]
    for k, (token_id, seq, pos) in enumerate(zip(window.ids, window.sequence_ids,
                                                 window.positions)):
        piece = (result.encodings[seq].display_piece(pos) if seq is not None
                 else runtime.piece(token_id))
        rows.append((str(k), piece, str(token_id), "-" if seq is None else "AB"[seq],
                     str(window.type_ids[k]), str(window.attention_mask[k])))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
                     for row in rows)


def cmd_import(args) -> int:
    from core.bundle import load_bundle
    from core.loading import open_tokenizer, save_loaded

    loaded = open_tokenizer(args.source, **_load_options(args))
    path = save_loaded(loaded, args.output, name=args.name, version=args.version)
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


def cmd_stream(args) -> int:
    from core.stream import parse_ids
    from core.stream_run import replay

    if args.ids == "-":
        ids = parse_ids(sys.stdin.read(), "standard input")
    else:
        path = Path(args.ids)
        ids = parse_ids(decode_utf8(path.read_bytes(), path=path, strip_bom=True), path)
    runtime = _open(args.tokenizer, _load_options(args))
    run = replay(runtime, ids, chunk=args.chunk, stops=args.stop, stop_ids=args.stop_id)
    if run.error is not None:
        raise run.error
    steps = [{"step": s.index, "ids": list(s.ids[:s.taken]), "text": s.text,
              **({"end": True} if s.final else {})} for s in run.steps]
    hit = run.stop
    stop = None if hit is None else {
        "stop": hit.stop, "kind": "id" if isinstance(hit.stop, int) else "string",
        "token_index": hit.token_index, "char_offset": hit.char_offset}
    if args.json:
        print(json.dumps({"steps": steps, "text": run.text, "stop": stop}, ensure_ascii=False))
        return 0
    for step in steps:
        ids_shown = "end" if step.get("end") else " ".join(map(str, step["ids"]))
        print(f"{step['step']:>4}  {ids_shown:<{6 * args.chunk}}  "
              f"{json.dumps(step['text'], ensure_ascii=False)}")
    if stop is None:
        print(f"no stop; {len(ids)} IDs, {len(run.text)} characters")
    else:
        shown = json.dumps(hit.stop, ensure_ascii=False)
        print(f"stopped by {stop['kind']} {shown} at token {hit.token_index}, character "
              f"{hit.char_offset}")
    print(f"text: {json.dumps(run.text, ensure_ascii=False)}")
    return 0


def _chat_variables(items: list[str]) -> dict:
    """``--var NAME=JSON`` values, parsed."""
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.isidentifier():
            raise WorkbenchError(f"--var {item!r}: expected NAME=JSON (enable_thinking=false)")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError as err:
            raise WorkbenchError(f"--var {name}: {value!r} is not a JSON value ({err.msg}); a "
                                 f'string needs quotes: {name}=\'"text"\'') from None
    return out


def _check_template_name(name: str | None, templates) -> None:
    """A ``--template`` that is not a file must name one of the tokenizer's templates or a
    built-in one (else it would be rendered as template text)."""
    from core.chat import BUILTIN_TEMPLATES

    named = sorted(templates) if isinstance(templates, dict) else []
    if name is None or name in named or name in BUILTIN_TEMPLATES:
        return
    own = f"the tokenizer's templates ({', '.join(named)}), " if named else ""
    raise WorkbenchError(f"--template {name!r}: no such file, and not one of {own}"
                         f"the built-in templates ({', '.join(BUILTIN_TEMPLATES)})")


def cmd_chat(args) -> int:
    from core.chat import ChatTemplateError
    from core.chat.report import chat_report
    from core.chat.sources import (choose_template, named_templates, template_from_file,
                                   templates_of, tokenizer_special_token_variables)
    from core.special import named_special_tokens
    from core.chat.conversation import parse_conversation
    from core.configs import Configs, parse_json_text, read_text

    if len(args.paths) > 2:
        raise WorkbenchError("chat takes [TOKENIZER] CONVERSATION.json: too many paths")
    tokenizer_path = args.paths[0] if len(args.paths) == 2 else None
    conv_path = Path(args.paths[-1])
    if tokenizer_path is None and (args.preset or args.pattern or args.special_tokens):
        raise WorkbenchError("--preset, --pattern and --special-tokens describe a tokenizer: "
                             "give TOKENIZER before CONVERSATION.json")
    conversation = parse_conversation(
        decode_utf8(conv_path.read_bytes(), path=conv_path, strip_bom=True), conv_path)
    variables = _chat_variables(args.var)
    loaded = None
    if tokenizer_path is not None:
        from core.loading import open_tokenizer

        loaded = open_tokenizer(tokenizer_path, **_load_options(args))
    config = (Configs(tokenizer_config=parse_json_text(read_text(args.config), args.config))
              if args.config else None)
    special = None  # the tokenizer's own named special tokens, unless --config names others
    if config is not None:
        special = {**(tokenizer_special_token_variables(loaded.runtime, loaded.configs)
                      if loaded is not None else {}), **named_special_tokens(config)}
    try:
        if args.template is not None and Path(args.template).is_file():
            templates, name = template_from_file(args.template), None
        else:
            # a name: one of the tokenizer's (or --config's) named templates, else a built-in
            if config is not None:
                templates = named_templates(config.tokenizer_config, path=args.config)
            else:
                templates = templates_of(loaded.configs) if loaded is not None else None
            name = args.template
            _check_template_name(name, templates)
        template = choose_template(templates, name, tools=conversation.tools)
        report = chat_report(template, conversation, runtime=loaded.runtime if loaded else None,
                             configs=loaded.configs if loaded else None,
                             special_tokens=special, variables=variables,
                             add_generation_prompt=args.add_generation_prompt,
                             continue_final_message=args.continue_final_message,
                             now=args.now, context=args.context,
                             parse_content_specials=args.parse_content_specials)
    except ChatTemplateError as err:
        if args.json:
            print(json.dumps({"error": err.as_json()}, ensure_ascii=False))
        else:
            print(f"tokbench: template error: {err}", file=sys.stderr)
        return EXIT_TEMPLATE
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
        return EXIT_OK
    _print_chat(report)
    return EXIT_OK


def _print_chat(report) -> None:
    """The text form of a :class:`core.chat.result.ChatReport`."""
    from core.notes import english

    print(report.text, end="" if report.text.endswith("\n") else "\n")
    if report.encoded:
        print("-" * 40)
        for i, token in enumerate(report.tokens):
            who = "" if token.message is None else f"{token.message}:{token.role}"
            mask = "*" if report.assistant_mask[i] else " "
            print(f"{i:>5} {token.id:>8} {mask} {token.source:<8} {who:<14} "
                  f"{json.dumps(token.piece, ensure_ascii=False)}")
    budget = report.budget
    if budget is not None:
        parts = ", ".join(f"{role} {n}" for role, n in budget.by_role.items())
        print(f"tokens: {budget.total} ({parts}; tools {budget.tools}, documents "
              f"{budget.documents}, template {budget.template}, generation prompt "
              f"{budget.generation_prompt})")
        if budget.context is not None:
            print(f"context {budget.context}: {budget.remaining} left")
        if budget.truncated:
            cut = budget.truncated
            print(f"truncation at {budget.context} cuts {cut.tokens} tokens from character "
                  f"{cut.from_char} (messages {list(cut.messages)})")
    if report.bos is not None:
        sides = [f"{name} {json.dumps(side[0], ensure_ascii=False)} (ID {side[1]})"
                 for name, side in (("template", report.bos.template),
                                    ("post-processor", report.bos.post_processor)) if side]
        print(f"BOS: {report.bos.source.replace('_', '-')}"
              + (f" — {', '.join(sides)}" if sides else ""))
    for check in report.checks:
        print(f"{check.severity}: {english(check)}", file=sys.stderr)


COMMANDS = {"chat": cmd_chat, "inspect": cmd_inspect, "import": cmd_import, "verify": cmd_verify,
            "export": cmd_export, "train": cmd_train, "stream": cmd_stream,
            "align": align_command.run, "audit": audit_command.run,
            "diff": diff_command.run, "golden": golden_command.run,
            "fingerprint": fingerprint_command.run,
            "report": report_command.run}


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Parse as users type: a sub-command's options and positionals in any order.

    argparse alone hands ``inspect TOK --json TEXT`` to the sub-command in one pass that fills
    the optional TEXT at ``TOK`` and then rejects the later TEXT; a sub-command parsed with
    ``parse_intermixed_args`` takes its options first and then all its positionals.
    """
    parser, commands = _parser()
    if argv and argv[0] in commands:
        args = commands[argv[0]].parse_intermixed_args(argv[1:])
        args.command = argv[0]
        return args
    return parser.parse_args(argv)  # --help, a misspelt command: argparse's own messages


def _quiet_stdout() -> None:
    """After a broken pipe, point stdout at devnull: the interpreter's final flush of what is
    still buffered would fail again and print an error (as the Python docs on SIGPIPE advise)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (a test captures it): nothing will be flushed to a pipe


def _stopped(stop: KeyboardInterrupt) -> int:
    """Say what stopped the run (Ctrl-C, SIGTERM, SIGHUP); its exit code: 130, 143, 129."""
    try:
        print(f"\ntokbench: {stop_reason(stop)}; nothing was written", file=sys.stderr)
    except OSError:
        pass  # the terminal is gone (SIGHUP): the exit code says it
    return stop_exit_code(stop)


def main(argv: Sequence[str] | None = None) -> int:
    keep_freed_memory()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        from app.__main__ import main as gui_main

        return gui_main([])
    try:
        args = parse_args(argv)  # imports each command's module: Ctrl-C may land here too
    except SystemExit as stop:  # argparse: 2 for bad arguments, 0 for --help
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    except KeyboardInterrupt as stop:
        return _stopped(stop)
    if args.command is None:
        _parser()[0].print_help()
        return EXIT_USAGE
    try:
        with raise_on_stop_signals():  # SIGTERM, SIGHUP: cleaned up as Ctrl-C is
            code = COMMANDS[args.command](args)
            sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
        return code
    except WorkbenchError as err:
        print(f"tokbench: error: {err}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # before OSError, its base class: a reader closed the pipe
        _quiet_stdout()
        return 0
    except OSError as err:
        print(f"tokbench: error: {err.filename or ''}: {err.strerror or err}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt as stop:  # Ctrl-C 130, SIGTERM 143, SIGHUP 129
        return _stopped(stop)
    except Exception as err:  # a bug: say so in one line; the traceback is for developers
        if os.environ.get("TOKBENCH_DEBUG"):
            raise
        print(f"tokbench: internal error: {type(err).__name__}: {err} "
              "(set TOKBENCH_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    from app.launch import restore

    restore(_STARTING)
    sys.exit(main())
