"""Tokens over the text in HTML: the text as it is read, each token a background behind it.

The browser shapes the text across the spans (backgrounds change no font), so Indic letters keep
their vowel signs, Arabic stays joined and an emoji family stays one glyph. A grapheme several
tokens cover (byte-level pieces of a CJK character or an emoji) is one span whose background is
divided among its tokens by their share of its bytes (:func:`core.encodings.token_cover.unit_shares`), as
the GUI's text view divides its glyph. Whitespace and control characters show their glyphs
(:func:`core.text.offsets.visible_text`); format characters that shape (joiners, variation selectors)
stay in the text and are named in the span's title.

>>> html = tokens_html("ab", [0, 0, 1], [0, 1, 2], ["bos", "0", "1"], pieces=["<s>", "a", "b"])
>>> html.count("<span"), "a</span>" in html, "&lt;s&gt;</span>" in html
(3, True, True)
"""

from __future__ import annotations

import unicodedata
from html import escape
from typing import Sequence

import regex

from ..text.offsets import visible_text
from .token_cover import unit_shares

# band colours, by token index (the GUI's token views use the same)
TOKEN_COLOURS = ("#cfe8ff", "#d5f5d0", "#ffe0cc", "#e8dcff", "#fff3b0", "#cdf2ef")
# a token's right edge is a white line drawn inside its span (a border would widen the span and
# open a gap in Arabic's joined letters)
STYLE = (".tokens{font-size:15px;line-height:1.9;white-space:pre-wrap}"
         ".tokens span[title]{box-shadow:inset -1px 0 #fff}"
         ".tokens span.inv{color:#7b3fb0;box-shadow:none}"
         ".tokens .sp{position:relative}"
         ".tokens .sp::after{content:attr(data-g);position:absolute;left:0;right:0;bottom:0;"
         "text-align:center;font-size:70%;color:#7b3fb0}"
         ".tokens .reserved{visibility:hidden}"
         ".tokens .pill{font-style:italic;font-size:80%;border:1px solid #999;border-radius:3px;"
         "padding:0 2px;margin:0 1px}")
_GRAPHEME = regex.compile(r"\X")


def _shown(grapheme: str) -> str:
    """A grapheme as written into the page. A space keeps its width, with its glyph drawn over
    it; a control character is replaced by its glyph; format characters that shape (joiners,
    variation selectors) stay, named in a title.

    >>> _shown(" "), _shown("\\t")
    ("<span class=sp data-g='␣'> </span>", '<span class=inv>⇥</span>')
    """
    glyph = visible_text(grapheme)
    if glyph == grapheme:
        return escape(grapheme)
    if grapheme.isspace() and "\n" not in grapheme and "\r" not in grapheme \
            and "\t" not in grapheme:
        return f"<span class=sp data-g='{escape(glyph)}'>{escape(grapheme)}</span>"
    kept = [visible_text(c) for c in grapheme if unicodedata.category(c) == "Cf"
            or "\ufe00" <= c <= "\ufe0f"]
    if len(grapheme) > 1 and kept:
        return f"<span class=inv title='{escape(' '.join(kept))}'>{escape(grapheme)}</span>"
    return f"<span class=inv>{escape(glyph)}</span>"


def _gradient(shares: list[tuple[int, float, float]], colours: Sequence[str], rtl: bool) -> str:
    stops = ", ".join(f"{colours[t % len(colours)]} {lo * 100:.1f}% {hi * 100:.1f}%"
                      for t, lo, hi in shares)
    return f"linear-gradient(to {'left' if rtl else 'right'}, {stops})"


def tokens_html(text: str, starts: Sequence[int], ends: Sequence[int], titles: Sequence[str],
                colours: Sequence[str] = TOKEN_COLOURS,
                pieces: Sequence[str] | None = None,
                reserve: dict[int, list[str]] | None = None) -> str:
    """``text`` as HTML with token ``i`` (bytes ``starts[i]``..``ends[i]``) behind its
    graphemes, titled ``titles[i]`` (hover); one block per line of the text (its direction its
    own, so an Arabic line reads right to left), its line break shown as ``↵``. Tokens covering
    no text (a BOS) are pills showing ``pieces[i]`` where they stand; ``reserve`` (byte position
    -> labels) adds invisible pills there, so that two tokenizations of one text drawn one over
    the other keep their characters aligned (each reserves the other's pills).

    >>> html = tokens_html("你", [0, 1], [1, 3], ["a", "b"])  # one character, two tokens
    >>> "linear-gradient(to right, #cfe8ff 0.0% 33.3%, #d5f5d0 33.3% 100.0%)" in html
    True
    """
    order = sorted((i for i in range(len(starts)) if ends[i] > starts[i]),
                   key=lambda i: (starts[i], i))
    empty: dict[int, list[int]] = {}  # position -> tokens covering no text there
    for i in range(len(starts)):
        if ends[i] == starts[i]:
            empty.setdefault(int(starts[i]), []).append(i)
    lines: list[str] = []
    out: list[str] = []
    run: list[str] = []
    run_token = None
    first = 0  # tokens before this one end before the grapheme under way
    pos = 0

    def flush():
        nonlocal run, run_token
        if run:
            out.append(_span(run_token, "".join(run), titles, colours))
        run, run_token = [], None

    reserved = dict(reserve or {})

    def pills(at: int):
        if at in empty or at in reserved:
            flush()
            out.extend(_pill(i, pieces, titles, colours) for i in empty.pop(at, []))
            out.extend(f"<span class='pill reserved'>{escape(label)}</span>"
                       for label in reserved.pop(at, []))

    for grapheme in _GRAPHEME.findall(text):
        size = len(grapheme.encode("utf-8"))
        pills(pos)
        while first < len(order) and ends[order[first]] <= pos:
            first += 1
        near = []
        for i in order[first:]:
            if starts[i] >= pos + size:
                break
            near.append(i)
        shares = unit_shares(pos, pos + size, starts, ends, near)
        piece = _shown(grapheme)
        if len(shares) == 1:
            token = shares[0][0]
            if token != run_token:
                flush()
                run_token = token
            run.append(piece)
        else:
            flush()
            if shares:
                rtl = unicodedata.bidirectional(grapheme[0]) in ("R", "AL")
                names = " | ".join(titles[t] for t, _, _ in shares)
                out.append(f"<span style='background:{_gradient(shares, colours, rtl)}' "
                           f"title='{escape(names)}'>{piece}</span>")
            else:
                out.append(piece)  # text no token covers (a normalizer dropped it)
        pos += size
        if "\n" in grapheme:
            flush()
            lines.append(f"<div dir=auto>{''.join(out)}</div>")
            out = []
    for at in sorted(set(empty) | set(reserved)):  # at the end of the text (an EOS) or past it
        pills(at)
    flush()
    if out or not lines:
        lines.append(f"<div dir=auto>{''.join(out)}</div>")
    return f"<div class=tokens>{''.join(lines)}</div>"


def _pill(token: int, pieces: Sequence[str] | None, titles: Sequence[str],
          colours: Sequence[str]) -> str:
    label = pieces[token] if pieces is not None else titles[token]
    return (f"<span class=pill style='background:{colours[token % len(colours)]}' "
            f"title='{escape(titles[token])}'>{escape(label)}</span>")


def _span(token: int, body: str, titles: Sequence[str], colours: Sequence[str]) -> str:
    return (f"<span style='background:{colours[token % len(colours)]}' "
            f"title='{escape(titles[token])}'>{body}</span>")
