"""One UTF-8 decoder for user files: the error names file, line, byte in the file and in the line."""

from __future__ import annotations

import pytest

from core.errors import FormatError
from core.text.utf8 import BOM, decode_utf8


def test_valid_text_decodes_and_a_bom_is_dropped_on_request():
    assert decode_utf8("a\n世界".encode()) == "a\n世界"
    assert decode_utf8(BOM + b"x", strip_bom=True) == "x"
    assert decode_utf8(BOM + b"x") == "\ufeffx"


def test_whole_file_error_counts_the_line_and_the_byte_in_it():
    with pytest.raises(FormatError) as info:
        decode_utf8(b"one\ntwo\nth\xe4ree\n", path="f.txt")
    err = info.value
    assert (err.path, err.line, err.offset) == ("f.txt", 3, 10)
    assert str(err) == "f.txt:3: invalid UTF-8 at byte 10 of the file (byte 2 of the line: 0xe4)"


def test_bom_and_line_offsets_count_in_the_file():
    with pytest.raises(FormatError) as info:
        decode_utf8(BOM + b"ok\n\xff", path="b.txt", strip_bom=True)
    assert info.value.offset == 6 and info.value.line == 2
    with pytest.raises(FormatError) as info:
        decode_utf8(b"ab\xc3", path="c.gz", line=7, offset=100, where="decompressed file",
                    policy_hint=True)
    assert str(info.value) == ("c.gz:7: invalid UTF-8 at byte 102 of the decompressed file "
                               "(byte 2 of the line: 0xc3); use the 'replace' policy to keep going")
    assert info.value.note.args == {"offset": 102, "counted_in": "decompressed file",
                                    "column": 2, "byte": 0xC3}
