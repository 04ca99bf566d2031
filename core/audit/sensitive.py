"""Pieces that look like data the vocabulary should not hold: contact details, identifiers,
secrets, boilerplate markup — and the user's own names (internal project names).

A vocabulary is derived from its training data and can leak it (seed 002 §10.3); duplicated
pages push boilerplate into it (§10.1). Each rule is a regular expression on the piece's text
(its bytes decoded, the word-start space or ``▁`` and a ``##`` prefix dropped); a piece gets
the first rule that matches, in the order of :data:`RULES`.

>>> match_rule("john.doe@example.com")
'email'
>>> match_rule(" 555-867-5309"), match_rule("the")
('phone', None)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterable, Sequence

import regex

_TLD = (r"(?:com|org|net|edu|gov|io|ai|dev|app|co|uk|de|fr|cn|jp|ru|info|biz|me|tv|ly|us|eu|"
        r"ca|au|nl|se|ch|it|es|in|br|kr|local|internal|corp|lan)")
# rule name -> pattern; the first that matches names the piece's rule
RULES: dict[str, regex.Pattern] = {
    "email": regex.compile(r"[\w.+-]*\w@[\w-]+(?:\.[\w-]+)*|^@[\w-]+\.[\w.-]+", regex.I),
    "url": regex.compile(r"(?:https?|ftp)://|^(?:https?|ftp):/*$|\bwww\.", regex.I),
    "tracking": regex.compile(r"\b(?:utm_(?:source|medium|campaign|term|content)|fbclid|gclid|"
                              r"mc_eid|_ga=|msclkid)", regex.I),
    "hex": regex.compile(r"(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{16,}", regex.I),
    "base64": regex.compile(r"(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[a-z])"
                            r"(?=[A-Za-z0-9+/]*[A-Z])[A-Za-z0-9+/]{20,}={0,2}"),
    "phone": regex.compile(r"(?<!\d)(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?"
                           r"\d{2,4}[\s.-]\d{3,4}(?:[\s.-]\d{2,4})?(?!\d)"
                           r"|(?<!\d)\+\d{8,15}(?!\d)"),
    "digits": regex.compile(r"\d{6,}"),
    "domain": regex.compile(rf"(?:[a-z0-9-]+\.)+{_TLD}\b|^\.{_TLD}$", regex.I),
    "path": regex.compile(r"(?:^|[\s\"'=])(?:~|\.{1,2})?/(?:[\w.-]+/)+|[A-Za-z]:\\|"
                          r"\\\\[\w.-]+\\|/(?:usr|etc|home|var|tmp|opt|srv|Users)/"),
    "markup": regex.compile(r"</?[A-Za-z][\w-]*(?:\s|>|/>|$)|&(?:nbsp|amp|lt|gt|quot|#\d+);|"
                            r"\b(?:href|src|class|style|onclick)=|<!--|-->|\{\{|\}\}"),
}
# a piece of letters (and spaces) alone, most of a vocabulary, can only match these rules
_PLAIN = regex.compile(r"[\p{L}\p{M} ]*")
PLAIN_RULES = ("tracking",)  # fbclid, gclid, msclkid
NAME_RULE = "name"
NAME_PIECE_MIN = 5  # a piece this long that is part of a listed name counts as that name


@dataclass(frozen=True)
class SensitivePiece:
    """A piece a rule matched (``rule``: a key of :data:`RULES`, or ``name``)."""

    id: int
    piece: str
    rule: str

    def to_json(self) -> dict:
        return {"id": self.id, "piece": self.piece, "rule": self.rule}


def piece_text(data: bytes) -> str:
    """The text a rule reads: the token's bytes decoded (a partial character replaced),
    without the word-start space (the bytes of ``▁the`` and ``Ġthe`` are ``" the"``; of
    WordPiece's ``##ing``, ``"ing"``).

    >>> piece_text(b" alice@corp.com")
    'alice@corp.com'
    """
    return data.decode("utf-8", "replace").lstrip(" ")


def match_rule(text: str, names: Sequence[str] = ()) -> str | None:
    """The first rule that matches ``text``, or None; ``names`` (lower-cased) first."""
    if names and matches_name(text, names):
        return NAME_RULE
    rules = PLAIN_RULES if _PLAIN.fullmatch(text) else RULES
    for rule in rules:
        if RULES[rule].search(text):
            return rule
    return None


def matches_name(text: str, names: Sequence[str]) -> bool:
    """The piece contains a listed name, or is a part of one at least
    :data:`NAME_PIECE_MIN` characters long (case-insensitive; ``names`` lower-cased).

    >>> matches_name("Nightingale", ["nightingale"]), matches_name("Nighti", ["nightingale"])
    (True, True)
    >>> matches_name("ing", ["nightingale"])
    False
    """
    low = text.strip().lower()
    if not low:
        return False
    return any(name in low or (len(low) >= NAME_PIECE_MIN and low in name) for name in names)


def read_names(text: str) -> list[str]:
    """A names file: one name per line; blank lines and ``#`` comments skipped.

    >>> read_names("Falcon\\n# internal\\n\\nProject Nightingale\\n")
    ['falcon', 'project nightingale']
    """
    return [line.strip().lower() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def sensitive_pieces(vocab: Sequence[bytes], pieces: Sequence[str], ids: Iterable[int], *,
                     names: Sequence[str] = ()) -> list[SensitivePiece]:
    """Every id among ``ids`` whose text a rule matches, in id order."""
    found = []
    for n, token_id in enumerate(ids):
        if n % 2048 == 0:
            time.sleep(0)  # a pure-Python loop: let a GUI thread waiting for the GIL run
        rule = match_rule(piece_text(vocab[token_id]), names)
        if rule:
            found.append(SensitivePiece(int(token_id), pieces[token_id], rule))
    return found
