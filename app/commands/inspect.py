"""``tokbench inspect``: tokenize text and print every token (a table, or one JSON per text).

    tokbench inspect TOKENIZER [TEXT] [--file PATH] [--preset NAME] [--pattern REGEX]
                     [--special-tokens FILE.json|NAME=ID,...]
                     [--no-special] [--parse-special | --allowed-special LIT[,LIT]|all]
                     [--unit bytes|cp|utf16|grapheme] [--json]
                     [--pair TEXT] [--post-template SINGLE [--post-template-pair PAIR]]
                     [--max-length N [--truncation-side right|left] [--stride N]
                      [--truncation-strategy longest_first|only_first|only_second]]
                     [--pad-to N] [--pad-multiple N] [--pad-side right|left] [--pad-id ID]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Iterator

from app.cli_args import (EXIT_USAGE, _add_tiktoken_options, _count, _load_options, _open,
                          _positive)
from core.encoding import Encoding, Flag
from core.errors import WorkbenchError
from core.export import TOKEN_COLUMNS, token_rows
from core.notes import Note, english, round_trip_notes
from core.text import Unit, visible_text
from core.utf8 import decode_utf8

NAME = "inspect"
FILE_BATCH = 4096  # lines of a --file encoded per encode_batch call (memory stays bounded)


def add_parser(sub) -> argparse.ArgumentParser:
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
    return inspect


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


def run(args) -> int:
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
