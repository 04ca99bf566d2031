"""``tokbench --install-desktop-entry`` / ``--uninstall-desktop-entry``: the workbench in the
desktop's application menu, as the freedesktop.org Desktop Entry Specification has it.

Installing writes, for this user only (nothing system-wide, nothing without being asked):

- ``$XDG_DATA_HOME/applications/tokenizer-workbench.desktop`` (``~/.local/share`` when unset),
  whose ``Exec`` runs the ``tokbench`` beside this Python (a pipx or venv install) with no
  argument, which starts the GUI;
- ``$XDG_DATA_HOME/icons/hicolor/scalable/apps/tokenizer-workbench.svg``, the project's icon.

Uninstalling removes exactly these two files (a desktop file not written by the workbench is
left alone).

>>> exec_argument("/opt/my tools/tokbench")
'"/opt/my tools/tokbench"'
>>> exec_argument("/usr/bin/tokbench")
'/usr/bin/tokbench'
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

APP_ID = "tokenizer-workbench"
ICON = Path(__file__).resolve().parent / "icons" / f"{APP_ID}.svg"
MARK = "X-Tokbench-Installed"  # says the workbench wrote the file (uninstall removes only it)
# characters that make an Exec argument need quotes, and those escaped inside quotes (spec:
# "The Exec key")
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
ESCAPED_IN_QUOTES = set('"`$\\')


def data_home(env=None) -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share`` (XDG Base Directory Specification)."""
    env = os.environ if env is None else env
    value = env.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local" / "share"


def entry_path(env=None) -> Path:
    return data_home(env) / "applications" / f"{APP_ID}.desktop"


def icon_path(env=None) -> Path:
    return data_home(env) / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"


def exec_argument(argument: str) -> str:
    """One argument of ``Exec``, quoted and escaped as the spec asks; then the backslashes
    doubled, as in every string value."""
    if any(ch in RESERVED for ch in argument):
        argument = '"' + "".join("\\" + ch if ch in ESCAPED_IN_QUOTES else ch
                                 for ch in argument) + '"'
    return argument.replace("\\", "\\\\")


def launcher() -> list[str]:
    """What starts the GUI: the ``tokbench`` script beside this Python, else ``python -m app``."""
    script = Path(sys.executable).parent / ("tokbench.exe" if os.name == "nt" else "tokbench")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "app"]


def entry_text(command: list[str]) -> str:
    """The desktop file's text (English and Simplified Chinese names)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        "Name=Tokenizer Workbench",
        "Name[zh_CN]=分词器工作台",
        "GenericName=Tokenizer inspector",
        "GenericName[zh_CN]=分词器检查工具",
        "Comment=See exactly what a tokenizer does to text: tokens, IDs, bytes and offsets",
        "Comment[zh_CN]=看清分词器如何处理文本：词元、ID、字节与偏移量",
        "Exec=" + " ".join(exec_argument(a) for a in command),
        "TryExec=" + command[0].replace("\\", "\\\\"),
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Development;",
        "Keywords=tokenizer;BPE;SentencePiece;tiktoken;GGUF;Hugging Face;",
        "StartupNotify=true",
        f"{MARK}=true",
        "",
    ])


def install(env=None) -> list[Path]:
    """Write the desktop file and the icon; their paths."""
    entry, icon = entry_path(env), icon_path(env)
    entry.parent.mkdir(parents=True, exist_ok=True)
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON, icon)
    entry.write_text(entry_text(launcher()), encoding="utf-8")
    _refresh(entry.parent, icon.parents[2])
    return [entry, icon]


def uninstall(env=None) -> list[Path]:
    """Remove what :func:`install` wrote; the paths removed (none when nothing was there)."""
    removed = []
    entry, icon = entry_path(env), icon_path(env)
    if entry.is_file() and f"\n{MARK}=true\n" in entry.read_text(encoding="utf-8"):
        entry.unlink()
        removed.append(entry)
    if icon.is_file() and icon.read_bytes() == ICON.read_bytes():
        icon.unlink()
        removed.append(icon)
    if removed:
        _refresh(entry.parent, icon.parents[2])
    return removed


def _refresh(applications: Path, icon_theme: Path) -> None:
    """Tell the desktop (where its tools exist; a menu picks the change up anyway later)."""
    for tool, folder in (("update-desktop-database", applications),
                         ("gtk-update-icon-cache", icon_theme)):
        if shutil.which(tool):
            try:
                subprocess.run([tool, "-q", str(folder)], capture_output=True, timeout=20)
            except (OSError, subprocess.SubprocessError):
                pass  # an optional cache: the files are in place


def run_flag(flag: str) -> int:
    """``tokbench --install-desktop-entry`` or ``--uninstall-desktop-entry``; the exit code."""
    if flag == "--install-desktop-entry":
        for path in install():
            print(f"wrote {path}")
        return 0
    removed = uninstall()
    for path in removed:
        print(f"removed {path}")
    if not removed:
        print(f"no desktop entry to remove ({entry_path()})")
    return 0
