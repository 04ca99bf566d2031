"""Start ``tokbench`` so that a stop signal during its start-up ends it quietly.

The CLI's imports (numpy, tokenizers, sentencepiece, the core) take up to a second on a cold
machine. Ctrl-C, SIGTERM or SIGHUP in that second would raise inside an import — numpy turns a
KeyboardInterrupt there into an ImportError traceback — so until the CLI installs its own
handling (:mod:`app.stop_signals`), such a signal ends the process at once with the documented
code, 128 + the signal's number: nothing exists yet that would need cleaning up.

The ``tokbench`` script runs :func:`main`; ``python -m app.cli`` does the same around its own
imports.
"""

from __future__ import annotations

import os
import signal

EARLY_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                      if hasattr(signal, name))


def quiet_stops() -> dict:
    """End the process quietly on a stop signal from now on; returns the handlers replaced.

    >>> previous = quiet_stops(); restore(previous)
    >>> signal.getsignal(signal.SIGINT) is signal.default_int_handler
    True
    """
    return {signum: signal.signal(signum, _exit_now) for signum in EARLY_SIGNALS}


def restore(previous: dict) -> None:
    """Put back the handlers :func:`quiet_stops` replaced."""
    for signum, handler in previous.items():
        signal.signal(signum, handler)


def _exit_now(signum, frame) -> None:  # noqa: ARG001 - a signal handler's signature
    os._exit(128 + signum)  # no exception: it would surface inside whatever was importing


def main() -> int:
    """The ``tokbench`` entry point."""
    previous = quiet_stops()
    from app.cli import main as cli_main

    restore(previous)
    return cli_main()
