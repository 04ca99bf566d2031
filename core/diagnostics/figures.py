"""The report's charts, drawn from the report JSON: the same figures in the pane and the page.

* :func:`draw_premiums` — per language, one bar per tokenizer with its confidence interval as
  a whisker, a line at 1 (the pivot): a tokenizer 10x worse on a language stands out at once;
* :func:`draw_rates` — per language, tokens per byte (or any bucket rate), one bar per tokenizer;
* :func:`draw_lengths` — the distribution of document lengths in tokens, one line per tokenizer;
* :func:`draw_ranking` — premiums as a table of colours (languages x tokenizers) with the values;
* :func:`draw_vocabulary` — the share of all tokens the ``k`` most used ids take.

Every function takes a ``Figure`` (cleared first) and plain data, and returns the figure; the
``*_data`` helpers pull that data out of a report. Labels are passed in (a pane translates them).

>>> from core.charts import new_figure
>>> figure = draw_premiums(new_figure(), "Premium", ["zho", "eng"],
...                        [("gpt2", [3.2, 1.0], [[3.1, 3.3], [1.0, 1.0]])])
>>> len(figure.axes[0].patches)
2
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from ..charts import Palette, ShortNumbers, _style_axes, _text  # the charts' one look
from .result import DiagnosticsReport
from .stats import ALL

SERIES_COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948",
                  "#9c755f")
ROW_INCHES = 0.16  # height per language row per tokenizer


def colour(index: int) -> str:
    return SERIES_COLOURS[index % len(SERIES_COLOURS)]


def _start(figure: Figure, title: str, palette: Palette):
    figure.clear()
    figure.set_facecolor(palette.background)
    figure.suptitle(title, x=0.01, ha="left", **_text(palette, fontweight="bold"))
    axes = figure.add_subplot()
    _style_axes(axes, palette)
    figure.set_layout_engine("constrained")
    return axes


def _legend(axes, palette: Palette, count: int) -> None:
    """The series' names in one row above the axes (never over a bar, and on top of a tall
    chart, where it is seen first)."""
    if count > 1:
        legend = axes.figure.legend(loc="outside upper right", ncols=count, frameon=False,
                                    prop={"family": list(_text(palette)["fontfamily"]),
                                          "size": 8})
        for text in legend.get_texts():
            text.set_color(palette.text)


def premium_data(report: DiagnosticsReport, names: list[str] | None = None
                 ) -> tuple[list[str], list]:
    """Languages (worst first, by the largest premium any tokenizer gives) and per tokenizer
    ``(name, premiums, intervals)``, from a report with a parallel corpus."""
    entries = [e for e in report.tokenizers if e.premium is not None
               and (names is None or e.name in names)]
    if not entries:
        return [], []
    languages = sorted(entries[0].premium,
                       key=lambda lang: (-max(e.premium[lang].premium for e in entries), lang))
    series = [(e.name, [e.premium[lang].premium for lang in languages],
               [e.premium[lang].ci for lang in languages]) for e in entries]
    return languages, series


def draw_premiums(figure: Figure, title: str, languages: list[str], series: list, *,
                  x_label: str = "tokens / pivot's tokens (95% interval)",
                  palette: Palette = Palette()) -> Figure:
    """Grouped horizontal bars with interval whiskers; ``series`` is ``[(name, values,
    [[low, high], ...])]`` (intervals may be None)."""
    axes = _start(figure, title, palette)
    count = max(len(series), 1)
    height = 0.8 / count
    rows = np.arange(len(languages))
    for k, (name, values, intervals) in enumerate(series):
        y = rows - 0.4 + height * (k + 0.5)
        errors = None
        if intervals is not None:
            low = [max(v - i[0], 0) for v, i in zip(values, intervals)]
            high = [max(i[1] - v, 0) for v, i in zip(values, intervals)]
            errors = [low, high]
        axes.barh(y, values, height=height * 0.9, color=colour(k), label=name, xerr=errors,
                  error_kw={"ecolor": palette.text, "elinewidth": 0.8, "capsize": 1.5})
    axes.axvline(1.0, color=palette.muted, linewidth=0.8, linestyle="--")
    axes.set_yticks(rows, languages)
    axes.set_ylim(len(languages) - 0.5, -0.5)
    axes.tick_params(axis="y", length=0)
    axes.grid(axis="x", color=palette.grid)
    axes.xaxis.set_major_formatter(ShortNumbers())
    axes.set_xlabel(x_label, **_text(palette))
    axes.spines["left"].set_visible(False)
    if len(languages) > 12:  # a tall chart: the scale on top as well, where reading starts
        axes.tick_params(axis="x", labeltop=True)
    _legend(axes, palette, len(series))
    return figure


def premium_height(languages: int, tokenizers: int) -> float:
    """Inches a premium chart needs so every bar stays readable."""
    return max(2.5, 0.8 + languages * max(tokenizers, 1) * ROW_INCHES + 0.25 * languages)


def rate_data(report: DiagnosticsReport, field: str = "tokens_per_byte",
              names: list[str] | None = None) -> tuple[list[str], list]:
    """Languages (the highest rate first) and per tokenizer ``(name, rates, None)``; ``field``
    one of the bucket fields (:data:`~core.diagnostics.result.BUCKET_FIELDS`)."""
    entries = [e for e in report.tokenizers if names is None or e.name in names]
    if not entries:
        return [], []
    languages = entries[0].languages

    def value(entry, lang: str) -> float:
        bucket = entry.buckets.get(lang)
        return (bucket.value(field) if bucket is not None else None) or 0.0

    languages.sort(key=lambda lang: (-max(value(e, lang) for e in entries), lang))
    return languages, [(e.name, [value(e, lang) for lang in languages], None) for e in entries]


def draw_rates(figure: Figure, title: str, languages: list[str], series: list, *,
               x_label: str = "tokens per UTF-8 byte", palette: Palette = Palette()) -> Figure:
    """Grouped bars without intervals and without the pivot line."""
    draw_premiums(figure, title, languages, series, x_label=x_label, palette=palette)
    for line in list(figure.axes[0].lines):
        if tuple(line.get_xdata()) == (1.0, 1.0):
            line.remove()
    return figure


def length_data(report: DiagnosticsReport, bucket: str = ALL) -> list:
    """Per tokenizer ``(name, Histogram)`` of a bucket's document lengths (from the
    statistics the report was made from)."""
    return [(entry.name, stat.buckets[bucket].lengths)
            for entry, stat in zip(report.tokenizers, report.stats) if bucket in stat.buckets]


def draw_lengths(figure: Figure, title: str, series: list, *, bins: int = 40,
                 x_label: str = "tokens per document", y_label: str = "documents",
                 palette: Palette = Palette()) -> Figure:
    """Each tokenizer's length distribution as a step line over shared bins."""
    axes = _start(figure, title, palette)
    top = max((h.max or 0 for _, h in series), default=0)
    edges = np.unique(np.linspace(0, top + 1, bins + 1).astype(np.int64))
    for k, (name, histogram) in enumerate(series):
        counts = histogram.counts
        cumulative = np.concatenate(([0], np.cumsum(counts)))
        clipped = np.minimum(edges, len(counts))
        per_bin = cumulative[clipped[1:]] - cumulative[clipped[:-1]]
        axes.stairs(per_bin, edges, color=colour(k), linewidth=1.6, label=name)
    axes.grid(color=palette.grid)
    axes.set_xlabel(x_label, **_text(palette))
    axes.set_ylabel(y_label, **_text(palette))
    axes.xaxis.set_major_formatter(ShortNumbers())
    axes.yaxis.set_major_formatter(ShortNumbers())
    _legend(axes, palette, len(series))
    return figure


def draw_ranking(figure: Figure, title: str, languages: list[str], series: list, *,
                 palette: Palette = Palette()) -> Figure:
    """Premiums as coloured cells (log colour scale, 1 = white), the value in each cell."""
    from matplotlib.colors import LogNorm

    figure.clear()
    figure.set_facecolor(palette.background)
    figure.suptitle(title, x=0.01, ha="left", **_text(palette, fontweight="bold"))
    axes = figure.add_subplot()
    figure.set_layout_engine("constrained")
    if not series:
        return figure
    matrix = np.array([values for _, values, _ in series], float).T  # languages x tokenizers
    positive = matrix[matrix > 0]
    spread = max(float(positive.max()), 1 / float(positive.min()), 2.0) if positive.size else 2
    axes.imshow(np.clip(matrix, 1e-3, None), cmap="RdBu_r", aspect="auto",
                norm=LogNorm(1 / spread, spread))
    for (row, column), value in np.ndenumerate(matrix):
        dark = value > 0 and abs(np.log(value)) > 0.55 * np.log(spread)  # white on deep colours
        axes.text(column, row, f"{value:.2f}", ha="center", va="center",
                  **_text(palette, fontsize=7, color="#ffffff" if dark else "#000000"))
    axes.set_xticks(range(len(series)), [name for name, _, _ in series])
    axes.set_yticks(range(len(languages)), languages)
    axes.tick_params(length=0, labelsize=8, labelcolor=palette.text, top=True, bottom=False,
                     labeltop=True, labelbottom=False)
    for spine in axes.spines.values():
        spine.set_visible(False)
    return figure


def vocabulary_data(report: DiagnosticsReport) -> list:
    """Per tokenizer ``(name, ((k, share), ...))``: the coverage curve."""
    return [(e.name, e.vocabulary.curve) for e in report.tokenizers]


def draw_vocabulary(figure: Figure, title: str, series: list, *,
                    x_label: str = "most used ids (k)", y_label: str = "share of all tokens",
                    palette: Palette = Palette()) -> Figure:
    axes = _start(figure, title, palette)
    for k, (name, curve) in enumerate(series):
        if curve:
            ks, shares = zip(*curve)
            axes.plot(ks, shares, color=colour(k), linewidth=1.6, label=name)
    axes.set_xscale("log")
    axes.set_ylim(0, 1.02)
    axes.grid(color=palette.grid)
    axes.set_xlabel(x_label, **_text(palette))
    axes.set_ylabel(y_label, **_text(palette))
    _legend(axes, palette, len(series))
    return figure
