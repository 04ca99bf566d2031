"""Why BPE split a word so: the merges applied, in rank order.

BPE ranks come in two forms, and the explainer follows each exactly as its runtime does:

* a **merge list** (HF ``tokenizer.json``, the workbench's own :class:`BPEModel`): only the listed
  pairs merge, lowest rank first. Explained with :meth:`BPEModel.encode_word` and its trace.
* **ranked tokens** (tiktoken ranks, SentencePiece BPE scores): any two adjacent symbols whose
  concatenation is a token may merge, the best-ranked concatenation first, leftmost on ties.
  No merge list exists to hand to ``encode_word``, hence :func:`merge_by_token_rank`.

>>> from core.algorithms.bpe import train_bpe
>>> model = train_bpe({"low": 5, "lower": 2}, num_merges=3)
>>> initial, pieces, steps = merge_steps(model, "lower")
>>> [(s.rank, s.left, s.right) for s in steps], pieces
([(0, 'l', 'o'), (1, 'lo', 'w')], ['low', 'e', 'r', '</w>'])
"""

from __future__ import annotations

from typing import Callable, Optional

from ..algorithms.bpe import BPEModel, Merge, _merge_symbols, split_word
from .result import MergeStep

# (key to minimise, rank to show, score to show) for a candidate concatenation, or None
RankFn = Callable[[str, str], Optional[tuple[float, int, Optional[float]]]]


def merge_steps(model: BPEModel, word: str) -> tuple[list[str], list[str], list[MergeStep]]:
    """Initial symbols, final pieces and the merge steps of ``word`` under a merge list.

    The steps come from ``encode_word``'s trace; replaying each merge gives the symbols after it.
    """
    trace: list = []
    pieces = model.encode_word(word, trace)
    symbols = split_word(word, model.end_of_word)
    initial, steps = list(symbols), []
    for rank, left, right in trace:
        symbols = _merge_symbols(symbols, left, right)
        steps.append(MergeStep(rank, left, right, symbols))
    return initial, pieces, steps


def model_from_merges(merges: list, end_of_word: str = "none") -> BPEModel:
    """A :class:`BPEModel` from a ``tokenizer.json`` merge list (``"a b"`` strings or pairs).

    >>> model_from_merges(["a b", ["ab", "c"]]).encode_word("abc")
    ['abc']
    """
    parsed = []
    for rank, merge in enumerate(merges):
        left, right = merge.split(" ", 1) if isinstance(merge, str) else merge
        parsed.append(Merge(rank, left, right, 0))
    return BPEModel(parsed, [], end_of_word)


def merge_by_token_rank(symbols: list[str], rank_of: RankFn) -> tuple[list[str], list[MergeStep]]:
    """Merge the adjacent pair whose concatenation ranks best, one pair per step, leftmost on
    ties (tiktoken's ``byte_pair_merge``; SentencePiece ``bpe_model.cc`` with score as rank).

    >>> ranks = {"a": 0, "b": 1, "ab": 2, "ba": 3, "aba": 4}
    >>> rank = lambda l, r: (ranks[l + r], ranks[l + r], None) if l + r in ranks else None
    >>> pieces, steps = merge_by_token_rank(list("abab"), rank)
    >>> pieces, [(s.left, s.right, s.symbols) for s in steps]
    (['ab', 'ab'], [('a', 'b', ['ab', 'a', 'b']), ('a', 'b', ['ab', 'ab'])])
    """
    symbols = list(symbols)
    steps: list[MergeStep] = []
    while len(symbols) > 1:
        best = None
        for i in range(len(symbols) - 1):
            found = rank_of(symbols[i], symbols[i + 1])
            # strictly better only: the leftmost of equally ranked pairs wins, as in both runtimes
            if found is not None and (best is None or found[0] < best[0][0]):
                best = (found, i)
        if best is None:
            break
        (_, rank, score), i = best
        left, right = symbols[i], symbols[i + 1]
        symbols = symbols[:i] + [left + right] + symbols[i + 2:]
        steps.append(MergeStep(rank, left, right, symbols, score))
    return symbols, steps
