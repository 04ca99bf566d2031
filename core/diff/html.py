"""The diff as one self-contained HTML page (inline CSS, no script, no external file), drawn
from the typed :class:`~core.diff.report.TokenizerDiff` (the page reads its fields; its JSON is
only what ``tokbench diff --json`` prints). English, as ``tokbench`` speaks: the notes' English.

Example::

    page = diff_html(compare(old, new, sources))   # '<!DOCTYPE html>…'
"""

from __future__ import annotations

from dataclasses import fields
from html import escape

from ..bundles.golden import GoldenCheck
from ..notes import english
from ..encodings.token_html import STYLE as TOKENS_STYLE
from ..encodings.token_html import tokens_html
from .behaviour import BehaviourDiff, ChangedExample
from .components import PartDiff
from .migration import BYTES_PER_PARAMETER, MigrationCost, mib_text
from .report import TokenizerDiff

BADGE = {"identical": "#2e7d32", "append-only compatible": "#b26a00", "breaking": "#c62828"}
STYLE = """
body{font-family:system-ui,"Noto Sans","Noto Sans CJK SC",sans-serif;margin:24px;color:#202020}
h1{font-size:20px} h2{font-size:16px;margin-top:28px;border-bottom:1px solid #ddd}
.badge{display:inline-block;color:#fff;padding:4px 12px;border-radius:12px;font-weight:600}
table{border-collapse:collapse} td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{background:#4e79a7;height:12px;display:inline-block;vertical-align:middle}
pre{background:#f6f6f6;padding:8px;overflow:auto;font-size:12px}
.del{color:#b71c1c} .add{color:#1b5e20}
td{font-size:13px}
.pair{display:grid;grid-template-columns:3em 1fr;align-items:baseline}
.who{color:#666;font-size:12px}
""" + TOKENS_STYLE


def _counts_table(counts: list[tuple[str, int]]) -> str:
    rows = "".join(f"<tr><td>{escape(str(k))}</td><td class=n>{v:,}</td></tr>"
                   for k, v in counts)
    return f"<table>{rows}</table>"


def _examples(examples: list[ChangedExample]) -> str:
    """Each example's text twice, old tokens behind the first, new behind the second: the same
    text in the same font, so the two lines stay aligned while their bands differ."""
    out = []
    for ex in examples:
        sides = []
        for name, rows, other in (("old", ex.old, ex.new), ("new", ex.new, ex.old)):
            titles = [f"{piece} · id {token_id}" for _, _, token_id, piece, *_ in rows]
            reserve: dict[int, list[str]] = {}  # the other side's tokens covering no text
            for row in other:
                if row[4] == row[5]:
                    reserve.setdefault(row[4], []).append(row[3])
            sides.append(f"<div class=who>{name}</div>" + tokens_html(
                ex.text, [r[4] for r in rows], [r[5] for r in rows], titles,
                pieces=[r[3] for r in rows], reserve=reserve))
        out.append(f"<p><b>{escape(ex.bucket)}</b></p><div class=pair>{''.join(sides)}</div>")
    return "".join(out)


def _behaviour(b: BehaviourDiff) -> str:
    buckets = b.per_bucket()
    top = max([v.token_ratio for _, v in buckets] + [1.0])
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td class=n>{v.texts:,}</td>"
        f"<td class=n>{v.ids_differ_share:.1%}</td><td class=n>{v.token_ratio:.3f}</td>"
        f"<td><span class=bar style='width:{200 * v.token_ratio / top:.0f}px'></span></td></tr>"
        for name, v in buckets)
    split = b.hybrid
    hybrid = (f"<p>Of {b.pretokens_checked:,} texts whose tokens changed, the old model behind "
              f"the new pre-tokenizer reproduces {split.explained_by_regex:,} (the regex explains "
              f"them); the new model behind the old pre-tokenizer {split.explained_by_model:,}."
              "</p>" if split is not None else "")
    total = b.total
    return (hybrid + f"<p>{total.texts:,} texts: IDs differ in {total.ids_differ_share:.1%}, "
            f"token strings in "
            f"{total.tokens_differ_share:.1%}; tokens new/old {total.token_ratio:.3f}</p>"
            "<table><tr><th>bucket</th><th>texts</th><th>IDs differ</th><th>new/old</th><th></th>"
            f"</tr>{rows}</table><h2>Most changed examples (old above, new below)</h2>"
            + _examples(b.ranked_examples()))


def _parts(parts: list[PartDiff]) -> str:
    out = []
    for part in parts:
        if not part.changed:
            continue
        lines = "\n".join(f"<span class={'del' if l.startswith('-') else 'add'}>{escape(l)}</span>"
                          for l in part.diff[:200])
        out.append(f"<h3>{escape(part.part)}</h3><pre>{lines}</pre>")
    return "".join(out) or "<p>no pipeline part differs</p>"


def diff_html(diff: TokenizerDiff) -> str:
    """The page of a :class:`~core.diff.report.TokenizerDiff`."""
    verdict = diff.verdict
    reasons = "".join(f"<li>{escape(english(r))}</li>" for r in diff.reasons)
    notes = "".join(f"<li>{escape(english(n))}</li>" for n in diff.notes)
    offset = (f"; constant offset {diff.offset.offset:+,} from ID {diff.offset.from_id:,}"
              if diff.offset is not None else "")
    vocab = [(f.name, getattr(diff.counts, f.name)) for f in fields(diff.counts)]
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Tokenizer diff</title>"
            f"<style>{STYLE}</style></head><body>"
            f"<h1>{escape(diff.old_label)} → {escape(diff.new_label)}</h1>"
            f"<p><span class=badge style='background:{BADGE.get(verdict, '#555')}'>"
            f"{escape(verdict)}</span></p><ul>{reasons}</ul>"
            + (f"<p>Notes</p><ul>{notes}</ul>" if notes else "")
            + f"<h2>Vocabulary (compared by {escape(diff.basis)})</h2>"
            + _counts_table(vocab)
            + "<h2>Special tokens</h2>" + _counts_table(list(diff.specials.counts().items()))
            + "<h2>Migration</h2>" + f"<p>{escape(diff.strategy())}{offset}.</p>"
            + _migration(diff.cost)
            + "<h2>Pipeline</h2>" + _parts(diff.parts)
            + _golden(diff.golden_check)
            + ("<h2>Behaviour</h2>" + _behaviour(diff.behaviour) if diff.behaviour is not None
               else "")
            + "</body></html>")


def _migration(m: MigrationCost) -> str:
    """The two row counts, each named for what it is, and the growth's size."""
    bytes_per = BYTES_PER_PARAMETER[m.dtype]
    rows = [("rows added (the matrix grows by)", f"{m.rows_added:,}"),
            ("× hidden × bytes", f"{m.hidden:,} × {bytes_per} ({m.dtype})"),
            ("MiB of the added rows, tied (one matrix)", mib_text(m.mib_tied)),
            ("MiB of the added rows, untied (two matrices)", mib_text(m.mib_untied)),
            ("rows to initialize (pieces new to their ID)", f"{m.rows_to_initialize:,}"),
            ("… of them in IDs the old vocabulary used", f"{m.rows_repurposed:,}")]
    body = "".join(f"<tr><td>{escape(k)}</td><td class=n>{escape(v)}</td></tr>" for k, v in rows)
    assumed = (f"<p>assumed (no config.json gave them): {escape(', '.join(m.assumed))}</p>"
               if m.assumed else "")
    return f"<table>{body}</table>{assumed}"


def _golden(golden: GoldenCheck | None) -> str:
    if golden is None:
        return ""
    rows = "".join(f"<tr><td>{escape(str(d.sample))}</td><td>{escape(d.field)}</td>"
                   f"<td>{escape(str(d.old)[:120])}</td><td>{escape(str(d.new)[:120])}"
                   f"</td></tr>" for d in golden.differences[:300])
    return (f"<h2>Golden samples of the old tokenizer, verified on the new</h2>"
            f"<p>{len(golden.kinds)} of {golden.samples} samples differ</p>"
            f"<table><tr><th>sample</th><th>field</th><th>old</th><th>new</th></tr>"
            f"{rows}</table>")
