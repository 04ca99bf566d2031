"""Benchmark of the vocabulary audit: reachability of a 200k vocabulary, against encoding each
token's text natively.

    make bench                      # part of it
    python -m tests.bench.audit [--repeat 3] [--size 200000]

No shared tokenizer has 200k tokens (o200k is not shipped), so one is built in memory from the
shared files: the union of the token bytes of Tekken (150k ranks), claude-legacy (65k),
GPT-2 (50k), mistral-v3 (32k pieces), the Japanese SentencePiece model (8k) and BERT (30k), the
256 single bytes first, then Tekken's tokens in their rank order and the others after them, then
BERT's word pieces with a leading space, cut at ``--size`` — a tiktoken rank file with the o200k
pre-tokenizer regex. On it:

- **workbench**: :func:`core.audit.reachability.self_reachability` (partial check, own texts,
  ``Runtime.encode_batch`` over every text, compare);
- **native, one by one**: ``tiktoken.Encoding.encode_ordinary(text)`` for each token's text in a
  Python loop (what a script would write), and **native batch**: ``encode_ordinary_batch``;
- the whole audit (reachability + merge replay + sensitive rules + near duplicates).

The same for claude-legacy ``tokenizer.json`` (65k) against ``tokenizers``' ``encode`` one by one
and ``encode_batch``. Ratios are workbench / native (lower is better). Each figure is the best of
``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import base64
import json
import time
from pathlib import Path

from core.audit import audit_vocabulary
from core.audit.reachability import PARTIAL, own_texts, self_reachability
from core.loading import open_tokenizer
from tests.bench import results
from tests.bench.results import save
from tests.conftest import DEMO, TOKENIZERS, require_data


def union_ranks(size: int) -> dict[bytes, int]:
    """Token bytes of the shared tokenizers, as one rank file of ``size`` tokens (each
    tokenizer is read only when the ones before it did not fill the size)."""
    ranks: dict[bytes, int] = {}
    for data in _union_tokens():
        if data not in ranks:
            ranks[data] = len(ranks)
            if len(ranks) == size:
                break
    return ranks


def _union_tokens():
    """The 256 bytes, Tekken's tokens by rank, the other tokenizers' normal pieces, then
    BERT's word pieces with a leading space."""
    yield from (bytes([b]) for b in range(256))
    tekken = json.loads(require_data(TOKENIZERS / "mistral-tekken" / "tekken_240718.json")
                        .read_text(encoding="utf-8"))
    yield from (base64.b64decode(t["token_bytes"])
                for t in sorted(tekken["vocab"], key=lambda t: t["rank"]))
    for name in ("claude-legacy/tokenizer.json", "gpt2.tiktoken", "mistral-v3/tokenizer.model",
                 "sentencepiece/test_ja_model.model", "bert-minilm/tokenizer.json"):
        view = open_tokenizer(require_data(TOKENIZERS / name)).runtime.model_view()
        yield from (data for data, kind in zip(view.vocab, view.piece_kinds)
                    if kind == "normal" and data)
    yield from (b" " + data for data, piece in zip(view.vocab, view.pieces)  # BERT's, spaced
                if data and not piece.startswith(("##", "[")))


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def own_texts_of(runtime) -> list[str]:
    import numpy as np

    status = np.zeros(runtime.id_space, dtype=np.uint8)
    return own_texts(runtime, status, False)[1]


def report(name: str, runtime, one_by_one, batch, repeat: int) -> dict:
    texts = own_texts_of(runtime)
    ours = best(lambda: self_reachability(runtime), repeat)
    native_loop = best(lambda: [one_by_one(t) for t in texts], repeat)
    native_batch = best(lambda: batch(texts), repeat)
    whole = best(lambda: audit_vocabulary(runtime), 1)
    reach = self_reachability(runtime)
    print(f"{name}: {runtime.vocab_size:,} tokens ({len(texts):,} whole-character texts, "
          f"{int((reach.status == PARTIAL).sum()):,} partial)")
    print(f"  workbench reachability   {ours:7.2f} s")
    print(f"  native one by one        {native_loop:7.2f} s   ratio {ours / native_loop:.2f}")
    print(f"  native batch (encode only){native_batch:6.2f} s   ratio {ours / native_batch:.2f}")
    print(f"  whole audit              {whole:7.2f} s")
    return {"vocabulary": name, "tokens": runtime.vocab_size, "texts": len(texts),
            "reachability_s": ours, "native_one_by_one_s": native_loop,
            "ratio_one_by_one": ours / native_loop, "native_batch_s": native_batch,
            "ratio_batch": ours / native_batch, "whole_audit_s": whole}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--size", type=int, default=200_000)
    parser.add_argument("--json", type=Path, help="also save the figures here (bench.results)")
    results.add_tiny(parser)
    args = parser.parse_args(argv)
    if args.tiny:  # a 2,000-token union and the demo BPE (2k) for the tokenizer.json part
        args.size, args.repeat = 2000, 1
    from core.formats.tiktoken.presets import preset
    from core.formats.tiktoken.runtime import TiktokenRuntime

    ranks = union_ranks(args.size)
    runtime = TiktokenRuntime(ranks, name=f"union-{len(ranks)}", pattern=preset("o200k").pattern,
                              special={})
    enc = runtime.enc
    rows = [report(runtime.name, runtime, enc.encode_ordinary, enc.encode_ordinary_batch,
                   args.repeat)]

    name = "demo-bpe" if args.tiny else "claude-legacy"
    folder = DEMO if args.tiny else require_data(TOKENIZERS)
    json_runtime = open_tokenizer(folder / name / "tokenizer.json").runtime
    tk = json_runtime.tk
    rows.append(report(name, json_runtime,
                       lambda t: tk.encode(t, add_special_tokens=False).ids,
                       lambda ts: tk.encode_batch(ts, add_special_tokens=False), args.repeat))
    figures = results.judge("Vocabulary audit", [
        figure for row in rows for figure in (
            results.Figure(f"{row['vocabulary']}: reachability / native one by one",
                           f"{row['reachability_s']:.2f} s", f"{row['native_one_by_one_s']:.2f} s",
                           row["ratio_one_by_one"]),
            results.Figure(f"{row['vocabulary']}: reachability / native batch",
                           f"{row['reachability_s']:.2f} s", f"{row['native_batch_s']:.2f} s",
                           row["ratio_batch"]))])
    if args.json:
        save(args.json, "audit", {results.GOALS: results.goal_rows(figures),
                                  "self-reachability against native encoding": rows},
             {"repeat": args.repeat, "size": args.size})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
