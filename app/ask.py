"""The one question asked before unsaved edits are replaced or the window quits.

>>> # if ask_unsaved(self, title, text) == "cancel": return
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def ask_unsaved(parent: QWidget | None, title: str, text: str) -> str:
    """Save / Discard / Cancel: ``"save"``, ``"discard"`` or ``"cancel"`` (Escape cancels).
    Tests replace this function to answer."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                      | QMessageBox.StandardButton.Cancel, parent)
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    answer = box.exec()
    return {QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard"}.get(
        QMessageBox.StandardButton(answer), "cancel")
