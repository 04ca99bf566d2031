"""Charts as matplotlib ``Figure`` objects, built the same way for a pane and for a report.

No Qt here and no pyplot (its global figure list would keep every figure alive): a pane embeds
the ``Figure`` in a Qt canvas, a report saves it as SVG with :func:`figure_svg`, text drawn as
paths so the page needs no font and Chinese labels show on any machine.

Two kinds of chart cover what the workbench draws:

* :func:`draw_bars` — one horizontal bar per category, largest first, each with a note
  (characters per script, tokens per language, a premium ranking).
* :class:`SeriesChart` — one line that grows while a job runs (merges per second, the EM
  objective); a new point moves the line's data, it does not rebuild the figure.

>>> figure = draw_bars(Figure(), "Tokens per language", [Bar("English", 120), Bar("中文", 80)])
>>> [t.get_text() for t in figure.axes[0].get_yticklabels()]
['English', '中文']
>>> figure_svg(figure).lstrip().startswith("<?xml")
True
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from matplotlib import font_manager
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, LogLocator, MaxNLocator

from core.numbers import short_number

# Latin first (the look of the rest of the app), then the first CJK family found: matplotlib
# falls back glyph by glyph along this list, so "中文 tokens" draws both scripts, no boxes.
LATIN_FAMILY = "DejaVu Sans"
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Zen Hei",
                "Microsoft YaHei", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK JP")
LINE = "#4e79a7"
FONT_SIZE = 9.0  # points; close to Qt's default widget font at the figure's 100 dpi


@dataclass(frozen=True)
class Palette:
    """The colours a chart draws with: a pane passes its Qt palette's, a report the default."""

    text: str = "#202020"
    background: str = "#ffffff"
    muted: str = "#707070"
    grid: str = "#e4e4e4"


@dataclass(frozen=True)
class Bar:
    """One category: its label, its value, a note written after the bar, and a colour
    (``None``: the chart's default)."""

    label: str
    value: float
    note: str = ""
    colour: str | None = None


@lru_cache(maxsize=1)
def font_families() -> tuple[str, ...]:
    """The font fallback list for chart text: Latin, then the installed CJK families.

    >>> font_families()[0]
    'DejaVu Sans'
    """
    installed = {entry.name for entry in font_manager.fontManager.ttflist}
    return (LATIN_FAMILY,) + tuple(name for name in CJK_FAMILIES if name in installed)


class ShortNumbers(Formatter):
    """Tick labels in one unit per axis: ``0, 6k, 12k, 18k`` (not ``6,000`` beside ``12k``).

    >>> ShortNumbers().format_ticks([0, 6000, 12000, 18000])
    ['0', '6k', '12k', '18k']
    >>> ShortNumbers().format_ticks([0.5, 1, 1.5]), ShortNumbers().format_ticks([0, 2.5e6])
    (['0.5', '1', '1.5'], ['0', '2.5M'])
    """

    def __init__(self) -> None:
        self.scale, self.suffix = 1.0, ""

    def format_ticks(self, values) -> list[str]:
        largest = max((abs(value) for value in values), default=0)
        self.scale, self.suffix = ((1e6, "M") if largest >= 1e6 else
                                   (1e3, "k") if largest >= 1e4 else (1.0, ""))
        return [self(value) for value in values]

    def __call__(self, value, pos=None) -> str:
        if self.scale == 1.0 or value == 0:
            return short_number(value)
        return f"{value / self.scale:.3g}{self.suffix}"


def new_figure(width: float = 6.4, height: float = 3.2, *, palette: Palette = Palette()) -> Figure:
    """A blank figure (inches at 100 dpi) in the chart font and colours; pass it to
    :func:`draw_bars` or :class:`SeriesChart`."""
    figure = Figure(figsize=(width, height), dpi=100, facecolor=palette.background)
    return figure


def _text(palette: Palette, **style) -> dict:
    """Keyword arguments for a text artist: the fallback font list, the size and colour."""
    return {"fontfamily": list(font_families()), "fontsize": FONT_SIZE, "color": palette.text,
            **style}


def _style_axes(axes, palette: Palette) -> None:
    """Calm axes: a light grid behind, no box on top and right, ticks in the chart font."""
    axes.set_facecolor(palette.background)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        axes.spines[side].set_color(palette.muted)
    axes.tick_params(colors=palette.muted, labelcolor=palette.text, labelsize=FONT_SIZE,
                     labelfontfamily=list(font_families()))


def draw_bars(figure: Figure, title: str, bars: list[Bar], *, placeholder: str = "",
              palette: Palette = Palette()) -> Figure:
    """Draw ``bars`` top to bottom in the given order into ``figure`` (cleared first) and
    return it; with no bars, ``placeholder`` stands in the middle.

    >>> figure = draw_bars(new_figure(), "Scripts", [Bar("Latin", 30, "30 · 75.0%")])
    >>> [round(p.get_width()) for p in figure.axes[0].patches]
    [30]
    """
    figure.clear()
    figure.set_facecolor(palette.background)
    figure.suptitle(title, x=0.01, ha="left", **_text(palette, fontweight="bold"))
    if not bars:
        figure.text(0.5, 0.5, placeholder, ha="center", va="center",
                    **_text(palette, color=palette.muted))
        return figure
    axes = figure.add_subplot()
    _style_axes(axes, palette)
    rows = range(len(bars))
    colours = [bar.colour or LINE for bar in bars]
    axes.barh(rows, [bar.value for bar in bars], height=0.7, color=colours)
    axes.set_yticks(rows, [bar.label for bar in bars])
    axes.invert_yaxis()  # the first bar on top
    axes.tick_params(axis="y", length=0)
    axes.xaxis.set_major_locator(MaxNLocator(4))
    axes.xaxis.set_major_formatter(ShortNumbers())
    axes.grid(axis="x", color=palette.grid)
    axes.spines["left"].set_visible(False)
    for row, bar in zip(rows, bars):
        axes.annotate(bar.note, (bar.value, row), xytext=(4, 0), textcoords="offset points",
                      va="center", **_text(palette))
    figure.set_layout_engine("constrained")
    return figure


class SeriesChart:
    """One series of ``(x, y)`` points over a figure: a title, axis names, and the last value.

    Points move the one ``Line2D`` (``set_data``); the figure, axes and texts are made once.
    With ``live=True`` the limits keep some headroom, so most new points fit inside them and
    a pane only redraws the line and the last value (``animated`` artists, blitted) instead of
    the whole figure; :meth:`set_points` says when the limits moved and a full draw is due.

    >>> chart = SeriesChart(new_figure())
    >>> chart.set_axes("Merges per second", "seconds", "merges/s")
    >>> line = chart.line
    >>> chart.set_points([(0, 10), (1, 30), (2, 20)])
    True
    >>> chart.line is line, chart.line.get_xydata().tolist(), chart.last.get_text()
    (True, [[0.0, 10.0], [1.0, 30.0], [2.0, 20.0]], 'last: 20 merges/s')
    """

    MARKERS_UP_TO = 40  # points; past this many, dots would merge into a thick line
    HEADROOM = 1.25  # live limits grow by this factor past the data, so few points move them

    def __init__(self, figure: Figure, *, palette: Palette = Palette(), live: bool = False,
                 last_text: str = "last: {value} {unit}") -> None:
        self.figure = figure
        self.palette = palette
        self.live = live
        self.last_text = last_text
        self.points: list[tuple[float, float]] = []
        self.log_y = False
        self.y_label = ""
        figure.set_facecolor(palette.background)
        self.title = figure.suptitle(" ", x=0.01, ha="left", **_text(palette, fontweight="bold"))
        self.placeholder = figure.text(0.5, 0.45, "", ha="center", va="center",
                                       **_text(palette, color=palette.muted))
        self.axes = axes = figure.add_subplot()
        _style_axes(axes, palette)
        axes.grid(color=palette.grid)
        (self.line,) = axes.plot([], [], color=LINE, linewidth=1.8, markersize=3.5,
                                 animated=live)
        # the last value sits on the title's row, right-aligned (the suptitle's y and anchor)
        self.last = figure.text(0.99, 0.98, " ", ha="right", va="top", animated=live,
                                **_text(palette, color=palette.muted))
        axes.xaxis.set_major_locator(MaxNLocator(6))
        axes.yaxis.set_major_locator(MaxNLocator(5))
        for axis in (axes.xaxis, axes.yaxis):
            axis.set_major_formatter(ShortNumbers())
        figure.set_layout_engine("constrained")
        self._update_visibility()

    @property
    def animated(self) -> list:
        """The artists a live update redraws (blitted over the rest); none while the
        placeholder stands instead of the axes."""
        return [self.line, self.last] if self.axes.get_visible() else []

    def set_axes(self, title: str, x_label: str, y_label: str, *, log_y: bool = False) -> None:
        """Name the chart and its axes; ``log_y`` plots y on a log scale (values must be > 0)."""
        self.title.set_text(title or " ")
        self.y_label = y_label
        self.axes.set_xlabel(x_label, **_text(self.palette))
        self.axes.set_ylabel(y_label, **_text(self.palette))
        if log_y != self.log_y:
            self.axes.set_yscale("log" if log_y else "linear")
            self.log_y = log_y
            self.axes.yaxis.set_major_locator(LogLocator(base=10) if log_y else MaxNLocator(5))
            self.axes.yaxis.set_major_formatter(ShortNumbers())
            if len(self.points) >= 2:
                self._set_limits(*zip(*self.points))
        self._update_last()

    def set_placeholder(self, text: str) -> None:
        """What the chart says while it has fewer than two points."""
        self.placeholder.set_text(text)

    def set_points(self, points: list[tuple[float, float]]) -> bool:
        """Show these points (a copy is kept); True when the limits or what is visible changed,
        so the whole figure needs drawing, False when redrawing the animated artists will do."""
        was_charted = len(self.points) >= 2
        shrunk = len(points) < len(self.points)
        self.points = list(points)
        xs = [x for x, _ in self.points]
        ys = [y for _, y in self.points]
        self.line.set_data(xs, ys)
        self.line.set_marker("o" if len(xs) <= self.MARKERS_UP_TO else "")
        self._update_last()
        self._update_visibility()
        if len(xs) < 2:
            return was_charted
        return self._set_limits(xs, ys, refit=shrunk or not was_charted or not self.live)

    def fit(self) -> bool:
        """Limits tight around the points, without the live headroom (the job has ended, or
        paused); True if they moved. The next point outside them brings the headroom back.

        >>> chart = SeriesChart(new_figure(), live=True)
        >>> _ = chart.set_points([(0, 1), (10, 2)])
        >>> float(chart.axes.get_xlim()[1]), chart.fit(), float(chart.axes.get_xlim()[1])
        (12.65, True, 10.15)
        """
        if len(self.points) < 2:
            return False
        before = (self.axes.get_xlim(), self.axes.get_ylim())
        self._set_limits(*zip(*self.points), grow=1.0)
        return (self.axes.get_xlim(), self.axes.get_ylim()) != before

    def _set_limits(self, xs, ys, *, refit: bool = True, grow: float | None = None) -> bool:
        """Fit the limits to the data (with headroom when live); True if they moved."""
        (x0, x1), (y0, y1) = self.axes.get_xlim(), self.axes.get_ylim()
        left, right, low, high = min(xs), max(xs), min(ys), max(ys)
        if self.log_y:
            low, high = max(low, 1e-12), max(high, 1e-12)
        if not refit and x0 <= left and right <= x1 and y0 <= low and high <= y1:
            return False
        if grow is None:
            grow = self.HEADROOM if self.live else 1.0
        span = right - left or 1.0
        edge = span * 0.015  # the first and last dots whole, not cut in half by the frame
        self.axes.set_xlim(left - edge, left + span * grow + edge)
        if self.log_y:
            self.axes.set_ylim(low / 1.5, high * 1.5 * grow)
        else:
            pad = (high - low) * 0.08 or abs(high) * 0.1 or 1.0
            bottom = 0.0 if 0 <= low < pad else low - pad * grow
            self.axes.set_ylim(bottom, high + pad + (high - bottom) * (grow - 1))
        return True

    def _update_last(self) -> None:
        if len(self.points) < 2:
            self.last.set_text(" ")
            return
        value = short_number(self.points[-1][1])
        self.last.set_text(self.last_text.format(value=value, unit=self.y_label).rstrip())

    def _update_visibility(self) -> None:
        charted = len(self.points) >= 2
        self.axes.set_visible(charted)
        self.placeholder.set_visible(not charted)


def figure_svg(figure: Figure) -> str:
    """The figure as a self-contained SVG document (text as paths: no font needed to view it).

    >>> "<svg" in figure_svg(draw_bars(new_figure(), "", [Bar("a", 1)]))
    True
    """
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", facecolor=figure.get_facecolor(),
                   metadata={"Date": None})
    return buffer.getvalue()

