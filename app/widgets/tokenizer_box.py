"""The session's tokenizers in a combo box, the current one selected (the Inspect and Chat
panes' tokenizer pickers).

>>> # fill_tokenizer_box(self.tokenizer_box, self.session)
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from app.messages import tokenizer_label


def fill_tokenizer_box(box: QComboBox, session) -> None:
    """Refill ``box`` with ``session``'s tokenizers (label, path as data) and select the
    current one, without emitting change signals (the session already knows)."""
    box.blockSignals(True)
    box.clear()
    for loaded in session.tokenizers:
        box.addItem(tokenizer_label(loaded), str(loaded.path))
    box.setCurrentIndex(session.current)
    box.blockSignals(False)
