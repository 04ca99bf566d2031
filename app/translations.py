"""Build the translation files with the lupdate and lrelease that ship in PySide6-Essentials.

    python -m app.translations      # what `make translations` runs

lupdate reads every ``tr`` / ``QCoreApplication.translate`` / ``QT_TRANSLATE_NOOP`` in ``app/``
into ``resources/translations/workbench_zh_CN.ts`` (new strings arrive ``unfinished``; strings no
longer in the code are dropped) and the plural forms alone into ``workbench_en.ts``; lrelease
compiles both to the ``.qm`` files the app loads (committed, so a fresh clone runs in Chinese with
no build step; ``tests/app/test_translations.py`` checks they match their ``.ts``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import PySide6

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "app"
TRANSLATIONS = ROOT / "resources" / "translations"
TOOLS = Path(PySide6.__file__).resolve().parent
# the .ts files and whether each holds only the plural forms (English needs "1 token", not
# "1 token(s)": its .ts translates the numerus messages and nothing else)
TS_FILES = {"workbench_zh_CN.ts": False, "workbench_en.ts": True}


def tool(name: str) -> str:
    """The path of PySide6's ``lupdate`` or ``lrelease`` binary."""
    path = TOOLS / (name + (".exe" if sys.platform == "win32" else ""))
    return str(path)


def lupdate(sources: Path, ts: Path, *, plural_only: bool = False, locations: str = "none",
            keep_obsolete: bool = False) -> str:
    """Extract the translatable strings of ``sources`` (a folder or a .py file) into ``ts``,
    keeping its existing translations; return lupdate's report.

    ``locations="none"`` keeps the committed .ts free of line numbers (no churn on every edit);
    the completeness test asks for ``"absolute"`` to know which file each string is in.
    """
    args = [tool("lupdate"), "-extensions", "py", "-source-language", "en", "-locations",
            locations]
    if plural_only:
        args.append("-pluralonly")
    if not keep_obsolete:
        args.append("-no-obsolete")
    done = subprocess.run([*args, str(sources), "-ts", str(ts)], capture_output=True, text=True,
                          check=True)
    return done.stdout + done.stderr


def lrelease(ts: Path, qm: Path) -> str:
    """Compile ``ts`` to ``qm``; return lrelease's report (how many finished, unfinished)."""
    done = subprocess.run([tool("lrelease"), "-silent", str(ts), "-qm", str(qm)],
                          capture_output=True, text=True, check=True)
    return done.stdout + done.stderr


def main() -> int:
    TRANSLATIONS.mkdir(parents=True, exist_ok=True)
    for name, plural_only in TS_FILES.items():
        ts = TRANSLATIONS / name
        print(lupdate(SOURCES, ts, plural_only=plural_only).strip())
        lrelease(ts, ts.with_suffix(".qm"))
        print(f"compiled {ts.with_suffix('.qm').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
