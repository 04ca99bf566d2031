"""The screenshots tool refuses a --text file that is not UTF-8 with the project's one message."""

from __future__ import annotations

import pytest

from app.screenshots import main


def test_text_file_not_utf8_is_a_usage_error_naming_line_and_byte(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\n\xff\n")
    with pytest.raises(SystemExit) as info:
        main([str(tmp_path / "out"), "--text", str(bad)])
    assert info.value.code == 2
    assert capsys.readouterr().err.strip().endswith(
        "bad.txt:2: invalid UTF-8 at byte 3 of the file (byte 0 of the line: 0xff)")
