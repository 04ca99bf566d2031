"""The Inspect pane's jobs: its one text inspected (:func:`inspect_one`, through
:func:`core.inspect.inspect_texts`, which ``tokbench inspect`` calls too), the Compare tab (one
text through several tokenizers, and where their cuts differ) and the Explain tab (why the text
split so, with the word list's rows made ready to show).

>>> # result = inspect_one(runtime, "Hello world", encoder=encoder, source=loaded.source)

>>> # results, cuts = compare_tokenizers([gpt2, llama], "Hello world", add_special_tokens=True,
>>> #                                    parse_special=False)
>>> # ex, rows = compute_explanation(runtime, "lowest", limit=2000)  # rows[0].tokens
"""

from __future__ import annotations

from dataclasses import dataclass

from core.encodings.boundaries import compare_boundaries
from core.explain import Explanation, Word, explain
from core.inspect import InspectResult, inspect_texts

SEP = "  ·  "  # between the tokens of a word in the word list


def inspect_one(runtime, text: str, *, with_stages: bool = True, **options) -> InspectResult:
    """The pane's inspection of ``text``: :func:`core.inspect.inspect_texts` of that one text,
    with its pipeline stages, and post-processing settings that cannot be applied said in the
    result instead of raised (``options``: those of ``inspect_texts``)."""
    (result,) = inspect_texts(runtime, [text], with_stages=with_stages, bad_settings="show",
                              **options)
    return result


def compare_tokenizers(tokenizers: list, text: str, *, add_special_tokens: bool,
                       parse_special: bool, encoder=None) -> tuple[list[InspectResult], object]:
    """``text`` inspected by each opened tokenizer (a :class:`~core.loading.Loaded`; without
    the pipeline stages), and :func:`~core.encodings.boundaries.compare_boundaries` over their
    encodings: where the cuts differ is numpy over every token, so it is done here rather than
    on the GUI thread."""
    results = [inspect_one(t.runtime, text, add_special_tokens=add_special_tokens,
                           parse_special=parse_special, with_stages=False, encoder=encoder,
                           source=t.source)
               for t in tokenizers]
    return results, compare_boundaries([r.encoding for r in results])


@dataclass(frozen=True)
class WordRow:
    """One row of the Explain tab's word list, as plain values; the view words ``kind`` and
    ``count`` ("3 merges") in the user's language when the row is shown.

    ``count``: merges (BPE), matches (WordPiece) or candidate pieces (Unigram); ``unknown``:
    a WordPiece word with no match ([UNK]); ``tokens``: the pieces, readable, "" for none.
    """

    number: str
    pre_token: str
    kind: str
    count: int
    unknown: bool
    tokens: str


def word_row(ex: Explanation, index: int, word: Word) -> WordRow:
    """The row of ``word``, the ``index``-th of ``ex``."""
    count, unknown = 0, False
    if word.kind == "bpe":
        count = len(word.steps)
    elif word.kind == "wordpiece":
        unknown = any(m.piece is None for m in word.matches)
        count = len(word.matches)
    elif word.kind == "unigram":
        count = len(word.lattice.edges)
    return WordRow(str(index), ex.readable(word.text), word.kind, count, unknown,
                   SEP.join(ex.readable(p) for p in word.pieces))


def explanation_rows(ex: Explanation) -> list[WordRow]:
    """The word list's rows, made in the worker so that showing a long text costs the GUI
    thread only the rows on screen."""
    return [word_row(ex, i, word) for i, word in enumerate(ex.words)]


def compute_explanation(runtime, text: str, **options) -> tuple[Explanation, list[WordRow]]:
    """:func:`core.explain.explain` (same options) and its word list's rows."""
    ex = explain(runtime, text, **options)
    return ex, explanation_rows(ex)
