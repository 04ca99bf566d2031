"""The workbench as ``python -m app`` starts it (stop signals included), training from its Train
pane as soon as it is up: a process for tests to stop from outside (SIGTERM, SIGHUP).

    python -m tests.app.gui_train_driver SETTINGS.ini CONFIG.json CORPUS

Prints ``started`` once the run has started; exits with the application's exit code.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from app.session import Session
    from app.stop_signals import quit_on_stop_signals
    from core.corpus import CorpusSource
    from core.engines.config import TrainingConfig

    settings_path, config_path, corpus = argv
    app = QApplication([sys.argv[0]])
    window = MainWindow(Session(QSettings(settings_path, QSettings.Format.IniFormat)))
    # the workspace saved on quit (or on a stop signal) beside the settings, not the user's
    window.workspace_file = Path(settings_path).with_name("workspace.json")
    quit_on_stop_signals(app)  # as app.__main__.main does
    window.show()

    def start() -> None:
        window.session.set_corpus([CorpusSource(corpus, lang="mul")], policy="strict")
        window.train.form.set_config(TrainingConfig.load(config_path))
        assert window.train.start(), window.train.progress_label.text()
        print("started", flush=True)

    QTimer.singleShot(0, start)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
