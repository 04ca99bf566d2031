"""Errors as messages, never a crash: a last-resort hook for anything the code did not expect."""

from __future__ import annotations

import sys
import traceback

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from app.tasks import user_message


def show_error(parent: QWidget | None, title: str, error: BaseException | str) -> None:
    message = error if isinstance(error, str) else user_message(error)
    QMessageBox.warning(parent, title, message)


def install_excepthook(parent_getter) -> None:
    """Show unexpected exceptions in a dialog (with the details folded away) instead of dying."""

    def hook(kind, value, tb):
        details = "".join(traceback.format_exception(kind, value, tb))
        print(details, file=sys.stderr)
        box = QMessageBox(parent_getter())
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle(QCoreApplication.translate("ErrorDialog", "Something went wrong"))
        box.setText(QCoreApplication.translate(
            "ErrorDialog", "The workbench hit an unexpected problem and kept running:\n{problem}"
        ).format(problem=user_message(value)))
        box.setDetailedText(details)
        box.exec()

    sys.excepthook = hook
