"""What each document is, for bucketing: dominant script, length band, content classes, words.

Everything is computed for a whole batch of documents at once (joined with ``\\n``), the same
for every tokenizer, so it is paid once per document.

* **script**: the Unicode script with the most code points in the document, among
  :data:`core.corpus.SCRIPTS` (the Corpus pane's list; one list, one place); ``Common`` when
  none (digits, punctuation only). Hiragana and Katakana count as ``Japanese`` with Han when a
  document has kana (a Japanese sentence has more kanji than kana, yet is not Chinese).
* **length band** in code points: ``0-63``, ``64-255``, ``256-1023``, ``1024-4095``, ``4096+``.
* **content classes** found in the text: ``number`` (a decimal digit), ``url``, ``email``,
  ``code`` (a line that looks like source code), ``emoji``, ``combining`` (a combining mark),
  ``rare`` (private use, unassigned, a lone surrogate, or outside the Basic Multilingual Plane
  but not an emoji).
* **whitespace words**, only where the text separates words with spaces (less than a quarter
  of its letters in Han, kana, Thai, Lao, Khmer, Myanmar or Tibetan): fertility's denominator.

>>> traits = classify(["Hello world 42", "日本語のテキスト", "see https://x.org 😀"])
>>> traits.scripts, traits.words.tolist()
(['Latin', 'Japanese', 'Latin'], [3, 0, 3])
>>> sorted(traits.classes["number"].tolist()), sorted(traits.classes["emoji"].tolist())
([0], [2])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import regex

from ..corpus import SCRIPTS
from ..text.graphemes import code_points, grapheme_boundary_mask

COMMON = "Common"
JAPANESE = "Japanese"
NO_SPACE_SCRIPTS = frozenset({"Han", JAPANESE, "Thai", "Lao", "Khmer", "Myanmar", "Tibetan"})
_EXTRA_SCRIPTS = ("Lao", "Tibetan", "Sinhala", "Gujarati", "Gurmukhi", "Kannada", "Malayalam",
                  "Oriya")
LENGTH_BANDS = ((0, "0-63"), (64, "64-255"), (256, "256-1023"), (1024, "1024-4095"),
                (4096, "4096+"))
# classes of single characters: looked up per code point in a table (one gather per batch)
CHARACTER_CLASSES = {
    "number": r"\p{Nd}",
    "emoji": r"\p{Extended_Pictographic}",
    "combining": r"\p{M}",
    "rare": r"[\p{Co}\p{Cn}]",  # private use, unassigned (outside the BMP: added below)
}
SPACE_BIT = 1 << len(CHARACTER_CLASSES)  # not a class: whitespace, to count words
# classes of patterns: searched with a regex over the batch
PATTERN_CLASSES = {
    "url": r"(?i)\b(?:https?://|ftp://|www\.)\S",
    "email": r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    # code: a statement ending or an operator few prose lines use, or a line opening a block
    "code": r"(?m)[{};]$|=>|==|!=|::|\(\)|^\s*(?:def|class|import|return|function|#include)\s",
}
_CLASSES = {name: regex.compile(pattern) for name, pattern in PATTERN_CLASSES.items()}
# a pattern class is searched only when its text holds one of these (most batches hold none)
_HINTS = {"url": ("://", "www."), "email": ("@",), "code": ("{", "}", ";", "=", "::", "()")}
# the code pattern's branches but the line opening a block (see _code_starts)
_CODE_SYMBOLS = regex.compile(r"(?m)[{};]$|=>|==|!=|::|\(\)")
_CODE_KEYWORDS = ("def", "class", "import", "return", "function", "#include")


class CodePointTable:
    """A small integer per code point, worked out the first time the code point is seen: a
    regex pass over the code points not seen before, not over all 1.1 million (which cost
    half a second per table before the first batch).

    ``compute(text, cps)`` gets those code points as a string (lone surrogates as spaces) and
    as an array, and returns their values.
    """

    def __init__(self, compute, dtype=np.uint8) -> None:
        self.compute = compute
        self.values = np.zeros(0x110000, dtype)
        self.known = np.zeros(0x110000, bool)

    def __getitem__(self, cps):
        cps = np.asarray(cps, np.int64)
        # after the first batches every code point is known: a gather says so, where a sort
        # of all of them (np.unique) cost 2 ms a FLORES batch, twice (scripts and classes)
        if self.known[cps].all():
            return self.values[cps]
        unique = np.unique(cps)
        missing = unique[~self.known[unique]]
        if len(missing):
            chars = missing.copy()
            chars[(chars >= 0xD800) & (chars < 0xE000)] = 0x20  # a regex cannot match them
            text = chars.astype(np.uint32).tobytes().decode("utf-32-le")
            self.values[missing] = self.compute(text, missing)
            self.known[missing] = True
        return self.values[cps]


def _scripts_of(names: tuple[str, ...]):
    def compute(text: str, cps: np.ndarray) -> np.ndarray:
        out = np.zeros(len(cps), np.uint8)
        for index, name in enumerate(names[1:], start=1):
            for run in regex.finditer(rf"\p{{Script={name}}}+", text):
                out[run.start():run.end()] = index
        out[(cps >= 0xD800) & (cps < 0xE000)] = 0  # lone surrogates are no script
        return out

    return compute


@functools.cache
def script_table() -> tuple[CodePointTable, tuple[str, ...]]:
    """Every code point's script index into the returned names (0: none of them, ``Common``).

    >>> table, names = script_table()
    >>> names[table[ord("a")]], names[table[ord("世")]], names[table[ord("1")]]
    ('Latin', 'Han', 'Common')
    """
    names = (COMMON,) + tuple(dict.fromkeys(SCRIPTS + _EXTRA_SCRIPTS))
    return CodePointTable(_scripts_of(names)), names


def _character_bits(text: str, cps: np.ndarray) -> np.ndarray:
    out = np.zeros(len(cps), np.uint8)
    for bit, pattern in enumerate(CHARACTER_CLASSES.values()):
        for run in regex.finditer(pattern + "+", text):
            out[run.start():run.end()] |= 1 << bit
    for run in regex.finditer(r"\s+", text):  # whitespace: where words begin and end
        out[run.start():run.end()] |= SPACE_BIT
    rare = 1 << list(CHARACTER_CLASSES).index("rare")
    emoji = 1 << list(CHARACTER_CLASSES).index("emoji")
    surrogate = (cps >= 0xD800) & (cps < 0xE000)
    out[surrogate] = rare  # lone surrogates (read as spaces above): rare, nothing else
    out[(cps >= 0x10000) & ((out & emoji) == 0)] |= rare  # beyond the BMP, not an emoji
    return out


@functools.cache
def character_table() -> CodePointTable:
    """Per code point, a bit per :data:`CHARACTER_CLASSES` entry (in order), and
    :data:`SPACE_BIT` for whitespace.

    >>> table = character_table()
    >>> int(table[ord("7")]), int(table[0x1F600]), int(table[0x301]), int(table[0xE000])
    (1, 2, 4, 8)
    >>> int(table[0xD800]), int(table[0x10400]), int(table[ord(" ")]) == SPACE_BIT
    (8, 8, True)
    """
    return CodePointTable(_character_bits)


def length_band(code_points_: int) -> str:
    """The band of a document of ``code_points_`` code points.

    >>> length_band(10), length_band(64), length_band(10_000)
    ('0-63', '64-255', '4096+')
    """
    label = LENGTH_BANDS[0][1]
    for start, name in LENGTH_BANDS:
        if code_points_ >= start:
            label = name
    return label


@dataclass
class Traits:
    """Per document of a batch: byte, code point, grapheme and whitespace-word counts, the
    dominant script, the length band; per content class, the documents that have it."""

    bytes: np.ndarray
    code_points: np.ndarray
    graphemes: np.ndarray
    words: np.ndarray          # 0 where the script does not separate words
    spaced: np.ndarray         # bool: words are counted for this document
    scripts: list[str]
    bands: list[str]
    classes: dict[str, np.ndarray]  # class -> indexes of documents that have it


def classify(texts: list[str]) -> Traits:
    """The traits of every document of ``texts`` (see the module docstring)."""
    joined = "\n".join(texts)
    lengths = np.fromiter((len(t) for t in texts), np.int64, len(texts))
    # code point offset of each text in ``joined`` (and one past the last)
    offsets = np.concatenate(([0], np.cumsum(lengths + 1)))
    cps = code_points(joined)
    byte_counts = _utf8_lengths(cps, offsets[:-1], lengths)
    doc_of = np.repeat(np.arange(len(texts)), lengths + 1)[:len(cps)]
    table, names = script_table()
    per_doc = np.bincount(doc_of * len(names) + table[cps],
                          minlength=len(texts) * len(names)).reshape(len(texts), len(names))
    scripts = _dominant(per_doc, names)
    mask = grapheme_boundary_mask(joined)
    # boundaries at each document start are counted too: subtract them per document
    boundary_doc = doc_of[np.flatnonzero(mask[:-1])]
    graphemes = np.bincount(boundary_doc, minlength=len(texts))
    # the separator after each text is its own one-character cluster
    graphemes[:-1] -= 1 if len(texts) else 0
    spaced = _separates_words(per_doc, names)
    # a whitespace word starts where a non-space follows a space (the separators are spaces)
    space = (bits_all := character_table()[cps]) & SPACE_BIT != 0
    starts = ~space
    starts[1:] &= space[:-1]
    words = np.bincount(doc_of[starts], minlength=len(texts)) * spaced
    classes = {}
    bits = bits_all
    for bit, name in enumerate(CHARACTER_CLASSES):
        # the documents holding the class, in order (what np.unique gave, without its sort)
        classes[name] = np.flatnonzero(np.bincount(doc_of[(bits & (1 << bit)) != 0],
                                                   minlength=len(texts)))
    for name, pattern in _CLASSES.items():
        if not any(hint in joined for hint in _HINTS[name]):
            classes[name] = np.zeros(0, np.int64)
            continue
        positions = (_code_starts(joined, cps, space) if name == "code"
                     else [m.start() for m in pattern.finditer(joined)])
        found = np.unique(np.searchsorted(offsets, positions, side="right") - 1)
        classes[name] = found[found < len(texts)]
    return Traits(byte_counts, lengths, graphemes.astype(np.int64), words, spaced, scripts,
                  _length_bands(lengths), classes)


def _utf8_lengths(cps: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Each text's UTF-8 length (lone surrogates 3 bytes, as ``surrogatepass`` writes them)
    from the joined texts' code points (text ``k`` at ``starts[k]``, ``lengths[k]`` long): an
    encode per text cost as much as the rest of a batch's counts.

    >>> _utf8_lengths(code_points("aé\\n中🦊"), np.array([0, 3]), np.array([2, 2])).tolist()
    [3, 7]
    """
    running = np.zeros(len(cps) + 1, np.int64)
    np.cumsum(1 + (cps >= 0x80).astype(np.int64) + (cps >= 0x800) + (cps >= 0x10000),
              out=running[1:])
    return running[starts + lengths] - running[starts]


def _length_bands(lengths: np.ndarray) -> list[str]:
    """:func:`length_band` of each length.

    >>> _length_bands(np.array([0, 63, 64, 5000]))
    ['0-63', '0-63', '64-255', '4096+']
    """
    names = [name for _, name in LENGTH_BANDS]
    at = np.searchsorted([start for start, _ in LENGTH_BANDS], lengths, side="right") - 1
    return [names[k] for k in np.maximum(at, 0).tolist()]


def _code_starts(joined: str, cps: np.ndarray, space: np.ndarray) -> list[int]:
    """Where the ``code`` pattern's matches start in ``joined`` (its code points ``cps``,
    ``space`` where they are ``\\s``), as ``finditer`` finds them.

    Its last branch (a line opening a block: ``^\\s*`` then a keyword then ``\\s``) is tried
    at every position and cost 2 ms of a FLORES batch of 100 KB, where the other branches
    (operators, a statement ending) take 0.6 ms. No character of a match of that branch (a
    space, a keyword's letter or ``#``) begins or is part of a match of the others, so where
    it cannot match anywhere (no keyword at a line start or after a space, followed by a
    space: a look at the code points) the others' matches are all of them.

    >>> text = "a == b\\nreturn x\\n  def f()"
    >>> t = code_points(text)
    >>> space = character_table()[t] & SPACE_BIT != 0
    >>> _code_starts(text, t, space), [m.start() for m in _CLASSES["code"].finditer(text)]
    ([2, 7, 16, 23], [2, 7, 16, 23])
    >>> _code_starts("f() == 1", code_points("f() == 1"), np.zeros(8, bool))
    [1, 4]
    """
    after_space = np.ones(len(cps), bool)
    after_space[1:] = space[:-1]
    for keyword in _CODE_KEYWORDS:
        size = len(keyword)
        if len(cps) <= size:
            continue
        # keywords starting after a space or at the start, with a space after them
        at = np.flatnonzero((cps[:len(cps) - size] == ord(keyword[0]))
                            & after_space[:len(cps) - size] & space[size:])
        for offset, char in enumerate(keyword[1:], start=1):
            at = at[cps[at + offset] == ord(char)]
        if len(at):
            return [m.start() for m in _CLASSES["code"].finditer(joined)]
    return [m.start() for m in _CODE_SYMBOLS.finditer(joined)]


def _separates_words(per_doc: np.ndarray, names: tuple[str, ...]) -> np.ndarray:
    """Per document: fewer than a quarter of its letters (code points of a script) belong to
    a script written without spaces between words (a Chinese sentence quoting "NASA" does
    not separate words; an English one quoting 東京 does)."""
    unspaced = [i for i, name in enumerate(names)
                if name in NO_SPACE_SCRIPTS or name in ("Hiragana", "Katakana")]
    letters = per_doc[:, 1:].sum(axis=1)
    return per_doc[:, unspaced].sum(axis=1) * 4 < np.maximum(letters, 1)


def _dominant(per_doc: np.ndarray, names: tuple[str, ...]) -> list[str]:
    """Each row's script with the most code points (kana with Han: Japanese)."""
    kana = [names.index("Hiragana"), names.index("Katakana")]
    han = names.index("Han")
    counts = per_doc.copy()
    counts[:, 0] = 0
    japanese = counts[:, kana].sum(axis=1) > 0
    counts[japanese, han] += counts[japanese][:, kana].sum(axis=1)
    best = counts.argmax(axis=1)
    out = []
    for row, index in enumerate(best.tolist()):
        if counts[row, index] == 0:
            out.append(COMMON)
        elif japanese[row] and names[index] in ("Han", "Hiragana", "Katakana"):
            out.append(JAPANESE)
        else:
            out.append(names[index])
    return out
