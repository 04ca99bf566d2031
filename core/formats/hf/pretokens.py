"""A ``tokenizer.json``'s pre-tokens, split as ``tokenizers`` splits: added tokens that are not
normalized first, then the tokenizer's own normalizer, the normalized added tokens, then its own
pre-tokenizer, all on one ``PreTokenizedString`` so every split keeps its span on the original
text (and ``prepend_scheme="first"`` sees where a split starts).

The added-token rules (leftmost-longest, ``single_word``, ``lstrip``, ``rstrip``) follow
``tokenizers``' ``AddedVocabulary``; the model's own components do the rest.
"""

from __future__ import annotations

from typing import Callable

import regex

from ...pipeline.pretokens import PreToken
from ...pipeline.special import parses


def added_tokens_in_play(spec: dict, parse_special) -> list[dict]:
    """The added tokens the runtime splits out: special ones only when they are parsed
    (``parse_special``: a bool, or the set of literals allowed; a special token not parsed is
    text, as under ``encode_special_tokens``)."""
    return [t for t in spec.get("added_tokens") or []
            if t.get("content") and (parses(parse_special, t["content"]) or not t.get("special"))]


def hf_pre_tokens(tk, spec: dict, text: str, parse_special: bool) -> list[PreToken]:
    """Pre-tokens of ``text`` under ``tk`` (a ``tokenizers.Tokenizer`` built from ``spec``).

    Byte spans on the original text; ``form`` is what the model receives.
    """
    from tokenizers import PreTokenizedString

    added = added_tokens_in_play(spec, parse_special)
    # tokenizers' default: special tokens are not normalized, other added tokens are
    raw = [t for t in added if not t.get("normalized", not t.get("special"))]
    normalized = [t for t in added if t.get("normalized", not t.get("special"))]
    pts = PreTokenizedString(text)
    carved = _carve(pts, raw, None)
    if tk.normalizer is not None:
        pts.normalize(lambda ns: tk.normalizer.normalize(ns))
    carved += _carve(pts, normalized, tk.normalizer)
    if tk.pre_tokenizer is not None:
        tk.pre_tokenizer.pre_tokenize(pts)
    # an empty split (of an empty text) gives the model nothing to see
    out = [PreToken(form, start, end) for form, (start, end), _ in
           pts.get_splits("original", "byte") if form]
    # an added token whose content the model's vocabulary already has keeps the vocabulary's
    # id (tokenizers ignores the id the file gives it): ask the tokenizer
    out += [PreToken(token["content"], start, end,
                     "special" if token.get("special") else "added",
                     added_token_id(tk, token))
            for (start, end), token in carved]
    out.sort(key=lambda p: (p.start, p.end))
    return out


def added_token_id(tk, token: dict) -> int:
    """The id ``tokenizers`` gives an added token: the vocabulary's when the model already has
    its content, else the file's."""
    token_id = tk.token_to_id(token["content"])
    return token["id"] if token_id is None else token_id


def _carve(pts, tokens: list[dict], normalizer) -> list:
    """Split added tokens out of every split; return their original byte spans and drop them."""
    if not tokens:
        return []
    find = _token_matcher(tokens, normalizer)
    flags: list = []

    def split(_, ns):
        parts, pos, s = [], 0, ns.normalized
        for start, end, token in find(s):
            if start > pos:
                parts.append(ns[pos:start])
                flags.append(None)
            parts.append(ns[start:end])
            flags.append(token)
            pos = end
        if pos < len(s) or not parts:
            parts.append(ns[pos:] if pos else ns)
            flags.append(None)
        return parts

    pts.split(split)
    # the order of splits is the order split() returned them: read each token's original span
    spans = [tuple(span) for _, span, _ in pts.get_splits("original", "byte")]
    carved = [(span, token) for span, token in zip(spans, flags) if token is not None]
    pts.split(lambda i, ns: [] if flags[i] is not None else [ns])
    return carved


def _token_matcher(tokens: list[dict], normalizer):
    """Leftmost-longest matches with ``single_word``, ``lstrip``, ``rstrip`` (tokenizers'
    AddedVocabulary rules).

    >>> find = _token_matcher([{"content": "<s>", "lstrip": True}], None)
    >>> [(s, e) for s, e, _ in find("a  <s>b")]
    [(1, 6)]
    """
    by_content = {}
    for token in tokens:
        content = token["content"]
        if normalizer is not None:
            content = normalizer.normalize_str(content)
        by_content.setdefault(content, token)
    pattern = regex.compile("|".join(regex.escape(c) for c in
                                     sorted(by_content, key=len, reverse=True) if c))

    def word_char(s: str, i: int) -> bool:
        return 0 <= i < len(s) and (s[i].isalnum() or s[i] == "_")

    def find(s: str):
        out, stop = [], 0
        for m in pattern.finditer(s):
            start, end = m.span()
            token = by_content[m.group()]
            if start < stop:
                continue
            if token.get("single_word") and (word_char(s, start - 1) or word_char(s, end)):
                continue
            while token.get("lstrip") and start > stop and s[start - 1].isspace():
                start -= 1
            while token.get("rstrip") and end < len(s) and s[end].isspace():
                end += 1
            out.append((start, end, token))
            stop = end
        return out

    return find


def split_spans(tk) -> Callable[[str], list[tuple[int, int]]]:
    """The spans of :func:`hf_pre_tokens` where no added token is
    split out (none is in play): the normalizer then the pre-tokenizer on one
    ``PreTokenizedString``, the splits' original byte spans in order, without a ``PreToken``
    each (claude-legacy's 400 checked FLORES lines: 14.4 -> 8.8 ms)."""
    from tokenizers import PreTokenizedString

    def spans(text: str) -> list[tuple[int, int]]:
        pts = PreTokenizedString(text)
        if tk.normalizer is not None:
            pts.normalize(lambda ns: tk.normalizer.normalize(ns))
        if tk.pre_tokenizer is not None:
            tk.pre_tokenizer.pre_tokenize(pts)
        # an empty split (of an empty text) is no pre-token; sorted as hf_pre_tokens sorts
        return sorted(tuple(span) for form, span, _ in pts.get_splits("original", "byte")
                      if form)

    return spans
