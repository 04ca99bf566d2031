"""``RankFileDialog``: how to run a tiktoken rank file — its preset (regex) and special tokens.

A rank file holds only byte-pair ranks: the pre-tokenizer regex and the special tokens come from
elsewhere. The preset gives both; a file with its own special tokens after the ranks (Qwen3's)
gets them from the table, which replaces the preset's. When the ranks reach past a preset's
special IDs (cl100k's start at 100257), the dialog says so, names the presets that fit, and offers
the preset's special tokens placed after the last rank.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QHeaderView, QLabel, QPushButton, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from app.messages import render
from core.notes import note
from core.formats.tiktoken.presets import PRESETS, guess_preset, preset as find_preset, specials_fit
from core.formats.tiktoken.runtime import RankFile
from core.pipeline.special import custom_special_tokens


class RankFileDialog(QDialog):
    """Asks for the preset and (optionally) the special tokens of a rank file.

    After ``exec()`` is accepted: :meth:`preset_name` and :meth:`special_tokens` (None: the
    preset's own).
    """

    def __init__(self, file_name: str, rank_file: RankFile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("How to run {name}").format(name=file_name))
        self._ranks = rank_file.ranks
        self._rank_ids = set(rank_file.ranks.values())
        n = len(rank_file.ranks)
        guessed = guess_preset(n, self._rank_ids)
        if guessed is not None:
            intro = self.tr("{name} has {n} ranks, as {preset} has. A rank file holds no regex "
                            "and no special tokens: the preset gives them.").format(
                name=file_name, n=f"{n:,}", preset=guessed.name)
        else:
            intro = self.tr("{name} has {n} ranks, which matches no known tokenizer. Choose the "
                            "pre-tokenizer preset it was trained with.").format(
                name=file_name, n=f"{n:,}")
        label = QLabel(intro)
        label.setTextFormat(Qt.TextFormat.PlainText)  # a file name is not markup
        label.setWordWrap(True)
        self.preset = QComboBox()
        for preset in PRESETS:
            self.preset.addItem(preset.name, preset.name)
        self.preset.setCurrentIndex(PRESETS.index(guessed) if guessed else 1)  # else cl100k
        form = QFormLayout()
        form.addRow(self.tr("Preset (regex):"), self.preset)
        # a preset whose special IDs are ranks of this file: what collides, what fits instead
        self.fit_label = QLabel()
        self.fit_label.setTextFormat(Qt.TextFormat.PlainText)
        self.fit_label.setStyleSheet("color: #8a5a00")
        self.fit_label.setWordWrap(True)
        self.move_button = QPushButton()
        self.move_button.clicked.connect(self.place_after_ranks)

        self.table = QTableWidget(0, 2)
        self.table.setAccessibleName(self.tr("Special tokens"))  # its hint is too long a name
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("ID")])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemChanged.connect(lambda _item: self._changed())
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(self.remove_selected)
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(self.add_button)
        buttons_row.addWidget(self.remove_button)
        buttons_row.addStretch(1)
        hint = QLabel(self.tr("Special tokens: leave empty to use the preset's. Given here, they "
                              "replace the preset's; IDs must not be ranks (the first free ID is "
                              "{first}).").format(first=f"{max(self._rank_ids) + 1:,}"))
        hint.setWordWrap(True)
        self.error = QLabel()
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # token names look like tags: <b>
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addLayout(form)
        layout.addWidget(self.fit_label)
        layout.addWidget(self.move_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons_row)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(560, 460)
        self.preset.currentIndexChanged.connect(lambda _index: self._changed())
        self._changed()

    # -- the table -----------------------------------------------------------------------
    def add_row(self, name: str = "", token_id: int | None = None) -> int:
        """Append a row; its ID defaults to the first one after every rank and listed ID."""
        if token_id is None:
            listed = [int(i) for _, i in self._rows() if i.strip().isdigit()]
            token_id = max([max(self._rank_ids)] + listed) + 1
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(name))
        self.table.setItem(row, 1, QTableWidgetItem(str(token_id)))
        self.table.setCurrentCell(row, 0)
        self._changed()
        return row

    def remove_selected(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.table.removeRow(row)
        self._changed()

    # -- the preset's special IDs against the ranks ---------------------------------------
    def _fit(self):
        return specials_fit(find_preset(self.preset_name()), self._rank_ids)

    def _changed(self) -> None:
        """Say whether the chosen preset's special tokens collide with the ranks (only matters
        while the table is empty: given special tokens replace the preset's)."""
        self.error.setText("")
        fit = self._fit()
        collides = bool(fit.colliding) and self.table.rowCount() == 0
        self.fit_label.setVisible(collides)
        self.move_button.setVisible(collides)
        if not collides:
            return
        ids = fit.colliding.values()
        lines = [render(note("tiktoken.specials_collide", preset=fit.preset,
                             count=len(fit.colliding), first=min(ids), last=max(ids),
                             last_rank=fit.last_rank))]
        if fit.fitting:
            lines.append(render(note("tiktoken.presets_fit", presets=", ".join(fit.fitting))))
        self.fit_label.setText("\n".join(lines))
        self.move_button.setText(self.tr("Place the {n} special tokens of {preset} after the "
                                         "last rank (IDs {first}–{last})").format(
            n=len(fit.after_ranks), preset=fit.preset,
            first=f"{min(fit.after_ranks.values()):,}", last=f"{max(fit.after_ranks.values()):,}"))

    def place_after_ranks(self) -> None:
        """Fill the table with the preset's special tokens on the IDs after the last rank."""
        self.table.setRowCount(0)
        for literal, token_id in self._fit().after_ranks.items():
            self.add_row(literal, token_id)
        self._changed()

    def _rows(self) -> list[tuple[str, str]]:
        def text(row: int, col: int) -> str:
            item = self.table.item(row, col)
            return item.text() if item is not None else ""

        return [(text(row, 0), text(row, 1)) for row in range(self.table.rowCount())]

    # -- results -------------------------------------------------------------------------
    def preset_name(self) -> str:
        return self.preset.currentData()

    def special_tokens(self) -> dict[str, int] | None:
        """The table's tokens, checked (raises ``ValueError`` naming the row); None if empty."""
        rows = self._rows()
        if not rows:
            return None
        return custom_special_tokens(rows, ranks=self._rank_ids, item=self.tr("row"))

    def accept(self) -> None:
        try:
            special = self.special_tokens()
        except ValueError as err:
            self.error.setText(str(err))
            return  # stay open: the user fixes the row
        fit = self._fit()
        if special is None and fit.colliding:
            ids = fit.colliding.values()
            self.error.setText(render(note(
                "tiktoken.specials_refused", preset=fit.preset, count=len(fit.colliding),
                first=min(ids), last=max(ids), last_rank=fit.last_rank,
                start=fit.last_rank + 1, presets=", ".join(fit.fitting) or "—")))
            return  # the file would not open with these IDs
        super().accept()
