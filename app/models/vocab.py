"""``VocabModel``: a lazy view over a runtime's vocabulary (256k rows scroll smoothly).

The rows shown are an array of ids (filtered and sorted off the GUI thread by
:func:`app.jobs.vocab.vocab_view`); a cell is computed only when Qt paints it. Ids no token has (the holes of a
tiktoken rank file, o200k's 199,998 and 200,000–200,017) are labelled *unassigned* and greyed;
WordPiece continuation pieces (``##ing``) are labelled as such.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import (QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex,
                            Qt)
from PySide6.QtGui import QColor, QFontDatabase

from core.audit.report import AuditReport
from core.pipeline.pretokens import ModelView
from core.formats.runtime import Runtime
from core.text.offsets import hex_bytes, visible_bytes

COLUMNS = (QT_TRANSLATE_NOOP("VocabModel", "ID"), QT_TRANSLATE_NOOP("VocabModel", "Piece"),
           QT_TRANSLATE_NOOP("VocabModel", "Text"), QT_TRANSLATE_NOOP("VocabModel", "Bytes"),
           QT_TRANSLATE_NOOP("VocabModel", "Length"), QT_TRANSLATE_NOOP("VocabModel", "Kind"),
           QT_TRANSLATE_NOOP("VocabModel", "Audit"))
AUDIT_COLUMN = 6
# sort orders: the key :func:`app.jobs.vocab.vocab_view` reads -> its label, translated when shown
SORTS = {"id": QT_TRANSLATE_NOOP("VocabModel", "ID"),
         "length ↑": QT_TRANSLATE_NOOP("VocabModel", "Length ↑ (shortest first)"),
         "length ↓": QT_TRANSLATE_NOOP("VocabModel", "Length ↓ (longest first)")}
# offered once an audit counted use on a corpus
COUNT_SORT = ("count ↑", QT_TRANSLATE_NOOP("VocabModel", "Corpus count ↑ (rarest first)"))
UNASSIGNED_COLOR = QColor("#9a9a9a")
# an audit's groups (core.audit.report.FILTERS) -> label, translated when shown
BADGES = {"partial": QT_TRANSLATE_NOOP("VocabModel", "partial"),
          "unreachable": QT_TRANSLATE_NOOP("VocabModel", "unreachable"),
          "word-internal": QT_TRANSLATE_NOOP("VocabModel", "word-internal"),
          "merge-unreachable": QT_TRANSLATE_NOOP("VocabModel", "no merge forms it"),
          "unused": QT_TRANSLATE_NOOP("VocabModel", "unused"),
          "sensitive": QT_TRANSLATE_NOOP("VocabModel", "sensitive"),
          "near-duplicate": QT_TRANSLATE_NOOP("VocabModel", "near-duplicate"),
          "special": QT_TRANSLATE_NOOP("VocabModel", "special")}
# a sensitive piece's rule (core.audit.sensitive.RULES, "name") -> label, translated when shown
RULES = {"email": QT_TRANSLATE_NOOP("VocabModel", "e-mail"),
         "url": QT_TRANSLATE_NOOP("VocabModel", "URL"),
         "tracking": QT_TRANSLATE_NOOP("VocabModel", "tracking parameter"),
         "hex": QT_TRANSLATE_NOOP("VocabModel", "hex run"),
         "base64": QT_TRANSLATE_NOOP("VocabModel", "base64 run"),
         "phone": QT_TRANSLATE_NOOP("VocabModel", "phone number"),
         "digits": QT_TRANSLATE_NOOP("VocabModel", "long digit run"),
         "domain": QT_TRANSLATE_NOOP("VocabModel", "domain"),
         "path": QT_TRANSLATE_NOOP("VocabModel", "file path"),
         "markup": QT_TRANSLATE_NOOP("VocabModel", "markup"),
         "name": QT_TRANSLATE_NOOP("VocabModel", "your name")}
# the audit cell's colour: that of its most telling badge (first in this order, as shown)
BADGE_COLORS = {"sensitive": QColor("#f6c6c6"), "unreachable": QColor("#f9dcb0"),
                "merge-unreachable": QColor("#f9dcb0"), "partial": QColor("#d7e3f4"),
                "unused": QColor("#f3ecb0"), "word-internal": QColor("#e6e6e6"),
                "near-duplicate": QColor("#e2eedd")}


def is_unassigned(view: ModelView, token_id: int) -> bool:
    """True for an id below the vocabulary size that no token has: no piece, no bytes, and no
    kind but *unused* (a rank file's empty token is a *normal* token with no bytes; a special
    token's literal is its bytes)."""
    return (view.piece_kinds[token_id] == "unused" and not view.vocab[token_id]
            and not view.pieces[token_id])


def token_kind(runtime: Runtime, token_id: int, specials: dict[int, str]) -> str:
    """The Kind column: a special token's kind; for an id whose bytes are empty (Whisper's
    ``=`` rank, or an id no token fills) a label saying so, since its other cells are blank.

    >>> # token_kind(whisper, 50256, {}) -> 'empty (never produced by encoding)'
    """
    if token_id in specials:
        return specials[token_id]
    if runtime.token_bytes(token_id):
        return ""
    return QCoreApplication.translate("VocabModel", "empty (never produced by encoding)")


class VocabModel(QAbstractTableModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.runtime: Runtime | None = None
        self.ids = np.zeros(0, dtype=np.int64)
        self.view: ModelView | None = None
        self.audit: AuditReport | None = None
        self._rule_of: dict[int, str] | None = None
        self._specials: dict[int, str] = {}
        self._prefix = ""
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)

    def set_view(self, runtime: Runtime | None, ids: np.ndarray, view: ModelView | None = None,
                 audit: AuditReport | None = None) -> None:
        """Show ``ids`` of ``runtime``; ``view``: its model view, built off the GUI thread
        (built here if None); ``audit``: its vocabulary audit, for the Audit column."""
        self.beginResetModel()
        self.runtime = runtime
        self.ids = ids
        self.view = view if view is not None or runtime is None else runtime.model_view()
        self.audit = audit
        self._rule_of: dict[int, str] | None = None
        self._specials = ({t.id: t.kind for t in runtime.special_tokens()} if runtime else {})
        self._prefix = self.view.continuation_prefix if self.view else ""
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.ids)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(COLUMNS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if self.runtime is None or not index.isValid():
            return None
        token_id = int(self.ids[index.row()])
        col = index.column()
        if role == Qt.ItemDataRole.FontRole and col in (1, 2, 3):
            return self._mono
        if role == Qt.ItemDataRole.ForegroundRole:
            return UNASSIGNED_COLOR if self._unassigned(token_id) else None
        if col == AUDIT_COLUMN and role in (Qt.ItemDataRole.BackgroundRole,
                                            Qt.ItemDataRole.ToolTipRole):
            return self._audit_cell(token_id, role)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if col == 0:
            return str(token_id)
        if self._unassigned(token_id):
            return {1: self.tr("(unassigned)"), 5: self.tr("unassigned")}.get(col, "")
        if col == 1:
            return self.runtime.piece(token_id)
        data = self.runtime.token_bytes(token_id)
        if col == 2:
            return visible_bytes(data)
        if col == 3:
            return hex_bytes(data)
        if col == 4:
            return str(len(data))
        if col == AUDIT_COLUMN:
            badges = self.badges(token_id)  # the most telling first, as the colours
            ordered = [b for b in BADGE_COLORS if b in badges]
            return " · ".join(self._badge_label(token_id, b) for b in ordered)
        return self.kind(token_id)

    def badges(self, token_id: int) -> list[str]:
        """The audit groups of ``token_id`` (none before an audit)."""
        return self.audit.badges(token_id) if self.audit is not None else []

    def _badge_label(self, token_id: int, badge: str) -> str:
        """A badge as the Audit column shows it (a sensitive piece with its rule)."""
        label = self.tr(BADGES[badge])
        if badge == "sensitive":
            rule = self._rules().get(token_id, "")
            label = self.tr("{badge}: {rule}").format(badge=label,
                                                      rule=self.tr(RULES.get(rule, rule)))
        return label

    def _rules(self) -> dict[int, str]:
        if self._rule_of is None:
            self._rule_of = self.audit.sensitive_rules()
        return self._rule_of

    def _audit_cell(self, token_id: int, role):
        badges = self.badges(token_id)
        if not badges:
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            return next((color for badge, color in BADGE_COLORS.items() if badge in badges), None)
        return "\n".join(self._explain(token_id, badge) for badge in badges)

    def _explain(self, token_id: int, badge: str) -> str:
        """A badge's tooltip line: what the audit found."""
        audit, runtime = self.audit, self.runtime
        if badge in ("unreachable", "word-internal"):
            pieces = " · ".join(runtime.piece(i) for i in audit.reach.encodes_to.get(token_id, ()))
            line = self.tr("its own text encodes to: {pieces}").format(
                pieces=pieces or self.tr("(nothing)"))
            if badge == "word-internal":
                line = self.tr("word-internal: only follows other text of its word") + "\n" + line
            return line
        if badge == "partial":
            return self.tr("partial: its bytes are not whole UTF-8 characters")
        if badge == "merge-unreachable":
            reason = audit.merges.unreachable.get(token_id, "")
            return (self.tr("no merge yields it") if reason == "no-merge"
                    else self.tr("its merge never applies: better-ranked merges take its "
                                 "symbols first"))
        if badge == "sensitive":
            rule = self._rules().get(token_id, "")
            return self.tr("sensitive: matches the rule {rule}").format(
                rule=self.tr(RULES.get(rule, rule)))
        if badge == "unused":
            return self.tr("the corpus never produced it")
        return self.tr("near-duplicate of another piece (case, space or width)")

    def _unassigned(self, token_id: int) -> bool:
        return token_id not in self._specials and is_unassigned(self.view, token_id)

    def kind(self, token_id: int) -> str:
        """What the Kind column says: the special token's kind, "continuation (##)" for a
        WordPiece piece that continues a word, a label for a real token with no bytes (see
        :func:`token_kind`), else nothing."""
        if self._prefix and self.view.pieces[token_id].startswith(self._prefix):
            return self.tr("continuation ({prefix})").format(prefix=self._prefix)
        return token_kind(self.runtime, token_id, self._specials)
