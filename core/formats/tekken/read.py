"""Mistral's Tekken tokenizer (``tekken.json``) read into tiktoken's tables, with Mistral's ID
layout (:func:`core.formats.tekken.runtime.load_tekken` runs them on tiktoken).

A Tekken file is byte-level BPE ranks (``vocab``: base64 ``token_bytes`` in rank order) with a
regex (``config.pattern``). Mistral puts its special tokens first: IDs ``0 ..
default_num_special_tokens - 1`` are special (those the file names, then ``<SPECIAL_n>`` fillers),
and a rank's ID is ``rank + default_num_special_tokens``. Only the first ``default_vocab_size -
default_num_special_tokens`` ranks are used. This is what ``mistral-common``'s ``Tekkenizer``
computes (its test oracle in ``tests/core/formats/tekken/test_tekken.py``).

>>> looks_like_tekken({"config": {"pattern": "x"}, "vocab": []})
True
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path

from ...errors import FormatError
from ...notes import note

# the special tokens of files before v7, which do not list them (mistral-common's
# Tekkenizer.DEPRECATED_SPECIAL_TOKENS, rank = position)
LEGACY_SPECIAL_TOKENS = (
    "<unk>", "<s>", "</s>", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]",
    "[TOOL_RESULTS]", "[/TOOL_RESULTS]", "[TOOL_CALLS]", "[IMG]", "<pad>", "[IMG_BREAK]",
    "[IMG_END]", "[PREFIX]", "[MIDDLE]", "[SUFFIX]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]",
    "[TOOL_CONTENT]")
FILLER = "<SPECIAL_{id}>"


def looks_like_tekken(data: dict) -> bool:
    """A parsed JSON file with Tekken's shape: a ``config`` with a ``pattern`` and a ``vocab``
    list."""
    config = data.get("config")
    return isinstance(config, dict) and "pattern" in config and isinstance(data.get("vocab"), list)


def tekken_tables(data: dict, path: object = None) -> tuple[dict[bytes, int], dict[str, int], str,
                                                             dict[str, bool]]:
    """``(ranks as IDs, special literal -> ID, pattern, special literal -> is_control)`` of a
    parsed ``tekken.json``. Raises :class:`FormatError` naming the file and the key."""
    config = data["config"]

    def number(key: str) -> int:
        value = config.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise FormatError.of(note("tekken.not_count", key=key, value=repr(value)), path=path)
        return value

    pattern = config.get("pattern")
    if not isinstance(pattern, str) or not pattern:
        raise FormatError.of(note("tekken.no_pattern"), path=path)
    vocab_size, n_special = number("default_vocab_size"), number("default_num_special_tokens")
    n_ranks = vocab_size - n_special
    vocab = data["vocab"]
    if n_ranks < 0:
        raise FormatError.of(note("tekken.vocab_below_specials", vocab_size=vocab_size,
                                  specials=n_special), path=path)
    if len(vocab) < n_ranks:
        raise FormatError.of(note("tekken.vocab_short", entries=len(vocab), vocab_size=vocab_size,
                                  specials=n_special, ranks=n_ranks), path=path)
    ranks: dict[bytes, int] = {}
    for index, entry in enumerate(vocab[:n_ranks]):
        try:
            token = base64.b64decode(entry["token_bytes"], validate=True)
            rank = entry["rank"]
        except (KeyError, TypeError, binascii.Error, ValueError):
            raise FormatError.of(note("tekken.entry_shape", index=index), path=path) from None
        if rank != index:
            raise FormatError.of(note("tekken.rank_out_of_order", index=index, rank=repr(rank)),
                                 path=path)
        if token in ranks:
            raise FormatError.of(note("tekken.bytes_repeated", index=index,
                                      rank=ranks[token] - n_special), path=path)
        ranks[token] = index + n_special
    listed = data.get("special_tokens")
    if listed is None:
        listed = [{"rank": i, "token_str": s, "is_control": True}
                  for i, s in enumerate(LEGACY_SPECIAL_TOKENS[:n_special])]
    if not isinstance(listed, list) or len(listed) > n_special:
        raise FormatError.of(note("tekken.specials_shape", specials=n_special), path=path)
    special: dict[str, int] = {}
    control: dict[str, bool] = {}
    for index, entry in enumerate(listed):
        literal = entry.get("token_str") if isinstance(entry, dict) else None
        rank = entry.get("rank") if isinstance(entry, dict) else None
        if not isinstance(literal, str) or not isinstance(rank, int) or not 0 <= rank < n_special:
            raise FormatError.of(note("tekken.special_shape", index=index, specials=n_special),
                                 path=path)
        if literal in special:
            raise FormatError.of(note("tekken.special_repeated", index=index, literal=literal),
                                 path=path)
        special[literal] = rank
        control[literal] = bool(entry.get("is_control", True))
    taken = set(special.values())
    for rank in range(n_special):  # mistral-common fills the rest with <SPECIAL_n> (n = rank)
        if rank not in taken:
            special[FILLER.format(id=rank)] = rank
            control[FILLER.format(id=rank)] = True
    return ranks, special, pattern, control
