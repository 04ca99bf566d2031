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
from core.notes import Note


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

def _diagnostics_page() -> dict[str, str]:
    return {
        'Tokenizer diagnostics': QCoreApplication.translate("ReportPage", 'Tokenizer diagnostics'),
        'created {date}': QCoreApplication.translate("ReportPage", 'created {date}'),
        'Parallel corpus {path}: {languages} languages × {sentences} sentences.':
            QCoreApplication.translate(
                "ReportPage",
                'Parallel corpus {path}: {languages} languages × {sentences} sentences.'),
        'Corpus: {sources}.': QCoreApplication.translate("ReportPage", 'Corpus: {sources}.'),
        '{n} bytes': QCoreApplication.translate("ReportPage", '{n} bytes'),
        'Tokenizers': QCoreApplication.translate("ReportPage", 'Tokenizers'),
        'tokenizer': QCoreApplication.translate("ReportPage", 'tokenizer'),
        'format': QCoreApplication.translate("ReportPage", 'format'),
        'behaviour fingerprint': QCoreApplication.translate("ReportPage", 'behaviour fingerprint'),
        'vocabulary fingerprint':
            QCoreApplication.translate(
                "ReportPage",
                'vocabulary fingerprint'),
        'vocabulary': QCoreApplication.translate("ReportPage", 'vocabulary'),
        'ids used': QCoreApplication.translate("ReportPage", 'ids used'),
        'share used': QCoreApplication.translate("ReportPage", 'share used'),
        'context': QCoreApplication.translate("ReportPage", 'context'),
        'overhead': QCoreApplication.translate("ReportPage", 'overhead'),
        'failed documents': QCoreApplication.translate("ReportPage", 'failed documents'),
        'worst premium': QCoreApplication.translate("ReportPage", 'worst premium'),
        'geometric mean': QCoreApplication.translate("ReportPage", 'geometric mean'),
        'Charts': QCoreApplication.translate("ReportPage", 'Charts'),
        'Premium per language': QCoreApplication.translate("ReportPage", 'Premium per language'),
        'language': QCoreApplication.translate("ReportPage", 'language'),
        '{tokenizer} tokens': QCoreApplication.translate("ReportPage", '{tokenizer} tokens'),
        'premium': QCoreApplication.translate("ReportPage", 'premium'),
        '95% interval': QCoreApplication.translate("ReportPage", '95% interval'),
        'pairs': QCoreApplication.translate("ReportPage", 'pairs'),
        'rank': QCoreApplication.translate("ReportPage", 'rank'),
        'premium = tokens(language) / tokens(pivot) over the same sentences; '
        'pairs = premium², the attention pairs of one dense layer for the same '
        'content.':
            QCoreApplication.translate(
                "ReportPage",
                'premium = tokens(language) / tokens(pivot) over the same sentences; '
                'pairs = premium², the attention pairs of one dense layer for the same '
                'content.'),
        'Buckets · {tokenizer}': QCoreApplication.translate("ReportPage",
                                                            'Buckets · {tokenizer}'),
        'most used pieces: {pieces}':
            QCoreApplication.translate(
                "ReportPage",
                'most used pieces: {pieces}'),
        'failed on document {document} of {source}: {error}':
            QCoreApplication.translate(
                "ReportPage",
                'failed on document {document} of {source}: {error}'),
        'Tokens are content tokens: no BOS/CLS added, special-token literals '
        'read as text. Rates: tokens_per_byte over UTF-8 bytes, tokens_per_cp '
        'over code points, fertility over whitespace words of texts that '
        'separate words (null where none does); p50…max are tokens per '
        'document, nearest rank, exact. Made with tokbench report.':
            QCoreApplication.translate(
                "ReportPage",
                'Tokens are content tokens: no BOS/CLS added, special-token literals '
                'read as text. Rates: tokens_per_byte over UTF-8 bytes, tokens_per_cp '
                'over code points, fertility over whitespace words of texts that '
                'separate words (null where none does); p50…max are tokens per '
                'document, nearest rank, exact. Made with tokbench report.'),
        'Premium against {pivot}: tokens for the same sentences (95% bootstrap '
        'interval)':
            QCoreApplication.translate(
                "ReportPage",
                'Premium against {pivot}: tokens for the same sentences (95% bootstrap '
                'interval)'),
        'Premium per language (pivot {pivot})':
            QCoreApplication.translate(
                "ReportPage",
                'Premium per language (pivot {pivot})'),
        "tokens / pivot's tokens (95% interval)":
            QCoreApplication.translate(
                "ReportPage", "tokens / pivot's tokens (95% interval)"),
        'Premium ranking across tokenizers (blue: fewer tokens than the pivot, '
        'red: more)':
            QCoreApplication.translate(
                "ReportPage",
                'Premium ranking across tokenizers (blue: fewer tokens than the pivot, '
                'red: more)'),
        'Premium ranking': QCoreApplication.translate("ReportPage", 'Premium ranking'),
        'Tokens per UTF-8 byte per language':
            QCoreApplication.translate(
                "ReportPage",
                'Tokens per UTF-8 byte per language'),
        'Tokens per byte': QCoreApplication.translate("ReportPage", 'Tokens per byte'),
        'tokens per UTF-8 byte': QCoreApplication.translate("ReportPage", 'tokens per UTF-8 byte'),
        'Document lengths in tokens (all documents)':
            QCoreApplication.translate(
                "ReportPage",
                'Document lengths in tokens (all documents)'),
        'Length distribution': QCoreApplication.translate("ReportPage", 'Length distribution'),
        'tokens per document': QCoreApplication.translate("ReportPage", 'tokens per document'),
        'documents': QCoreApplication.translate("ReportPage", 'documents'),
        'Vocabulary use: share of all tokens taken by the k most used ids':
            QCoreApplication.translate(
                "ReportPage",
                'Vocabulary use: share of all tokens taken by the k most used ids'),
        'Vocabulary use': QCoreApplication.translate("ReportPage", 'Vocabulary use'),
        'most used ids (k)': QCoreApplication.translate("ReportPage", 'most used ids (k)'),
        'share of all tokens': QCoreApplication.translate("ReportPage", 'share of all tokens'),
    }


class PageWords:
    """``tr`` for a core page: its texts in the installed language (a text not listed stays
    as given), and ``note`` wording a note's JSON from its code."""

    def __init__(self) -> None:
        self.words = {**_diff_page(), **_diagnostics_page()}

    def __call__(self, text: str) -> str:
        return self.words.get(text, text)

    def note(self, note: Note) -> str:
        """A note of the page (a verdict's reason, a warning) as the panes word it."""
        return render(note)


def page_words() -> PageWords:
    return PageWords()


def page_language() -> str:
    """The ``lang`` of a page exported now: the window's language as HTML names it."""
    return {"zh_CN": "zh-CN"}.get(i18n.current_language(), "en")
