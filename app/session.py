"""The one object the panes share: loaded tokenizers, the current text, the chosen unit.

Views subscribe to its signals; nothing else holds state that two panes need.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal

from app.status_message import Said
from core.corpus import CorpusSource
from core.loading import Loaded
from core.text.offsets import Unit, replace_lone_surrogates

MAX_RECENT = 10


class Session(QObject):
    """Shared state of the workbench window.

    Signals:
        tokenizers_changed(): a tokenizer was added or removed.
        current_changed(int): the tokenizer shown in the Inspect pane changed (index).
        text_changed(str): the text under inspection changed.
        unit_changed(Unit): the unit offsets are shown in changed.
        options_changed(): add-special / parse-special changed.
        recent_changed(): the recent-files list changed.
        message(str): something the user should read in the status bar.
        corpus_changed(): the training corpus (sources, policy, de-duplication) changed.
    """

    tokenizers_changed = Signal()
    current_changed = Signal(int)
    text_changed = Signal(str)
    unit_changed = Signal(object)
    options_changed = Signal()
    recent_changed = Signal()
    message = Signal(object)  # a str, or a Said the window words again after a switch
    corpus_changed = Signal()

    def __init__(self, settings: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or QSettings("TokenizerWorkbench", "workbench")
        self.tokenizers: list[Loaded] = []
        self.current = -1
        self.text = ""
        self.unit = Unit.CP
        self.add_special_tokens = True
        self.parse_special = False
        self.corpus_sources: list[CorpusSource] = []
        self.corpus_policy = "strict"
        self.corpus_dedup = True
        self.last_folders: dict[str, str] = {}  # kind of file -> the folder its dialog starts in

    # -- tokenizers ----------------------------------------------------------------------
    def add_tokenizer(self, loaded: Loaded, *, select: bool = True) -> int:
        """Add (or replace the same path's) tokenizer; make it current if ``select`` or if
        nothing is current yet."""
        for index, other in enumerate(self.tokenizers):
            if other.path == loaded.path:
                self.tokenizers[index] = loaded
                break
        else:
            self.tokenizers.append(loaded)
            index = len(self.tokenizers) - 1
        self.tokenizers_changed.emit()
        if select or self.current < 0:
            self.set_current(index)
        return index

    def replace_tokenizer(self, index: int, loaded: Loaded) -> None:
        """Put ``loaded`` where the tokenizer at ``index`` was (a trained bundle, once saved,
        in place of its scratch copy): the same place in the lists, still current if it was;
        another entry of the same path goes (one entry per path)."""
        if not 0 <= index < len(self.tokenizers):
            return
        current = self.tokenizers[self.current] if 0 <= self.current < len(self.tokenizers) \
            else None
        was_current = current is self.tokenizers[index]
        self.tokenizers[index] = loaded
        self.tokenizers = [t for i, t in enumerate(self.tokenizers)
                           if i == index or t.path != loaded.path]
        kept = [i for i, t in enumerate(self.tokenizers) if t is current]
        if was_current or (current is not None and not kept):  # (a duplicate was current)
            self.current = next(i for i, t in enumerate(self.tokenizers) if t is loaded)
        elif kept:
            self.current = kept[0]
        self.tokenizers_changed.emit()
        self.current_changed.emit(self.current)

    def remove_tokenizer(self, index: int) -> None:
        if 0 <= index < len(self.tokenizers):
            del self.tokenizers[index]
            self.tokenizers_changed.emit()
            self.set_current(min(self.current, len(self.tokenizers) - 1))

    def set_current(self, index: int) -> None:
        self.current = index
        self.current_changed.emit(index)

    @property
    def current_tokenizer(self) -> Loaded | None:
        if 0 <= self.current < len(self.tokenizers):
            return self.tokenizers[self.current]
        return None

    # -- text and options ----------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """Set the text under inspection; lone surrogates (broken clipboards, files decoded with
        surrogateescape) cannot be tokenized and are replaced by U+FFFD, with a message."""
        text, count = replace_lone_surrogates(text)
        if count:
            self.message.emit(Said(lambda: self.tr("replaced %n lone surrogate(s) with U+FFFD",
                                                    "", count)))
        if text != self.text:
            self.text = text
            self.text_changed.emit(text)

    def set_unit(self, unit: Unit | str) -> None:
        unit = Unit(unit)  # Qt hands enum item data back as plain str
        if unit is not self.unit:
            self.unit = unit
            self.unit_changed.emit(unit)

    def set_options(self, *, add_special_tokens: bool | None = None,
                    parse_special: bool | None = None) -> None:
        if add_special_tokens is not None:
            self.add_special_tokens = add_special_tokens
        if parse_special is not None:
            self.parse_special = parse_special
        self.options_changed.emit()

    # -- recent files --------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_tokenizers", [])
        if isinstance(value, str):
            value = [value]
        return [v for v in (value or []) if isinstance(v, str)]

    def remember(self, path: str | Path) -> None:
        """Put a tokenizer first in the recent list: a file by its full path, a local model by
        the name it was opened with (a string that is no file: ``Qwen/Qwen2.5-7B-Instruct``)."""
        path = path if isinstance(path, str) and not Path(path).exists() else str(
            Path(path).resolve())
        recent = [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent_tokenizers", [path] + recent[:MAX_RECENT - 1])
        self.recent_changed.emit()

    # -- training corpus -----------------------------------------------------------------
    def set_corpus(self, sources: list[CorpusSource], *, policy: str | None = None,
                   dedup: bool | None = None) -> None:
        """The corpus the Corpus pane built, for the Train pane (a copy of the list is kept)."""
        self.corpus_sources = list(sources)
        if policy is not None:
            self.corpus_policy = policy
        if dedup is not None:
            self.corpus_dedup = dedup
        self.corpus_changed.emit()
