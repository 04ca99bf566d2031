"""A Tekken tokenizer on tiktoken: Mistral's special tokens first, ranks after them
(:mod:`core.formats.tekken.read` reads the file)."""

from __future__ import annotations

from pathlib import Path

from ..tiktoken.runtime import TiktokenRuntime
from .read import tekken_tables


class TekkenRuntime(TiktokenRuntime):
    """tiktoken with IDs = rank + number of special tokens (the ``ranks`` given already are).

    Args:
        ranks: token bytes -> ID.
        special: literal -> ID (``<unk>``, ``<s>``, ``[INST]``..., then ``<SPECIAL_n>``).
        pattern: ``config.pattern``.
        version: the file's ``config.version``.
        listed_ranks: how many ranks the file lists (only the first ones are used).
    """

    source_format = "tekken"

    def __init__(self, ranks: dict[bytes, int], special: dict[str, int], pattern: str, *,
                 name: str = "tekken", path: object = None, version: str = "?",
                 listed_ranks: int | None = None) -> None:
        super().__init__(ranks, name=name, pattern=pattern, special=special, path=path)
        # Mistral prompts start with <s> (Tekkenizer.encode(bos=True)), as llama.cpp's tekken does
        self.bos = "<s>" if "<s>" in special else None
        self.version = version
        self.listed_ranks = listed_ranks if listed_ranks is not None else len(ranks)

    @property
    def model_facts(self) -> dict:
        """How the file lays out its IDs: special tokens first (``<SPECIAL_n>`` fillers among
        them), then the ranks it uses of those it lists."""
        return {"special_tokens": len(self.special),
                "named_special_tokens": sum(not s.startswith("<SPECIAL_") for s in self.special),
                "ranks": len(self.ranks), "listed_ranks": self.listed_ranks}

    def describe(self) -> dict[str, str]:
        info = super().describe()
        facts = self.model_facts
        info.pop("preset", None)
        info.update({
            "model": "byte-level BPE (Tekken ranks)",
            "tekken version": self.version,
            "special tokens": f"{facts['special_tokens']:,} (IDs 0–{facts['special_tokens'] - 1:,}, "
                              f"{facts['named_special_tokens']} named)",
            "ranks": f"{facts['ranks']:,} of {facts['listed_ranks']:,} listed, "
                     f"ID = rank + {facts['special_tokens']:,}",
        })
        return info

    def role_claims(self) -> list[tuple[str, str, list[int], str]]:
        """``(role, source, ids, content)``: the roles mistral-common's Tekkenizer gives by
        literal (its ``bos_id`` is the ID of ``<s>``...), before any guess from the string."""
        roles = {"<s>": "bos", "</s>": "eos", "<unk>": "unk", "<pad>": "pad"}
        return [(role, "mistral-common Tekkenizer", [self.special[literal]], literal)
                for literal, role in roles.items() if literal in self.special]

    def declared_roles(self) -> dict[str, str]:
        """The roles mistral-common names (transformers' ``MistralCommonBackend``)."""
        out: dict[str, str] = {}
        for role, _, _, content in self.role_claims():
            out.setdefault(role, content)
        return out

    def special_token_source(self) -> str:
        return "Tekken special tokens"

    def bundle_options(self) -> None:
        return None  # the .json file holds its pattern and special tokens itself


def load_tekken(path: Path, data: dict) -> TekkenRuntime:
    """Run a parsed ``tekken.json`` on tiktoken (:mod:`core.formats.tekken.read` for the ID layout)."""
    ranks, special, pattern, _ = tekken_tables(data, path)
    return TekkenRuntime(ranks, special, pattern, name=Path(path).stem, path=path,
                         version=str(data["config"].get("version", "?")),
                         listed_ranks=len(data["vocab"]))
