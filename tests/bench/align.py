"""Benchmark of the span-alignment audit against encoding the same texts with offsets natively.

    make bench                      # part of it
    python -m tests.bench.align [--repeat 3]

The audit (:func:`core.align.audit.audit_dataset`: read the 5,343-sentence Japanese NER set from
its JSONL file, check every span, encode each chunk on each tokenizer, align every span) over 4
tokenizers — GPT-2 (tiktoken), BERT and claude-legacy (``tokenizers``), Mistral v3
(SentencePiece) — set against what the native libraries cost just to encode the same texts with
offsets: ``tokenizers`` ``encode_batch`` (offsets included), SentencePiece ``encode(out_type=
"proto")`` (byte offsets), tiktoken ``encode_ordinary`` + ``decode_with_offsets``. Ratio = audit /
native (target ≤ 1.5). Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from core.align.audit import audit_dataset
from core.align.dataset import Dataset
from core.loading import open_tokenizer
from tests.bench import results
from tests.conftest import DATA, TOKENIZERS

SPANS = DATA / "spans" / "ja_stockmark_ner_wikipedia.spans.jsonl"
R50K = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
TOKENIZER_FILES = [("gpt2", "gpt2.tiktoken", {"preset": "gpt2"}),
                   ("bert", "bert-minilm/tokenizer.json", {}),
                   ("claude-legacy", "claude-legacy/tokenizer.json", {}),
                   ("mistral", "mistral-v3/tokenizer.model", {})]


def native_encoders():
    """Each tokenizer on its own library, encoding many texts with offsets."""
    import sentencepiece as spm
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe
    from tokenizers import Tokenizer

    enc = tiktoken.Encoding("r50k", pat_str=R50K, mergeable_ranks=load_tiktoken_bpe(
        str(TOKENIZERS / "gpt2.tiktoken")), special_tokens={"<|endoftext|>": 50256})

    def gpt2(texts):
        return [enc.decode_with_offsets(ids) for ids in enc.encode_ordinary_batch(texts)]

    def hf(name):
        tk = Tokenizer.from_file(str(TOKENIZERS / name))
        tk.no_truncation()
        tk.no_padding()
        return lambda texts: [e.offsets for e in tk.encode_batch(texts, add_special_tokens=False)]

    sp = spm.SentencePieceProcessor(model_file=str(TOKENIZERS / "mistral-v3/tokenizer.model"))

    def mistral(texts):
        # the library's batch call (threads), as fair as the other libraries' batch calls
        return [[(p.begin, p.end) for p in proto.pieces]
                for proto in sp.encode(texts, out_type="proto")]

    return [gpt2, hf("bert-minilm/tokenizer.json"), hf("claude-legacy/tokenizer.json"), mistral]


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also save the figures here (bench.results)")
    results.add_tiny(parser)
    args = parser.parse_args(argv)
    if not SPANS.exists():
        print(f"skipped: {SPANS} is absent", file=sys.stderr)
        return 0
    if args.tiny:  # the first 50 sentences, one run
        args.repeat = 1
        with tempfile.TemporaryDirectory() as scratch:
            spans = Path(scratch) / SPANS.name
            head = SPANS.read_text(encoding="utf-8").splitlines()[:50]
            spans.write_text("\n".join(head) + "\n", encoding="utf-8")
            return run(spans, args)
    return run(SPANS, args)


def run(spans_file: Path, args) -> int:
    runtimes = [(name, open_tokenizer(TOKENIZERS / path, **options).runtime)
                for name, path, options in TOKENIZER_FILES]
    texts = [json.loads(line)["text"]
             for line in spans_file.read_text(encoding="utf-8").splitlines()]
    encoders = native_encoders()
    result = {}

    def audit():
        result["audit"] = audit_dataset(Dataset(spans_file), runtimes)

    audit()  # warm-up: first calls build lookup tables
    t_native = best(lambda: [encode(texts) for encode in encoders], args.repeat)
    t_audit = best(audit, args.repeat)
    spans = len(result["audit"].spans)
    print(f"align audit: {len(texts):,} sentences, {spans:,} spans x {len(runtimes)} tokenizers")
    print(f"  native encode with offsets: {t_native * 1000:8.1f} ms")
    print(f"  audit (read + check + encode + align): {t_audit * 1000:8.1f} ms")
    figures = results.judge("Span-alignment audit", [
        results.Figure(f"audit of {len(texts):,} sentences × {len(runtimes)} tokenizers",
                       f"{t_audit * 1000:.0f} ms", f"{t_native * 1000:.0f} ms",
                       t_audit / t_native, 1.5)])
    if args.json:
        row = {"sentences": len(texts), "spans": spans, "tokenizers": len(runtimes),
               "native_ms": t_native * 1000, "audit_ms": t_audit * 1000,
               "ratio": t_audit / t_native}
        results.save(args.json, "align", {
            results.GOALS: results.goal_rows(figures),
            "span audit against native encoding with offsets": [row]},
            {"repeat": args.repeat, "spans_file": spans_file.name})
    return 0


if __name__ == "__main__":
    sys.exit(main())
