"""The one-off path's array shortcuts against the readable steps they replace, on random text:
ASCII and not, CR LF, emoji with skin tones and ZWJ, combining marks, Arabic, Devanagari with
viramas, Hangul, CJK, characters split between byte tokens.

- :func:`core.encodings.small.laid_spans` (spans of tokens laid over the text, from per-id
  rows) against the text index's conversion of the same byte spans;
- :func:`core.text.graphemes.mark_cluster_tables` against the index's grapheme tables;
- :func:`core.encodings.small._narrowed_arrays` and
  :func:`core.encodings.small.narrowed_laid_spans` against ``_shared_runs`` + ``_narrowed``
  (and the index's conversion to code points).
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.encodings.small import (_char_starts, _narrowed, _narrowed_arrays, _shared_runs,
                                  laid_spans, laid_table, narrowed_laid_spans)
from core.encodings.vocab_bytes import VocabBytes
from core.text.graphemes import CONTEXT, break_classes, code_points, mark_cluster_tables
from core.text.offsets import TextIndex

ALPHABET = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),          # ASCII
    st.sampled_from(" \t\n\r"),                                     # whitespace, CR LF
    st.characters(min_codepoint=0x4E00, max_codepoint=0x4E40),      # CJK
    st.characters(min_codepoint=0xAC00, max_codepoint=0xAC10),      # Hangul syllables
    st.characters(min_codepoint=0x0900, max_codepoint=0x097F),      # Devanagari (viramas)
    st.characters(min_codepoint=0x0600, max_codepoint=0x06FF),      # Arabic (marks)
    st.characters(min_codepoint=0x0300, max_codepoint=0x036F),      # combining marks
    st.characters(min_codepoint=0x1F600, max_codepoint=0x1F610),    # emoji (astral)
    st.characters(min_codepoint=0x1F3FB, max_codepoint=0x1F3FF),    # skin tones
    st.sampled_from("\u200d\ufe0f\x00é"),                           # ZWJ, VS16, NUL, Latin-1
)
TEXTS = st.one_of(st.text(ALPHABET, max_size=40),
                  st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40))
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def byte_cuts(data: bytes, cuts: list[int]) -> list[bytes]:
    """``data`` cut at the given byte offsets (anywhere, inside characters too), no empty piece."""
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    return [data[a:b] for a, b in zip(points[:-1], points[1:])]


@SETTINGS
@given(text=TEXTS, cuts=st.lists(st.integers(0, 200), max_size=30), prefix=st.booleans())
def test_laid_spans_equal_the_index_conversion(text, cuts, prefix):
    data = text.encode("utf-8")
    tokens = byte_cuts((b" " if prefix else b"") + data, cuts)
    vocab = VocabBytes.from_list([*tokens, b"unused"])
    table = laid_table(vocab.all_lengths, *vocab.utf8_arrays)
    laid = laid_spans(table, np.arange(len(tokens)), text, len(data), prefix=int(prefix))
    assert laid is not None
    (bs, be), (cs, ce), flags = laid
    # the list path's spans: lengths end to end, less the prefix, cut off at 0
    ends = np.cumsum([len(t) for t in tokens]) - int(prefix)
    starts = np.maximum(ends - [len(t) for t in tokens], 0)
    ends = np.maximum(ends, 0)
    assert bs.tolist() == starts.tolist() and be.tolist() == ends.tolist()
    index = TextIndex(text)
    cp_s, cp_e, partial = index.cp_spans(starts, ends)
    assert cs.tolist() == np.asarray(cp_s).tolist() and ce.tolist() == np.asarray(cp_e).tolist()
    assert ((flags & 8) != 0).tolist() == np.asarray(partial).tolist()
    assert bs.dtype == be.dtype == cs.dtype == ce.dtype == np.int32


@SETTINGS
@given(text=TEXTS)
def test_char_starts_equal_the_index_table(text):
    assert _char_starts(text.encode("utf-8")).tolist() == TextIndex(text).cp_bytes.tolist()


@SETTINGS
@given(text=TEXTS)
def test_laid_spans_refuse_tokens_that_do_not_spell_the_text(text):
    data = text.encode("utf-8") + b"x"
    vocab = VocabBytes.from_list([data])
    table = laid_table(vocab.all_lengths, *vocab.utf8_arrays)
    assert laid_spans(table, np.array([0]), text, len(text.encode("utf-8"))) is None


@SETTINGS
@given(text=TEXTS)
def test_mark_cluster_tables_equal_the_index_tables(text):
    tables = mark_cluster_tables(text)
    index = TextIndex(text)
    if tables == ():
        assert index.simple_graphemes
    elif tables is not None:
        floor, ceil = index._grapheme_tables
        assert tables[0].tolist() == floor.tolist() and tables[1].tolist() == ceil.tolist()
    else:  # only where the full rules may be needed
        classes = break_classes()[code_points(text)]
        assert "\r\n" in text or bool((classes == CONTEXT).any())


def readable_narrowing(index, ids, starts, ends, flags, token_list):
    """What encode_small did before the arrays: code point spans to bytes, runs found and
    narrowed in lists."""
    table = index.cp_bytes.tolist()
    starts, ends = [table[s] for s in starts], [table[e] for e in ends]
    runs = _shared_runs(starts, ends, flags)
    if not runs:
        return None
    return _narrowed(index.data, ids, starts, ends, runs, token_list)


def shared_span_tokens(text, cuts, changed, blank, inserted):
    """Tokens cut anywhere in the text's bytes with the code point spans a byte-level
    tokenizer's offsets give (a character split between tokens: each its whole span, so runs
    share spans); some tokens' bytes are changed (a normalizer's doing: their run keeps the
    shared spans), some runs get a made-up leading space token, some inserted tokens (empty
    spans, flagged) sit between. Returns the index, the vocabulary, ids, spans and flags."""
    index = TextIndex(text)
    floor, ceil = index._cp_tables
    tokens, starts, ends, flags = [], [], [], []
    position = 0
    for k, piece in enumerate(byte_cuts(index.data, cuts)):
        s, e = int(floor[position]), int(ceil[position + len(piece)])
        position += len(piece)
        if k in blank:
            tokens.append(b" ")
            starts.append(s)
            ends.append(e)
            flags.append(0)
        if k in inserted:
            tokens.append(b"<s>")
            starts.append(s)
            ends.append(s)
            flags.append(16 | 1)
        tokens.append(piece.upper() if k in changed else piece)
        starts.append(s)
        ends.append(e)
        flags.append(0)
    vocab = VocabBytes.from_list(sorted(set(tokens)))
    number = {t: i for i, t in enumerate(vocab.tokens())}
    return index, vocab, [number[t] for t in tokens], starts, ends, flags


TOKENS = dict(text=TEXTS.filter(bool), cuts=st.lists(st.integers(0, 200), max_size=30),
              changed=st.lists(st.integers(0, 40), max_size=3),
              blank=st.lists(st.integers(0, 40), max_size=2))


@SETTINGS
@given(**TOKENS, inserted=st.lists(st.integers(0, 40), max_size=2))
def test_narrowed_arrays_equal_the_list_steps(text, cuts, changed, blank, inserted):
    index, vocab, ids, starts, ends, flags = shared_span_tokens(text, cuts, changed, blank,
                                                                inserted)
    marked = flags if any(flags) else None
    fast = _narrowed_arrays(index, ids, starts, ends, True, marked, vocab)
    slow = readable_narrowing(index, ids, starts, ends, marked, vocab.token_list)
    if slow is None:
        assert fast is None
    else:
        assert fast is not None
        assert np.asarray(fast[0]).tolist() == list(slow[0])
        assert np.asarray(fast[1]).tolist() == list(slow[1])


@SETTINGS
@given(**TOKENS)
def test_narrowed_laid_spans_equal_the_list_steps_and_the_index(text, cuts, changed, blank):
    index, vocab, ids, starts, ends, _ = shared_span_tokens(text, cuts, changed, blank, [])
    table = laid_table(vocab.all_lengths, *vocab.utf8_arrays)
    fast = narrowed_laid_spans(index, np.array(ids), np.array(starts), np.array(ends), table,
                               vocab)
    if fast is None:  # only a run led by a whitespace token goes the readable way
        assert blank
        return
    slow = readable_narrowing(index, ids, starts, ends, None, vocab.token_list)
    if slow is None:
        table = index.cp_bytes.tolist()
        slow = [table[s] for s in starts], [table[e] for e in ends]
    (bs, be), (cs, ce), flags = fast
    assert bs.tolist() == list(slow[0]) and be.tolist() == list(slow[1])
    cp_s, cp_e, partial = index.cp_spans(np.array(slow[0]), np.array(slow[1]))
    assert cs.tolist() == np.asarray(cp_s).tolist() and ce.tolist() == np.asarray(cp_e).tolist()
    assert ((flags & 8) != 0).tolist() == np.asarray(partial).tolist()
    assert bs.dtype == cs.dtype == np.int32
