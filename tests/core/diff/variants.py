"""Tokenizer variants for diff tests, derived from a ``tokenizer.json`` (as a dict): one more
merge (a re-training that went one step further), two special tokens swapped, a block of pieces
inserted at the front (every ID shifted by a constant), a merge removed.

Each returns a new dict; :func:`write` saves one as ``<folder>/tokenizer.json``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path


def write(spec: dict, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "tokenizer.json"
    path.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    return path


def _next_id(spec: dict) -> int:
    ids = list(spec["model"]["vocab"].values()) + [t["id"] for t in spec.get("added_tokens", [])]
    return max(ids) + 1


def _merge_pair(merge) -> tuple[str, str]:
    return tuple(merge.split(" ", 1)) if isinstance(merge, str) else tuple(merge)


def with_one_more_merge(spec: dict, pair: tuple[str, str] | None = None) -> tuple[dict, str]:
    """A BPE trained one merge further: ``pair`` (default: the last merge's result joined with
    itself) appended to the merges, its piece at a new ID past every other."""
    spec = copy.deepcopy(spec)
    model = spec["model"]
    if pair is None:
        last = "".join(_merge_pair(model["merges"][-1]))
        pair = (last, last)
    piece = pair[0] + pair[1]
    assert piece not in model["vocab"] and all(p in model["vocab"] for p in pair)
    merge = list(pair) if isinstance(model["merges"][-1], list) else " ".join(pair)
    model["merges"].append(merge)
    model["vocab"][piece] = _next_id(spec)
    return spec, piece


def without_merge(spec: dict, rank: int = 0) -> dict:
    """The merge at ``rank`` removed (its piece stays in the vocabulary, now unreachable)."""
    spec = copy.deepcopy(spec)
    del spec["model"]["merges"][rank]
    return spec


def with_specials_swapped(spec: dict, first: str, second: str) -> dict:
    """Two special tokens' IDs exchanged everywhere the file names them."""
    spec = copy.deepcopy(spec)
    vocab = spec["model"]["vocab"]
    a, b = vocab[first], vocab[second]
    swap = {a: b, b: a}
    vocab[first], vocab[second] = b, a
    for token in spec.get("added_tokens", []):
        token["id"] = swap.get(token["id"], token["id"])
    post = spec.get("post_processor") or {}
    for entry in (post.get("special_tokens") or {}).values():
        entry["ids"] = [swap.get(i, i) for i in entry["ids"]]
    for key in ("cls", "sep"):  # BertProcessing / RobertaProcessing keep [literal, id]
        if isinstance(post.get(key), list):
            post[key][1] = swap.get(post[key][1], post[key][1])
    return spec


def with_block_inserted(spec: dict, count: int, prefix: str = "[NEW") -> dict:
    """``count`` new pieces at IDs ``0 .. count - 1``; every old ID shifted by ``count``."""
    spec = copy.deepcopy(spec)
    model = spec["model"]
    shifted = {piece: i + count for piece, i in model["vocab"].items()}
    model["vocab"] = {**{f"{prefix}{k}]": k for k in range(count)}, **shifted}
    for token in spec.get("added_tokens", []):
        token["id"] += count
    post = spec.get("post_processor") or {}
    for entry in (post.get("special_tokens") or {}).values():
        entry["ids"] = [i + count for i in entry["ids"]]
    pad = spec.get("padding")
    if isinstance(pad, dict) and "pad_id" in pad:
        pad["pad_id"] += count
    return spec
