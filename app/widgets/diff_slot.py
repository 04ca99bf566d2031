"""``TokenizerSlot``: one side (A or B) of the Diff pane — a tokenizer of the session, a recent
file, one opened with a dialog, or one dropped on it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from app.folders import ask_open_file
from core.loading import Loaded, open_tokenizer


class TokenizerSlot(QWidget):
    """Signals:
        changed(): the slot's tokenizer changed (``loaded`` may be None).
        failed(str): a file could not be opened (the message).
    """

    changed = Signal()
    failed = Signal(str)

    def __init__(self, title: str, session, tasks, parent=None) -> None:
        super().__init__(parent)
        self.session, self.tasks = session, tasks
        self.loaded: Loaded | None = None
        self._opened: dict[str, Loaded] = {}  # files opened here, by path
        self.setAcceptDrops(True)
        self.combo = QComboBox()
        self.combo.setMinimumContentsLength(24)
        self.combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.open_button = QPushButton(self.tr("Open…"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(f"<b>{title}</b>"))
        layout.addWidget(self.combo, 1)
        layout.addWidget(self.open_button)
        self.open_button.clicked.connect(self._on_open_clicked)
        self.combo.activated.connect(self._on_combo_activated)
        session.tokenizers_changed.connect(self._update_items)
        session.recent_changed.connect(self._update_items)
        self._update_items()

    def _update_items(self) -> None:
        current = self.loaded.path if self.loaded is not None else None
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItem(self.tr("(choose a tokenizer)"), None)
        seen = set()
        for loaded in [*self.session.tokenizers, *self._opened.values()]:
            if str(loaded.path) not in seen:
                seen.add(str(loaded.path))
                self.combo.addItem(loaded.label, str(loaded.path))
        for path in self.session.recent_files():
            if path not in seen:
                seen.add(path)
                self.combo.addItem(self.tr("{name} (recent)").format(name=Path(path).name), path)
        index = self.combo.findData(str(current)) if current is not None else 0
        self.combo.setCurrentIndex(max(index, 0))
        self.combo.blockSignals(False)

    def _known(self, path: str) -> Loaded | None:
        for loaded in [*self.session.tokenizers, *self._opened.values()]:
            if str(loaded.path) == path:
                return loaded
        return None

    def _on_combo_activated(self, index: int) -> None:
        path = self.combo.itemData(index)
        if path is None:
            self.set_loaded(None)
        else:
            self.open_path(path)

    def _on_open_clicked(self) -> None:
        path = ask_open_file(self, "tokenizer", self.tr("Open a tokenizer or bundle"))
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path) -> None:
        """Use the tokenizer at ``path`` (opened in a worker unless already open)."""
        known = self._known(str(path))
        if known is not None:
            self.set_loaded(known)
            return
        self.tasks.submit(f"diff-slot-{id(self)}", open_tokenizer, str(path), latest_only=True,
                          on_result=self._on_opened, on_error=self.failed.emit)

    def _on_opened(self, loaded: Loaded) -> None:
        self._opened[str(loaded.path)] = loaded
        self.set_loaded(loaded)

    def set_loaded(self, loaded: Loaded | None) -> None:
        self.loaded = loaded
        self._update_items()
        self.changed.emit()

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        urls = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if urls:
            self.open_path(urls[0])
            event.acceptProposedAction()
