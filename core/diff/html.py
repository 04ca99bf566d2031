"""The diff as one self-contained HTML page (inline CSS, no script, no external file), drawn
from the typed :class:`~core.diff.report.TokenizerDiff` (the page reads its fields; its JSON is
only what ``tokbench diff --json`` prints). English, as ``tokbench`` speaks: the notes' English.

Example::

    page = diff_html(compare(old, new, sources))   # '<!DOCTYPE html>…'
"""

from __future__ import annotations

from dataclasses import fields
from html import escape
from typing import Callable

from ..bundles.golden import GoldenCheck
from ..notes import english
from ..encodings.token_html import STYLE as TOKENS_STYLE
from ..encodings.token_html import tokens_html
from .behaviour import BehaviourDiff, ChangedExample
from .components import PartDiff
from .migration import BYTES_PER_PARAMETER, MigrationCost, mib_text
from .report import TokenizerDiff

# words the page's own texts: English here; a front end passes its translations (with a
# ``note`` attribute wording a Note, else its English is used, and a ``term`` attribute naming
# a key of the data: a JSON field, a pipeline part; else the key itself is shown)
Words = Callable[[str], str]


def same(text: str) -> str:
    return text


def key_itself(group: str, key: str) -> str:
    """A key of the data as the CLI's page shows it: as it is (``old_size``, ``normalizer``)."""
    return key


def terms_of(tr: Words) -> Callable[[str, str], str]:
    """``tr.term(group, key)`` where the front end words keys, else the keys as they are.

    >>> terms_of(same)("vocabulary", "old_size")
    'old_size'
    """
    return getattr(tr, "term", None) or key_itself


BADGE = {"identical": "#2e7d32", "append-only compatible": "#b26a00", "breaking": "#c62828"}
STYLE = """
body{font-family:system-ui,"Noto Sans","Noto Sans CJK SC",sans-serif;margin:24px;color:#202020}
h1{font-size:20px} h2{font-size:16px;margin-top:28px;border-bottom:1px solid #ddd}
h3{font-size:14px}
.badge{display:inline-block;color:#fff;padding:4px 12px;border-radius:12px;font-weight:600}
table{border-collapse:collapse} td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:left}
th{white-space:nowrap;font-size:13px}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{background:#4e79a7;height:12px;display:inline-block;vertical-align:middle}
pre{background:#f6f6f6;padding:8px;overflow:auto;font-size:12px}
.del{color:#b71c1c} .add{color:#1b5e20}
td{font-size:13px}
.pair{display:grid;grid-template-columns:3em 1fr;align-items:baseline}
.who{color:#666;font-size:12px}
.pair .tokens{overflow-wrap:anywhere}
""" + TOKENS_STYLE


def _counts_table(counts: list[tuple[str, int]], name: Callable[[str], str] = str) -> str:
    rows = "".join(f"<tr><td>{escape(name(k))}</td><td class=n>{v:,}</td></tr>"
                   for k, v in counts)
    return f"<table>{rows}</table>"


def _examples(examples: list[ChangedExample], tr: Words = same) -> str:
    """Each example's text twice, old tokens behind the first, new behind the second: the same
    text in the same font, so the two lines stay aligned while their bands differ."""
    out = []
    for ex in examples:
        sides = []
        for name, rows, other in (("old", ex.old, ex.new), ("new", ex.new, ex.old)):
            titles = [tr("{piece} · id {id}").format(piece=piece, id=token_id)
                      for _, _, token_id, piece, *_ in rows]
            reserve: dict[int, list[str]] = {}  # the other side's tokens covering no text
            for row in other:
                if row[4] == row[5]:
                    reserve.setdefault(row[4], []).append(row[3])
            sides.append(f"<div class=who>{escape(tr(name))}</div>" + tokens_html(
                ex.text, [r[4] for r in rows], [r[5] for r in rows], titles,
                pieces=[r[3] for r in rows], reserve=reserve))
        bucket = terms_of(tr)("bucket", ex.bucket)
        out.append(f"<p><b>{escape(bucket)}</b></p><div class=pair>{''.join(sides)}</div>")
    return "".join(out)


def _behaviour(b: BehaviourDiff, tr: Words = same) -> str:
    term = terms_of(tr)
    buckets = b.per_bucket()
    top = max([v.token_ratio for _, v in buckets] + [1.0])
    rows = "".join(
        f"<tr><td>{escape(term('bucket', name))}</td><td class=n>{v.texts:,}</td>"
        f"<td class=n>{v.ids_differ_share:.1%}</td><td class=n>{v.token_ratio:.3f}</td>"
        f"<td><span class=bar style='width:{200 * v.token_ratio / top:.0f}px'></span></td></tr>"
        for name, v in buckets)
    split = b.hybrid
    hybrid = ("<p>" + escape(tr(
        "Of {checked} texts whose tokens changed, the old model behind the new pre-tokenizer "
        "reproduces {regex} (the regex explains them); the new model behind the old "
        "pre-tokenizer {model}.").format(checked=f"{b.pretokens_checked:,}",
                                         regex=f"{split.explained_by_regex:,}",
                                         model=f"{split.explained_by_model:,}")) + "</p>"
              if split is not None else "")
    total = b.total
    head = "".join(f"<th>{escape(tr(h))}</th>" for h in ("bucket", "texts", "IDs differ",
                                                          "new/old"))
    return (hybrid + "<p>" + escape(tr(
        "{texts} texts: IDs differ in {ids}, token strings in {tokens}; tokens new/old "
        "{ratio}").format(texts=f"{total.texts:,}", ids=f"{total.ids_differ_share:.1%}",
                          tokens=f"{total.tokens_differ_share:.1%}",
                          ratio=f"{total.token_ratio:.3f}"))
            + f"</p><table><tr>{head}<th></th></tr>{rows}</table><h2>"
            + escape(tr("Most changed examples (old above, new below)")) + "</h2>"
            + _examples(b.ranked_examples(), tr))


def _parts(parts: list[PartDiff], tr: Words = same) -> str:
    term = terms_of(tr)
    out = []
    for part in parts:
        if not part.changed:
            continue
        lines = "\n".join(f"<span class={'del' if l.startswith('-') else 'add'}>{escape(l)}</span>"
                          for l in part.diff[:200])
        out.append(f"<h3>{escape(term('part', part.part))}</h3><pre>{lines}</pre>")
    return "".join(out) or f"<p>{escape(tr('no pipeline part differs'))}</p>"


def diff_html(diff: TokenizerDiff, *, tr: Words = same, lang: str = "") -> str:
    """The page of a :class:`~core.diff.report.TokenizerDiff`.

    ``tr`` words the page's own texts (English unless a front end gives its translations);
    the reasons and notes are worded by ``tr.note`` when it has one. ``lang``: the page's
    ``lang`` attribute."""
    verdict = diff.verdict
    note_text = getattr(tr, "note", None) or english
    reasons = "".join(f"<li>{escape(note_text(r))}</li>" for r in diff.reasons)
    notes = "".join(f"<li>{escape(note_text(n))}</li>" for n in diff.notes)
    term = terms_of(tr)
    strategy = tr(diff.strategy())
    if diff.offset is not None:  # one sentence each: its punctuation is the language's
        migration = tr("{strategy}; {offset}.").format(strategy=strategy, offset=tr(
            "constant offset {offset} from ID {start}").format(
                offset=f"{diff.offset.offset:+,}", start=f"{diff.offset.from_id:,}"))
    else:
        migration = tr("{strategy}.").format(strategy=strategy)
    vocab = [(f.name, getattr(diff.counts, f.name)) for f in fields(diff.counts)]
    h2 = lambda text: f"<h2>{escape(tr(text))}</h2>"  # noqa: E731 - a heading, said once
    html_lang = f" lang='{escape(lang)}'" if lang else ""
    return (f"<!DOCTYPE html><html{html_lang}><head><meta charset='utf-8'><title>"
            f"{escape(tr('Tokenizer diff'))}</title>"
            f"<style>{STYLE}</style></head><body>"
            f"<h1>{escape(diff.old_label)} → {escape(diff.new_label)}</h1>"
            f"<p><span class=badge style='background:{BADGE.get(verdict, '#555')}'>"
            f"{escape(tr(verdict))}</span></p><ul>{reasons}</ul>"
            + (f"<p>{escape(tr('Notes'))}</p><ul>{notes}</ul>" if notes else "")
            + "<h2>" + escape(tr("Vocabulary (compared by {basis})").format(
                basis=tr(diff.basis))) + "</h2>"
            + _counts_table(vocab, lambda key: term("vocabulary", key))
            + h2("Special tokens") + _counts_table(list(diff.specials.counts().items()),
                                                   lambda key: term("special", key))
            + h2("Migration") + f"<p>{escape(migration)}</p>"
            + _migration(diff.cost, tr)
            + h2("Pipeline") + _parts(diff.parts, tr)
            + _golden(diff.golden_check, tr)
            + (h2("Behaviour") + _behaviour(diff.behaviour, tr) if diff.behaviour is not None
               else "")
            + "</body></html>")


def _migration(m: MigrationCost, tr: Words = same) -> str:
    """The two row counts, each named for what it is, and the growth's size."""
    bytes_per = BYTES_PER_PARAMETER[m.dtype]
    rows = [("rows added (the matrix grows by)", f"{m.rows_added:,}"),
            ("× hidden × bytes", f"{m.hidden:,} × {bytes_per} ({m.dtype})"),
            ("MiB of the added rows, tied (one matrix)", mib_text(m.mib_tied)),
            ("MiB of the added rows, untied (two matrices)", mib_text(m.mib_untied)),
            ("rows to initialize (pieces new to their ID)", f"{m.rows_to_initialize:,}"),
            ("… of them in IDs the old vocabulary used", f"{m.rows_repurposed:,}")]
    body = "".join(f"<tr><td>{escape(tr(k))}</td><td class=n>{escape(v)}</td></tr>"
                   for k, v in rows)
    term = terms_of(tr)
    assumed = ("<p>" + escape(tr("assumed (no config.json gave them): {names}").format(
        names=tr(", ").join(term("assumed", name) for name in m.assumed))) + "</p>"
               if m.assumed else "")
    return f"<table>{body}</table>{assumed}"


def _golden(golden: GoldenCheck | None, tr: Words = same) -> str:
    if golden is None:
        return ""
    term = terms_of(tr)
    rows = "".join(f"<tr><td>{escape(str(d.sample))}</td>"
                   f"<td>{escape(term('field', d.field))}</td>"
                   f"<td>{escape(str(d.old)[:120])}</td><td>{escape(str(d.new)[:120])}"
                   f"</td></tr>" for d in golden.differences[:300])
    head = "".join(f"<th>{escape(tr(h))}</th>" for h in ("sample", "field", "old", "new"))
    return ("<h2>" + escape(tr("Golden samples of the old tokenizer, verified on the new"))
            + "</h2><p>" + escape(tr("{n} of {total} samples differ").format(
                n=len(golden.kinds), total=golden.samples))
            + f"</p><table><tr>{head}</tr>{rows}</table>")
