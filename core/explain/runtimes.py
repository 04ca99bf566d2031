"""Per model kind: what its model makes of each pre-token, with the model's trace.

The pre-tokens are the runtime's own (:meth:`core.formats.runtime.Runtime.pre_tokens`, the very
list the Pipeline tab shows); the tables come from its :class:`core.pipeline.pretokens.ModelView` (and,
for a ``tokenizer.json``, the model's own settings). Each explainer returns words whose spans are
byte spans on the original text; :func:`core.explain.explain` turns them into code points.

* ``tokenizers`` (tokenizer.json): BPE merges, WordPiece greedy matches, a Unigram lattice per
  pre-token.
* tiktoken: byte-level BPE by the rank of each merged token.
* SentencePiece: the model over the whole normalized text, cut into independent segments where
  no vocabulary piece crosses a ``▁`` boundary.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Callable

from ..notes import Note, english, note
from ..formats.hf.runtime import byte_level_decoder
from .bpe import merge_by_token_rank, merge_steps, model_from_merges
from .result import Word
from .unigram import ScoreTable, explain_lattice, path_ids, units_to_ids
from .wordpiece import explain_wordpiece

# what is explained, when its name holds words (a front end translates these by their English);
# the other names are the model's own: "WordPiece (tokenizer.json)", "SentencePiece unigram"
MODEL_NAMES = {"byte-level": "byte-level BPE (tokenizer.json)",
               "tiktoken": "byte-level BPE (tiktoken ranks)",
               "reference": "BPE (separate </w> symbol)"}
SEGMENT_CHARS = 48  # SentencePiece: cut a long run (no spaces, e.g. Japanese) here when safe
_GPT2_CHARS = {b: ch for ch, b in byte_level_decoder().items()}
_tables: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class Unsupported(Exception):
    """This tokenizer (or this text under it) cannot be explained; ``why`` (a note) says why."""

    def __init__(self, why: Note) -> None:
        super().__init__(english(why))
        self.why = why


@dataclass
class Units:
    """What a runtime's model will see: ``words`` and the notes that come with them."""

    model: str
    words: list[Word]
    notes: list[Note]
    pieces_are_bytes: bool = False


def _cached(runtime, build: Callable):
    """Model tables are built once per loaded tokenizer (65k merges take ~0.1 s)."""
    table = _tables.get(runtime)
    if table is None:
        table = build()
        _tables[runtime] = table
    return table


# --- tokenizers ---------------------------------------------------------------------------------


def explain_hf(runtime, view, pre_tokens, *, nbest: int, parse_special: bool) -> Units:
    model = runtime.pipeline_json()["model"]
    kind = view.algorithm
    explain_word = _cached(runtime, lambda: _hf_word_explainer(model, kind))
    notes = []
    if kind == "BPE" and model.get("dropout"):
        notes.append(note("explain.bpe_dropout", dropout=model["dropout"]))
    words = []
    for token in pre_tokens:
        if token.split_out:
            words.append(split_out_word(token))
        else:
            word = explain_word(token.form, nbest)
            word.span = (token.start, token.end)
            words.append(word)
    name = (MODEL_NAMES["byte-level"] if kind == "BPE" and view.byte_level
            else f"{kind} (tokenizer.json)")
    return Units(name, words, notes, view.byte_level)


def split_out_word(token) -> Word:
    """A token matched before the model (special, added, user-defined) as a word of its own."""
    code = {"special": "explain.special_first", "added": "explain.added_first",
            "user-defined": "explain.user_defined_first"}[token.kind]
    return Word(token.form, (token.start, token.end), "special", [token.form], [token.token_id],
                note(code))


def _hf_word_explainer(model: dict, kind: str):
    if kind == "WordPiece":
        return _hf_wordpiece(model)
    if kind == "Unigram":
        return _hf_unigram(model)
    return _hf_bpe(model)


def _hf_bpe(model: dict):
    prefix = model.get("continuing_subword_prefix") or ""
    suffix = model.get("end_of_word_suffix") or ""
    if prefix or suffix not in ("", "</w>"):
        raise Unsupported(note("explain.bpe_affixes", prefix=prefix, suffix=suffix))
    bpe = model_from_merges(model.get("merges") or [], "suffix" if suffix else "none")
    vocab: dict[str, int] = model["vocab"]
    unk = model.get("unk_token")
    unk_id = vocab.get(unk) if unk else None

    def explain(word: str, _nbest: int) -> Word:
        if model.get("ignore_merges") and word in vocab:
            return Word(word, None, "whole", [word], [vocab[word]], note("explain.ignore_merges"))
        initial, pieces, steps = merge_steps(bpe, word)
        units = [(p, p not in vocab) for p in pieces]
        pieces, ids = units_to_ids(units, vocab, unk_id, byte_fallback=bool(model.get("byte_fallback")),
                                   unk_piece=unk or "", fuse=bool(model.get("fuse_unk")))
        why = None if all(p in vocab for p in initial) else _unknown_note(model, unk_id)
        return Word(word, None, "bpe", pieces, ids, why, initial, steps)

    return explain


def _unknown_note(model: dict, unk_id) -> Note:
    if model.get("byte_fallback"):
        return note("explain.unknown_to_bytes")
    if unk_id is None:
        return note("explain.unknown_dropped")
    return note("explain.unknown_to_unk")


def _hf_wordpiece(model: dict):
    vocab: dict[str, int] = model["vocab"]
    unk = model.get("unk_token", "[UNK]")
    prefix = model.get("continuing_subword_prefix", "##")
    max_chars = model.get("max_input_chars_per_word", 100)

    def explain(word: str, _nbest: int) -> Word:
        pieces, matches = explain_wordpiece(word, vocab, unk=unk, prefix=prefix,
                                            max_chars=max_chars)
        why = None
        if len(word) > max_chars:
            why = note("explain.word_too_long", max_chars=max_chars)
        elif pieces == [unk]:
            why = note("explain.no_match")
        return Word(word, None, "wordpiece", pieces, [vocab[p] for p in pieces], why,
                    matches=matches)

    return explain


def _hf_unigram(model: dict):
    entries = model["vocab"]
    piece_id: dict[str, int] = {}
    for index, (piece, _) in enumerate(entries):
        piece_id.setdefault(piece, index)
    table = ScoreTable({piece: float(entries[i][1]) for piece, i in piece_id.items()})
    unk_score = min((float(s) for _, s in entries), default=0.0) - 10.0
    unk_id = model.get("unk_id")
    unk_piece = entries[unk_id][0] if unk_id is not None else "<unk>"
    byte_fallback = bool(model.get("byte_fallback"))

    def explain(word: str, nbest: int) -> Word:
        trace = explain_lattice(word, table, unk_score=unk_score, nbest=nbest)
        pieces, ids = path_ids(trace.best, word, piece_id, unk_id, byte_fallback=byte_fallback,
                               unk_piece=unk_piece)
        return Word(word, None, "unigram", pieces, ids, lattice=trace)

    return explain


# --- tiktoken -----------------------------------------------------------------------------------


def explain_tiktoken(runtime, view, pre_tokens, *, nbest: int, parse_special: bool) -> Units:
    """tiktoken: a pre-token that is itself a token is taken whole (tiktoken checks that first);
    otherwise its bytes merge by the rank of their concatenation."""
    ranks = _cached(runtime, lambda: {"".join(_GPT2_CHARS[b] for b in token): rank
                                      for rank, (token, kind) in enumerate(
                                          zip(view.vocab, view.piece_kinds))
                                      if kind == "normal"})
    notes = []
    if view.normalizer != "none":
        notes.append(note("explain.normalization_first", normalizer=view.normalizer))

    def rank_of(left: str, right: str):
        rank = ranks.get(left + right)
        return None if rank is None else (rank, rank, None)

    words = []
    for token in pre_tokens:
        if token.split_out:
            words.append(split_out_word(token))
            continue
        span = (token.start, token.end)
        symbols = [_GPT2_CHARS[b] for b in token.form.encode("utf-8")]
        missing = [s for s in symbols if s not in ranks]
        if missing:
            raise Unsupported(note("explain.byte_without_rank",
                                   byte=byte_level_decoder()[missing[0]]))
        whole = "".join(symbols)
        if whole in ranks:
            words.append(Word(whole, span, "whole", [whole], [ranks[whole]],
                              note("explain.whole_token")))
            continue
        pieces, steps = merge_by_token_rank(symbols, rank_of)
        words.append(Word(whole, span, "bpe", pieces, [ranks[p] for p in pieces], None,
                          symbols, steps))
    return Units(MODEL_NAMES["tiktoken"], words, notes, True)


# --- SentencePiece ------------------------------------------------------------------------------

@dataclass
class _SpmTables:
    ids: dict[str, int]          # every piece -> its first id (byte pieces included)
    mergeable: dict[str, int]    # normal, user-defined, unused: what the model matches in text
    scores: tuple[float, ...]
    kinds: tuple[str, ...]
    user_defined: frozenset[str]
    longest: int
    unigram: ScoreTable | None
    unk_score: float


def _spm_tables(view) -> _SpmTables:
    ids: dict[str, int] = {}
    mergeable: dict[str, int] = {}
    kinds, scores = view.piece_kinds, view.scores
    for i, (piece, kind) in enumerate(zip(view.pieces, kinds)):
        ids.setdefault(piece, i)
        if kind in ("normal", "user-defined", "unused"):
            mergeable.setdefault(piece, i)
    normal = [score for score, kind in zip(scores, kinds) if kind == "normal"]
    # sentencepiece starts its max at FLT_MIN (a tiny positive number), its min at FLT_MAX
    max_score = max(normal + [1.17549435e-38])
    unk_score = min(normal, default=3.4028235e38) - 10.0
    user = frozenset(p for p, kind in zip(view.pieces, kinds) if kind == "user-defined")
    unigram = None
    if view.algorithm == "unigram":
        # user-defined pieces get a bonus so they always win: bytes * max score - 0.1
        unigram = ScoreTable({piece: (len(piece.encode()) * max_score - 0.1
                                      if kinds[i] == "user-defined" else scores[i])
                              for piece, i in mergeable.items() if kinds[i] != "unused"})
    return _SpmTables(ids, mergeable, scores, kinds, user,
                      max(map(len, mergeable), default=1), unigram, unk_score)


def explain_spm(runtime, view, pre_tokens, *, nbest: int, parse_special: bool) -> Units:
    kind = view.algorithm
    t = _cached(runtime, lambda: _spm_tables(view))
    byte_fallback, unk_id = bool(view.options["byte_fallback"]), int(view.options["unk_id"])
    unk_piece = view.pieces[unk_id]
    notes = [note("explain.spm_segments")]
    if parse_special:
        notes.append(note("special.control_not_parsed"))
    words = []
    for token in pre_tokens:
        if token.split_out:
            words.append(split_out_word(token))
            continue
        normalized, offsets = token.form, token.offsets
        cuts = segment_cuts(normalized, t.mergeable, t.longest) + [len(normalized)]
        for start, end in zip(cuts, cuts[1:]):
            segment = normalized[start:end]
            if kind == "unigram":
                word = _spm_unigram(segment, t, nbest, byte_fallback, unk_id, unk_piece)
            else:
                word = _spm_bpe(segment, t, byte_fallback, unk_id, unk_piece)
            word.span = (offsets[start], offsets[end])
            words.append(word)
    return Units(f"SentencePiece {kind}", words, notes)


def segment_cuts(text: str, pieces, longest: int) -> list[int]:
    """Where the text can be cut with no vocabulary piece crossing: before or after a ``▁``,
    or in a long run without spaces. The model's result is the same per segment. A cut between
    two unknown characters would split the one unknown token they make: none is made there.

    >>> segment_cuts("▁ab▁c", {"▁", "▁a", "b", "▁c"}, 2)
    [0, 3]
    >>> segment_cuts("▁ab▁c", {"▁", "▁a", "b", "▁c", "b▁"}, 2)  # "b▁" crosses the boundary
    [0]
    """
    cuts, reach = [0], 0
    for i in range(len(text)):
        if (i > cuts[-1] and reach <= i
                and ("▁" in (text[i], text[i - 1]) or i - cuts[-1] >= SEGMENT_CHARS)
                and (text[i] in pieces or text[i - 1] in pieces)):
            cuts.append(i)
        for end in range(i + 2, min(len(text), i + longest) + 1):
            if text[i:end] in pieces:
                reach = max(reach, end)
    return cuts


def _spm_unigram(segment: str, t: _SpmTables, nbest: int, byte_fallback: bool, unk_id: int,
                 unk_piece: str) -> Word:
    trace = explain_lattice(segment, t.unigram, unk_score=t.unk_score, nbest=nbest,
                            user_defined=t.user_defined)
    pieces, ids = path_ids(trace.best, segment, t.ids, unk_id, byte_fallback=byte_fallback,
                           unk_piece=unk_piece)
    why = note("explain.user_defined_wins") if any(e.kind == "user" for e in trace.best) else None
    return Word(segment, None, "unigram", pieces, ids, why, lattice=trace)


def _spm_bpe(segment: str, t: _SpmTables, byte_fallback: bool, unk_id: int,
             unk_piece: str) -> Word:
    """SentencePiece BPE: characters (user-defined symbols whole and frozen), then the pair whose
    concatenation is the piece with the highest score merges first, leftmost on ties."""
    symbols = _spm_symbols(segment, t.user_defined)
    unused: dict[str, tuple[str, str]] = {}

    def rank_of(left: str, right: str):
        piece_id = t.mergeable.get(left + right)
        if piece_id is None or left in t.user_defined or right in t.user_defined:
            return None
        if t.kinds[piece_id] == "unused":
            unused[left + right] = (left, right)
        return (-t.scores[piece_id], piece_id, t.scores[piece_id])

    pieces, steps = merge_by_token_rank(symbols, rank_of)
    pieces = [q for p in pieces for q in _resegment(p, unused)]
    known = [(p, t.mergeable.get(p) is None or t.kinds[t.mergeable[p]] == "unused") for p in pieces]
    why = None if not any(u for _, u in known) else note(
        "explain.unknown_to_bytes" if byte_fallback else "explain.unknown_to_unk")
    pieces, ids = units_to_ids(known, t.ids, unk_id, byte_fallback=byte_fallback,
                               unk_piece=unk_piece)
    return Word(segment, None, "bpe", pieces, ids, why, symbols, steps)


def _spm_symbols(text: str, user_defined: frozenset[str]) -> list[str]:
    """Characters, with user-defined symbols matched longest-first as single symbols."""
    longest = max(map(len, user_defined), default=0)
    out, i = [], 0
    while i < len(text):
        size = next((n for n in range(min(longest, len(text) - i), 1, -1)
                     if text[i:i + n] in user_defined), 1)
        out.append(text[i:i + size])
        i += size
    return out


def _resegment(piece: str, unused: dict[str, tuple[str, str]]) -> list[str]:
    """An unused piece is split back into the pieces it was merged from (sentencepiece does)."""
    if piece not in unused:
        return [piece]
    left, right = unused[piece]
    return _resegment(left, unused) + _resegment(right, unused)


# --- the workbench's own BPE (separate </w> symbol) ----------------------------------------------


def explain_reference_bpe(runtime, view, pre_tokens, *, nbest: int,
                          parse_special: bool) -> Units:
    """Words as the runtime finds them (its ``tokenizers`` normalizer and pre-tokenizer), each
    merged by the very model the runtime encodes with: ``</w>`` is a symbol of its own."""
    words = []
    for token in pre_tokens:
        if token.split_out:
            words.append(split_out_word(token))
            continue
        initial, pieces, steps = merge_steps(runtime.model, token.form)
        ids = [runtime.vocab.get(p, runtime.unk_id) for p in pieces]
        why = (note("explain.unknown_symbols", unk=runtime.unk_token)
               if any(p not in runtime.vocab for p in pieces) else None)
        words.append(Word(token.form, (token.start, token.end), "bpe", pieces, ids, why,
                          initial, steps))
    return Units(MODEL_NAMES["reference"], words, [note("explain.end_of_word")])


EXPLAINERS: dict[str, Callable] = {
    "tokenizers/BPE": explain_hf, "tokenizers/WordPiece": explain_hf,
    "tokenizers/Unigram": explain_hf, "tiktoken/BPE": explain_tiktoken,
    "sentencepiece/unigram": explain_spm, "sentencepiece/bpe": explain_spm,
    "reference/BPE": explain_reference_bpe,
}
"""Explainers by :attr:`core.pipeline.pretokens.ModelView.kind`; a kind not here is refused."""


def unsupported_reason(view) -> Note:
    """Why a model kind has no explainer.

    >>> from core.pipeline.pretokens import ModelView
    >>> english(unsupported_reason(ModelView("tokenizers/WordLevel", "WordLevel", (), (), ())))
    'a WordLevel model has no subword algorithm to explain (BPE, WordPiece, Unigram and SentencePiece unigram / bpe can be explained)'
    """
    return note("explain.no_subword_model", algorithm=view.algorithm)
