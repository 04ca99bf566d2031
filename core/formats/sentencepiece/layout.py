"""Is a SentencePiece ``.model`` file whole? Read its top-level protobuf fields and say where it
was cut.

A cut file often still parses: cut between two pieces, protobuf reads fewer pieces and no
specs, and sentencepiece then complains about something else ("byte piece <0x00> is found
although byte_fallback is false"), or, cut just before the normalizer spec, loads a tokenizer
that normalizes differently. SentencePiece writes ``ModelProto`` fields in number order —
pieces (1), trainer_spec (2), normalizer_spec (3), then the optional self-test data (4) and
denormalizer spec (5) — so a file that ends before its normalizer spec was cut short.

>>> check_model_layout(bytes([0x0A, 0x05, 0x0A, 0x01]), "m.model")
Traceback (most recent call last):
  ...
core.errors.FormatError: m.model: truncated: the file ends at byte 4, inside piece 1 (bytes 0–7); \
a SentencePiece model must be copied whole
"""

from __future__ import annotations

from ...errors import FormatError
from ...notes import note


PIECES, TRAINER_SPEC, NORMALIZER_SPEC = 1, 2, 3
FIELD_NAMES = {PIECES: "piece", TRAINER_SPEC: "trainer_spec", NORMALIZER_SPEC: "normalizer_spec",
               4: "self_test_data", 5: "denormalizer_spec"}


class _CutShort(Exception):
    pass


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(data):
            raise _CutShort
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def top_level_fields(data: bytes) -> tuple[list[tuple[int, int, int]], tuple[int, int, int] | None]:
    """``(field number, start, end)`` of every whole top-level field, and the first field that
    runs past the end of ``data`` (``(number, start, declared end)``) or None.

    >>> top_level_fields(bytes([0x0A, 0x01, 0x61, 0x12, 0x03, 0x00]))
    ([(1, 0, 3)], (2, 3, 8))
    """
    fields, pos = [], 0
    while pos < len(data):
        start = pos
        try:
            key, pos = _varint(data, pos)
            number, wire = key >> 3, key & 7
            if wire == 0:
                _, pos = _varint(data, pos)
            elif wire == 1:
                pos += 8
            elif wire == 5:
                pos += 4
            elif wire == 2:
                length, pos = _varint(data, pos)
                pos += length
            else:
                return fields, None  # not a layout we know: the protobuf parser will judge
        except _CutShort:
            return fields, (0, start, len(data) + 1)
        if pos > len(data):
            return fields, (number, start, pos)
        fields.append((number, start, pos))
    return fields, None


def check_model_layout(data: bytes, path: object = None) -> None:
    """Raise :class:`FormatError` saying so when the file looks cut short."""
    fields, cut = top_level_fields(data)
    size = len(data)
    pieces = sum(1 for number, _, _ in fields if number == PIECES)
    if cut is not None:
        number, start, end = cut
        raise FormatError.of(note("sentencepiece.cut_inside", size=size, start=start, end=end,
                                  where=_field(number, pieces + 1)), path=path)
    numbers = {number for number, _, _ in fields}
    if pieces and NORMALIZER_SPEC not in numbers and numbers <= set(FIELD_NAMES):
        last = _field(PIECES if TRAINER_SPEC not in numbers else TRAINER_SPEC, pieces)
        raise FormatError.of(note("sentencepiece.cut_before_normalizer", size=size, where=last),
                             path=path)


def _field(number: int, piece: int):
    """The sub-note naming top-level field ``number`` (0: a field whose tag was cut), or
    piece number ``piece`` when it is a piece.

    >>> from core.notes import english
    >>> english(_field(PIECES, 3)), english(_field(TRAINER_SPEC, 3)), english(_field(9, 3))
    ('piece 3', 'the trainer_spec field', 'field 9')
    """
    if number == PIECES:
        return note("sentencepiece.in_piece", number=piece)
    if number in FIELD_NAMES:
        return note("sentencepiece.in_field", field=FIELD_NAMES[number])
    return note("sentencepiece.in_field_number", number=number) if number else note(
        "sentencepiece.in_a_field")
