"""The Diff pane: two tokenizers (A old, B new) compared — the verdict on ID compatibility as a
badge with its reasons, the vocabulary (a lazy table with filters and a jump to a piece), the
pipeline and merges, the chat template, the migration cost with editable inputs, the behaviour on
the golden set and the Corpus pane's sources (bars per bucket, aligned examples), and the old
tokenizer's golden samples verified on the new one. Export as JSON or a self-contained HTML page.

The comparison runs in a worker with progress and Stop (:func:`core.diff.report.compare`).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout,
                               QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPlainTextEdit, QProgressBar,
                               QPushButton, QSpinBox, QTableView, QTableWidget, QTableWidgetItem,
                               QTabWidget, QVBoxLayout, QWidget)

from app.folders import ask_save_file
from app.accessibility import describe_chart
from app.jobs.charts import BarsDrawing
from app.messages import render, render_all, terms
from app.models.vocab_diff import FILTERS, VocabDiffModel
from app.report_words import PageWords, page_terms
from app.screen_fit import ScrollingTabs
from app.status_message import said
from app.widgets.aligned_examples import AlignedExamplesView
from app.widgets.diff_slot import TokenizerSlot
from app.widgets.eliding import keep_place_when_hidden
from app.widgets.figure_widget import FigureWidget
from app.widgets.stale_mark import StaleMark
from app.widgets.settings_fold import SettingsFold
from app.widgets.wrapping_row import wrapping
from core.diff.migration import BYTES_PER_PARAMETER, mib_text
from core.diff.report import JSON_VERSION as DIFF_JSON_VERSION, compare
from core.envelope import json_line

BADGE_COLOURS = {"identical": "#2e7d32", "append-only compatible": "#b26a00",
                 "breaking": "#c62828"}
EXAMPLES_SHOWN = 12
GOLDEN_ROWS = 500


class RatioBars(FigureWidget):
    """Token count ratio new/old per bucket as bars (:func:`core.charts.draw_bars`)."""

    drawing_class = BarsDrawing

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.bars: list[tuple] = []
        self.title = ""
        self.placeholder = self.tr("Compare to see the token count ratio per bucket")
        self.setMinimumHeight(160)
        describe_chart(self, self.tr("Tokens new / old per bucket"), [self.placeholder])

    def set_buckets(self, buckets) -> None:
        """``buckets``: ``(name, BucketStats)`` pairs (:meth:`BehaviourDiff.per_bucket`)."""
        self.title = self.tr("Tokens new / old per bucket")
        term = PageWords().term  # the golden set's bucket in the window's language
        self.bars = [(term("bucket", name), b.token_ratio, self.tr(
            "{ratio} · IDs differ in {share}").format(
                          ratio=f"{b.token_ratio:.3f}", share=f"{b.ids_differ_share:.0%}"),
                      "#c62828" if b.token_ratio > 1 else "#4e79a7")
                     for name, b in buckets]
        describe_chart(self, self.title, [f"{name}: {label}" for name, _, label, _ in self.bars]
                       or [self.placeholder])  # the bars as a table, for a screen reader
        self.refresh()

    def _state(self):
        return (self.title, tuple(self.bars), self.placeholder)


class DiffPane(QWidget):
    """Signals:
        status(str): a short message for the status bar.
        compared(object): a comparison finished (its :class:`TokenizerDiff`).
    """

    status = Signal(object)  # a str, or a Said the window words again after a switch
    compared = Signal(object)

    def __init__(self, session, tasks, parent=None) -> None:
        super().__init__(parent)
        self.session, self.tasks = session, tasks
        self.diff = None
        self.job = None
        self._build()
        self._update_buttons()

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        self.slot_a = TokenizerSlot(self.tr("A (old)"), self.session, self.tasks)
        self.slot_b = TokenizerSlot(self.tr("B (new)"), self.session, self.tasks)
        self.swap_button = QPushButton(self.tr("⇄ Swap"))
        self.compare_button = QPushButton(self.tr("Compare"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop the comparison"))
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(160)
        self.progress.setVisible(False)
        keep_place_when_hidden(self.progress)  # showing it moves no button
        top = QHBoxLayout()
        top.addWidget(self.slot_a, 1)
        top.addWidget(self.swap_button)
        top.addWidget(self.slot_b, 1)
        self.badge = QLabel()
        self.badge.setTextFormat(Qt.TextFormat.RichText)
        self.reasons = QLabel(self.tr("Choose two tokenizers and press Compare. The Corpus "
                                      "pane's sources, if any, are compared too."))
        self.reasons.setWordWrap(True)
        self.reasons.setTextFormat(Qt.TextFormat.RichText)
        self.reasons.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # the result stays readable when its inputs change, greyed and said to be out of date
        self.stale_label = StaleMark(self.tr("Out of date — the tokenizers or the corpus "
                                             "changed since this comparison. Run again "
                                             "(Compare)."))
        self._result_inputs = None  # what the result shown was computed from
        verdict = QHBoxLayout()
        verdict.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop)
        verdict.addWidget(self.reasons, 1)
        self.tabs = ScrollingTabs()  # tall pages scroll rather than set the pane's height (#25)
        self.tabs.addTab(self._build_vocabulary(), self.tr("Vocabulary"))
        self.pipeline_text = QPlainTextEdit(readOnly=True)
        self.tabs.addTab(self.pipeline_text, self.tr("Pipeline and merges"))
        self.template_text = QPlainTextEdit(readOnly=True)
        self.tabs.addTab(self.template_text, self.tr("Chat template"))
        self.tabs.add_scrolling(self._build_migration(), self.tr("Migration"))
        self.tabs.add_scrolling(self._build_behaviour(), self.tr("Behaviour"))
        self.tabs.addTab(self._build_golden(), self.tr("Golden samples"))
        self.export_json_button = QPushButton(self.tr("Export JSON…"))
        self.export_html_button = QPushButton(self.tr("Export HTML…"))
        # the pair folds to one line once compared (#25): the result tabs get the room; the
        # run and export buttons stay in the fold's header, shown either way
        self.settings_fold = SettingsFold("diff", self.session.settings,
                                          describe=self.settings_summary)
        self.settings_fold.add_row(wrapping(top))  # wraps on a narrow screen
        for widget in (self.progress, self.compare_button, self.stop_button,
                       self.export_json_button, self.export_html_button):
            self.settings_fold.add_action(widget)
        layout = QVBoxLayout(self)
        layout.addWidget(self.settings_fold)
        layout.addWidget(self.stale_label)
        layout.addLayout(verdict)
        layout.addWidget(self.tabs, 1)
        self.swap_button.clicked.connect(self._on_swap_clicked)
        self.compare_button.clicked.connect(self.start_compare)
        self.stop_button.clicked.connect(self.stop_compare)
        self.export_json_button.clicked.connect(self._on_export_json_clicked)
        self.export_html_button.clicked.connect(self._on_export_html_clicked)
        self.session.corpus_changed.connect(self._update_stale)
        for slot in (self.slot_a, self.slot_b):
            slot.changed.connect(self.settings_fold.refresh_summary)
            slot.changed.connect(self._update_stale)
            slot.changed.connect(self._update_buttons)
            slot.failed.connect(self.status.emit)

    def _build_vocabulary(self) -> QWidget:
        self.vocab_model = VocabDiffModel(self)
        self.filter_combo = QComboBox()
        names = self.vocab_model.change_names()
        for key in FILTERS:
            self.filter_combo.addItem(names[key], key)
        self.jump_edit = QLineEdit(placeholderText=self.tr("Jump to a piece (as A or B spells it)"))
        self.jump_result = QLabel()
        self.vocab_table = QTableView()
        self.vocab_table.setAccessibleName(self.tr("Vocabulary differences"))
        self.vocab_table.setModel(self.vocab_model)
        self.vocab_table.verticalHeader().setVisible(False)
        self.vocab_table.horizontalHeader().setStretchLastSection(True)
        for column in (1, 3):
            self.vocab_table.setColumnWidth(column, 220)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Show:")))
        row.addWidget(self.filter_combo)
        row.addWidget(self.jump_edit, 1)
        row.addWidget(self.jump_result)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addLayout(row)
        layout.addWidget(self.vocab_table, 1)
        self.filter_combo.currentIndexChanged.connect(self._on_filter_changed)
        self.jump_edit.returnPressed.connect(self._on_jump_requested)
        return page

    def _build_migration(self) -> QWidget:
        self.hidden_spin = QSpinBox(minimum=1, maximum=1_000_000, value=4096, singleStep=256)
        self.dtype_combo = QComboBox()
        for dtype in ("bf16", "fp16", "fp32"):
            self.dtype_combo.addItem(dtype, dtype)
        self.tied_check = QCheckBox(self.tr("input embedding and output head tied"))
        self.cost_label = QLabel()
        self.cost_label.setWordWrap(True)
        self.cost_label.setTextFormat(Qt.TextFormat.RichText)
        self.row_map_button = QPushButton(self.tr("Save row map…"))
        page = QWidget()
        form = QFormLayout(page)
        form.addRow(self.tr("Hidden size"), self.hidden_spin)
        form.addRow(self.tr("Weights"), self.dtype_combo)
        form.addRow("", self.tied_check)
        form.addRow(self.cost_label)
        form.addRow("", self.row_map_button)
        self.hidden_spin.valueChanged.connect(self._update_cost)
        self.dtype_combo.currentIndexChanged.connect(self._update_cost)
        self.tied_check.toggled.connect(self._update_cost)
        self.row_map_button.clicked.connect(self._on_row_map_clicked)
        return page

    def _build_behaviour(self) -> QWidget:
        self.behaviour_summary = QLabel()
        self.behaviour_summary.setWordWrap(True)
        self.ratio_bars = RatioBars()
        self.examples = AlignedExamplesView()
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(self.behaviour_summary)
        layout.addWidget(self.ratio_bars, 1)
        layout.addWidget(QLabel(self.tr("Most changed texts: A's tokens over B's (hover a "
                                        "token for its ID)")))
        layout.addWidget(self.examples, 2)
        return page

    def _build_golden(self) -> QWidget:
        self.golden_summary = QLabel()
        self.golden_summary.setWordWrap(True)
        self.golden_table = QTableWidget(0, 4)
        self.golden_table.setHorizontalHeaderLabels([self.tr("Sample"), self.tr("Field"),
                                                     self.tr("A"), self.tr("B")])
        self.golden_table.verticalHeader().setVisible(False)
        self.golden_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.golden_table.horizontalHeader()
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(self.golden_summary)
        layout.addWidget(self.golden_table, 1)
        return page

    # -- running -------------------------------------------------------------------------
    def _update_buttons(self) -> None:
        ready = self.slot_a.loaded is not None and self.slot_b.loaded is not None
        running = self.job is not None
        self.compare_button.setEnabled(ready and not running)
        self.stop_button.setEnabled(running)
        for button in (self.export_json_button, self.export_html_button, self.row_map_button):
            button.setEnabled(self.diff is not None)

    def set_pair(self, old, new) -> None:
        """Put two opened tokenizers in the slots (tests, scripts)."""
        self.slot_a.set_loaded(old)
        self.slot_b.set_loaded(new)

    # -- workspace -------------------------------------------------------------------------
    def save_state(self, setup) -> None:
        """Put the pair and the migration settings in ``setup`` (a
        :class:`core.workspace.DiffSetup`; the corpus is the workspace's)."""
        setup.a = self.slot_a.loaded.path if self.slot_a.loaded is not None else None
        setup.b = self.slot_b.loaded.path if self.slot_b.loaded is not None else None
        setup.hidden = self.hidden_spin.value()
        setup.dtype = self.dtype_combo.currentData() or ""
        setup.tied = self.tied_check.isChecked()

    def restore_state(self, setup) -> None:
        """Put ``setup``'s pair in the slots (opened in workers unless open already)."""
        for slot, path in ((self.slot_a, setup.a), (self.slot_b, setup.b)):
            if path is None:
                slot.set_loaded(None)
            else:
                slot.open_path(path)
        self.hidden_spin.setValue(setup.hidden)
        if self.dtype_combo.findData(setup.dtype) >= 0:
            self.dtype_combo.setCurrentIndex(self.dtype_combo.findData(setup.dtype))
        self.tied_check.setChecked(setup.tied)

    # -- stale results -----------------------------------------------------------------------
    def current_inputs(self) -> tuple:
        """What a comparison started now would be computed from."""
        return (self.slot_a.loaded, self.slot_b.loaded, tuple(self.session.corpus_sources))

    @property
    def is_stale(self) -> bool:
        return self.diff is not None and self._result_inputs != self.current_inputs()

    def _update_stale(self, *_) -> None:
        """Grey the result shown when its inputs changed (it is never shown as the new
        inputs' result); ungrey it when they are back as they were."""
        self.stale_label.set_stale(self.is_stale, [self.badge, self.reasons, self.tabs])

    def start_compare(self) -> None:
        old, new = self.slot_a.loaded, self.slot_b.loaded
        if old is None or new is None:
            return
        self._started_inputs = self.current_inputs()
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.status.emit(said(lambda: self.tr("Comparing…")))
        self.job = self.tasks.submit("diff", compare, old, new, list(self.session.corpus_sources),
                                     latest_only=True, on_progress=self._on_progress,
                                     on_result=self._on_compared, on_error=self._on_failed,
                                     on_cancelled=self._on_stopped)
        self._update_buttons()

    def stop_compare(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _finish(self) -> None:
        self.job = None
        self.progress.setVisible(False)
        self._update_buttons()

    def _on_progress(self, report) -> None:
        if report.total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * report.fraction))

    def _on_stopped(self) -> None:
        self._finish()
        self.status.emit(said(lambda: self.tr("Comparison stopped")))

    def _on_failed(self, message: str) -> None:
        # what was shown belonged to the pair before: cleared, so nothing stale is exported
        self.diff = None
        self._result_inputs = None
        self._update_stale()
        self.badge.clear()
        self.vocab_model.set_diff(None)
        self._finish()
        self.reasons.setText(escape(message))

    def _on_compared(self, diff) -> None:
        self._finish()
        self._result_inputs = getattr(self, "_started_inputs", self.current_inputs())
        verdict = diff.verdict
        self.status.emit(said(lambda: self.tr("Compared: {verdict}").format(
            verdict=self.verdict_name(verdict))))
        self.show_diff(diff)
        self.settings_fold.results_shown()
        self.compared.emit(diff)

    def _on_swap_clicked(self) -> None:
        old, new = self.slot_a.loaded, self.slot_b.loaded
        self.set_pair(new, old)

    def settings_summary(self) -> str:
        """The folded pair's line: ``A (old) name ⇄ B (new) name``."""
        names = [slot.loaded.label if slot.loaded is not None else self.tr("none")
                 for slot in (self.slot_a, self.slot_b)]
        return self.tr("A (old) {a} ⇄ B (new) {b}").format(a=names[0], b=names[1])

    # -- showing -------------------------------------------------------------------------
    def verdict_name(self, verdict: str) -> str:
        return {"identical": self.tr("identical"),
                "append-only compatible": self.tr("append-only compatible"),
                "breaking": self.tr("breaking")}[verdict]

    def show_diff(self, diff) -> None:
        """Show a finished :class:`core.diff.report.TokenizerDiff` in every tab."""
        self.diff = diff
        if self._result_inputs is None:  # shown directly (tests, scripts): of the slots now
            self._result_inputs = self.current_inputs()
        colour = BADGE_COLOURS[diff.verdict]
        name = escape(self.verdict_name(diff.verdict))
        style = f"background:{colour};color:white;font-size:15px;font-weight:600"
        pad = "&nbsp;&nbsp;"
        self.badge.setText(f"<span style='{style}'>{pad}{name}{pad}</span>")  # i18n: data
        items = "".join(f"<li>{escape(text)}</li>" for text in render_all(diff.reasons))
        counts = diff.counts
        summary = self.tr("Vocabulary {old} → {new} (compared by {basis}): {same} kept with "
                          "their ID").format(old=f"{counts.old_size:,}",
                                             new=f"{counts.new_size:,}",
                                             basis=self.basis_name(diff.basis),
                                             same=f"{counts.kept_same_id:,}")
        self.reasons.setText(f"{escape(summary)}<ul style='margin:0'>{items}</ul>"
                             if items else escape(summary))
        self.vocab_model.set_diff(diff, self.filter_combo.currentData())
        self._show_pipeline(diff)
        self._show_migration(diff)
        self._show_behaviour(diff)
        self._show_golden(diff)
        self._update_buttons()
        self._update_stale()

    def basis_name(self, basis: str) -> str:
        return {"bytes": self.tr("bytes"), "piece text": self.tr("piece text"),
                "bytes (across families)": self.tr("bytes, across families")}[basis]

    def _show_pipeline(self, diff) -> None:
        lines = []
        part_names = terms()["part"]
        for part in diff.parts:
            if part.part == "chat_template":
                continue
            state = (self.tr("changed") if part.changed else self.tr("same"))
            if not part.comparable:
                state = self.tr("shown, not compared (different runtimes)")
            lines.append(f"== {part_names.get(part.part, part.part)}: {state}")
            if part.changed:
                lines.extend(part.diff[:200])
        m = diff.merges
        lines.append("")
        if m.compared:
            lines.append(self.tr("merges: {old} → {new}; {added} added, {removed} removed, "
                                 "{reranked} re-ranked, {unreachable} kept pieces made "
                                 "unreachable").format(old=m.old, new=m.new,
                                                       added=m.added, removed=m.removed,
                                                       reranked=m.reranked,
                                                       unreachable=m.made_unreachable))
            for a, b in m.added_examples[:20]:
                lines.append(f"+ {a} {b}")
            for a, b in m.removed_examples[:20]:
                lines.append(f"- {a} {b}")
        else:
            lines.append(self.tr("merges: not compared ({why})").format(why=render(m.why)))
        for note in render_all(diff.notes):
            lines.append(self.tr("note: {note}").format(note=note))
        self.pipeline_text.setPlainText("\n".join(lines))
        template = diff.part("chat_template")
        if not template.old and not template.new:
            self.template_text.setPlainText(self.tr("Neither tokenizer has a chat template."))
        elif not template.changed:
            self.template_text.setPlainText(self.tr("The chat templates are the same.") + "\n\n"
                                            + template.new)
        else:
            self.template_text.setPlainText("\n".join(template.diff))

    def _show_migration(self, diff) -> None:
        cost = diff.cost
        for widget in (self.hidden_spin, self.dtype_combo, self.tied_check):
            widget.blockSignals(True)
        self.hidden_spin.setValue(cost.hidden)
        self.dtype_combo.setCurrentIndex(self.dtype_combo.findData(cost.dtype))
        self.tied_check.setChecked(cost.tied)
        for widget in (self.hidden_spin, self.dtype_combo, self.tied_check):
            widget.blockSignals(False)
        self._update_cost()

    def strategy_text(self, diff) -> str:
        strategy = diff.strategy()
        if strategy == "constant offset":
            return self.tr("Constant offset: every kept row from ID {start} on moved by {offset}; "
                           "remap the rows by slicing.").format(
                               start=f"{diff.offset.from_id:,}",
                               offset=f"{diff.offset.offset:+,}")
        return {"none needed": self.tr("Nothing to do: every piece keeps its row."),
                "append rows": self.tr("Append rows: every old piece keeps its row; add rows "
                                       "for the new pieces."),
                "reinitialize rows": self.tr("Reinitialize rows: every kept piece keeps its "
                                             "row; the IDs that now hold another piece need new "
                                             "vectors (their rows were learned for the old "
                                             "pieces)."),
                "row map": self.tr("Row map: copy each kept piece's row to its new ID (save "
                                   "the map below); the rest are new rows."),
                "retrain": self.tr("No piece is kept: the embedding has to be learned anew.")
                }[strategy]

    def _update_cost(self) -> None:
        if self.diff is None:
            return
        cost = self.diff.with_cost(hidden=self.hidden_spin.value(),
                                   dtype=self.dtype_combo.currentData(),
                                   tied=self.tied_check.isChecked())
        assumed = ""
        if cost.assumed:
            assumed = "<br><i>" + escape(self.tr("No config.json gave the model's hidden size, "
                                                 "dtype or tying: the values above are defaults; "
                                                 "edit them.")) + "</i>"
        counts = self.diff.counts
        grown = self.tr("Embedding rows {old} → {new}: {rows} rows added × {hidden} × {bytes} "
                        "bytes = {tied} MiB for one matrix; {untied} MiB when the output head is "
                        "untied. With these settings: {mib} MiB.").format(
            old=f"{counts.old_size:,}", new=f"{counts.new_size:,}",
            rows=f"{cost.rows_added:,}", hidden=f"{cost.hidden:,}",
            bytes=BYTES_PER_PARAMETER[cost.dtype], tied=mib_text(cost.mib_tied),
            untied=mib_text(cost.mib_untied), mib=mib_text(cost.mib))
        initialize = self.tr("{rows} rows to initialize: IDs whose piece is new to them, which "
                             "need new vectors ({appended} appended, {repurposed} in IDs the old "
                             "vocabulary used).").format(
            rows=f"{cost.rows_to_initialize:,}",
            appended=f"{cost.rows_to_initialize - cost.rows_repurposed:,}",
            repurposed=f"{cost.rows_repurposed:,}")
        self.cost_label.setText(f"<p>{escape(self.strategy_text(self.diff))}</p>"
                                f"<p>{escape(grown)}</p><p>{escape(initialize)}</p>{assumed}")

    def _show_behaviour(self, diff) -> None:
        b = diff.behaviour
        if b is None or not b.total.texts:
            self.behaviour_summary.setText(self.tr("No texts compared."))
            return
        total = b.total
        self.behaviour_summary.setText(self.tr(
            "{texts} texts (the golden set and the Corpus pane's sources): IDs differ in {ids}, "
            "token strings in {tokens}; tokens new/old {ratio}. Where the tokens changed, the "
            "pre-tokens differ too in {pre} of {checked} texts checked.").format(
                texts=f"{total.texts:,}", ids=f"{total.ids_differ_share:.1%}",
                tokens=f"{total.tokens_differ_share:.1%}", ratio=f"{total.token_ratio:.3f}",
                pre=b.pretokens_differ, checked=b.pretokens_checked)
            + self._hybrid_text(b.hybrid))
        self.ratio_bars.set_buckets(b.per_bucket())
        self.examples.set_examples([e.to_json() for e in
                                    b.ranked_examples()[:EXAMPLES_SHOWN]])

    def _hybrid_text(self, split) -> str:
        """What the :class:`~core.diff.behaviour.HybridSplit` says, or nothing without one."""
        if split is None:
            return ""
        return " " + self.tr("The old model behind the new pre-tokenizer gives the new tokens in "
                             "{regex} of them (the regex explains those); the new model behind "
                             "the old pre-tokenizer in {model}.").format(
            regex=split.explained_by_regex, model=split.explained_by_model)

    def _show_golden(self, diff) -> None:
        result = diff.golden_check
        if result is None:
            return
        if result.passed:
            text = self.tr("All {n} golden samples of A give the same fields on B.").format(
                n=result.samples)
        else:
            # the IDs count first: the verdict's reason counts the same samples the same way
            ids = sum(kind == "ids" for kind in result.kinds.values())
            text = self.tr("{n} of {total} golden samples of A get other IDs on B.").format(
                n=ids, total=result.samples)
            if len(result.kinds) > ids:
                text += " " + self.tr("{n} more differ only in other fields (offsets, "
                                      "decoding, normalization).").format(
                    n=len(result.kinds) - ids)
            if result.other_tokenizer:
                text = self.tr("The vocabularies differ (fingerprints {a} and {b}).").format(
                    a=result.locked.vocabulary, b=result.now.vocabulary) + " " + text
        self.golden_summary.setText(text)
        rows = result.differences[:GOLDEN_ROWS]
        fields = page_terms()["field"]  # the fields by name, as the exported page says them
        self.golden_table.setRowCount(len(rows))
        for row, d in enumerate(rows):
            values = (str(d.sample), fields.get(d.field, d.field),
                      json.dumps(d.old, ensure_ascii=False),
                      json.dumps(d.new, ensure_ascii=False))
            for column, value in enumerate(values):
                self.golden_table.setItem(row, column, QTableWidgetItem(value[:400]))

    # -- vocabulary table ----------------------------------------------------------------
    def _on_filter_changed(self) -> None:
        if self.diff is not None:
            self.vocab_model.set_diff(self.diff, self.filter_combo.currentData())

    def _on_jump_requested(self) -> None:
        """Find the piece in both vocabularies and select its row."""
        if self.diff is None:
            return
        piece = self.jump_edit.text()
        old_id = _index_of(self.diff.old_pieces, piece)
        new_id = _index_of(self.diff.new_pieces, piece)
        if old_id is None and new_id is None:
            self.jump_result.setText(self.tr("not in A or B"))
            return
        self.jump_result.setText(self.tr("A: {a} · B: {b}").format(
            a=old_id if old_id is not None else "—", b=new_id if new_id is not None else "—"))
        if old_id is not None and new_id is None and old_id < len(self.diff.vocab.new_id_of_old):
            new_id = int(self.diff.vocab.new_id_of_old[old_id])
        row = self.vocab_model.row_of(old_id, new_id)
        if row is None and self.filter_combo.currentData() != "all":
            self.filter_combo.setCurrentIndex(0)  # the piece is outside the filter: show all
            row = self.vocab_model.row_of(old_id, new_id)
        if row is not None:
            self.vocab_table.selectRow(row)
            self.vocab_table.scrollTo(self.vocab_model.index(row, 0))

    # -- export --------------------------------------------------------------------------
    def _on_export_json_clicked(self) -> None:
        path = ask_save_file(self, "export", self.tr("Export the diff as JSON"), "diff.json",
                             "JSON (*.json)")
        if path:
            self.export_json(path)

    def _on_export_html_clicked(self) -> None:
        path = ask_save_file(self, "export", self.tr("Export the diff as a web page"),
                             "diff.html", "HTML (*.html)")
        if path:
            self.export_html(path)

    def export_json(self, path: str | Path) -> None:
        """Write what ``tokbench diff OLD NEW --json`` prints for this diff (no ``--fail-on``)."""
        Path(path).write_text(json_line("diff", DIFF_JSON_VERSION, {
            **self.diff.to_json(), "fail_on": None, "failed": self.diff.fails(None)}) + "\n",
            encoding="utf-8")
        self.status.emit(said(lambda: self.tr("Saved {path}").format(path=path)))

    def export_html(self, path: str | Path) -> None:
        from app.report_words import page_language, page_words
        from core.diff.html import diff_html

        # in the window's language (the CLI's page stays English)
        Path(path).write_text(diff_html(self.diff, tr=page_words(), lang=page_language()),
                              encoding="utf-8")
        self.status.emit(said(lambda: self.tr("Saved {path}").format(path=path)))

    def _on_row_map_clicked(self) -> None:
        path = ask_save_file(self, "export", self.tr("Save the row map"), "row_map.json",
                             "JSON (*.json)")
        if path:
            Path(path).write_text(json.dumps(self.diff.row_map()), encoding="utf-8")
            self.status.emit(said(lambda: self.tr("Saved {path}").format(path=path)))


def _index_of(pieces, piece: str) -> int | None:
    try:
        return pieces.index(piece)
    except ValueError:
        return None
