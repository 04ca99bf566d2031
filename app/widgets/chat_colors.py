"""The colours of a chat's roles, one place for every Chat view (message rows, rendered text,
token chips, legend): a role keeps its colour everywhere.

>>> role_color("user").name(), role_color("ipython") == role_color("ipython")
('#cfe3ff', True)
"""

from __future__ import annotations

import zlib

from PySide6.QtGui import QColor

ROLE_COLORS = {"system": "#ffe2b8", "user": "#cfe3ff", "assistant": "#d3f2cf", "tool": "#ecdcff"}
OTHER_ROLES = ("#fff3b0", "#cdf2ef", "#f9d5e5", "#e0e0c8")  # roles a template names (ipython)
FIELD_COLORS = {"tools": "#f5d0f0", "documents": "#d9e8d0"}  # content that is no message
TEMPLATE_COLOR = "#eeeeee"  # text the template writes (role headers, separators)
TEMPLATE_TEXT = "#6b6b6b"
MASK_COLOR = "#1b7a2e"  # underline of the tokens the assistant mask keeps
ALERT_COLOR = "#d32f2f"  # wavy underline of an injected special-token literal's tokens


def role_color(role: str | None) -> QColor:
    """The background of a role's content (a stable colour for a role of any name)."""
    if role in ROLE_COLORS:
        return QColor(ROLE_COLORS[role])
    if role in FIELD_COLORS:
        return QColor(FIELD_COLORS[role])
    if not role:
        return QColor(TEMPLATE_COLOR)
    return QColor(OTHER_ROLES[zlib.crc32(role.encode("utf-8")) % len(OTHER_ROLES)])


def template_color(role: str | None) -> QColor:
    """The background of template text: grey, tinted by the message it belongs to."""
    if not role:
        return QColor(TEMPLATE_COLOR)
    base = role_color(role)
    grey = QColor(TEMPLATE_COLOR)
    return QColor((base.red() + 2 * grey.red()) // 3, (base.green() + 2 * grey.green()) // 3,
                  (base.blue() + 2 * grey.blue()) // 3)
