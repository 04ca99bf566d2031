"""Start the workbench: ``python -m app [TOKENIZER ...]`` (no argument: the workspace saved on
quit, or the embedded demo on a first start)."""

from __future__ import annotations

import sys
from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from app.platform_check import display_problem
    from core.memory import keep_freed_memory

    keep_freed_memory()  # corpus-sized arrays reuse freed memory instead of faulting it anew

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1

    from PySide6.QtWidgets import QApplication

    from app import i18n
    from app.errors import install_excepthook
    from app.main_window import MainWindow
    from app.session import Session
    from app.stop_signals import quit_on_stop_signals

    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName("Tokenizer Workbench")
    session = Session()
    # before any widget exists, so that every string is made in the chosen language
    i18n.install_language(i18n.startup_language(session.settings), app)
    window = MainWindow(session)
    install_excepthook(lambda: window)
    quit_on_stop_signals(app)  # SIGTERM, SIGHUP, Ctrl-C: quit as closing the window does
    if args:
        for path in args:
            window.open_path(path)
    elif not window.restore_workspace():  # the workspace saved on quit, else the demo
        window.load_demo()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
