"""Per runtime: the units its model sees (what the runtime's own pipeline makes of the text),
and the model's trace for each unit.

* ``tokenizers`` (tokenizer.json): added tokens are carved out first, the rest goes through the
  tokenizer's *own* normalizer and pre-tokenizer objects (on a ``PreTokenizedString``, so
  offsets stay on the original text and ``prepend_scheme="first"`` sees where a split starts).
* tiktoken: the runtime's regex (and its preset's normalization), special tokens when parsed.
* SentencePiece: ``normalize`` (dummy prefix, ``▁``), then the model over the whole normalized
  text, cut into independent segments where no vocabulary piece crosses a ``▁`` boundary.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Callable

import regex

from ..runtimes.hf import byte_level_decoder
from ..runtimes.spm import NORMAL, UNUSED, USER_DEFINED
from .bpe import merge_by_token_rank, merge_steps, model_from_merges
from .result import Word
from .unigram import ScoreTable, explain_lattice, path_ids, units_to_ids
from .wordpiece import explain_wordpiece

SEGMENT_CHARS = 48  # SentencePiece: cut a long run (no spaces, e.g. Japanese) here when safe
_GPT2_CHARS = {b: ch for ch, b in byte_level_decoder().items()}
_tables: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class Unsupported(Exception):
    """This tokenizer (or this text under it) cannot be explained; the message says why."""


@dataclass
class Units:
    """What a runtime's model will see: ``words`` and the notes that come with them."""

    model: str
    words: list[Word]
    notes: list[str]
    pieces_are_bytes: bool = False


def _cached(runtime, build: Callable):
    """Model tables are built once per loaded tokenizer (65k merges take ~0.1 s)."""
    table = _tables.get(runtime)
    if table is None:
        table = build()
        _tables[runtime] = table
    return table


# --- tokenizers ---------------------------------------------------------------------------------


def explain_hf(runtime, text: str, *, nbest: int, parse_special: bool) -> Units:
    model = runtime.spec["model"]
    kind = runtime.model_type
    if kind not in ("BPE", "WordPiece", "Unigram"):
        raise Unsupported(f"a {kind} model has no subword algorithm to explain (BPE, WordPiece "
                          "and Unigram can be explained)")
    explain_word = _cached(runtime, lambda: _hf_word_explainer(runtime, model, kind))
    notes = []
    if kind == "BPE" and model.get("dropout"):
        notes.append(f"BPE dropout {model['dropout']}: the runtime skips merges at random; "
                     "the explainer shows the deterministic merges")
    words = []
    for piece, span, token in hf_units(runtime, text, parse_special):
        if token is not None:
            what = "special token" if token.get("special") else "added token"
            words.append(Word(piece, span, "special", [token["content"]], [token["id"]],
                              f"{what}, matched before the model"))
        else:
            word = explain_word(piece, nbest)
            word.span = span
            words.append(word)
    name = {"BPE": "byte-level BPE" if runtime.byte_level else "BPE"}.get(kind, kind)
    return Units(f"{name} (tokenizer.json)", words, notes, runtime.byte_level and kind == "BPE")


def hf_units(runtime, text: str, parse_special: bool):
    """``(text, original code point span, added token or None)`` in order, as the runtime
    splits: added tokens, then normalizer, normalized added tokens, pre-tokenizer."""
    from tokenizers import PreTokenizedString

    tk = runtime.tk
    # the runtime sets encode_special_tokens = not parse_special: then special ones are text
    added = [t for t in runtime.spec.get("added_tokens") or []
             if t.get("content") and (parse_special or not t.get("special"))]
    raw = [t for t in added if not t.get("normalized", not t.get("special"))]
    normalized = [t for t in added if t.get("normalized", not t.get("special"))]
    pts = PreTokenizedString(text)
    carved = _carve(pts, raw, None)
    if tk.normalizer is not None:
        pts.normalize(lambda ns: tk.normalizer.normalize(ns))
    carved += _carve(pts, normalized, tk.normalizer)
    if tk.pre_tokenizer is not None:
        tk.pre_tokenizer.pre_tokenize(pts)
    units = [(piece, tuple(span), None) for piece, span, _ in pts.get_splits("original", "char")]
    units += [(token["content"], span, token) for span, token in carved]
    units.sort(key=lambda u: (u[1][0], u[1][1]))
    return units


def _carve(pts, tokens: list[dict], normalizer) -> list:
    """Split added tokens out of every split; return their original spans and drop them."""
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
    spans = [tuple(span) for _, span, _ in pts.get_splits("original", "char")]
    carved = [(span, token) for span, token in zip(spans, flags) if token is not None]
    pts.split(lambda i, ns: [] if flags[i] is not None else [ns])
    return carved


def _token_matcher(tokens: list[dict], normalizer):
    """Leftmost-longest matches with ``single_word``, ``lstrip``, ``rstrip`` (tokenizers'
    AddedVocabulary rules)."""
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


def _hf_word_explainer(runtime, model: dict, kind: str):
    if kind == "WordPiece":
        return _hf_wordpiece(model)
    if kind == "Unigram":
        return _hf_unigram(runtime, model)
    return _hf_bpe(runtime, model)


def _hf_bpe(runtime, model: dict):
    prefix = model.get("continuing_subword_prefix") or ""
    suffix = model.get("end_of_word_suffix") or ""
    if prefix or suffix not in ("", "</w>"):
        raise Unsupported(f"BPE with continuing_subword_prefix {prefix!r} / end_of_word_suffix "
                          f"{suffix!r} is not explained (only '</w>' suffixes are)")
    bpe = model_from_merges(model.get("merges") or [], "suffix" if suffix else "none")
    vocab: dict[str, int] = model["vocab"]
    unk = model.get("unk_token")
    unk_id = vocab.get(unk) if unk else None

    def explain(word: str, _nbest: int) -> Word:
        if model.get("ignore_merges") and word in vocab:
            return Word(word, None, "whole", [word], [vocab[word]],
                        "the whole pre-token is in the vocabulary (ignore_merges): no merges")
        initial, pieces, steps = merge_steps(bpe, word)
        units = [(p, p not in vocab) for p in pieces]
        pieces, ids = units_to_ids(units, vocab, unk_id, byte_fallback=bool(model.get("byte_fallback")),
                                   unk_piece=unk or "", fuse=bool(model.get("fuse_unk")))
        note = "" if all(p in vocab for p in initial) else _unknown_note(model, unk_id)
        return Word(word, None, "bpe", pieces, ids, note, initial, steps)

    return explain


def _unknown_note(model: dict, unk_id) -> str:
    if model.get("byte_fallback"):
        return "characters not in the vocabulary fall back to their UTF-8 bytes"
    if unk_id is None:
        return "characters not in the vocabulary are dropped (the model has no unknown token)"
    return "characters not in the vocabulary become the unknown token"


def _hf_wordpiece(model: dict):
    vocab: dict[str, int] = model["vocab"]
    unk = model.get("unk_token", "[UNK]")
    prefix = model.get("continuing_subword_prefix", "##")
    max_chars = model.get("max_input_chars_per_word", 100)

    def explain(word: str, _nbest: int) -> Word:
        pieces, matches = explain_wordpiece(word, vocab, unk=unk, prefix=prefix,
                                            max_chars=max_chars)
        note = ""
        if len(word) > max_chars:
            note = f"longer than max_input_chars_per_word ({max_chars}): the word is unknown"
        elif pieces == [unk]:
            note = "no vocabulary piece matches the rest of the word: the whole word is unknown"
        return Word(word, None, "wordpiece", pieces, [vocab[p] for p in pieces], note,
                    matches=matches)

    return explain


def _hf_unigram(runtime, model: dict):
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


def explain_tiktoken(runtime, text: str, *, nbest: int, parse_special: bool) -> Units:
    """tiktoken: a pre-token that is itself a token is taken whole (tiktoken checks that first);
    otherwise its bytes merge by the rank of their concatenation."""
    from ..normalizers import normalize_aligned

    ranks = _cached(runtime, lambda: {"".join(_GPT2_CHARS[b] for b in token): rank
                                      for token, rank in runtime.ranks.items()})
    notes = []
    work = text
    if runtime.normalization:
        work, _ = normalize_aligned(text, runtime.normalization)
        notes.append(f"{runtime.normalization} normalization first (spans on the normalized text)")

    def rank_of(left: str, right: str):
        rank = ranks.get(left + right)
        return None if rank is None else (rank, rank, None)

    words = []
    for piece, span, special in _tiktoken_units(runtime, work, parse_special):
        if special:
            words.append(Word(piece, span, "special", [piece], [runtime.special[piece]],
                              "special token, matched before the model"))
            continue
        symbols = [_GPT2_CHARS[b] for b in piece.encode("utf-8")]
        missing = [s for s in symbols if s not in ranks]
        if missing:
            raise Unsupported(f"byte {byte_level_decoder()[missing[0]]:02X} has no rank: these "
                              "ranks are not a byte-level BPE, so this text cannot be explained "
                              "(nor encoded by tiktoken)")
        whole = "".join(symbols)
        if whole in ranks:
            words.append(Word(whole, span, "whole", [whole], [ranks[whole]],
                              "the whole pre-token is a token: taken as it is, no merges"))
            continue
        pieces, steps = merge_by_token_rank(symbols, rank_of)
        words.append(Word(whole, span, "bpe", pieces, [ranks[p] for p in pieces], "",
                          symbols, steps))
    return Units("byte-level BPE (tiktoken ranks)", words, notes, True)


def _tiktoken_units(runtime, text: str, parse_special: bool):
    """``(text, span, is_special)``: special literals first (when parsed), then the regex."""
    segments = [(0, len(text), False)]
    if parse_special and runtime.special:
        pattern = "|".join(regex.escape(s) for s in sorted(runtime.special, key=len, reverse=True))
        segments, pos = [], 0
        for m in regex.finditer(pattern, text):
            segments += [(pos, m.start(), False), (m.start(), m.end(), True)]
            pos = m.end()
        segments.append((pos, len(text), False))
    for start, end, special in segments:
        if special:
            yield text[start:end], (start, end), True
            continue
        for m in regex.finditer(runtime.pattern, text[start:end]):
            yield m.group(), (start + m.start(), start + m.end()), False


# --- SentencePiece ------------------------------------------------------------------------------

@dataclass
class _SpmTables:
    ids: dict[str, int]          # every piece -> its first id (byte pieces included)
    mergeable: dict[str, int]    # NORMAL, USER_DEFINED, UNUSED: what the model matches in text
    scores: list[float]
    types: list[int]
    user_defined: frozenset[str]
    longest: int
    unigram: ScoreTable | None
    unk_score: float


def _spm_tables(runtime) -> _SpmTables:
    pieces = runtime.proto.pieces
    ids: dict[str, int] = {}
    mergeable: dict[str, int] = {}
    for i, p in enumerate(pieces):
        ids.setdefault(p.piece, i)
        if p.type in (NORMAL, USER_DEFINED, UNUSED):
            mergeable.setdefault(p.piece, i)
    normal = [p.score for p in pieces if p.type == NORMAL]
    # sentencepiece starts its max at FLT_MIN (a tiny positive number), its min at FLT_MAX
    max_score = max(normal + [1.17549435e-38])
    unk_score = min(normal, default=3.4028235e38) - 10.0
    user = frozenset(p.piece for p in pieces if p.type == USER_DEFINED)
    unigram = None
    if runtime.model_type == "unigram":
        # user-defined pieces get a bonus so they always win: bytes * max score - 0.1
        unigram = ScoreTable({piece: (len(piece.encode()) * max_score - 0.1
                                      if pieces[i].type == USER_DEFINED else pieces[i].score)
                              for piece, i in mergeable.items() if pieces[i].type != UNUSED})
    return _SpmTables(ids, mergeable, [p.score for p in pieces], [p.type for p in pieces], user,
                      max(map(len, mergeable), default=1), unigram, unk_score)


def explain_spm(runtime, text: str, *, nbest: int, parse_special: bool) -> Units:
    kind = runtime.model_type
    if kind not in ("unigram", "bpe"):
        raise Unsupported(f"a SentencePiece {kind} model is not a subword algorithm to explain "
                          "(unigram and bpe models can be explained)")
    t = _cached(runtime, lambda: _spm_tables(runtime))
    normalized, offsets = runtime.sp.normalize(text, with_offsets=True)
    trainer = runtime.proto.trainer_spec
    unk_piece = runtime.proto.pieces[runtime.unk_id].piece
    notes = ["SentencePiece runs its model over the whole normalized text; it is shown in "
             "segments that no vocabulary piece crosses (each explained on its own, with the "
             "same result)"]
    if parse_special:
        notes.append("SentencePiece never parses control symbols from text")
    words = []
    cuts = segment_cuts(normalized, t.mergeable, t.longest) + [len(normalized)]
    for start, end in zip(cuts, cuts[1:]):
        segment = normalized[start:end]
        span = (offsets[start], offsets[end])
        if kind == "unigram":
            word = _spm_unigram(segment, t, nbest, trainer.byte_fallback, runtime.unk_id,
                                unk_piece)
        else:
            word = _spm_bpe(segment, t, trainer.byte_fallback, runtime.unk_id, unk_piece)
        word.span = span
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
    note = "user-defined pieces always win (score bonus)" if any(
        e.kind == "user" for e in trace.best) else ""
    return Word(segment, None, "unigram", pieces, ids, note, lattice=trace)


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
        if t.types[piece_id] == UNUSED:
            unused[left + right] = (left, right)
        return (-t.scores[piece_id], piece_id, t.scores[piece_id])

    pieces, steps = merge_by_token_rank(symbols, rank_of)
    pieces = [q for p in pieces for q in _resegment(p, unused)]
    known = [(p, t.mergeable.get(p) is None or t.types[t.mergeable[p]] == UNUSED) for p in pieces]
    note = "" if not any(u for _, u in known) else (
        "characters not in the vocabulary fall back to their UTF-8 bytes" if byte_fallback
        else "characters not in the vocabulary become the unknown token")
    pieces, ids = units_to_ids(known, t.ids, unk_id, byte_fallback=byte_fallback,
                               unk_piece=unk_piece)
    return Word(segment, None, "bpe", pieces, ids, note, symbols, steps)


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


def explain_reference_bpe(runtime, text: str, *, nbest: int, parse_special: bool) -> Units:
    """Words as the runtime finds them (its ``tokenizers`` normalizer and pre-tokenizer), each
    merged by the very model the runtime encodes with: ``</w>`` is a symbol of its own."""
    words = []
    for chunk, offset, special_id in runtime._chunks(text, parse_special):
        if special_id is not None:
            words.append(Word(chunk, (offset, offset + len(chunk)), "special", [chunk],
                              [special_id], "special token, matched before the model"))
            continue
        for word, start, end in runtime._words(chunk):
            initial, pieces, steps = merge_steps(runtime.model, word)
            ids = [runtime.vocab.get(p, runtime.unk_id) for p in pieces]
            note = ("symbols not in the vocabulary become " + runtime.unk_token
                    if any(p not in runtime.vocab for p in pieces) else "")
            words.append(Word(word, (offset + start, offset + end), "bpe", pieces, ids, note,
                              initial, steps))
    return Units("BPE (separate </w> symbol)", words,
                 ["each word ends with the separate symbol </w>, as in Sennrich et al."])
