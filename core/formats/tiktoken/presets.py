"""Named tiktoken presets: the pre-tokenizer regex, special tokens and normalization of
well-known byte-level BPE tokenizers shipped as tiktoken rank files.

The regexes and ids are public facts of each tokenizer; special ids that follow the ranks are
given relative to the number of ranks so a preset also fits a file of another size.

>>> preset("gpt2").name
'r50k'
>>> preset("llama3").special_tokens(128000)["<|eot_id|>"]
128009

A rank file with more ranks than a preset's real one can reach past the preset's fixed special
IDs (cl100k's ``<|endoftext|>`` is 100257): :func:`specials_fit` says which collide, where they
fit instead (after the last rank) and which presets fit as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Collection

from ...errors import WorkbenchError
from ...notes import note

R50K_PATTERN = (r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s""")
CL100K_PATTERN = (r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++"""
                  r"""[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""")
O200K_PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])
LLAMA3_PATTERN = (r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+"""
                  r"""[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+""")
QWEN_PATTERN = (r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+"""
                r"""[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+""")


def _fixed(table: dict[str, int]) -> Callable[[int], dict[str, int]]:
    return lambda n_ranks: dict(table)


def _llama3_specials(n_ranks: int) -> dict[str, int]:
    names = ["<|begin_of_text|>", "<|end_of_text|>", "<|reserved_special_token_0|>",
             "<|reserved_special_token_1|>", "<|finetune_right_pad_id|>",
             "<|reserved_special_token_2|>", "<|start_header_id|>", "<|end_header_id|>",
             "<|eom_id|>", "<|eot_id|>", "<|python_tag|>"]
    names += [f"<|reserved_special_token_{i}|>" for i in range(3, 3 + 256 - len(names))]
    return {name: n_ranks + i for i, name in enumerate(names)}


def _qwen_specials(n_ranks: int) -> dict[str, int]:
    names = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] + [f"<|extra_{i}|>" for i in range(205)]
    return {name: n_ranks + i for i, name in enumerate(names)}


@dataclass(frozen=True)
class TiktokenPreset:
    """How a tiktoken rank file is run.

    Attributes:
        name: canonical name.
        pattern: the pre-tokenizer regex (``regex``/fancy-regex syntax).
        special_tokens: number of ranks -> {literal: id}.
        bos: literal added at the start when special tokens are added (Llama 3), else None.
        normalization: Unicode normal form applied before encoding (Qwen applies NFC), else None.
    """

    name: str
    pattern: str
    special_tokens: Callable[[int], dict[str, int]]
    bos: str | None = None
    normalization: str | None = None
    aliases: tuple[str, ...] = field(default=())


PRESETS = [
    TiktokenPreset("r50k", R50K_PATTERN, _fixed({"<|endoftext|>": 50256}), aliases=("gpt2", "r50k_base")),
    TiktokenPreset("cl100k", CL100K_PATTERN,
                   _fixed({"<|endoftext|>": 100257, "<|fim_prefix|>": 100258,
                           "<|fim_middle|>": 100259, "<|fim_suffix|>": 100260,
                           "<|endofprompt|>": 100276}), aliases=("cl100k_base",)),
    TiktokenPreset("o200k", O200K_PATTERN,
                   _fixed({"<|endoftext|>": 199999, "<|endofprompt|>": 200018}),
                   aliases=("o200k_base",)),
    TiktokenPreset("llama3", LLAMA3_PATTERN, _llama3_specials, bos="<|begin_of_text|>",
                   aliases=("llama-3", "llama3.1")),
    TiktokenPreset("qwen", QWEN_PATTERN, _qwen_specials, normalization="NFC", aliases=("qwen1",)),
]


def preset(name: str) -> TiktokenPreset:
    """Find a preset by name or alias (case-insensitive); a name none has is the user's
    mistake (``--preset``), refused with a note naming the presets there are."""
    key = name.lower()
    for candidate in PRESETS:
        if key == candidate.name or key in candidate.aliases:
            return candidate
    raise WorkbenchError.of(note("tiktoken.unknown_preset", preset=name,
                                 presets=[p.name for p in PRESETS]))


def guess_preset(n_ranks: int, rank_ids: Collection[int] | None = None) -> TiktokenPreset | None:
    """The preset whose real file has this many ranks, if any (and, given the ranks, whose
    special IDs are none of them)."""
    sizes = {50256: "r50k", 100256: "cl100k", 199998: "o200k", 128000: "llama3", 151643: "qwen"}
    if n_ranks not in sizes:
        return None
    found = preset(sizes[n_ranks])
    if rank_ids is not None and specials_fit(found, rank_ids).colliding:
        return None
    return found


@dataclass(frozen=True)
class SpecialsFit:
    """A preset's special tokens against a rank file's ranks.

    Attributes:
        preset: the preset's name.
        colliding: its special tokens whose ID is a rank of the file (empty: they fit).
        after_ranks: all its special tokens, in ID order, on the IDs after the last rank.
        fitting: the presets whose special tokens fit these ranks as they are.
        last_rank: the file's highest rank.
    """

    preset: str
    colliding: dict[str, int]
    after_ranks: dict[str, int]
    fitting: tuple[str, ...]
    last_rank: int


def _collisions(candidate: TiktokenPreset, rank_ids: Collection[int]) -> dict[str, int]:
    return {literal: token_id for literal, token_id
            in candidate.special_tokens(len(rank_ids)).items() if token_id in rank_ids}


def specials_fit(candidate: TiktokenPreset, rank_ids: Collection[int]) -> SpecialsFit:
    """Whether ``candidate``'s special IDs are free in a file with these ranks, and what fits.

    >>> fit = specials_fit(preset("cl100k"), set(range(100300)))
    >>> fit.colliding["<|endoftext|>"], fit.after_ranks["<|endoftext|>"], fit.fitting
    (100257, 100300, ('o200k', 'llama3', 'qwen'))
    """
    ids = rank_ids if isinstance(rank_ids, (set, frozenset, range)) else set(rank_ids)
    last = max(ids)
    specials = candidate.special_tokens(len(ids))
    ordered = sorted(specials, key=specials.get)
    return SpecialsFit(candidate.name, _collisions(candidate, ids),
                       {literal: last + 1 + i for i, literal in enumerate(ordered)},
                       tuple(p.name for p in PRESETS if not _collisions(p, ids)), last)
