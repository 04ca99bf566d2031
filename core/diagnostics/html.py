"""The report as one self-contained HTML page: charts inline as SVG, no script, no network.

A reviewer can attach it to a pull request and open it anywhere. The page is deterministic:
the same report gives the same bytes (matplotlib's SVG ids are salted with a fixed string).

>>> # page = report_html(result); Path("report.html").write_text(page, encoding="utf-8")
"""

from __future__ import annotations

import html
from typing import Callable

import matplotlib

from ..charts import figure_svg, new_figure
from . import figures
from ..notes import english
from .result import BUCKET_FIELDS, DiagnosticsReport, PremiumSummary
from .stats import ALL

SVG_SALT = "tokbench-report"
# words the page's own texts: English here; a front end passes its translations (with a
# ``note`` attribute wording a Note, else its English is used, and a ``term`` attribute naming
# a key of the data: a bucket, a bucket field, a setting; else the key itself is shown)
Words = Callable[[str], str]


def same(text: str) -> str:
    return text


def terms_of(tr: Words) -> Callable[[str, str], str]:
    """``tr.term(group, key)`` where the front end words keys (a bucket, a bucket field, a
    setting), else the keys as they are (the CLI's page).

    >>> terms_of(same)("bucket_field", "tokens_per_byte")
    'tokens_per_byte'
    """
    return getattr(tr, "term", None) or (lambda group, key: key)


STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC",
       sans-serif; margin: 2em auto; max-width: 1100px; color: #202020; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #e4e4e4; padding: 0.2em 0.5em; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #f4f4f4; position: sticky; top: 0; }
.scroll { overflow-x: auto; max-height: 40em; overflow-y: auto; }
.warn { background: #fff4e0; border-left: 4px solid #f28e2b; padding: 0.4em 0.8em; }
.muted { color: #707070; font-size: 0.85em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
code { font-size: 0.9em; }
"""


def _svg(figure) -> str:
    with matplotlib.rc_context({"svg.hashsalt": SVG_SALT}):
        text = figure_svg(figure)
    return text[text.index("<svg"):]  # inline: no XML prolog or doctype inside HTML


def _table(header: list[str], rows: list[list]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _cell(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _summary_cells(summary: PremiumSummary | None) -> list:
    if summary is None:
        return [None, None]
    return [f"{summary.max:.2f} ({summary.language})", summary.geometric_mean]


def chart_figures(report: DiagnosticsReport, tr: Words = same) -> list[tuple[str, object]]:
    """``(caption, Figure)`` of every chart the report has (the pane shows the same)."""
    out = []
    count = len(report.tokenizers)
    languages, series = figures.premium_data(report)
    if languages:
        pivot = report.settings.pivot
        out.append((tr("Premium against {pivot}: tokens for the same sentences (95% bootstrap "
                       "interval)").format(pivot=pivot), figures.draw_premiums(
                        new_figure(7.5, figures.premium_height(len(languages), count)),
                        tr("Premium per language (pivot {pivot})").format(pivot=pivot),
                        languages, series, x_label=tr("tokens / pivot's tokens (95% interval)"))))
        out.append((tr("Premium ranking across tokenizers (blue: fewer tokens than the pivot, "
                       "red: more)"), figures.draw_ranking(
                        new_figure(1.6 + 1.1 * count, 0.8 + 0.22 * len(languages)),
                        tr("Premium ranking"), languages, series)))
    languages, series = figures.rate_data(report)
    if languages:
        out.append((tr("Tokens per UTF-8 byte per language"), figures.draw_rates(
            new_figure(7.5, figures.premium_height(len(languages), count)),
            tr("Tokens per byte"), languages, series, x_label=tr("tokens per UTF-8 byte"))))
    lengths = figures.length_data(report)
    if lengths:
        out.append((tr("Document lengths in tokens (all documents)"), figures.draw_lengths(
            new_figure(7.5, 3.2), tr("Length distribution"), lengths,
            x_label=tr("tokens per document"), y_label=tr("documents"))))
    out.append((tr("Vocabulary use: share of all tokens taken by the k most used ids"),
                figures.draw_vocabulary(new_figure(7.5, 3.2), tr("Vocabulary use"),
                                        figures.vocabulary_data(report),
                                        x_label=tr("most used ids (k)"),
                                        y_label=tr("share of all tokens"))))
    return out


def report_html(result: DiagnosticsReport, *, tr: Words = same, lang: str = "en") -> str:
    """The whole page (a ``str``; write it as UTF-8), drawn from the typed report (its fields;
    its JSON is only what ``tokbench report --json`` prints) and its charts.

    ``tr`` words the page's own texts (English unless a front end gives its translations;
    its ``note``, when it has one, words the warnings); ``lang``: the page's ``lang``."""
    h = html.escape
    note_text = getattr(tr, "note", None) or english
    title = h(tr("Tokenizer diagnostics"))
    parts = ["<!DOCTYPE html>", f'<html lang="{h(lang)}"><head><meta charset="utf-8">',
             f"<title>{title}</title>", f"<style>{STYLE}</style></head><body>",
             f"<h1>{title}</h1>",
             f'<p class="muted">{h(tr("created {date}").format(date=result.created))} · '
             + " · ".join(f"{h(k)} {h(v)}" for k, v in result.versions.items()) + "</p>"]
    corpus = result.corpus
    if corpus.kind == "parallel":
        parts.append("<p>" + h(tr("Parallel corpus {path}: {languages} languages × {sentences} "
                                  "sentences.")).format(
            path=f"<code>{h(corpus.path)}</code>", languages=len(corpus.languages),
            sentences=f"{corpus.sentences:,}") + "</p>")
    else:
        parts.append("<p>" + h(tr("Corpus: {sources}.")).format(sources=", ".join(
            f"<code>{h(s.path)}</code> ({h(s.language or '?')}"
            f"{', ' + h(s.domain) if s.domain else ''}, "
            + h(tr("{n} bytes").format(n=f"{s.bytes:,}")) + ")"
            for s in corpus.sources)) + "</p>")
    term = terms_of(tr)
    parts.append("<p class=\"muted\">" + " · ".join(
        h(tr("{setting}: {value}").format(
            setting=term("setting", k),
            value=(term(f"setting.{k}", v) if isinstance(v, str)
                   else term("yes/no", _cell(v)) if isinstance(v, bool) else _cell(v))))
        for k, v in result.settings.describe().items()) + "</p>")
    for warning in result.warnings:
        parts.append(f'<p class="warn">{h(note_text(warning))}</p>')
    parts.append(f"<h2>{h(tr('Tokenizers'))}</h2>")
    parts.append(_table(
        [tr(name) for name in (
            "tokenizer", "format", "behaviour fingerprint", "vocabulary fingerprint",
            "vocabulary", "ids used", "share used", "context", "overhead", "failed documents",
            "worst premium", "geometric mean")],
        [[t.name, t.format, t.fingerprint.behaviour, t.fingerprint.vocabulary,
          t.vocabulary.size, t.vocabulary.used, t.vocabulary.share, t.context_window,
          t.context_overhead, t.buckets[ALL].failed if ALL in t.buckets else 0,
          *_summary_cells(t.premium_summary)]
         for t in result.tokenizers]))
    parts.append(f"<h2>{h(tr('Charts'))}</h2>")
    for caption, figure in chart_figures(result, tr):
        parts.append(f"<figure>{_svg(figure)}<figcaption class=\"muted\">"
                     f"{h(caption)}</figcaption></figure>")
    entries = [t for t in result.tokenizers if t.premium is not None]
    if entries:
        parts.append(f"<h2>{h(tr('Premium per language'))}</h2>")
        languages, _ = figures.premium_data(result)
        header = [tr("language")]
        for t in entries:
            header += [tr("{tokenizer} tokens").format(tokenizer=t.name),
                       *(tr(name) for name in ("premium", "95% interval", "pairs", "rank"))]
        rows = []
        for language in languages:
            row = [language]
            for t in entries:
                p = t.premium[language]
                row += [p.tokens, p.premium, f"{p.ci[0]:.3f}–{p.ci[1]:.3f}",
                        p.attention_pairs, p.rank]
            rows.append(row)
        parts.append(_table(header, rows))
        parts.append('<p class="muted">' + h(tr(
            "premium = tokens(language) / tokens(pivot) over the same sentences; pairs = "
            "premium², the attention pairs of one dense layer for the same content.")) + "</p>")
    for t in result.tokenizers:
        parts.append("<h2>" + h(tr("Buckets · {tokenizer}").format(tokenizer=t.name)) + "</h2>")
        parts.append(_table([term("bucket_field", "bucket"),
                             *(term("bucket_field", f) for f in BUCKET_FIELDS)],
                            [[term("bucket", key), *(bucket.value(f) for f in BUCKET_FIELDS)]
                             for key, bucket in t.buckets.items()]))
        top = ", ".join(f"{h(repr(piece.piece))} ({piece.count:,})"
                        for piece in t.vocabulary.top[:10])
        parts.append('<p class="muted">' + h(tr("most used pieces: {pieces}")).format(
            pieces=top) + "</p>")
        for failure in t.failures:
            parts.append('<p class="warn">' + h(tr(
                "failed on document {document} of {source}: {error}").format(
                    document=failure.document, source=failure.source,
                    error=failure.error)) + "</p>")
    parts.append('<p class="muted">' + h(tr(
        "Tokens are content tokens: no BOS/CLS added, special-token literals read as text. "
        "Rates: tokens_per_byte over UTF-8 bytes, tokens_per_cp over code points, fertility "
        "over whitespace words of texts that separate words (null where none does); p50…max "
        "are tokens per document, nearest rank, exact. Made with tokbench report.")) + "</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
