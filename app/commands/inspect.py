"""``tokbench inspect``: tokenize text and print every token (a table, or one JSON per text).

    tokbench inspect TOKENIZER [TEXT] [--file PATH] [--preset NAME] [--pattern REGEX]
                     [--special-tokens FILE.json|NAME=ID,...]
                     [--no-special] [--parse-special | --allowed-special LIT[,LIT]|all]
                     [--unit bytes|cp|utf16|grapheme] [--json]
                     [--pair TEXT] [--post-template SINGLE [--post-template-pair PAIR]]
                     [--max-length N [--truncation-side right|left] [--stride N]
                      [--truncation-strategy longest_first|only_first|only_second]]
                     [--pad-to N] [--pad-multiple N] [--pad-side right|left] [--pad-id ID]

The inspection is core's (:func:`core.inspect.inspect_texts`): ``--json`` prints each text's
:meth:`~core.inspect.InspectResult.to_json`, the table lays out core's rows by display width.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli_args import EXIT_OK, UsageError, _add_tiktoken_options, _count, _load_options, _open
from app.cli_output import print_json
from app.cli_table import layout
from core.encodings.encoding import Encoding
from core.encodings.export import TOKEN_COLUMNS, WINDOW_COLUMNS, token_rows, window_rows
from core.inspect import InspectResult, inspect_texts
from core.notes import english
from core.pipeline.postprocess import PostSettings
from core.text.offsets import Unit, visible_text
from core.text.utf8 import decode_utf8

NAME = "inspect"
JSON_VERSION = 1


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
    group.add_argument("--pad-multiple", type=_count, metavar="N",
                       help="pad to a multiple of N tokens (0: no multiple, as tokenizers' "
                            "pad_to_multiple_of=0)")
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
            from core.text.jsonl_texts import jsonl_texts

            return jsonl_texts(text, args.file)
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()  # the newline that ends the file does not start another text
        return [line[:-1] if line.endswith("\r") else line for line in lines]
    if args.text is not None:
        return [args.text]
    if sys.stdin.isatty():
        raise UsageError("no text: give TEXT, --file PATH, or pipe text on standard input")
    return [sys.stdin.read()]


def _post_settings(args) -> PostSettings:
    """The pair, template, truncation and padding the options ask for (inactive: none)."""
    if args.post_template_pair and not args.post_template:
        raise UsageError("--post-template-pair needs --post-template (the single form)")
    return PostSettings(args.pair, args.post_template, args.post_template_pair,
                        args.max_length, args.truncation_side, args.truncation_strategy,
                        args.stride, args.pad_to, args.pad_multiple, args.pad_side, args.pad_id)


def run(args) -> int:
    if args.parse_special and args.allowed_special is not None:
        raise UsageError("--parse-special reads every special-token literal and "
                         "--allowed-special chooses some: give one of them")
    settings = _post_settings(args)
    runtime = _open(args.tokenizer, _load_options(args))
    texts = _texts(args)
    for result in inspect_texts(runtime, texts, add_special_tokens=not args.no_special,
                                parse_special=args.parse_special,
                                allowed_special=args.allowed_special, post_settings=settings):
        if args.json:
            print_json(NAME, JSON_VERSION, result.to_json())
        else:
            _print_result(result, args.unit)
    return EXIT_OK


def format_table(enc: Encoding, unit: Unit) -> str:
    """The token table as text columns padded by display width, and the text's counts."""
    shown = [c for c, name in enumerate(TOKEN_COLUMNS) if name != "Original text"]
    rows = [("#", "piece", "id", "bytes", f"span ({unit.value})", "flags")]
    rows.extend(tuple(row[c] for c in shown) for row in token_rows(enc, range(len(enc)), unit))
    lines = layout(rows)
    counts = enc.index.counts()
    lines.append(f"{len(enc)} tokens · {counts['grapheme']} graphemes · {counts['cp']} code points"
                 f" · {counts['utf16']} UTF-16 units · {counts['bytes']} bytes")
    return "\n".join(lines)


def _print_result(result: InspectResult, unit: Unit) -> None:
    """One text's inspection as a heading, its notes, the table (a pair's model input), the
    post-processing facts."""
    runtime, text = result.runtime, result.encoding.text
    print(f"{runtime.name} ({runtime.source_format}, {runtime.library}) — "
          f"{visible_text(text[:60])}{'…' if len(text) > 60 else ''}")
    for n in result.all_notes():
        print(f"{'note' if n.severity == 'info' else n.severity}: {english(n)}")
    post = result.post
    if post is None:
        print(format_table(result.encoding, unit))
        print()
        return
    print(f"template: {post.template.notation(result.pair)} — "
          f"{post.template.describe(result.pair)}")
    if result.pair:
        print("\n".join(layout([WINDOW_COLUMNS, *window_rows(post, runtime.piece)])))
    else:
        print(format_table(result.encoding, unit))
    window = post.window
    print(f"type_ids: {window.type_ids}\nattention_mask: {window.attention_mask}")
    for cut in post.truncated:
        print(f"truncated: {cut.count} tokens of text {'AB'[cut.sequence]}, code points "
              f"{cut.span[0]}–{cut.span[1]}: {visible_text(cut.text[:60])}"
              f"{'…' if len(cut.text) > 60 else ''}")
    for k, over in enumerate(post.overflow, 1):
        print(f"overflow {k}: {over.ids}")
    print()
