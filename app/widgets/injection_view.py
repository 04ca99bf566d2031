"""``InjectionView``: a special-token literal typed in a message, read two ways side by side —
as this workbench (and transformers' ``sanitize_control_tokens``) reads it, plain text whose
tokens cannot end a turn, and as an unsanitized pipeline reads it, the control IDs a user could
forge a role boundary with.

>>> # view.set_injections(report.injections)  # core.chat.result.Injection values
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser

from core.text.offsets import visible_text

SAFE, UNSAFE = "#1e7d32", "#b3261e"
SAFE_CHIP, UNSAFE_CHIP = "#e3f3e4", "#fbe3e0"


def reading_html(ids, pieces, color: str, background: str) -> str:
    """IDs with their pieces, as chips.

    >>> reading_html((7,), ("<s>",), "#000", "#fff").endswith("<code>&lt;s&gt;</code>&nbsp;</span>")
    True
    """
    return " ".join(f'<span style="background:{background}">&nbsp;<b style="color:{color}">{i}'
                    f"</b>&nbsp;<code>{escape(visible_text(p))}</code>&nbsp;</span>"
                    for i, p in zip(ids, pieces))


class InjectionView(QTextBrowser):
    """One table row per injected literal: where, sanitized IDs, unsanitized IDs."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.injections = ()
        self.set_injections(())

    def set_injections(self, injections) -> None:
        self.injections = tuple(injections)
        if not self.injections:
            self.setHtml("<p style='color:#6b6b6b'>" + escape(self.tr(
                "No special-token literal in any message: nothing a user typed can end a turn "
                "or start a new role.")) + "</p>")
            return
        titles = (self.tr("Literal"), self.tr("Where"),
                  self.tr("Sanitized (this workbench): plain text"),
                  self.tr("Unsanitized pipeline: control tokens"))
        head = "<tr>" + "".join(f"<th align='left'>{escape(t)}</th>" for t in titles) + "</tr>"
        rows = []
        for item in self.injections:
            where = (self.tr("message {message} ({role}), characters {start}–{end}").format(
                message=item.message, role=item.role, start=item.span[0], end=item.span[1]))
            safe = reading_html(item.sanitized.ids, item.sanitized.pieces, SAFE, SAFE_CHIP)
            unsafe = reading_html(item.unsanitized.ids, item.unsanitized.pieces, UNSAFE,
                                  UNSAFE_CHIP)
            rows.append(
                f"<tr><td><code>{escape(item.literal)}</code></td><td>{escape(where)}</td>"
                f"<td>{safe}</td><td>{unsafe}</td></tr>")
        intro = escape(self.tr(
            "A user typed these special-token literals. The workbench encodes them as the text "
            "they are; a pipeline that parses special tokens everywhere would feed the model the "
            "control IDs on the right — a forged role boundary."))
        self.setHtml(f"<p>{intro}</p><table border='1' cellspacing='0' cellpadding='4' "
                     f"width='100%' style='border-collapse:collapse'>{head}{''.join(rows)}"
                     "</table>")
