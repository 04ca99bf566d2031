"""``ExplainView``: why the text split so — over :class:`core.explain.Explanation`.

An agreement banner on top (the explainer's IDs against the runtime's), the words the model saw
on the left, and for the selected word: the BPE merges in rank order, the WordPiece matches, or
the Unigram lattice (drawn, Viterbi path highlighted) with its n-best table.
"""

from __future__ import annotations

from html import escape
from typing import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (QAbstractItemView, QGraphicsScene, QGraphicsView, QHeaderView,
                               QLabel, QSplitter, QTableView, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from core.explain import Explanation, LatticeTrace, Word, explain
from core.text import visible_text

MAX_POSITIONS = 160  # lattice columns drawn; a longer segment is drawn up to here (and says so)
SEP = "  ·  "
WRAP_ROWS = 40  # tables up to this many rows wrap long cells and fit rows to them
STYLE = {
    "ok": "background:#e6f4ea; color:#1e6b30; border:1px solid #9ccc9f;",
    "bad": "background:#fde7e9; color:#a4161a; border:1px solid #f1a7ab;",
    "info": "background:#fff4e0; color:#7a4b00; border:1px solid #f0c987;",
    "busy": "background:#eef1f5; color:#44505c; border:1px solid #c9d1da;",
}
HOW = {"special": "special token", "whole": "whole pre-token", "bpe": "BPE merges",
       "wordpiece": "WordPiece matches", "unigram": "Unigram lattice"}


def explain_rows(ex: Explanation) -> list[tuple[str, str, str, str]]:
    """The word list's rows (#, pre-token, why, tokens): plain strings, made in the worker so
    that showing a long text costs the GUI thread only the items themselves."""
    return [(str(i), ex.readable(word.text), ExplainView.why(word),
             SEP.join(ex.readable(p) for p in word.pieces) or "(nothing)")
            for i, word in enumerate(ex.words)]


def compute_explanation(runtime, text: str, **options) -> tuple[Explanation, list]:
    """:func:`core.explain.explain` plus the rows to show (run it in a worker)."""
    ex = explain(runtime, text, **options)
    return ex, explain_rows(ex)


class WordsModel(QAbstractTableModel):
    """The words of an explanation as a lazy Qt model (thousands of rows cost nothing to show)."""

    HEADERS = ("#", "pre-token", "why", "tokens")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, str, str, str]] = []
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
            return self.HEADERS[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{row[3]}\nids {self.ids[index.row()]}" if index.column() == 3 else row[index.column()]
        return None


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
                      "#d0d0d0", self.font_char, tip=f"character {i}: U+{ord(ch):04X}")
            index = scene.addSimpleText(str(i), self.font_small)
            index.setBrush(QColor("#9a9a9a"))
            index.setPos(xs[i] + 3, 31)
        rows = self._rows(edges)
        for edge, row, label in zip(edges, rows, labels):
            fill = {"unk": "#f8d7d3", "user": "#fff3cd"}.get(edge.kind, "#f1f3f4")
            line = {"unk": "#b3261e", "user": "#b08900"}.get(edge.kind, "#a0a4a8")
            if edge.best:  # green frame for the path; an unknown edge on it stays red inside
                fill, line = (fill if edge.kind != "piece" else "#c8e6c9"), "#2e7d32"
            tip = (f"{readable(edge.piece)}  ·  characters {edge.start}–{edge.end}  ·  "
                   f"score {edge.score:.3f}"
                   + ("  ·  on the Viterbi path" if edge.best else "")
                   + ("  ·  no one-character piece here: unknown, penalised" if edge.kind == "unk"
                      else "  ·  user-defined: always wins" if edge.kind == "user" else ""))
            self._box(xs[edge.start] + 1, self.TOP + row * self.ROW, xs[edge.end] - xs[edge.start] - 2,
                      self.ROW - 6, label, f"{edge.score:.1f}", fill, line, self.font_piece,
                      bold=edge.best, tip=tip)
        if len(trace.text) > len(chars):
            more = scene.addSimpleText(f"… {len(trace.text) - len(chars)} more characters "
                                       "(the n-best table covers the whole segment)",
                                       self.font_small)
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
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.lattice = LatticeView()
        self.lattice_title = QLabel("<b>Lattice</b> — every vocabulary piece starting at each "
                                    "character; <span style='color:#2e7d32'>green: the Viterbi "
                                    "path</span>, <span style='color:#b3261e'>red: unknown</span>"
                                    "; the number is the piece's log-score")
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
        self._set_banner("busy", "Open a tokenizer and type some text to see why it splits so.")
        self._show_word(None)

    # -- states ------------------------------------------------------------------------------
    def set_busy(self) -> None:
        self._set_banner("busy", "Explaining…")

    def show_error(self, message: str) -> None:
        self._set_banner("bad", f"✘ the explainer failed: {escape(message)}")

    def set_explanation(self, ex: Explanation | None, rows: list | None = None) -> None:
        """Show ``ex``; ``rows`` are its :func:`explain_rows` when already made."""
        self.words_model.set_rows([], [])
        self.explanation = ex
        self._show_word(None)
        if ex is None:
            self._set_banner("busy", "Open a tokenizer to see why a text splits so.")
            self.notes.setText("")
            return
        if not ex.supported:
            self._set_banner("info", f"This tokenizer cannot be explained: {escape(ex.reason)}")
            self.notes.setText("")
            return
        agreement = ex.agreement
        if agreement.ok:
            self._set_banner("ok", f"✔ explainer {escape(agreement.summary())}")
        else:
            self._set_banner("bad", f"✘ explainer and runtime differ — "
                                    f"{escape(agreement.summary())}")
        self.notes.setText(" · ".join([ex.model] + ex.notes + [
            "IDs compared without the post-processor's tokens (BOS, [CLS]…)"] + (
            ["<E4 BD> = UTF-8 bytes that are not a whole character yet"]
            if ex.pieces_are_bytes else [])))
        self._fill_words(ex, rows if rows is not None else explain_rows(ex))

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

    @staticmethod
    def why(word: Word) -> str:
        """What the model did with the word, in a few words."""
        if word.kind == "bpe":
            return f"{len(word.steps)} merge{'s' * (len(word.steps) != 1)}"
        if word.kind == "wordpiece":
            failed = any(m.piece is None for m in word.matches)
            count = len(word.matches)
            return "unknown" if failed else f"{count} match{'es' * (count != 1)}"
        if word.kind == "unigram":
            count = len(word.lattice.edges)
            return f"{count} candidate{'s' * (count != 1)}"
        return HOW.get(word.kind, word.kind)

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
        span = f" · characters {word.span[0]}–{word.span[1]}" if word.span else ""
        tokens = SEP.join(escape(ex.readable(p)) for p in word.pieces)
        self.header.setText(
            f"<b>{escape(HOW.get(word.kind, word.kind))}</b> of "
            f"<span style='background:#eef1f5'>&nbsp;{escape(ex.readable(word.text))}&nbsp;</span>"
            f"{span}<br>→ <b>{len(word.ids)} token{'s' * (len(word.ids) != 1)}</b>: {tokens} "
            f"&nbsp;<span style='color:#5f6368'>ids {escape(str(word.ids))}</span>"
            + (f"<br><span style='color:#7a4b00'>{escape(word.note)}</span>" if word.note else ""))
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
        rows = [["start", "", "", *([""] if scored else []), SEP.join(map(show, word.initial))]]
        for n, s in enumerate(word.steps, 1):
            rows.append([str(n), str(s.rank), f"{show(s.left)} + {show(s.right)} → "
                         f"{show(s.left + s.right)}", *([f"{s.score:g}"] if scored else []),
                         SEP.join(map(show, s.symbols))])
        last = word.steps[-1].symbols if word.steps else word.initial
        if list(word.pieces) != list(last):  # unknown characters became bytes or <unk>
            rows.append(["then", "", "unknown → " + ("bytes" if any(
                p.startswith("<0x") for p in word.pieces) else "unknown token"),
                *([""] if scored else []), SEP.join(map(show, word.pieces))])
        rank = "piece id" if scored else "rank"
        how = ("the pair whose merged piece has the highest score merges first"
               if scored else "the pair with the lowest merge rank merges first")
        self._table(f"<b>Merges in rank order</b> — {how}; then the next, until no pair can merge",
                    ["step", rank, "merge", *(["score"] if scored else []), "symbols after"], rows)

    def _show_matches(self, ex: Explanation, word: Word) -> None:
        rows = []
        for m in word.matches:
            part = word.text[m.start:m.end]
            rows.append([f"{m.start}–{m.end}", visible_text(part),
                         m.piece if m.piece is not None else "no vocabulary entry starts here",
                         "longest match" if m.piece is not None else "→ the whole word is unknown"])
        self._table("<b>Greedy longest-match-first</b> — at each position the longest vocabulary "
                    "entry (## = continues a word)", ["characters", "text", "match", ""], rows)

    def _show_nbest(self, ex: Explanation, trace: LatticeTrace) -> None:
        rows = []
        for n, path in enumerate(trace.nbest, 1):
            shown = [f"<unk {ex.readable(p)}>" if i in path.unknown else ex.readable(p)
                     for i, p in enumerate(path.pieces)]
            rows.append([str(n), SEP.join(shown), f"{path.score:.3f}", f"{path.p_all:.4f}",
                         f"{path.p_nbest:.4f}"])
        best = f"{len(rows)} best segmentation{'s' * (len(rows) != 1)}"
        self._table(f"<b>{best}</b> — P(all) = exp(score − log Z), Z summed over all "
                    "segmentations by the forward algorithm; share = among these n-best only",
                    ["#", "segmentation", "log score", "P(all)", "share"], rows, stretch=1)
