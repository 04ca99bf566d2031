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
