"""The words of the HTML pages the GUI exports, in the window's language.

Core makes the pages (:func:`core.diff.html.diff_html`) with a ``tr`` function that words each
of its own texts, English by default (the CLI's page); here are those texts, each through
``QCoreApplication.translate`` so that lupdate finds them and the .ts translates them, and the
page's notes worded from their codes as the panes word them (:mod:`app.messages`).
``tests/app/test_report_words.py`` renders the page and checks every text it asks for is here.

>>> # page = diff_html(diff.to_json(), tr=page_words(), lang=page_language())
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app import i18n
from app.messages import render
from core.notes import CODES, Note


def _diff_page() -> dict[str, str]:
    return {
        "Tokenizer diff": QCoreApplication.translate("ReportPage", "Tokenizer diff"),
        "Notes": QCoreApplication.translate("ReportPage", "Notes"),
        "Vocabulary (compared by {basis})": QCoreApplication.translate(
            "ReportPage", "Vocabulary (compared by {basis})"),
        "Special tokens": QCoreApplication.translate("ReportPage", "Special tokens"),
        "Migration": QCoreApplication.translate("ReportPage", "Migration"),
        "Pipeline": QCoreApplication.translate("ReportPage", "Pipeline"),
        "Behaviour": QCoreApplication.translate("ReportPage", "Behaviour"),
        "no pipeline part differs": QCoreApplication.translate(
            "ReportPage", "no pipeline part differs"),
        "constant offset {offset} from ID {start}": QCoreApplication.translate(
            "ReportPage", "constant offset {offset} from ID {start}"),
        # the verdict, the identity basis and the strategy: values of the diff's JSON
        "identical": QCoreApplication.translate("ReportPage", "identical"),
        "append-only compatible": QCoreApplication.translate(
            "ReportPage", "append-only compatible"),
        "breaking": QCoreApplication.translate("ReportPage", "breaking"),
        "bytes": QCoreApplication.translate("ReportPage", "bytes"),
        "piece text": QCoreApplication.translate("ReportPage", "piece text"),
        "bytes (across families)": QCoreApplication.translate(
            "ReportPage", "bytes (across families)"),
        "none needed": QCoreApplication.translate("ReportPage", "none needed"),
        "append rows": QCoreApplication.translate("ReportPage", "append rows"),
        "constant offset": QCoreApplication.translate("ReportPage", "constant offset"),
        "reinitialize rows": QCoreApplication.translate("ReportPage", "reinitialize rows"),
        "row map": QCoreApplication.translate("ReportPage", "row map"),
        "retrain": QCoreApplication.translate("ReportPage", "retrain"),
        # the migration table
        "rows added (the matrix grows by)": QCoreApplication.translate(
            "ReportPage", "rows added (the matrix grows by)"),
        "× hidden × bytes": QCoreApplication.translate("ReportPage", "× hidden × bytes"),
        "MiB of the added rows, tied (one matrix)": QCoreApplication.translate(
            "ReportPage", "MiB of the added rows, tied (one matrix)"),
        "MiB of the added rows, untied (two matrices)": QCoreApplication.translate(
            "ReportPage", "MiB of the added rows, untied (two matrices)"),
        "rows to initialize (pieces new to their ID)": QCoreApplication.translate(
            "ReportPage", "rows to initialize (pieces new to their ID)"),
        "… of them in IDs the old vocabulary used": QCoreApplication.translate(
            "ReportPage", "… of them in IDs the old vocabulary used"),
        "assumed (no config.json gave them): {names}": QCoreApplication.translate(
            "ReportPage", "assumed (no config.json gave them): {names}"),
        # the golden samples
        "Golden samples of the old tokenizer, verified on the new": QCoreApplication.translate(
            "ReportPage", "Golden samples of the old tokenizer, verified on the new"),
        "{n} of {total} samples differ": QCoreApplication.translate(
            "ReportPage", "{n} of {total} samples differ"),
        "sample": QCoreApplication.translate("ReportPage", "sample"),
        "field": QCoreApplication.translate("ReportPage", "field"),
        "old": QCoreApplication.translate("ReportPage", "old"),
        "new": QCoreApplication.translate("ReportPage", "new"),
        # the behaviour
        "bucket": QCoreApplication.translate("ReportPage", "bucket"),
        "texts": QCoreApplication.translate("ReportPage", "texts"),
        "IDs differ": QCoreApplication.translate("ReportPage", "IDs differ"),
        "new/old": QCoreApplication.translate("ReportPage", "new/old"),
        "{texts} texts: IDs differ in {ids}, token strings in {tokens}; tokens new/old {ratio}":
            QCoreApplication.translate(
                "ReportPage", "{texts} texts: IDs differ in {ids}, token strings in {tokens}; "
                "tokens new/old {ratio}"),
        "Of {checked} texts whose tokens changed, the old model behind the new pre-tokenizer "
        "reproduces {regex} (the regex explains them); the new model behind the old "
        "pre-tokenizer {model}.": QCoreApplication.translate(
            "ReportPage", "Of {checked} texts whose tokens changed, the old model behind the "
            "new pre-tokenizer reproduces {regex} (the regex explains them); the new model "
            "behind the old pre-tokenizer {model}."),
        "Most changed examples (old above, new below)": QCoreApplication.translate(
            "ReportPage", "Most changed examples (old above, new below)"),
    }


class PageWords:
    """``tr`` for a core page: its texts in the installed language (a text not listed stays
    as given), and ``note`` wording a note's JSON from its code."""

    def __init__(self) -> None:
        self.words = _diff_page()

    def __call__(self, text: str) -> str:
        return self.words.get(text, text)

    def note(self, item: dict) -> str:
        if item.get("code") not in CODES:
            return item.get("message", "")
        return render(Note(item["code"], item.get("severity", "info"), dict(item.get("args")
                                                                               or {})))


def page_words() -> PageWords:
    return PageWords()


def page_language() -> str:
    """The ``lang`` of a page exported now: the window's language as HTML names it."""
    return {"zh_CN": "zh-CN"}.get(i18n.current_language(), "en")
