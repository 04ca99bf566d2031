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
# <|endofprompt|> (cl100k, o200k) has no role here: it ends a prompt, not a text, and is not
# those encodings' end of sequence (<|endoftext|> is)
ROLE_BY_CONTENT = {
    "<s>": "bos", "</s>": "eos", "<unk>": "unk", "<pad>": "pad", "[PAD]": "pad", "[UNK]": "unk",
    "[CLS]": "cls", "[SEP]": "sep", "[MASK]": "mask", "<|endoftext|>": "eos",
    "<|begin_of_text|>": "bos", "<|end_of_text|>": "eos", "<|eot_id|>": "end of turn",
    "<|im_start|>": "chat role", "<|im_end|>": "end of turn", "<|start_header_id|>": "chat role",
    "<|end_header_id|>": "chat role", "[INST]": "chat role", "[/INST]": "chat role",
    "[TOOL_CALLS]": "tool", "[AVAILABLE_TOOLS]": "tool", "[/AVAILABLE_TOOLS]": "tool",
    "[TOOL_RESULTS]": "tool", "[/TOOL_RESULTS]": "tool", "[IMG]": "image placeholder",
    "<|fim_prefix|>": "fim", "<|fim_middle|>": "fim", "<|fim_suffix|>": "fim",
    "<mask>": "mask", "<cls>": "cls", "<sep>": "sep",
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


def custom_special_tokens(rows, *, ranks=(), item: str = "entry") -> dict[str, int]:
    """Special tokens a user gives for a rank file (name, ID pairs), checked: names non-empty
    and unique, IDs whole numbers ≥ 0, unique, and not already a rank. Raises ``ValueError``
    naming the entry (``item``: what an entry is called in the message, "row" in a table).

    >>> custom_special_tokens([("<|endoftext|>", "3"), ("<|im_start|>", 4)], ranks=range(3))
    {'<|endoftext|>': 3, '<|im_start|>': 4}
    >>> custom_special_tokens([("<a>", "2")], ranks=range(3))
    Traceback (most recent call last):
      ...
    ValueError: entry 1 (<a>): ID 2 is already a rank of the file (its ranks are 0–2)
    """
    out: dict[str, int] = {}
    taken = set(ranks) if not isinstance(ranks, range) else ranks
    for number, (name, value) in enumerate(rows, start=1):
        name = str(name)
        label = f"{item} {number}" + (f" ({name})" if name.strip() else "")
        if not name.strip():
            raise ValueError(f"{label}: the name is empty")
        try:
            token_id = int(str(value).strip())
        except ValueError:
            raise ValueError(f"{label}: ID {str(value).strip()!r} is not a whole number") from None
        if token_id < 0:
            raise ValueError(f"{label}: ID {token_id} is negative")
        if name in out:
            raise ValueError(f"{label}: the name is given twice")
        clash = next((other for other, i in out.items() if i == token_id), None)
        if clash is not None:
            raise ValueError(f"{label}: ID {token_id} is already {clash}")
        if token_id in taken:
            span = (f" (its ranks are {min(taken)}–{max(taken)})" if len(taken) else "")
            raise ValueError(f"{label}: ID {token_id} is already a rank of the file{span}")
        out[name] = token_id
    return out
