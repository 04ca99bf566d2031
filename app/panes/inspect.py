"""The Inspect pane: type or paste text and see exactly what the tokenizer makes of it.

Text editor → (debounced, in a worker) :func:`core.inspect.inspect_texts` → the tokens over the
text as it is read (bands behind the shaped text, or the pieces as chips one toggle away), the
token table, counts, round trip, pipeline stages; plus side-by-side compare,
the vocabulary browser and the tokenizer's facts.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QHBoxLayout, QHeaderView,
                               QLabel, QPlainTextEdit, QPushButton, QSplitter, QStackedWidget,
                               QTableView, QTabWidget, QToolButton, QVBoxLayout, QWidget)

from app.messages import render_all, tokenizer_label, unit_label
from app.heap import settle
from app.jobs.inspect import compare_tokenizers, compute_explanation, inspect_one
from app.models.token_table import TokenTableModel
from app.session import Session
from app.status_message import said
from app.tasks import TaskRunner
from app.widgets.compare_view import CompareView
from app.widgets.explain_view import ExplainView
from app.widgets.pipeline_view import PipelineView
from app.widgets.postprocess_panel import PostprocessPanel
from app.widgets.token_copy import TokenCopyActions
from app.widgets.token_text_view import TokenTextView
from app.widgets.token_view import DEFAULT_LIMIT, TokenChipsView
from app.widgets.tokenizer_box import fill_tokenizer_box
from app.widgets.tokenizer_info import TokenizerInfo
from app.widgets.vocab_browser import VocabBrowser
from app.widgets.wrapping_row import wrapping
from core.explain import DEFAULT_LIMIT as EXPLAIN_LIMIT
from core.inspect import InspectResult
from core.offload import ProcessEncoder
from core.pipeline.postprocess import file_settings
from core.text.offsets import Unit, replace_lone_surrogates, visible_text

DEBOUNCE_MS = 150


class TextInput(QPlainTextEdit):
    """The text under inspection; lone surrogates from a broken clipboard are replaced on paste.

    Signals:
        surrogates_replaced(int): how many were replaced.
    """

    surrogates_replaced = Signal(int)

    def insertFromMimeData(self, source) -> None:
        if source.hasText():
            clean, count = replace_lone_surrogates(source.text())
            if count:
                self.surrogates_replaced.emit(count)
            self.insertPlainText(clean)
            return
        super().insertFromMimeData(source)


class InspectPane(QWidget):
    """Signals:
        open_requested(): the user asked to open a tokenizer.
        status(str): a short message for the status bar.
    """

    open_requested = Signal()
    status = Signal(object)  # a str, or a Said the window words again after a switch

    def __init__(self, session: Session, tasks: TaskRunner, encoder: ProcessEncoder | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.tasks = tasks
        self.encoder = encoder
        self.result: InspectResult | None = None
        self.chip_limit = DEFAULT_LIMIT
        self._build()
        self._connect()
        self._update_tokenizers()

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        top = self._build_toolbar()  # first: the keyboard focus goes toolbar, editor, tabs
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self._build_editor())
        split.addWidget(self._build_tabs())
        split.setSizes([140, 620])
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(wrapping(top))  # wraps on a narrow screen
        layout.addWidget(split, 1)
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)

    def _build_toolbar(self) -> QHBoxLayout:
        """The row above the editor: tokenizer, open, offset unit, special-token options."""
        self.tokenizer_box = QComboBox()
        self.tokenizer_box.setMinimumWidth(260)
        self.tokenizer_box.setToolTip(self.tr("The tokenizer shown below"))
        self.open_button = QPushButton(self.tr("Open tokenizer…"))
        self.unit_box = QComboBox()
        for unit in Unit:
            self.unit_box.addItem(unit_label(unit), unit)
        self.unit_box.setCurrentIndex(list(Unit).index(self.session.unit))
        self.add_special = QCheckBox(self.tr("Add special tokens"))
        self.add_special.setChecked(self.session.add_special_tokens)
        self.add_special.setToolTip(self.tr("Add the post-processor's tokens (BOS, [CLS]/[SEP]…)"))
        self.parse_special = QCheckBox(self.tr("Parse special literals"))
        self.parse_special.setToolTip(self.tr("Read special-token strings in the text as special "
                                              "tokens (off = safe: they stay plain text)"))
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Tokenizer")))
        top.addWidget(self.tokenizer_box, 1)
        top.addWidget(self.open_button)
        top.addSpacing(16)
        top.addWidget(QLabel(self.tr("Offsets in")))
        top.addWidget(self.unit_box)
        top.addWidget(self.add_special)
        top.addWidget(self.parse_special)
        return top

    def _build_editor(self) -> QWidget:
        """The text editor with the counts, round trip and warnings under it."""
        self.editor = TextInput()
        self.editor.setPlaceholderText(self.tr("Type or paste text, or drop a text file here…"))
        self.counts = QLabel()
        self.counts.setTextFormat(Qt.TextFormat.RichText)
        self.round_trip = QLabel()
        self.round_trip.setTextFormat(Qt.TextFormat.RichText)
        self.round_trip.setWordWrap(True)
        self.warnings = QLabel()
        self.warnings.setWordWrap(True)
        self.warnings.setStyleSheet("color:#9a5b00")
        info = QVBoxLayout()
        info.setSpacing(2)
        info.addWidget(self.counts)
        info.addWidget(self.round_trip)
        info.addWidget(self.warnings)
        self.post_panel = PostprocessPanel()
        info.addWidget(self.post_panel)
        editor_box = QWidget()
        editor_layout = QVBoxLayout(editor_box)
        editor_layout.setContentsMargins(0, 0, 0, 0)
        editor_layout.addWidget(self.editor, 1)
        editor_layout.addLayout(info)
        return editor_box

    def _build_tokens_tab(self) -> QSplitter:
        """The tokens over the text (as text, or as piece chips) above the token table (with
        its copy and export actions)."""
        self.text_view = TokenTextView()
        self.text_view.describe = lambda row: self.table_model.tooltip(row)
        self.text_view.placeholder = self.tr("The tokens of the text above show here, each a "
                                             "band over the characters it stands for")
        self.chips = TokenChipsView()
        self.chips.setAccessibleName(self.tr("Tokens as pieces"))
        self.more_chips = QPushButton()
        self.more_chips.setAccessibleName(self.tr("Show more tokens as chips"))
        self.more_chips.hide()
        chips_box = QWidget()
        chips_layout = QVBoxLayout(chips_box)
        chips_layout.setContentsMargins(0, 0, 0, 0)
        chips_layout.addWidget(self.chips, 1)
        chips_layout.addWidget(self.more_chips)
        self.token_views = QStackedWidget()
        self.token_views.addWidget(self.text_view)
        self.token_views.addWidget(chips_box)
        views_box = QWidget()
        views_layout = QVBoxLayout(views_box)
        views_layout.setContentsMargins(0, 0, 0, 0)
        views_layout.setSpacing(2)
        views_layout.addLayout(self._build_view_switch())
        views_layout.addWidget(self.token_views, 1)
        tokens_split = QSplitter(Qt.Orientation.Vertical)
        tokens_split.addWidget(views_box)
        tokens_split.addWidget(self._build_token_table())
        tokens_split.setSizes([220, 300])
        return tokens_split

    def _build_view_switch(self) -> QHBoxLayout:
        """Text (the default: shaped text with token bands) or pieces (a chip per token), and
        the outline of graphemes split across tokens."""
        self.as_text = QToolButton(text=self.tr("Text"), checkable=True, checked=True)
        self.as_text.setToolTip(self.tr("The text as it is read, each token a band behind it"))
        self.as_pieces = QToolButton(text=self.tr("Pieces"), checkable=True)
        self.as_pieces.setToolTip(self.tr("Each token as a chip of its own"))
        self.view_group = QButtonGroup(self)
        self.view_group.addButton(self.as_text)
        self.view_group.addButton(self.as_pieces)
        self.outline_split = QCheckBox(self.tr("Outline split graphemes"))
        self.outline_split.setToolTip(self.tr(
            "Outline each grapheme (a letter with its marks, an emoji) that no token holds whole"))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Show tokens as")))
        row.addWidget(self.as_text)
        row.addWidget(self.as_pieces)
        row.addSpacing(12)
        row.addWidget(self.outline_split)
        row.addStretch(1)
        return row

    @property
    def token_view(self) -> TokenTextView | TokenChipsView:
        """The view of the tokens shown now (the other is left empty)."""
        return self.chips if self.as_pieces.isChecked() else self.text_view

    def _build_token_table(self) -> QTableView:
        self.table_model = TokenTableModel(self)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Token table"))
        self.table.setModel(self.table_model)
        self.table.setMouseTracking(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        # fixed row heights: a million-row model resets without measuring every row
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        # rows to copy: shift- and ctrl-click, Ctrl+A
        self.table.setSelectionMode(QTableView.SelectionMode.ExtendedSelection)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        for col, width in enumerate((50, 150, 70, 170, 150, 150)):
            self.table.setColumnWidth(col, width)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.copy_actions = TokenCopyActions(self.table, self.table_model, self.tasks)
        return self.table

    def _build_tabs(self) -> QTabWidget:
        """One tab each: tokens, pipeline stages, explain, compare, vocabulary, tokenizer facts."""
        self.pipeline = PipelineView()
        self.explain_view = ExplainView()
        self.compare = CompareView()
        self.vocab = VocabBrowser(self.tasks)
        self.info = TokenizerInfo()
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_tokens_tab(), self.tr("Tokens"))
        self.tabs.addTab(self.pipeline, self.tr("Pipeline"))
        self.tabs.addTab(self.explain_view, self.tr("Explain"))
        self.tabs.addTab(self.compare, self.tr("Compare"))
        self.tabs.addTab(self.vocab, self.tr("Vocabulary"))
        self.tabs.addTab(self.info, self.tr("Tokenizer"))
        return self.tabs

    def _connect(self) -> None:
        s = self.session
        s.tokenizers_changed.connect(self._update_tokenizers)
        s.current_changed.connect(self._on_session_current_changed)
        s.text_changed.connect(self._on_session_text_changed)
        s.unit_changed.connect(self._on_session_unit_changed)
        s.options_changed.connect(self._on_session_options_changed)
        self.post_panel.changed.connect(self._schedule)
        self.tokenizer_box.currentIndexChanged.connect(self._on_tokenizer_box_changed)
        self.open_button.clicked.connect(self.open_requested)
        self.unit_box.currentIndexChanged.connect(
            lambda i: s.set_unit(self.unit_box.itemData(i)))
        self.add_special.toggled.connect(lambda on: s.set_options(add_special_tokens=on))
        self.parse_special.toggled.connect(lambda on: s.set_options(parse_special=on))
        self.editor.textChanged.connect(self._on_editor_text_changed)
        self.editor.surrogates_replaced.connect(
            lambda n: self.status.emit(said(lambda: self.tr(
                "replaced {n} lone surrogate(s) from the clipboard with U+FFFD", "", n).format(
                n=f"{n:,}"))))
        self._debounce.timeout.connect(self._update_inspection)
        for view in (self.text_view, self.chips):
            view.token_hovered.connect(self._on_chip_hovered)
            view.token_clicked.connect(self._on_chip_clicked)
        self.view_group.buttonToggled.connect(self._on_token_view_toggled)
        self.outline_split.toggled.connect(self.text_view.set_outline_split)
        self.table.entered.connect(lambda index: self.token_view.highlight(index.row()))
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _: self.token_view.highlight(current.row()))
        self.more_chips.clicked.connect(self._on_more_chips_clicked)
        self.copy_actions.status.connect(self.status)
        self.compare.selection_changed.connect(lambda _: self._update_compare())
        self.tabs.currentChanged.connect(self._on_tab_changed)
        s.corpus_changed.connect(lambda: self.vocab.set_corpus(s.corpus_sources, s.corpus_policy))
        self.vocab.audited.connect(self._on_vocab_audited)

    # -- session -> view -----------------------------------------------------------------
    def _update_tokenizers(self) -> None:
        fill_tokenizer_box(self.tokenizer_box, self.session)
        self.compare.set_tokenizers([tokenizer_label(t) for t in self.session.tokenizers])

    def _on_session_current_changed(self, index: int) -> None:
        if self.tokenizer_box.currentIndex() != index:
            self.tokenizer_box.setCurrentIndex(index)
        loaded = self.session.current_tokenizer
        self.info.set_tokenizer(loaded)
        self.post_panel.set_file_settings(file_settings(loaded.runtime) if loaded else None)
        self.vocab.set_runtime(loaded.runtime if loaded else None)
        self.info.set_audit(self.vocab.audit)
        self._update_inspection()

    def _on_vocab_audited(self, runtime, audit) -> None:
        loaded = self.session.current_tokenizer
        if loaded is not None and loaded.runtime is runtime:
            self.info.set_audit(audit)

    def _on_session_text_changed(self, text: str) -> None:
        if self.editor.toPlainText() != text:
            self.editor.blockSignals(True)
            self.editor.setPlainText(text)
            self.editor.blockSignals(False)
        self._schedule()

    def _on_session_unit_changed(self, unit: Unit) -> None:
        self.table_model.set_unit(unit)
        index = list(Unit).index(unit)
        if self.unit_box.currentIndex() != index:
            self.unit_box.setCurrentIndex(index)
        self._update_counts()

    def _on_session_options_changed(self) -> None:
        for box, on in ((self.add_special, self.session.add_special_tokens),
                        (self.parse_special, self.session.parse_special)):
            if box.isChecked() != on:
                box.blockSignals(True)
                box.setChecked(on)
                box.blockSignals(False)
        self._schedule()

    # -- workspace -------------------------------------------------------------------------
    def save_state(self, setup) -> None:
        """Put what this pane alone holds in ``setup`` (a :class:`core.workspace.InspectSetup`;
        the text, unit and options are the session's)."""
        setup.tab = self.tabs.currentIndex()
        setup.token_view = "pieces" if self.as_pieces.isChecked() else "text"
        setup.outline_split = self.outline_split.isChecked()

    def restore_state(self, setup) -> None:
        if 0 <= setup.tab < self.tabs.count():
            self.tabs.setCurrentIndex(setup.tab)
        (self.as_pieces if setup.token_view == "pieces" else self.as_text).setChecked(True)
        self.outline_split.setChecked(setup.outline_split)

    # -- view -> session -----------------------------------------------------------------
    def _on_tokenizer_box_changed(self, index: int) -> None:
        if index != self.session.current:
            self.session.set_current(index)

    def _on_editor_text_changed(self) -> None:
        self.session.set_text(self.editor.toPlainText())

    def _schedule(self) -> None:
        self._debounce.start()

    # -- inspection ----------------------------------------------------------------------
    def _update_inspection(self) -> None:
        loaded = self.session.current_tokenizer
        if loaded is None:
            self.result = None
            self._show(None)
            return
        self.chip_limit = DEFAULT_LIMIT
        self.tasks.submit("inspect", inspect_one, loaded.runtime, self.session.text,
                          add_special_tokens=self.session.add_special_tokens,
                          parse_special=self.session.parse_special, encoder=self.encoder,
                          source=loaded.source, post_settings=self.post_panel.settings(),
                          latest_only=True, on_result=self._show,
                          on_error=self._on_inspect_failed)
        self._update_compare()

    def _on_inspect_failed(self, message: str) -> None:
        self.warnings.setText(message)

    def _show(self, result: InspectResult | None) -> None:
        self.result = result
        enc = result.encoding if result else None
        self.table_model.set_encoding(enc)
        self._update_counts()
        self._update_round_trip()
        self.post_panel.set_result(result, self.session.add_special_tokens)
        notes = (enc.warnings + result.notes) if result else []
        self.warnings.setText("\n".join(f"{'ⓘ' if n.severity == 'info' else '⚠'} {line}"
                                        for n, line in zip(notes, render_all(notes))))
        self.warnings.setVisible(bool(notes))
        if result:
            name, count, ms = result.runtime.name, len(enc), f"{result.seconds * 1000:.0f}"
            self.status.emit(said(lambda: self.tr("{name}: {n} token(s) in {ms} ms", "",
                                                  count).format(name=name, n=f"{count:,}",
                                                                ms=ms)))
        # The chips and the stage tree are the slow widgets: fill them in later event-loop turns
        # so the GUI thread never works more than a few tens of milliseconds at a stretch.
        QTimer.singleShot(0, self, lambda: self._show_chips(result))
        QTimer.singleShot(0, self, lambda: self._show_stages(result))
        QTimer.singleShot(0, self, self._update_explain)
        settle()  # the result lives on: keep it out of the collector's full scans

    def _show_chips(self, result: InspectResult | None) -> None:
        """Show the result in the token view in use (only there: the other is costly too)."""
        if result is self.result:
            idle = self.text_view if self.token_view is self.chips else self.chips
            if idle.encoding is not None:
                idle.set_encoding(None)
            self.token_view.set_encoding(result.encoding if result else None, self.chip_limit)
            self._update_more_button()

    def _on_token_view_toggled(self, button, checked: bool) -> None:
        if checked:
            self.token_views.setCurrentIndex(1 if button is self.as_pieces else 0)
            self.compare.set_pieces(button is self.as_pieces)
            self.outline_split.setEnabled(button is self.as_text)
            self._show_chips(self.result)

    def _show_stages(self, result: InspectResult | None) -> None:
        """Fill the stage tree, only when its tab is shown (it is costly to build)."""
        if result is self.result and self.tabs.currentWidget() is self.pipeline:
            if self.pipeline.result is not result:
                self.pipeline.set_result(result)

    def _update_more_button(self) -> None:
        enc = self.result.encoding if self.result else None
        hidden = len(enc) - self.chips.shown if enc and self.token_view is self.chips else 0
        self.more_chips.setVisible(hidden > 0)
        if hidden > 0:
            self.more_chips.setText(self.tr(
                "Showing the first {shown} of {n} token(s) as chips (the table has all) — show "
                "{more} more", "", len(enc)).format(shown=f"{self.chips.shown:,}",
                                                     n=f"{len(enc):,}",
                                                     more=f"{min(hidden, DEFAULT_LIMIT * 4):,}"))

    def _on_more_chips_clicked(self) -> None:
        if self.result:
            self.chip_limit += DEFAULT_LIMIT * 4
            self.chips.show_more(DEFAULT_LIMIT * 4)
            self._update_more_button()

    def _update_counts(self) -> None:
        if not self.result:
            self.counts.setText(self.tr("<i>open a tokenizer to see tokens</i>") if
                                self.session.current_tokenizer is None else "")
            return
        st = self.result.stats
        count = {key: int(st[key]) for key in ("tokens", "grapheme", "cp", "utf16", "bytes",
                                               "unk", "byte_fallback")}
        shown = {key: f"{value:,}" for key, value in count.items()}
        sizes = " · ".join((
            self.tr("{n} grapheme(s)", "", count["grapheme"]).format(n=shown["grapheme"]),
            self.tr("{n} code point(s)", "", count["cp"]).format(n=shown["cp"]),
            self.tr("{n} UTF-16 unit(s)", "", count["utf16"]).format(n=shown["utf16"]),
            self.tr("{n} byte(s)", "", count["bytes"]).format(n=shown["bytes"])))
        ratios = " · ".join((
            self.tr("<b>{ratio}</b> tokens/char").format(ratio=f"{st['tokens_per_char']:.3f}"),
            self.tr("<b>{ratio}</b> bytes/token").format(ratio=f"{st['bytes_per_token']:.2f}")))
        line = " &nbsp;·&nbsp; ".join((
            self.tr("<b>{n}</b> token(s)", "", count["tokens"]).format(n=shown["tokens"]),
            sizes, ratios))
        if count["unk"]:
            line += " · <span style='color:#b3261e'>" + self.tr("{n} unknown").format(
                n=shown["unk"]) + "</span>"
        if count["byte_fallback"]:
            line += " · " + self.tr("{n} byte-fallback").format(n=shown["byte_fallback"])
        split = int(st.get("split_graphemes", 0))
        if split:
            line += " · " + self.tr("{n} grapheme(s) split across tokens", "", split).format(
                n=f"{split:,}")
        self.counts.setText(line)

    def _update_round_trip(self) -> None:
        if not self.result:
            self.round_trip.setText("")
            return
        trip = self.result.round_trip
        if trip.ok:
            self.round_trip.setText("<span style='color:#1e7d32'>"
                                    + self.tr("✔ decode(encode(text)) equals the text") + "</span>")
            return
        text = self.result.encoding.text
        (a, b), (c, d) = trip.original_range, trip.decoded_range
        before = escape(visible_text(text[max(0, a - 12):a]))
        was = escape(visible_text(text[a:min(b, a + 40)]))
        became = escape(visible_text(trip.decoded[c:min(d, c + 40)]))
        differs = ("<span style='color:#b3261e'>" + self.tr("✘ decode(encode(text)) differs")
                   + "</span>")
        self.round_trip.setText(self.tr(
            "{differs} in code points {start}–{end}: …{before}{was}… became …{before}{became}…"
        ).format(differs=differs, start=a, end=b, before=before,
                 was=f"<span style='background:#f8c9c4'>{was}</span>",
                 became=f"<span style='background:#c8e6c9'>{became}</span>"))

    def _on_tab_changed(self, _index: int) -> None:
        self._show_stages(self.result)
        self._update_explain()
        self._update_compare()

    # -- explain -------------------------------------------------------------------------
    def _update_explain(self) -> None:
        """Explain the text's first characters in a worker, only while the Explain tab is shown."""
        loaded = self.session.current_tokenizer
        if self.tabs.currentWidget() is not self.explain_view:
            return  # computed when the tab is shown
        if loaded is None:
            self.explain_view.key = None
            self.explain_view.set_explanation(None)
            return
        key = (id(loaded.runtime), self.session.text, self.session.parse_special)
        if key == self.explain_view.key:
            return  # already shown or on its way
        self.explain_view.key = key
        self.explain_view.set_busy()

        def failed(message: str) -> None:
            self.explain_view.key = None
            self.explain_view.show_error(message)

        self.tasks.submit("explain", compute_explanation, loaded.runtime, self.session.text,
                          limit=EXPLAIN_LIMIT, parse_special=self.session.parse_special,
                          latest_only=True,
                          on_result=lambda done: self.explain_view.set_explanation(*done),
                          on_error=failed)

    # -- compare -------------------------------------------------------------------------
    def _update_compare(self) -> None:
        if self.tabs.currentWidget() is not self.compare:
            return  # computed when the tab is shown
        chosen = [self.session.tokenizers[i] for i in self.compare.selected()
                  if i < len(self.session.tokenizers)]
        self.tasks.submit("compare", compare_tokenizers, chosen, self.session.text,
                          add_special_tokens=self.session.add_special_tokens,
                          parse_special=self.session.parse_special, encoder=self.encoder,
                          latest_only=True,
                          on_result=lambda done: self.compare.set_results(*done))

    # -- linking -------------------------------------------------------------------------
    def _on_chip_hovered(self, index: int) -> None:
        self.table_model.set_highlighted(index)
        # the text view words its own tooltip (with every token sharing a character)
        if index >= 0:
            self.table.scrollTo(self.table_model.index(index, 0))
            self.chips.setToolTip(self.table_model.tooltip(index))
        else:
            self.chips.setToolTip("")

    def _on_chip_clicked(self, index: int) -> None:
        self.table.selectRow(index)
        self.table.scrollTo(self.table_model.index(index, 0))
