"""Benchmarks of the tokenizer diff.

    make bench                      # part of it
    python -m tests.bench.diff [--repeat 3] [--vocab 200000]

(a) **Contract diff** of two ~200k byte-level vocabularies: two tiktoken rank files written here
(the 256 bytes, then ``--vocab`` random multi-byte tokens; the second with 1% of the tokens
removed, 1% moved and 2,000 appended), diffed with :func:`core.diff.report.diff_tokenizers`
(vocabulary map, specials, parts, golden IDs, verdict), and the vocabulary map alone
(:func:`core.diff.vocab.map_views`, model views built beforehand).

(b) **Behaviour diff** of 4,000 FLORES lines (20 languages × ``--lines`` 200) between GPT-2 (tiktoken) and
claude-legacy (``tokenizers``) with :func:`core.diff.behaviour.behaviour_diff`, set against
encoding the same lines with both native libraries' batch calls (tiktoken
``encode_ordinary_batch``, tokenizers ``encode_batch``): the ratio is the diff's cost over the
bare encoding.

Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import base64
import random
import tempfile
import time
from pathlib import Path

from tests.bench import results
from tests.bench.results import save
from tests.conftest import FLORES, TOKENIZERS

LANGS = ["eng_Latn", "zho_Hans", "jpn_Jpan", "kor_Hang", "arb_Arab", "hin_Deva", "rus_Cyrl",
         "tha_Thai", "amh_Ethi", "mya_Mymr", "deu_Latn", "fra_Latn", "spa_Latn", "por_Latn",
         "tur_Latn", "vie_Latn", "ell_Grek", "heb_Hebr", "tam_Taml", "ukr_Cyrl"]


def best(repeat: int, work) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return min(times), result


def write_rank_file(path: Path, tokens: list[bytes]) -> None:
    path.write_bytes(b"".join(base64.b64encode(t) + b" %d\n" % r for r, t in enumerate(tokens)))


def rank_files(folder: Path, size: int) -> tuple[Path, Path]:
    rng = random.Random(0)
    tokens = [bytes([b]) for b in range(256)]
    seen = set(tokens)
    while len(tokens) < size:
        token = bytes(rng.randrange(256) for _ in range(rng.randrange(2, 12)))
        if token not in seen:
            seen.add(token)
            tokens.append(token)
    new = list(tokens)
    for k in sorted(rng.sample(range(256, size), size // 100), reverse=True):
        del new[k]  # removed
    moved = rng.sample(range(256, len(new)), size // 100)
    for a, b in zip(moved[::2], moved[1::2]):
        new[a], new[b] = new[b], new[a]  # moved
    extra = set(new)
    while len(new) < len(tokens) + 2000:
        token = bytes(rng.randrange(256) for _ in range(rng.randrange(2, 12)))
        if token not in extra:
            extra.add(token)
            new.append(token)
    old_path, new_path = folder / "old.tiktoken", folder / "new.tiktoken"
    write_rank_file(old_path, tokens)
    write_rank_file(new_path, new)
    return old_path, new_path


def contract(repeat: int, size: int) -> dict:
    from core.diff.report import diff_tokenizers
    from core.diff.vocab import map_views
    from core.loading import open_tokenizer

    with tempfile.TemporaryDirectory() as scratch:
        old_path, new_path = rank_files(Path(scratch), size)
        # the end-of-text token right after each file's ranks
        old, new = (open_tokenizer(path, preset="cl100k", special_tokens={
                        "<|endoftext|>": path.read_bytes().count(b"\n")})
                    for path in (old_path, new_path))
        started = time.perf_counter()
        views = old.runtime.model_view(), new.runtime.model_view()
        views_s = time.perf_counter() - started
        print(f"    (the runtimes' model views, built once per tokenizer and cached: "
              f"{views_s:.2f} s for both)")
        map_s, (vocab, _) = best(repeat, lambda: map_views(*views))
        print(f"(a) vocabulary map of {len(views[0].pieces):,} vs {len(views[1].pieces):,} ids: "
              f"{map_s * 1000:.0f} ms  {vocab.counts()}")
        seconds, diff = best(repeat, lambda: diff_tokenizers(old, new))
        print(f"    whole contract diff (specials, parts, golden IDs, verdict): "
              f"{seconds * 1000:.0f} ms, verdict {diff.verdict}")
        return {"old_ids": len(views[0].pieces), "new_ids": len(views[1].pieces),
                "model_views_s": views_s, "vocabulary_map_s": map_s,
                "contract_diff_s": seconds, "verdict": diff.verdict}


def behaviour(repeat: int, lines_per_language: int = 200) -> dict:
    import tiktoken
    from tokenizers import Tokenizer

    from core.diff.behaviour import behaviour_diff
    from core.loading import open_tokenizer

    items = []
    for lang in LANGS:
        lines = (FLORES / f"{lang}.dev").read_text(encoding="utf-8").splitlines()[:lines_per_language]
        items += [(lang, line) for line in lines]
    texts = [t for _, t in items]
    old = open_tokenizer(TOKENIZERS / "gpt2.tiktoken")
    new = open_tokenizer(TOKENIZERS / "claude-legacy" / "tokenizer.json")
    old.runtime.encode_batch(texts[:10]), new.runtime.encode_batch(texts[:10])  # warm
    seconds, diff = best(repeat, lambda: behaviour_diff(old.runtime, new.runtime, items))
    ranks = {old.runtime.token_bytes(i): i for i in range(50256)}
    gpt2 = tiktoken.Encoding("gpt2", pat_str=old.runtime.pattern, mergeable_ranks=ranks,
                             special_tokens={})
    claude = Tokenizer.from_file(str(TOKENIZERS / "claude-legacy" / "tokenizer.json"))
    native, _ = best(repeat, lambda: (gpt2.encode_ordinary_batch(texts),
                                      claude.encode_batch(texts)))
    data = diff.to_json()
    print(f"(b) behaviour diff of {len(texts):,} lines × 2 tokenizers: {seconds:.2f} s; native "
          f"batch encodes {native:.2f} s; ratio {seconds / native:.1f}× "
          f"(IDs differ {data['ids_differ']:.0%}, tokens new/old {data['token_ratio']:.3f})")
    return {"lines": len(texts), "behaviour_diff_s": seconds, "native_batch_s": native,
            "ratio": seconds / native, "ids_differ": data["ids_differ"]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--vocab", type=int, default=200_000)
    parser.add_argument("--lines", type=int, default=200, help="FLORES lines per language")
    parser.add_argument("--json", type=Path, help="also save the figures here (bench.results)")
    results.add_tiny(parser)
    args = parser.parse_args(argv)
    if not FLORES.is_dir():
        print(f"skipped: {FLORES} is absent")
        return 0
    if args.tiny:
        args.repeat, args.vocab, args.lines = 1, 2000, 5
    contracted = contract(args.repeat, args.vocab)
    found = behaviour(args.repeat, args.lines)
    tables = {"contract diff of two random byte-level vocabularies": [contracted],
              "behaviour diff on FLORES against native batch encodes": [found]}
    figures = results.judge("Tokenizer diff", [results.Figure(
        f"behaviour diff of {found['lines']:,} lines / 2 native batch encodes",
        f"{found['behaviour_diff_s']:.2f} s", f"{found['native_batch_s']:.2f} s",
        found["ratio"], 1.2)])
    tables = {results.GOALS: results.goal_rows(figures), **tables}
    if args.json:
        save(args.json, "diff", tables, {"repeat": args.repeat, "vocab": args.vocab})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
