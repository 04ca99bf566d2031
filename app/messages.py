"""The GUI's words for what the core reports: notes (:mod:`core.notes`) and unit names.

The core hands over codes and arguments; here each code gets a template through Qt's translation
layer, so a translated build shows notes in the user's language. A test checks that every code
the core defines has a template here with the same placeholders, so neither side falls behind.

>>> # render(note("stages.limited", limit=20000)) -> 'pipeline stages show the first 20,000 ...'
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

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
    }


def render(note: Note) -> str:
    """A note in the GUI's language."""
    return templates()[note.code].format(**note.args)


def render_all(notes: list[Note]) -> list[str]:
    """Several notes, the templates looked up once."""
    table = templates()
    return [table[n.code].format(**n.args) for n in notes]


def unit_label(unit: Unit) -> str:
    """A unit's display name in the GUI's language (the core keeps the stable ``unit.value``)."""
    return {Unit.BYTES: QCoreApplication.translate("Units", "UTF-8 bytes"), Unit.CP: QCoreApplication.translate("Units", "code points"),
            Unit.UTF16: QCoreApplication.translate("Units", "UTF-16 units"), Unit.GRAPHEME: QCoreApplication.translate("Units", "graphemes")}[unit]
