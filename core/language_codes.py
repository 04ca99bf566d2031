"""Language codes in file names: FLORES-200's ``eng_Latn``, BCP 47-like ``en``, ``zh-Hans``,
``pt_BR``. A file is one language's when its name before the first dot is such a code, whatever
its extension (``eng_Latn.dev``, ``eng_Latn.devtest``, ``zho_Hans.txt``, ``fra``); README,
LICENSE, metadata.json and the like are not (a code's language part is 2–3 lower-case letters),
nor the stems of translation tooling that look like one (``src``, ``ref``...).

>>> language_of_name("eng_Latn.devtest"), language_of_name("zh-Hans.txt"), language_of_name("pt_BR")
('eng_Latn', 'zh-Hans', 'pt_BR')
>>> language_of_name("README.flores"), language_of_name("metadata.json"), language_of_name("src.txt")
(None, None, None)
>>> file_language("en_botchan.txt"), file_language("kor_Hang.devtest"), file_language("code.jsonl")
('en', 'kor_Hang', '')
"""

from __future__ import annotations

import re
from pathlib import Path

# language (ISO 639: 2 or 3 letters), then an optional script (4 letters: Latn, Hans) and an
# optional region (2 letters or 3 digits: BR, 419), joined by "-" (BCP 47) or "_" (FLORES, POSIX)
CODE = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z]{4})?(?:[-_](?:[A-Za-z]{2}|[0-9]{3}))?")
# stems with a code's shape that name no language: machine-translation tooling and build output
NOT_LANGUAGES = frozenset({"src", "tgt", "ref", "hyp", "out", "log", "tmp", "all", "dev", "doc",
                           "bin", "lib"})
# the older convention of the Corpus pane: a two-letter code, then _ - or . (en_botchan.txt)
PREFIX = re.compile(r"([a-z]{2})(?:[_\-.]|$)")


def language_of_name(name: str) -> str | None:
    """The language code a file name is, before its first dot; None when it is not one."""
    stem = Path(name).name.split(".", 1)[0]
    if stem in NOT_LANGUAGES or not CODE.fullmatch(stem):
        return None
    return stem


def file_language(path: str | Path) -> str:
    """The language tag of a corpus file: its whole name before the first dot when that is a
    code (``kor_Hang.devtest``), else a two-letter prefix (``en_botchan.txt`` -> ``en``), else
    ``""`` (the user sets it)."""
    name = Path(path).name
    whole = language_of_name(name)
    if whole is not None:
        return whole
    match = PREFIX.match(name.lower())
    return match.group(1) if match else ""
