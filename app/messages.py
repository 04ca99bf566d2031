"""The GUI's words for what the core reports: notes (:mod:`core.notes`) and unit names.

The core hands over codes and arguments; here each code gets a template through Qt's translation
layer, so a translated build shows notes in the user's language. A test checks that every code
the core defines has a template here with the same placeholders, so neither side falls behind.

>>> # render(note("stages.limited", limit=20000)) -> 'pipeline stages show the first 20,000 ...'
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from core.errors import WorkbenchError
from core.notes import Note
from core.text import Unit

CONTEXT = "Notes"


def templates() -> dict[str, str]:
    """Code -> translated template. Built at each call: the translator may change at run time."""
    return {
        "special.kept_as_text": QCoreApplication.translate(
            "Notes", "special-token literal {literal!r} at code point {start} kept as plain text "
                     "(possible injection)"),
        "special.parsed": QCoreApplication.translate(
            "Notes", "special-token literal {literal!r} at code point {start} parsed as a special "
                     "token"),
        "special.more": QCoreApplication.translate("Notes", "special-token literals further on: {count:,}"),
        "special.control_not_parsed": QCoreApplication.translate(
            "Notes", "SentencePiece never parses control symbols from text; they stay plain text"),
        "round_trip.differs": QCoreApplication.translate(
            "Notes", "decode(encode(text)) differs from the text in code points {start}–{end}"),
        "stages.limited": QCoreApplication.translate("Notes", "pipeline stages show the first {limit:,} characters"),
        "offload.fallback": QCoreApplication.translate(
            "Notes", "the helper process could not encode this large text ({reason}); it was "
                     "encoded in this process instead, which may pause the window"),
        "config.ignored": QCoreApplication.translate("Notes", "{error} — ignored"),
        "hf.padding_off": QCoreApplication.translate(
            "Notes", "the file pads every encoding ({length}); padding is off here so you see "
                     "the text's own tokens"),
        "hf.truncation_off": QCoreApplication.translate(
            "Notes", "the file truncates at {max_length:,} tokens; truncation is off here"),
        "reference.end_of_word": QCoreApplication.translate(
            "Notes", "the paper's separate </w> end-of-word symbol, which tokenizer.json cannot "
                     "express: run by the workbench's reference BPE encoder"),
        "tiktoken.no_preset": QCoreApplication.translate(
            "Notes", "{ranks:,} ranks match no known preset; the cl100k regex is used (choose a "
                     "preset or give a pattern)"),
        "tiktoken.token_repeated": QCoreApplication.translate(
            "Notes", "line {line}: token {token} is listed again (rank {before} before); its later "
                     "rank {rank} is used, as tiktoken's loader does"),
        "tiktoken.preset": QCoreApplication.translate("Notes", "preset {preset}: its regex and special tokens"),
        "tiktoken.preset_normalization": QCoreApplication.translate(
            "Notes", "preset {preset}: {normalization} normalization first"),
        "tiktoken.preset_bos": QCoreApplication.translate("Notes", "preset {preset}: {bos} added at the start"),
        "wordpiece.lowercased_config": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (lowercased, from tokenizer_config.json)"),
        "wordpiece.lowercased_guessed": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (lowercased, guessed from the vocabulary)"),
        "wordpiece.cased_config": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (cased, from tokenizer_config.json)"),
        "wordpiece.cased_guessed": QCoreApplication.translate(
            "Notes", "vocab.txt run as BERT WordPiece (cased, guessed from the vocabulary)"),
        "training.wordpiece_needs_unknown": QCoreApplication.translate(
            "Notes", "WordPiece needs an unknown token for words it cannot split: add {token} to "
                     "the special tokens"),
        "training.unigram_needs_unknown": QCoreApplication.translate(
            "Notes", "Unigram needs an unknown token for characters outside its vocabulary: add "
                     "{token} to the special tokens"),
        "training.sentencepiece_algorithm": QCoreApplication.translate(
            "Notes", "the sentencepiece engine trains unigram or bpe, not {algorithm!r}"),
        "training.sentencepiece_normalizer": QCoreApplication.translate(
            "Notes", "the sentencepiece engine normalizes with NFKC or not at all, not "
                     "{normalizer!r}"),
        "training.sentencepiece_needs_unknown": QCoreApplication.translate(
            "Notes", "SentencePiece always keeps an unknown piece: add <unk> to the special "
                     "tokens (first, for ID 0 as SentencePiece's own default)"),
        "training.no_words": QCoreApplication.translate(
            "Notes", "the corpus has no words to train on (empty or only whitespace)"),
        "training.special_tokens_repeated": QCoreApplication.translate(
            "Notes", "config: special_tokens repeats {tokens}"),
        "training.no_unknown_token": QCoreApplication.translate(
            "Notes", "no unknown token: characters not seen in training are dropped when "
                     "encoding; add <unk> to the special tokens to keep a token for them"),
        "sentencepiece.vocab_below_characters": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                     "character coverage {coverage:g} (+ {reserved:,} special pieces): raise the "
                     "vocabulary to at least {needed:,} or lower the coverage"),
        "sentencepiece.vocab_below_characters_unk": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                     "character coverage {coverage:g} (+ the unknown piece): raise the vocabulary "
                     "to at least {needed:,} or lower the coverage"),
        "sentencepiece.vocab_below_characters_bytes": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is smaller than the {characters:,} characters kept by "
                     "character coverage {coverage:g} (+ {reserved:,} special and byte pieces): "
                     "raise the vocabulary to at least {needed:,} or lower the coverage"),
        "sentencepiece.vocab_too_high": QCoreApplication.translate(
            "Notes", "vocabulary {vocab:,} is more than this corpus can fill (SentencePiece "
                     "found {found:,} pieces): lower the vocabulary to {found:,} or less, or add "
                     "text"),
        "sentencepiece.reserved_as_user_symbol": QCoreApplication.translate(
            "Notes", "{piece} is one of SentencePiece's own pieces and cannot also be a "
                     "user-defined symbol: list it once in the special tokens"),
        "sentencepiece.needs_unknown": QCoreApplication.translate(
            "Notes", "SentencePiece needs an unknown piece: add <unk> to the special tokens"),
        "sentencepiece.same_id": QCoreApplication.translate(
            "Notes", "two special pieces were given the ID of the {role} piece: list each "
                     "special token once"),
        "sentencepiece.failed": QCoreApplication.translate(
            "Notes", "SentencePiece training failed"),
    }


def render(note: Note) -> str:
    """A note in the GUI's language."""
    return templates()[note.code].format(**note.args)


def render_all(notes: list[Note]) -> list[str]:
    """Several notes, the templates looked up once."""
    table = templates()
    return [table[n.code].format(**n.args) for n in notes]


def error_text(error: WorkbenchError) -> str:
    """``str(error)`` in the GUI's language: an error that carries a note (a code and its
    values, e.g. SentencePiece's refusals) is worded here; any other keeps the core's words.

    >>> # error_text(TrainingError.of(note("sentencepiece.needs_unknown"))) -> '... add <unk> ...'
    """
    return str(error) if error.note is None else error.render(render(error.note))


def unit_label(unit: Unit) -> str:
    """A unit's display name in the GUI's language (the core keeps the stable ``unit.value``)."""
    return {Unit.BYTES: QCoreApplication.translate("Units", "UTF-8 bytes"), Unit.CP: QCoreApplication.translate("Units", "code points"),
            Unit.UTF16: QCoreApplication.translate("Units", "UTF-16 units"), Unit.GRAPHEME: QCoreApplication.translate("Units", "graphemes")}[unit]
