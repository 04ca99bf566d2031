"""The words of the HTML pages the GUI exports, in the window's language.

Core makes the pages (:func:`core.diff.html.diff_html`, :func:`core.diagnostics.html.report_html`)
with a ``tr`` function that words each of its own texts, English by default (the CLI's page);
here are those texts, each through ``QCoreApplication.translate`` so that lupdate finds them and
the .ts translates them; the page's notes worded from their codes as the panes word them
(:mod:`app.messages`); and the keys of the data the page shows (``old_size``, ``normalizer``,
``tokens_per_byte``, a bucket ``has:url``) named as the panes name them (``tr.term``), so no
JSON field name is a row label in the Chinese page. ``tests/app/test_report_words.py`` renders
the pages and checks every text and key they ask for is here, and that a page exported from the
Chinese window has no English word of ours.

>>> # page = diff_html(diff.to_json(), tr=page_words(), lang=page_language())
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app import i18n
from app.messages import render, terms
from app.models.diagnostics_table import COLUMNS as BUCKET_COLUMNS
from app.models.diagnostics_table import bucket_name
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
        # the migration's one sentence, its punctuation the language's
        "{strategy}.": QCoreApplication.translate("ReportPage", "{strategy}."),
        "{strategy}; {offset}.": QCoreApplication.translate("ReportPage",
                                                            "{strategy}; {offset}."),
        ", ": QCoreApplication.translate("ReportPage", ", ", "between the items of a list"),
        "{piece} · id {id}": QCoreApplication.translate(
            "ReportPage", "{piece} · id {id}", "a token's tooltip: its piece and ID"),
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
        '{setting}: {value}': QCoreApplication.translate("ReportPage", '{setting}: {value}'),
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


# the keys of the pages' data (JSON fields, pipeline parts, settings) -> their names, by group;
# each name ``(context, text)``: where the panes name the same key, with the pane's own words
_R, _V = "ReportPage", "VocabDiffModel"
PAGE_TERMS = {
    "vocabulary": {
        "old_size": (_R, QT_TRANSLATE_NOOP("ReportPage", "old vocabulary size")),
        "new_size": (_R, QT_TRANSLATE_NOOP("ReportPage", "new vocabulary size")),
        "kept_same_id": (_R, QT_TRANSLATE_NOOP("ReportPage", "same piece, same ID")),
        "kept_new_id": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "same piece, new ID")),
        "id_new_piece": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "same ID, new piece")),
        "added": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "added")),
        "removed": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "removed")),
        "kind_changed": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "kind changed"))},
    "special": {
        "added": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "added")),
        "removed": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "removed")),
        "moved": (_R, QT_TRANSLATE_NOOP("ReportPage", "moved (another ID)")),
        "changed": (_V, QT_TRANSLATE_NOOP("VocabDiffModel", "kind changed"))},
    "field": {  # a golden sample's fields (core.bundles.golden.FIELDS)
        "normalized": (_R, QT_TRANSLATE_NOOP("ReportPage", "normalized text")),
        "pieces": (_R, QT_TRANSLATE_NOOP("ReportPage", "pieces")),
        "ids": (_R, QT_TRANSLATE_NOOP("ReportPage", "IDs")),
        "spans.bytes": (_R, QT_TRANSLATE_NOOP("ReportPage", "spans in bytes")),
        "spans.cp": (_R, QT_TRANSLATE_NOOP("ReportPage", "spans in code points")),
        "spans.utf16": (_R, QT_TRANSLATE_NOOP("ReportPage", "spans in UTF-16 units")),
        "spans.grapheme": (_R, QT_TRANSLATE_NOOP("ReportPage", "spans in grapheme clusters")),
        "decoded": (_R, QT_TRANSLATE_NOOP("ReportPage", "decoded text")),
        "flags": (_R, QT_TRANSLATE_NOOP("ReportPage", "flags")),
        "special_tokens_added": (_R, QT_TRANSLATE_NOOP("ReportPage", "special tokens added")),
        "error": (_R, QT_TRANSLATE_NOOP("ReportPage", "error"))},
    "assumed": {  # the migration's inputs no config.json gave
        "hidden": (_R, QT_TRANSLATE_NOOP("ReportPage", "hidden size")),
        "dtype": (_R, QT_TRANSLATE_NOOP("ReportPage", "data type")),
        "tied": (_R, QT_TRANSLATE_NOOP("ReportPage", "tied input and output embeddings"))},
    "bucket_field": {  # the diagnostics columns the pane's table does not show
        "bytes": (_R, QT_TRANSLATE_NOOP("ReportPage", "Bytes")),
        "code_points": (_R, QT_TRANSLATE_NOOP("ReportPage", "Code points")),
        "graphemes": (_R, QT_TRANSLATE_NOOP("ReportPage", "Grapheme clusters")),
        "tokens_per_grapheme": (_R, QT_TRANSLATE_NOOP("ReportPage", "Tokens/grapheme")),
        "bytes_per_token": (_R, QT_TRANSLATE_NOOP("ReportPage", "Bytes/token")),
        "words": (_R, QT_TRANSLATE_NOOP("ReportPage", "Words")),
        "p90": (_R, QT_TRANSLATE_NOOP("ReportPage", "p90")),
        "round_trip_failures": (_R, QT_TRANSLATE_NOOP("ReportPage", "Round-trip failures")),
        "round_trip_normalized_failures": (_R, QT_TRANSLATE_NOOP(
            "ReportPage", "Round-trip failures after NFKC")),
        "failed": (_R, QT_TRANSLATE_NOOP("ReportPage", "Failed"))},
    "setting": {  # core.diagnostics.settings.Settings.describe()
        "pivot": (_R, QT_TRANSLATE_NOOP("ReportPage", "pivot language")),
        "context": (_R, QT_TRANSLATE_NOOP("ReportPage", "context window")),
        "template": (_R, QT_TRANSLATE_NOOP("ReportPage", "chat template")),
        "bootstrap": (_R, QT_TRANSLATE_NOOP("ReportPage", "bootstrap resamples")),
        "seed": (_R, QT_TRANSLATE_NOOP("ReportPage", "random seed")),
        "round_trip": (_R, QT_TRANSLATE_NOOP("ReportPage", "round-trip check")),
        "align": (_R, QT_TRANSLATE_NOOP("ReportPage", "parallel files of different lengths")),
        "languages": (_R, QT_TRANSLATE_NOOP("ReportPage", "languages")),
        "tokens": (_R, QT_TRANSLATE_NOOP("ReportPage", "tokens counted"))},
    "setting.template": {
        "own": (_R, QT_TRANSLATE_NOOP("ReportPage", "each tokenizer's own")),
        "custom": (_R, QT_TRANSLATE_NOOP("ReportPage", "custom"))},
    "setting.tokens": {"content": (_R, QT_TRANSLATE_NOOP("ReportPage", "content tokens"))},
    "yes/no": {"1": (_R, QT_TRANSLATE_NOOP("ReportPage", "yes")),
               "0": (_R, QT_TRANSLATE_NOOP("ReportPage", "no"))},  # a setting that is on or off
    # a diff's bucket of its built-in stress texts (core.diff.behaviour); its others are
    # language tags and file names, a diagnostics report's are worded by bucket_name
    "bucket": {"golden": (_R, QT_TRANSLATE_NOOP("ReportPage", "golden samples"))},
    "setting.align": {
        "refuse": (_R, QT_TRANSLATE_NOOP("ReportPage", "refused")),
        "shortest": (_R, QT_TRANSLATE_NOOP("ReportPage", "cut to the shortest file"))},
}


def page_terms() -> dict[str, dict[str, str]]:
    """Group -> key -> its name in the installed language: :data:`PAGE_TERMS`, the pipeline
    parts as the notes name them, the diagnostics columns as the pane's table names them."""
    named = {group: {key: QCoreApplication.translate(context, text)
                     for key, (context, text) in keys.items()}
             for group, keys in PAGE_TERMS.items()}
    named["part"] = terms()["part"]
    named["bucket_field"] = {**{key: QCoreApplication.translate("BucketTableModel", title)
                                for key, title in BUCKET_COLUMNS}, **named["bucket_field"]}
    return named


class PageWords:
    """``tr`` for a core page: its texts in the installed language (a text not listed stays
    as given), ``note`` wording a note's JSON from its code, ``term`` naming a key of the data
    (a JSON field, a pipeline part, a bucket)."""

    def __init__(self) -> None:
        self.words = {**_diff_page(), **_diagnostics_page()}
        self.terms = page_terms()

    def __call__(self, text: str) -> str:
        return self.words.get(text, text)

    def note(self, note: Note) -> str:
        """A note of the page (a verdict's reason, a warning) as the panes word it."""
        return render(note)

    def term(self, group: str, key: str) -> str:
        """A key of the data as the panes name it (``old_size`` -> 'old vocabulary size'); a
        key no table names (a template's name, a language code) as it is."""
        if group == "bucket" and key not in self.terms["bucket"]:
            return bucket_name(key)  # a diagnostics bucket; a diff's are languages, files
        return self.terms.get(group, {}).get(key, key)


def page_words() -> PageWords:
    return PageWords()


def page_language() -> str:
    """The ``lang`` of a page exported now: the window's language as HTML names it."""
    return {"zh_CN": "zh-CN"}.get(i18n.current_language(), "en")
