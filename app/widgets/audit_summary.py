"""The vocabulary audit in a few lines, for the Tokenizer tab (HTML for a rich-text label)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication

from core.audit import AuditReport

RAREST_SHOWN = 8


def audit_summary_html(audit: AuditReport | None) -> str:
    """``<p><b>Vocabulary audit</b></p><table>…</table>``, or a hint to run one.

    >>> # audit_summary_html(audit) -> "...self-unreachable</td><td>994 ..."
    """
    if audit is None:
        return "<p style='color:#555'>" + escape(QCoreApplication.translate(
            "AuditSummary", "No vocabulary audit yet: run one from the Vocabulary tab.")) + "</p>"
    internal = len(audit.word_internal())
    unreachable = len(audit.self_unreachable())
    merges = audit.merge_unreachable()
    rows = [
        (QCoreApplication.translate("AuditSummary", "ordinary tokens"), f"{audit.ordinary:,}"),
        (QCoreApplication.translate("AuditSummary", "partial (not whole characters)"),
         f"{audit.partial:,}"),
        (QCoreApplication.translate("AuditSummary", "self-unreachable"),
         QCoreApplication.translate("AuditSummary", "{n} ({internal} word-internal)").format(
             n=f"{unreachable:,}", internal=f"{internal:,}")),
        (QCoreApplication.translate("AuditSummary", "no merge forms it"),
         QCoreApplication.translate("AuditSummary", "not a BPE with merges") if merges is None
         else f"{len(merges):,}"),
        (QCoreApplication.translate("AuditSummary", "sensitive or boilerplate"),
         f"{len(audit.sensitive):,}"),
        (QCoreApplication.translate("AuditSummary", "near-duplicate groups"),
         f"{len(audit.near_duplicates):,}"),
    ]
    corpus = audit.corpus
    if corpus is not None:
        cover = corpus.coverage
        rows.append((QCoreApplication.translate("AuditSummary", "unused on the corpus"),
                     f"{corpus.unused:,}"))
        rows.append((QCoreApplication.translate("AuditSummary", "share covering 50 / 90 / 99%"),
                     " / ".join(f"{cover[p]:.1%}" for p in ("50", "90", "99"))))
        if len(corpus.by_language) > 1:
            for lang, use in corpus.by_language.items():
                rows.append((QCoreApplication.translate(
                    "AuditSummary", "unused on the {lang} part").format(lang=lang),
                    f"{use.unused:,}"))
        rarest = ", ".join(f"{audit.pieces[token_id]} ({count})"
                           for token_id, count in corpus.rarest[:RAREST_SHOWN])
        if rarest:
            rows.append((QCoreApplication.translate("AuditSummary", "rarest used (count)"),
                         rarest))
    cells = "".join(f"<tr><td style='color:#555;padding-right:12px'>{escape(k)}</td>"
                    f"<td>{escape(v)}</td></tr>" for k, v in rows)
    title = escape(QCoreApplication.translate("AuditSummary", "Vocabulary audit"))
    return f"<p><b>{title}</b></p><table>{cells}</table>"
