"""Named tiktoken presets: the pre-tokenizer regex, special tokens and normalization of
well-known byte-level BPE tokenizers shipped as tiktoken rank files.

The regexes and ids are public facts of each tokenizer; special ids that follow the ranks are
given relative to the number of ranks so a preset also fits a file of another size.

>>> preset("gpt2").name
'r50k'
>>> preset("llama3").special_tokens(128000)["<|eot_id|>"]
128009
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

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
    """Find a preset by name or alias (case-insensitive)."""
    key = name.lower()
    for candidate in PRESETS:
        if key == candidate.name or key in candidate.aliases:
            return candidate
    names = ", ".join(p.name for p in PRESETS)
    raise ValueError(f"unknown preset {name!r}; known presets: {names} (gpt2 = r50k)")


def guess_preset(n_ranks: int) -> TiktokenPreset | None:
    """The preset whose real file has this many ranks, if any."""
    sizes = {50256: "r50k", 100256: "cl100k", 199998: "o200k", 128000: "llama3", 151643: "qwen"}
    return preset(sizes[n_ranks]) if n_ranks in sizes else None
