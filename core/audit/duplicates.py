"""Near-duplicate pieces: tokens that differ only by case, a leading space, full-width /
half-width forms or another NFKC compatibility form.

A normalizing tokenizer (NFKC, lowercase) can never produce some members of a group; the
others spend vocabulary rows on variants of one string (seed 002 §10.1).

>>> groups = near_duplicate_groups([b"the", b" The", b"\\xef\\xbd\\x94he", b"a"], range(4))
>>> groups
[[0, 1, 2]]
"""

from __future__ import annotations

import time
import unicodedata
from typing import Container, Iterable, Sequence


def duplicate_key(text: str) -> str:
    """What a piece is once case, a leading space (or ``▁``) and compatibility forms are set
    aside.

    >>> duplicate_key(" ＡＢＣ"), duplicate_key("▁Abc")
    ('abc', 'abc')
    """
    return unicodedata.normalize("NFKC", text.lstrip(" ▁")).casefold()


def near_duplicate_groups(vocab: Sequence[bytes], ids: Iterable[int], *,
                          continuations: Container[int] = frozenset()) -> list[list[int]]:
    """Groups of two or more ids (ascending, groups ordered by their first id) whose text has
    the same :func:`duplicate_key`. ``continuations``: ids of pieces that continue a word
    (WordPiece ``##ing``), grouped apart from word-initial ones (``##ing`` and ``ing`` are two
    different tokens by design). Partial tokens (not whole characters) take no part."""
    groups: dict[tuple[bool, str], list[int]] = {}
    for n, token_id in enumerate(ids):
        if n % 2048 == 0:
            time.sleep(0)  # a pure-Python loop: let a GUI thread waiting for the GIL run
        try:
            text = vocab[token_id].decode("utf-8")
        except UnicodeDecodeError:
            continue
        continues = token_id in continuations
        key = duplicate_key(text)
        if key:
            groups.setdefault((continues, key), []).append(int(token_id))
    return sorted((sorted(g) for g in groups.values() if len(g) > 1), key=lambda g: g[0])
