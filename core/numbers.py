"""Numbers as charts and reports write them: short (``12.5k``) and as shares (``<0.1%``).

Pure Python, no matplotlib, so a widget can write its labels without loading the chart code.
"""

from __future__ import annotations


def short_number(value: float) -> str:
    """``12500`` -> ``12.5k``; ``-1234567`` -> ``-1.23M``; ``0.25`` -> ``0.25``.

    >>> short_number(12500), short_number(-1234567), short_number(0.25), short_number(40)
    ('12.5k', '-1.23M', '0.25', '40')
    """
    size = abs(value)
    if size >= 1e6:
        return f"{value / 1e6:.3g}M"
    if size >= 1e4:
        return f"{value / 1e3:.3g}k"
    if size >= 100 or value == int(value):
        return f"{value:,.0f}"
    return f"{value:.3g}"


def share_text(count: float, total: float) -> str:
    """``12.5%``; a share that would round to zero says ``<0.1%``.

    >>> share_text(1, 4), share_text(1, 10_000)
    ('25.0%', '<0.1%')
    """
    share = 100 * count / total if total else 0.0
    return "<0.1%" if 0 < share < 0.05 else f"{share:.1f}%"


def size_text(size: float) -> str:
    """Bytes on disk as file managers show them (powers of 1000).

    >>> size_text(999), size_text(1536), size_text(4_920_000_000)
    ('999 B', '1.5 KB', '4.9 GB')
    """
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{size:.1f} GB"
