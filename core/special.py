"""Special tokens: what they are, and finding their literals in user text.

Safe by default: a special-token string inside user text is encoded as ordinary text unless the
caller allows parsing; :func:`find_special_literals` lets the workbench flag such literals.

>>> toks = [SpecialToken("<|endoftext|>", 50256, kind="special", role="eos")]
>>> find_special_literals("a<|endoftext|>", toks)
[(1, 14, '<|endoftext|>')]
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

ROLE_BY_NAME = {
    # names used by tokenizer_config.json / special_tokens_map.json
    "bos_token": "bos", "eos_token": "eos", "pad_token": "pad", "unk_token": "unk",
    "cls_token": "cls", "sep_token": "sep", "mask_token": "mask",
}

# Well-known literals and the role they play, for formats that do not say.
ROLE_BY_CONTENT = {
    "<s>": "bos", "</s>": "eos", "<unk>": "unk", "<pad>": "pad", "[PAD]": "pad", "[UNK]": "unk",
    "[CLS]": "cls", "[SEP]": "sep", "[MASK]": "mask", "<|endoftext|>": "eos",
    "<|begin_of_text|>": "bos", "<|end_of_text|>": "eos", "<|eot_id|>": "end of turn",
    "<|im_start|>": "chat role", "<|im_end|>": "end of turn", "<|start_header_id|>": "chat role",
    "<|end_header_id|>": "chat role", "[INST]": "chat role", "[/INST]": "chat role",
    "[TOOL_CALLS]": "tool", "[AVAILABLE_TOOLS]": "tool", "[/AVAILABLE_TOOLS]": "tool",
    "[TOOL_RESULTS]": "tool", "[/TOOL_RESULTS]": "tool", "[IMG]": "image placeholder",
    "<|fim_prefix|>": "fim", "<|fim_middle|>": "fim", "<|fim_suffix|>": "fim",
    "<|endofprompt|>": "eos", "<mask>": "mask", "<cls>": "cls", "<sep>": "sep",
}


@dataclass(frozen=True)
class SpecialToken:
    """One entry of the special-token registry.

    Attributes:
        content: the literal string (``<|endoftext|>``).
        id: its token id.
        kind: ``control`` (SentencePiece control symbol), ``user_defined``, ``added`` (HF added
            token that is not special), ``special``, or ``unk``.
        role: bos, eos, pad, unk, cls, sep, mask, chat role, tool, ... or "" if unknown.
        parsable: whether the runtime can recognise it in text when parsing is allowed.
    """

    content: str
    id: int
    kind: str = "special"
    role: str = ""
    parsable: bool = True

    def to_json(self) -> dict:
        return {"content": self.content, "id": self.id, "kind": self.kind, "role": self.role,
                "parsable": self.parsable}

    @classmethod
    def from_json(cls, data: dict) -> "SpecialToken":
        return cls(str(data["content"]), int(data["id"]), str(data.get("kind", "special")),
                   str(data.get("role", "")), bool(data.get("parsable", True)))


def guess_role(content: str) -> str:
    return ROLE_BY_CONTENT.get(content, "")


class SpecialLiterals:
    """Finds the literals of parsable special tokens in text (longest match first).

    >>> SpecialLiterals([SpecialToken("<s>", 1)]).find("a<s>")
    [(1, 4, '<s>')]
    """

    def __init__(self, tokens: list[SpecialToken]) -> None:
        literals = sorted({t.content for t in tokens if t.parsable and t.content}, key=len,
                          reverse=True)
        self.pattern = (regex.compile("|".join(regex.escape(lit) for lit in literals))
                        if literals else None)

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """Code point spans of the literals in ``text``."""
        if self.pattern is None or not text:
            return []
        return [(m.start(), m.end(), m.group()) for m in self.pattern.finditer(text)]


def find_special_literals(text: str, tokens: list[SpecialToken]) -> list[tuple[int, int, str]]:
    """One-off form of :class:`SpecialLiterals`."""
    return SpecialLiterals(tokens).find(text)
