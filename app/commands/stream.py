"""``tokbench stream``: decode token IDs as a server streams them: what is emitted at each step,
and where a stop matched.

    tokbench stream TOKENIZER IDS.json [--stop STR]... [--stop-id ID]... [--chunk N]
                    [--prefill IDS] [--skip-special] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from app.cli_args import _add_tiktoken_options, _load_options, _open, _positive
from app.cli_output import print_json
from core.stream.run import JSON_VERSION as STREAM_JSON_VERSION
from core.text.utf8 import decode_utf8

NAME = "stream"
JSON_VERSION = STREAM_JSON_VERSION  # the JSON is core's (StreamRun.to_json); the GUI exports it
_INLINE_IDS = re.compile(r"\s*\[.*\]\s*|[\d\s,]+", re.DOTALL)  # '[1, 733]' or '1,733'


def add_parser(sub) -> argparse.ArgumentParser:
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
                        help="IDs arriving together at each step, decoded as one step "
                             "(default 1)")
    stream.add_argument("--prefill", metavar="IDS",
                        help="the prompt's IDs (a JSON file as IDS, or inline: '[1, 733]'): "
                             "context whose text is not emitted; a character they leave open "
                             "is completed by the stream")
    stream.add_argument("--skip-special", action="store_true",
                        help="leave out special tokens, as skip_special_tokens=True")
    stream.add_argument("--json", action="store_true", help="one JSON object (stable format)")
    _add_tiktoken_options(stream)
    return stream


def run(args) -> int:
    from core.stream.decode import parse_ids
    from core.stream.run import replay, stop_kind

    if args.ids == "-":
        ids = parse_ids(sys.stdin.read(), "standard input")
    else:
        path = Path(args.ids)
        ids = parse_ids(decode_utf8(path.read_bytes(), path=path, strip_bom=True), path)
    prefill = []
    if args.prefill is not None:
        if _INLINE_IDS.fullmatch(args.prefill):
            inline = args.prefill.strip()
            prefill = parse_ids(inline if inline.startswith("[") else f"[{inline}]", "--prefill")
        else:
            path = Path(args.prefill)
            prefill = parse_ids(decode_utf8(path.read_bytes(), path=path, strip_bom=True), path)
    runtime = _open(args.tokenizer, _load_options(args))
    run = replay(runtime, ids, chunk=args.chunk, stops=args.stop, stop_ids=args.stop_id,
                 prefill=prefill, skip_special=args.skip_special)
    if run.error is not None:
        raise run.error
    if args.json:
        print_json(NAME, JSON_VERSION, run.to_json())
        return 0
    if prefill:
        print(f"after a prompt of {len(prefill)} IDs (not emitted)")
    for step in run.steps:
        ids_shown = "end" if step.final else " ".join(map(str, step.ids[:step.taken]))
        print(f"{step.index:>4}  {ids_shown:<{6 * args.chunk}}  "
              f"{json.dumps(step.text, ensure_ascii=False)}")
    hit = run.stop
    if hit is None:
        print(f"no stop; {len(ids)} IDs, {len(run.text)} characters")
    else:
        shown = json.dumps(hit.stop, ensure_ascii=False)
        print(f"stopped by {stop_kind(hit)} {shown} at token {hit.token_index}, character "
              f"{hit.char_offset}")
    print(f"text: {json.dumps(run.text, ensure_ascii=False)}")
    return 0
