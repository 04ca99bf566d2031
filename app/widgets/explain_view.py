"""``ExplainView``: why the text split so — over :class:`core.explain.Explanation`.

An agreement banner on top (the explainer's IDs against the runtime's), the words the model saw
on the left, and for the selected word: the BPE merges in rank order, the WordPiece matches, or
the Unigram lattice (drawn, Viterbi path highlighted) with its n-best table.
"""

from __future__ import annotations

from html import escape
from typing import Callable

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex,
                            QObject, QRectF, Qt)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (QAbstractItemView, QGraphicsScene, QGraphicsView, QHeaderView,
                               QLabel, QSplitter, QTableView, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from app.jobs.inspect import SEP, WordRow, explanation_rows
from app.messages import model_name, render, render_all
from core.explain import Explanation, LatticeTrace, Word
from core.text.offsets import visible_text

MAX_POSITIONS = 160  # lattice columns drawn; a longer segment is drawn up to here (and says so)
WRAP_ROWS = 40  # tables up to this many rows wrap long cells and fit rows to them
STYLE = {
    "ok": "background:#e6f4ea; color:#1e6b30; border:1px solid #9ccc9f;",
    "bad": "background:#fde7e9; color:#a4161a; border:1px solid #f1a7ab;",
    "info": "background:#fff4e0; color:#7a4b00; border:1px solid #f0c987;",
    "busy": "background:#eef1f5; color:#44505c; border:1px solid #c9d1da;",
}
HOW = {"special": QT_TRANSLATE_NOOP("ExplainView", "special token"),
       "whole": QT_TRANSLATE_NOOP("ExplainView", "whole pre-token"),
       "bpe": QT_TRANSLATE_NOOP("ExplainView", "BPE merges"),
       "wordpiece": QT_TRANSLATE_NOOP("ExplainView", "WordPiece matches"),
       "unigram": QT_TRANSLATE_NOOP("ExplainView", "Unigram lattice")}


def how_split(kind: str) -> str:
    """How a word of ``kind`` was split, in the installed language (``"bpe"`` -> BPE merges)."""
    return QCoreApplication.translate("ExplainView", HOW[kind]) if kind in HOW else kind


class WordTexts(QObject):
    """The word list's texts: a QObject only for ``tr`` (plural forms)."""

    def why(self, row: WordRow) -> str:
        """What the model did with the word, in a few words (``3 merges``)."""
        if row.kind == "bpe":
            return self.tr("%n merge(s)", "", row.count)
        if row.kind == "wordpiece":
            if row.unknown:
                return self.tr("unknown")
            return self.tr("%n match(es)", "", row.count)
        if row.kind == "unigram":
            return self.tr("%n candidate(s)", "", row.count)
        return how_split(row.kind)

    def nothing(self) -> str:
        return self.tr("(nothing)")


WORD_TEXTS = WordTexts()


class WordsModel(QAbstractTableModel):
    """The words of an explanation as a lazy Qt model (thousands of rows cost nothing to show)."""

    HEADERS = ("#", QT_TRANSLATE_NOOP("WordsModel", "pre-token"),
               QT_TRANSLATE_NOOP("WordsModel", "why"), QT_TRANSLATE_NOOP("WordsModel", "tokens"))

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.rows: list[WordRow] = []  # worded when shown: only the rows on screen cost
        self.ids: list[list[int]] = []

    def set_rows(self, rows: list, ids: list[list[int]]) -> None:
        self.beginResetModel()
        self.rows, self.ids = rows, ids
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return len(self.HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(self.HEADERS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        text = self._cell(self.rows[index.row()], index.column())
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 3:
            return self.tr("{tokens}\nids {ids}").format(tokens=text, ids=self.ids[index.row()])
        return text

    @staticmethod
    def _cell(row: WordRow, column: int) -> str:
        if column == 0:
            return row.number
        if column == 1:
            return row.pre_token
        if column == 2:
            return WORD_TEXTS.why(row)
        return row.tokens or WORD_TEXTS.nothing()


class LatticeView(QGraphicsView):
    """A Unigram lattice: the characters on the x axis, one box per candidate piece spanning
    the characters it covers, the Viterbi path on the first row (green), the other candidates
    below, unknown edges in red. Hover a box for its piece, span and score."""

    ROW = 40
    TOP = 46

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setBackgroundBrush(QColor("#ffffff"))
        self.font_piece = QFont(self.font())
        self.font_small = QFont(self.font())
        self.font_small.setPointSizeF(max(6.5, self.font().pointSizeF() * 0.8))
        self.font_char = QFont(self.font())
        self.font_char.setPointSizeF(self.font().pointSizeF() * 1.25)

    def set_trace(self, trace: LatticeTrace | None, readable: Callable[[str], str]) -> None:
        scene = self.scene()
        scene.clear()
        if trace is None:
            return
        chars = trace.text[:MAX_POSITIONS]
        edges = [e for e in trace.edges if e.end <= len(chars)]
        labels = ["unk" if e.kind == "unk" else readable(e.piece) for e in edges]
        xs = self._columns(chars, edges, labels)
        for i, ch in enumerate(chars):
            self._box(xs[i], 0, xs[i + 1] - xs[i], 30, visible_text(ch), None, "#f7f7f7",
                      "#d0d0d0", self.font_char,
                      tip=self.tr("character {index}: U+{code}").format(index=i,
                                                                         code=f"{ord(ch):04X}"))
            index = scene.addSimpleText(str(i), self.font_small)
            index.setBrush(QColor("#9a9a9a"))
            index.setPos(xs[i] + 3, 31)
        rows = self._rows(edges)
        for edge, row, label in zip(edges, rows, labels):
            fill = {"unk": "#f8d7d3", "user": "#fff3cd"}.get(edge.kind, "#f1f3f4")
            line = {"unk": "#b3261e", "user": "#b08900"}.get(edge.kind, "#a0a4a8")
            if edge.best:  # green frame for the path; an unknown edge on it stays red inside
                fill, line = (fill if edge.kind != "piece" else "#c8e6c9"), "#2e7d32"
            tip = (self.tr("{piece}  ·  characters {start}–{end}  ·  score {score}").format(
                piece=readable(edge.piece), start=edge.start, end=edge.end,
                score=f"{edge.score:.3f}")
                + (self.tr("  ·  on the Viterbi path") if edge.best else "")
                + (self.tr("  ·  no one-character piece here: unknown, penalised")
                   if edge.kind == "unk" else
                   self.tr("  ·  user-defined: always wins") if edge.kind == "user" else ""))
            self._box(xs[edge.start] + 1, self.TOP + row * self.ROW, xs[edge.end] - xs[edge.start] - 2,
                      self.ROW - 6, label, f"{edge.score:.1f}", fill, line, self.font_piece,
                      bold=edge.best, tip=tip)
        if len(trace.text) > len(chars):
            more = scene.addSimpleText(
                self.tr("… %n more character(s) (the n-best table covers the whole segment)", "",
                        len(trace.text) - len(chars)), self.font_small)
            more.setPos(xs[-1] + 8, 8)
        rect = scene.itemsBoundingRect().adjusted(-6, -6, 12, 12)
        scene.setSceneRect(rect)
        # no taller than the drawing: the room left goes to the n-best table
        self.setMaximumHeight(int(rect.height()) + 2 * self.frameWidth() + 24)

    def _columns(self, chars: str, edges, labels) -> list[float]:
        """Column x positions: wide enough for each character, then widened so that every
        piece's label and score fit its box (short pieces first, extra shared evenly)."""
        char_metrics = QFontMetrics(self.font_char)
        bold = QFont(self.font_piece)
        bold.setBold(True)
        metrics, small = QFontMetrics(bold), QFontMetrics(self.font_small)
        widths = [max(34.0, char_metrics.horizontalAdvance(visible_text(ch)) + 14.0)
                  for ch in chars]
        for edge, label in sorted(zip(edges, labels), key=lambda p: p[0].end - p[0].start):
            need = max(metrics.horizontalAdvance(label),
                       small.horizontalAdvance(f"{edge.score:.1f}")) + 12
            have = sum(widths[edge.start:edge.end])
            if have < need:
                extra = (need - have) / (edge.end - edge.start)
                for i in range(edge.start, edge.end):
                    widths[i] += extra
        xs = [0.0]
        for width in widths:
            xs.append(xs[-1] + width)
        return xs

    @staticmethod
    def _rows(edges) -> list[int]:
        """Row 0 for the Viterbi path; the other edges packed greedily below, longest first."""
        rows = [0] * len(edges)
        ends: list[int] = []  # per row (from 1): where its last box ends
        order = sorted((i for i, e in enumerate(edges) if not e.best),
                       key=lambda i: (edges[i].start, -(edges[i].end - edges[i].start)))
        for i in order:
            e = edges[i]
            row = next((r for r, end in enumerate(ends) if end <= e.start), len(ends))
            if row == len(ends):
                ends.append(0)
            ends[row] = e.end
            rows[i] = row + 1
        return rows

    def _box(self, x, y, w, h, text, sub, fill, line, font, *, bold=False, tip="") -> None:
        scene = self.scene()
        rect = scene.addRect(QRectF(x, y, w, h), QPen(QColor(line), 1.6 if bold else 1.0),
                             QBrush(QColor(fill)))
        rect.setToolTip(tip)
        font = QFont(font)
        font.setBold(bold)
        metrics = QFontMetrics(font)
        shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(w - 6))
        label = scene.addSimpleText(shown, font)
        label.setToolTip(tip)
        label.setBrush(QColor("#1f1f1f"))
        label.setPos(x + (w - metrics.horizontalAdvance(shown)) / 2,
                     y + (2 if sub else (h - metrics.height()) / 2))
        if sub:
            small = QFontMetrics(self.font_small)
            sub = small.elidedText(sub, Qt.TextElideMode.ElideRight, int(w - 4))
            item = scene.addSimpleText(sub, self.font_small)
            item.setBrush(QColor("#5f6368"))
            item.setToolTip(tip)
            item.setPos(x + (w - small.horizontalAdvance(sub)) / 2, y + h - small.height() - 1)


class ExplainView(QWidget):
    """The Explain tab. ``set_explanation`` shows a result; ``set_busy`` / ``show_error`` the
    states around it."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.explanation: Explanation | None = None
        self.key = None  # what the shown (or pending) explanation was computed for
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color:#5f6368")
        self.words_model = WordsModel(self)
        self.words = QTableView()
        self.words.setAccessibleName(self.tr("Words"))
        self.words.setModel(self.words_model)
        self.words.verticalHeader().setVisible(False)
        self.words.verticalHeader().setDefaultSectionSize(22)
        self.words.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.words.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.words.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.words.setAlternatingRowColors(True)
        self.words.setWordWrap(False)
        self.words.horizontalHeader().setStretchLastSection(True)
        for col, width in enumerate((38, 130, 120)):
            self.words.setColumnWidth(col, width)
        self.words.selectionModel().currentRowChanged.connect(self._on_words_current_changed)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget()
        self.table.setAccessibleName(self.tr("Steps of the chosen word"))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.lattice = LatticeView()
        self.lattice.setAccessibleName(self.tr("Lattice"))
        self.lattice.setAccessibleDescription(self.tr("Every vocabulary piece starting at each character"))
        self.lattice_title = QLabel(self.tr(
            "<b>Lattice</b> — every vocabulary piece starting at each character; "
            "<span style='color:#2e7d32'>green: the Viterbi path</span>, "
            "<span style='color:#b3261e'>red: unknown</span>; the number is the piece's "
            "log-score"))
        self.lattice_title.setWordWrap(True)
        self.table_title = QLabel()
        self.table_title.setWordWrap(True)
        detail = QWidget()
        box = QVBoxLayout(detail)
        box.setContentsMargins(6, 0, 0, 0)
        box.addWidget(self.header)
        box.addWidget(self.lattice_title)
        box.addWidget(self.lattice, 3)
        box.addWidget(self.table_title)
        box.addWidget(self.table, 2)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.words)
        split.addWidget(detail)
        split.setSizes([430, 770])
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.banner)
        layout.addWidget(self.notes)
        layout.addWidget(split, 1)
        self._set_banner("busy", self.tr("Open a tokenizer and type some text to see why it "
                                         "splits so."))
        self._show_word(None)

    # -- states ------------------------------------------------------------------------------
    def set_busy(self) -> None:
        self._set_banner("busy", self.tr("Explaining…"))

    def show_error(self, message: str) -> None:
        self._set_banner("bad", self.tr("✘ the explainer failed: {message}").format(
            message=escape(message)))

    def set_explanation(self, ex: Explanation | None, rows: list | None = None) -> None:
        """Show ``ex``; ``rows`` are its :func:`~app.jobs.inspect.explanation_rows` when
        already made."""
        self.words_model.set_rows([], [])
        self.explanation = ex
        self._show_word(None)
        if ex is None:
            self._set_banner("busy", self.tr("Open a tokenizer to see why a text splits so."))
            self.notes.setText("")
            return
        if not ex.supported:
            self._set_banner("info", self.tr("This tokenizer cannot be explained: {reason}").format(
                reason=escape(render(ex.reason))))
            self.notes.setText("")
            return
        agreement = ex.agreement
        if agreement.ok:
            self._set_banner("ok", self.tr("✔ explainer matches runtime: %n token(s)", "",
                                           agreement.count))
        else:
            # Agreement.summary() in words the translation can follow (core speaks English)
            side = (lambda s: escape(f"{s[1]} ({s[0]})") if s else self.tr("nothing"))
            self._set_banner("bad", self.tr(
                "✘ explainer and runtime differ — first difference at token {index}: explainer "
                "{ours} vs runtime {theirs}").format(index=agreement.index,
                                                     ours=side(agreement.ours),
                                                     theirs=side(agreement.theirs)))
        self.notes.setText(" · ".join([model_name(ex.model)] + render_all(ex.notes) + [
            self.tr("IDs compared without the post-processor's tokens (BOS, [CLS]…)")] + (
            [self.tr("<E4 BD> = UTF-8 bytes that are not a whole character yet")]
            if ex.pieces_are_bytes else [])))
        self._fill_words(ex, rows if rows is not None else explanation_rows(ex))

    def _set_banner(self, state: str, html: str) -> None:
        self.banner.setStyleSheet(f"QLabel {{{STYLE[state]} padding:6px; border-radius:4px;}}")
        self.banner.setText(html)
        self.banner.setProperty("state", state)

    # -- words -------------------------------------------------------------------------------
    def _fill_words(self, ex: Explanation, rows: list) -> None:
        self.words_model.set_rows(rows, [w.ids for w in ex.words])
        first = next((i for i, w in enumerate(ex.words) if w.kind not in ("special", "whole")), 0)
        if rows:
            self.select_word(first)

    def select_word(self, index: int) -> None:
        """Show word ``index`` (selects its row)."""
        self.words.setCurrentIndex(self.words_model.index(index, 0))

    def _on_words_current_changed(self, current, _previous) -> None:
        ex = self.explanation
        if ex is None or not current.isValid() or current.row() >= len(ex.words):
            self._show_word(None)
            return
        self._show_word(ex.words[current.row()])

    # -- one word ----------------------------------------------------------------------------
    def _show_word(self, word: Word | None) -> None:
        ex = self.explanation
        is_lattice = word is not None and word.lattice is not None
        self.lattice.setVisible(is_lattice)
        self.lattice_title.setVisible(is_lattice)
        self.table.clear()
        self.table.setRowCount(0)
        self.table.setColumnCount(0)
        if word is None or ex is None:
            self.header.setText("")
            self.table_title.setText("")
            self.lattice.set_trace(None, str)
            return
        span = self.tr(" · characters {start}–{end}").format(
            start=word.span[0], end=word.span[1]) if word.span else ""
        ids = self.tr("ids {ids}").format(ids=word.ids)
        self.header.setText(
            self.tr("<b>{how}</b> of {text}{span}<br>→ <b>%n token(s)</b>: {tokens} &nbsp;{ids}",
                    "", len(word.ids)).format(
                how=escape(how_split(word.kind)),
                text=f"<span style='background:#eef1f5'>&nbsp;{escape(ex.readable(word.text))}"
                     "&nbsp;</span>",
                span=span, tokens=SEP.join(escape(ex.readable(p)) for p in word.pieces),
                ids=f"<span style='color:#5f6368'>{escape(ids)}</span>")
            + (f"<br><span style='color:#7a4b00'>{escape(render(word.note))}</span>"
               if word.note else ""))
        if word.kind == "bpe":
            self._show_merges(ex, word)
        elif word.kind == "wordpiece":
            self._show_matches(ex, word)
        elif is_lattice:
            self.lattice.set_trace(word.lattice, ex.readable)
            self._show_nbest(ex, word.lattice)
        else:
            self.table_title.setText("")

    def _table(self, title: str, headers: list[str], rows: list[list[str]], stretch: int = -1
               ) -> None:
        """Fill the table; column ``stretch`` takes the room left and wraps its text."""
        self.table_title.setText(title)
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(r, c, item)
        stretch %= len(headers)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        for c in range(len(headers)):
            if c == stretch:
                header.setSectionResizeMode(c, QHeaderView.ResizeMode.Stretch)
            else:
                header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
                self.table.resizeColumnToContents(c)  # short cells: cheap to measure
                self.table.setColumnWidth(c, min(self.table.columnWidth(c) + 12, 300))
        # wrapping costs a text layout per cell: long tables (a 300-byte pre-token has ~300
        # merges) stay on one line per row so that showing a word never stalls the GUI
        wrap = len(rows) <= WRAP_ROWS
        self.table.setWordWrap(wrap)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone if wrap else
                                    Qt.TextElideMode.ElideMiddle)
        if wrap:
            self.table.resizeRowsToContents()

    def _show_merges(self, ex: Explanation, word: Word) -> None:
        # no line break inside a symbol such as <E4 BD>: only between symbols
        show = (lambda piece: ex.readable(piece).replace(" ", "\u00a0"))
        scored = any(s.score is not None for s in word.steps)
        rows = [[self.tr("start"), "", "", *([""] if scored else []),
                 SEP.join(map(show, word.initial))]]
        for n, s in enumerate(word.steps, 1):
            rows.append([str(n), str(s.rank), f"{show(s.left)} + {show(s.right)} → "
                         f"{show(s.left + s.right)}", *([f"{s.score:g}"] if scored else []),
                         SEP.join(map(show, s.symbols))])
        last = word.steps[-1].symbols if word.steps else word.initial
        if list(word.pieces) != list(last):  # unknown characters became bytes or <unk>
            to_bytes = any(p.startswith("<0x") for p in word.pieces)
            rows.append([self.tr("then"), "", self.tr("unknown → bytes") if to_bytes else
                         self.tr("unknown → unknown token"),
                         *([""] if scored else []), SEP.join(map(show, word.pieces))])
        rank = self.tr("piece id") if scored else self.tr("rank")
        how = (self.tr("the pair whose merged piece has the highest score merges first")
               if scored else self.tr("the pair with the lowest merge rank merges first"))
        self._table(self.tr("<b>Merges in rank order</b> — {how}; then the next, until no pair can "
                            "merge").format(how=how),
                    [self.tr("step"), rank, self.tr("merge"),
                     *([self.tr("score")] if scored else []), self.tr("symbols after")], rows)

    def _show_matches(self, ex: Explanation, word: Word) -> None:
        rows = []
        for m in word.matches:
            part = word.text[m.start:m.end]
            rows.append([f"{m.start}–{m.end}", visible_text(part),
                         m.piece if m.piece is not None else
                         self.tr("no vocabulary entry starts here"),
                         self.tr("longest match") if m.piece is not None else
                         self.tr("→ the whole word is unknown")])
        self._table(self.tr("<b>Greedy longest-match-first</b> — at each position the longest "
                            "vocabulary entry (## = continues a word)"),
                    [self.tr("characters"), self.tr("text"), self.tr("match"), ""], rows)

    def _show_nbest(self, ex: Explanation, trace: LatticeTrace) -> None:
        rows = []
        for n, path in enumerate(trace.nbest, 1):
            shown = [f"<unk {ex.readable(p)}>" if i in path.unknown else ex.readable(p)
                     for i, p in enumerate(path.pieces)]
            rows.append([str(n), SEP.join(shown), f"{path.score:.3f}", f"{path.p_all:.4f}",
                         f"{path.p_nbest:.4f}"])
        self._table(self.tr("<b>%n best segmentation(s)</b> — P(all) = exp(score − log Z), Z summed "
                            "over all segmentations by the forward algorithm; share = among these "
                            "n-best only", "", len(rows)),
                    ["#", self.tr("segmentation"), self.tr("log score"), "P(all)",
                     self.tr("share")], rows, stretch=1)
