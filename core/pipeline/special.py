"""Special tokens: what they are, and finding their literals in user text.

Safe by default: a special-token string inside user text is encoded as ordinary text unless the
caller allows parsing; :func:`find_special_literals` lets the workbench flag such literals.

>>> toks = [SpecialToken("<|endoftext|>", 50256, kind="special", role="eos")]
>>> find_special_literals("a<|endoftext|>", toks)
[(1, 14, '<|endoftext|>')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import regex

from ..errors import WorkbenchError
from ..notes import note

ROLE_BY_NAME = {
    # names used by tokenizer_config.json / special_tokens_map.json
    "bos_token": "bos", "eos_token": "eos", "pad_token": "pad", "unk_token": "unk",
    "cls_token": "cls", "sep_token": "sep", "mask_token": "mask",
}

# the roles of tokens that end what a model writes (a server stops at them)
ENDING_ROLES = frozenset({"eos", "end of turn"})

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
    # the chat families' own ends of text and of turn (Gemma, Phi-3, DeepSeek-V3)
    "<bos>": "bos", "<eos>": "eos", "<end_of_turn>": "end of turn", "<|end|>": "end of turn",
    "<｜begin▁of▁sentence｜>": "bos", "<｜end▁of▁sentence｜>": "eos",
}


@dataclass(frozen=True)
class SpecialToken:
    """One entry of the special-token registry.

    Attributes:
        content: the literal string (``<|endoftext|>``).
        id: its token id.
        kind: ``control`` (SentencePiece control symbol), ``user_defined``, ``added`` (HF added
            token that is not special), ``special``, ``unk``, or ``vocabulary`` (an ordinary
            piece that a config names, as a registry entry).
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
        literals = frozenset(t.content for t in tokens if t.parsable and t.content)
        self.pattern = _literals_pattern(literals) if literals else None

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """Code point spans of the literals in ``text``."""
        if self.pattern is None or not text:
            return []
        return [(m.start(), m.end(), m.group()) for m in self.pattern.finditer(text)]


@lru_cache(maxsize=16)
def _literals_pattern(literals: frozenset[str]) -> regex.Pattern:
    """One alternation of the literals, longest first (it takes the first that matches). Cached:
    a chat report looks for the same literals in every segment, and escaping a SentencePiece
    model's hundreds of control pieces each time took most of a 50-message report's time."""
    ordered = sorted(literals, key=len, reverse=True)
    # a look-ahead on the first characters: the engine tries the alternatives only where one
    # can start, not at every position of the text (a SentencePiece model has hundreds)
    starts = "".join(sorted({"\\" + lit[0] if lit[0] in "\\]^-[" else lit[0]
                             for lit in ordered}))
    return regex.compile(f"(?=[{starts}])(?:{'|'.join(regex.escape(lit) for lit in ordered)})")


def find_special_literals(text: str, tokens: list[SpecialToken]) -> list[tuple[int, int, str]]:
    """One-off form of :class:`SpecialLiterals`."""
    return SpecialLiterals(tokens).find(text)


def resolve_allowed_special(allowed, tokens: list[SpecialToken]) -> "bool | frozenset[str]":
    """``allowed_special`` as the runtimes take it (their ``parse_special``): which special-token
    literals in a text are read as special tokens, as tiktoken's ``allowed_special`` says it.

    ``None`` or an empty set: none (the safe default, False); ``"all"``: every one (True); a
    set of literals: those, and every other literal stays text. A literal that is not one of
    ``tokens`` is an error naming it (tiktoken would ignore it silently; a typo should not
    leave a text unparsed unnoticed): :class:`~core.errors.WorkbenchError`.

    >>> toks = [SpecialToken("<|a|>", 1), SpecialToken("<|b|>", 2)]
    >>> resolve_allowed_special("all", toks), resolve_allowed_special(set(), toks)
    (True, False)
    >>> sorted(resolve_allowed_special({"<|a|>"}, toks))
    ['<|a|>']
    >>> resolve_allowed_special({"<|c|>"}, toks)
    Traceback (most recent call last):
      ...
    core.errors.WorkbenchError: allowed_special: '<|c|>' is not a special token of this \
tokenizer (its special tokens: <|a|>, <|b|>)
    """
    if allowed is None or allowed is False:
        return False
    if allowed == "all" or allowed is True:
        return True
    if isinstance(allowed, str):
        raise WorkbenchError.of(note("special.allowed_shape", value=repr(allowed)))
    known = {t.content for t in tokens if t.content}
    unknown = sorted(set(allowed) - known)
    if unknown:
        raise WorkbenchError.of(
            note("special.not_allowed", count=len(unknown), literals=unknown,
                 known=sorted(known)) if known
            else note("special.not_allowed_none", count=len(unknown), literals=unknown))
    chosen = frozenset(allowed)
    return chosen if chosen else False


def parses(parse_special, literal: str) -> bool:
    """Whether ``literal`` is read as a special token under ``parse_special`` (a bool, or the
    set of allowed literals :func:`resolve_allowed_special` gives).

    >>> parses(True, "<s>"), parses(frozenset({"</s>"}), "<s>")
    (True, False)
    """
    return literal in parse_special if isinstance(parse_special, frozenset) else bool(parse_special)


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


# --- the registry: every special token with where each fact came from -------------------------

# the configs that name roles by string (in the order transformers 5 lets them win: see
# role_files), then those that name IDs (the model's generation and model configs)
ROLE_FILES = ("tokenizer_config.json", "special_tokens_map.json")
ID_FILES = ("generation_config.json", "config.json")
GUESS = "guessed from the string"


@dataclass(frozen=True)
class RegistryEntry:
    """One special token with the provenance of each fact.

    Attributes:
        token: the runtime's own fact (content, id, kind, parsable) and the role kept.
        source: where the token itself comes from (``tokenizer.json added_tokens``,
            ``SentencePiece piece type``, ``tiktoken preset cl100k``, ``user-given special tokens``).
        role_source: where the role comes from (``tokenizer_config.json eos_token``,
            ``generation_config.json eos_token_id``...), :data:`GUESS`, or "" with no role.
        roles: every (role, source) the files give it (GPT-2's ``<|endoftext|>`` is bos, eos
            and unk), the kept one first.
    """

    token: SpecialToken
    source: str
    role_source: str = ""
    roles: tuple[tuple[str, str], ...] = ()

    @property
    def role_guessed(self) -> bool:
        return self.role_source == GUESS

    def to_json(self) -> dict:
        return {**self.token.to_json(), "source": self.source, "role_source": self.role_source,
                "roles": [{"role": r, "source": s} for r, s in self.roles]}


@dataclass(frozen=True)
class SpecialRegistry:
    """The special tokens of an opened tokenizer, and where its files disagree about them.

    Attributes:
        entries: one per special token, by ID.
        disagreements: notes (``special.ids_differ``, ``special.role_token_missing``,
            ``special.id_outside_tokenizer``, ``special.id_beyond_embeddings``,
            ``special.id_content_differs``) naming the files that disagree.
        named: the named special tokens as transformers sets them
            (:func:`named_special_tokens`): a chat template's ``bos_token``, ``eos_token``...
    """

    entries: tuple[RegistryEntry, ...]
    disagreements: tuple = ()
    named: dict = field(default_factory=dict, hash=False, compare=False)

    def by_role(self, role: str) -> list[RegistryEntry]:
        """The entries that play ``role`` (as the kept role or any other a file gives)."""
        return [e for e in self.entries if any(r == role for r, _ in e.roles)
                or e.token.role == role]


def _as_ids(value) -> list[int] | None:
    """An ``*_token_id`` value as a list of IDs (``eos_token_id`` may be a list), else None."""
    values = value if isinstance(value, list) else [value]
    ids = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    return ids if ids and len(ids) == len(values) else None


def _named_content(value) -> str | None:
    """``"</s>"`` or ``{"content": "</s>", ...}`` (an AddedToken as transformers saves it)."""
    content = value.get("content") if isinstance(value, dict) else value
    return content if isinstance(content, str) and content else None


def role_files(configs) -> tuple[str, ...]:
    """The tokenizer configs naming roles by string, the one whose word wins first, as
    transformers 5 loads them: a ``tokenizer_config.json`` holding ``added_tokens_decoder``
    is read alone (``special_tokens_map.json`` is then not opened); without it, the map is
    merged over the config, so the map's names win.

    >>> from core.formats.configs import Configs
    >>> role_files(Configs(tokenizer_config={"added_tokens_decoder": {}}))
    ('tokenizer_config.json',)
    >>> role_files(Configs(tokenizer_config={}))
    ('special_tokens_map.json', 'tokenizer_config.json')
    """
    if "added_tokens_decoder" in (configs.tokenizer_config or {}):
        return ("tokenizer_config.json",)
    return ("special_tokens_map.json", "tokenizer_config.json")


def named_special_tokens(configs) -> dict[str, str]:
    """The named special tokens (``{"bos_token": "<s>", ...}``) as transformers 5 sets them
    from a tokenizer's configs (:func:`role_files`); a token saved as an object
    (``{"content": "<s>", ...}``) gives its content. The chat templates' variables.

    >>> from core.formats.configs import Configs
    >>> named_special_tokens(Configs(tokenizer_config={"eos_token": {"content": "</s>"},
    ...                                                "bos_token": None}))
    {'eos_token': '</s>'}
    """
    files = configs.by_file()
    out: dict[str, str] = {}
    for name in reversed(role_files(configs)):  # the winner last, over the others
        data = files.get(name) or {}
        for key in ROLE_BY_NAME:
            if key not in data:
                continue
            content = _named_content(data[key])
            if content is None:
                out.pop(key, None)  # a null in the file that wins unsets the name
            else:
                out[key] = content
    return dict(sorted(out.items(), key=lambda item: list(ROLE_BY_NAME).index(item[0])))


def _role_claims(configs, lookup) -> list[tuple[str, str, list[int], str]]:
    """``(role, source, ids, content)`` from every config that names a role: strings from the
    tokenizer configs (looked up to IDs; ids empty when the tokenizer lacks the string), the
    file transformers lets win first (:func:`role_files`; a map it does not read comes last),
    then IDs from the generation and model configs."""
    files = configs.by_file()
    claims = []
    read = role_files(configs)
    for name in read + tuple(f for f in ROLE_FILES if f not in read):
        for key, value in (files.get(name) or {}).items():
            content = _named_content(value)
            if key in ROLE_BY_NAME and content is not None:
                token_id = lookup(content)
                claims.append((ROLE_BY_NAME[key], f"{name} {key}",
                               [] if token_id is None else [token_id], content))
    for name in ID_FILES:
        data = files.get(name) or {}
        for key, role in (("bos_token_id", "bos"), ("eos_token_id", "eos"),
                          ("pad_token_id", "pad")):
            ids = _as_ids(data.get(key))
            if ids is not None:
                claims.append((role, f"{name} {key}", ids, ""))
    return claims


def special_registry(loaded) -> SpecialRegistry:
    """The special-token registry of a :class:`core.loading.Loaded`: the runtime's tokens, the
    roles its configs give them (a config beats a guess from the string, and a guess says so),
    and the disagreements between the files.

    >>> # reg = special_registry(open_tokenizer("llama3/tokenizer.json"))
    >>> # [(e.token.content, e.token.role, e.role_source) for e in reg.by_role("eos")]
    >>> # [('<|eot_id|>', 'eos', 'tokenizer_config.json eos_token')]
    """
    return registry_of(loaded.runtime, loaded.configs)


def registry_of(runtime, configs) -> SpecialRegistry:
    """:func:`special_registry` of a runtime and its :class:`~core.formats.configs.Configs` (what a
    bundle has while it is being saved)."""
    tokens = runtime.special_tokens()
    by_id = {t.id: t for t in tokens}
    by_content = {t.content: t.id for t in tokens}

    def lookup(content: str) -> int | None:
        return by_content[content] if content in by_content else runtime.token_to_id(content)

    # a format whose roles live in the tokenizer file itself (GGUF metadata) claims them first
    claims = [*runtime.role_claims(), *_role_claims(configs, lookup)]
    roles_of: dict[int, list[tuple[str, str]]] = {}
    for role, source, ids, _ in claims:
        for token_id in ids:
            if (role, source) not in roles_of.setdefault(token_id, []):
                roles_of[token_id].append((role, source))
    source = runtime.special_token_source()
    entries = []
    extra_ids = sorted(i for i in roles_of if i not in by_id and 0 <= i < runtime.id_space)
    for token_id in sorted([*by_id, *extra_ids]):
        token = by_id.get(token_id)
        claimed = roles_of.get(token_id, [])
        if token is None:  # a config names an ordinary vocabulary piece (GPT-2's eos in a file)
            token = SpecialToken(runtime.piece(token_id), token_id, "vocabulary", "", False)
            token_source = claimed[0][1]
        else:
            token_source = source
        if claimed:
            role, role_source = claimed[0]
        elif token.kind == "unk":
            role, role_source = "unk", source
        elif token.role:
            role, role_source = token.role, GUESS
        else:
            role, role_source = "", ""
        entries.append(RegistryEntry(SpecialToken(token.content, token.id, token.kind, role,
                                                  token.parsable),
                                     token_source, role_source, tuple(claimed)))
    return SpecialRegistry(tuple(entries), tuple(_disagreements(claims, runtime, configs, by_id)),
                           named_special_tokens(configs))


def _disagreements(claims, runtime, configs, by_id) -> list:
    """Notes where the files disagree: a role whose IDs differ between two files (no ID in
    common: an ``eos_token_id`` list agrees with a tokenizer's EOS it contains), a role named
    by a string the tokenizer does not have, a role ID the tokenizer does not have, a special
    token beyond the model's embedding rows (``config.json`` ``vocab_size``), and an
    ``added_tokens_decoder`` ID whose content is not the tokenizer's."""
    from ..notes import note

    out = []
    first_by_role: dict[str, tuple[str, list[int]]] = {}
    for role, source, ids, content in claims:
        if not ids:
            out.append(note("special.role_token_missing", source=source, token=content, role=role))
            continue
        if role not in first_by_role:
            first_by_role[role] = (source, ids)
            continue
        first_source, first_ids = first_by_role[role]
        if not set(ids) & set(first_ids):
            out.append(note("special.ids_differ", role=role, first=first_source,
                            first_ids=_show_ids(first_ids), second=source,
                            second_ids=_show_ids(ids)))
    for role, source, ids, _ in claims:
        for token_id in ids:
            if not 0 <= token_id < runtime.id_space:
                out.append(note("special.id_outside_tokenizer", source=source, role=role,
                                id=token_id, last=runtime.id_space - 1))
    # a special token the tokenizer emits but the model has no embedding row for
    rows = _as_ids((configs.model_config or {}).get("vocab_size"))
    if rows is not None and len(rows) == 1:
        for token_id in sorted(by_id):
            if token_id >= rows[0]:
                out.append(note("special.id_beyond_embeddings", token=by_id[token_id].content,
                                id=token_id, rows=rows[0]))
    decoder = (configs.tokenizer_config or {}).get("added_tokens_decoder")
    if isinstance(decoder, dict):
        for key, value in decoder.items():
            content = _named_content(value)
            try:
                token_id = int(key)
            except ValueError:
                continue
            if content is None:
                continue
            have = (by_id[token_id].content if token_id in by_id
                    else runtime.piece(token_id) if 0 <= token_id < runtime.id_space else None)
            if have != content:
                out.append(note("special.id_content_differs", id=token_id, token=content,
                                piece="" if have is None else have))
    return out


def _show_ids(ids: list[int]) -> str:
    return str(ids[0]) if len(ids) == 1 else "[" + ", ".join(map(str, ids)) + "]"
