"""Tokens over the text in HTML: text spans with backgrounds, split graphemes divided."""

from __future__ import annotations

import re
from html import unescape

import pytest
import regex

from core.formats.detect import load_tokenizer
from core.text.offsets import visible_text
from core.encodings.token_html import tokens_html
from tests.conftest import DEMO, TOKENIZERS, require_data

TEXT = "हिन्दी में नमस्ते\nمرحبا بالعالم\n👨\u200d👩\u200d👧 你好 e\u0301"


def page_text(html: str) -> str:
    """What a reader sees of the fragment: tags dropped, one line per block."""
    html = html.replace("</div>", "\n")
    return unescape(re.sub(r"<[^>]+>", "", html))


def encode(path, text):
    enc = load_tokenizer(path).encode(text, add_special_tokens=True)
    titles = [f"{enc.piece_at(i)} · id {int(enc.ids[i])}" for i in range(len(enc))]
    pieces = [enc.piece_at(i) for i in range(len(enc))]
    return enc, tokens_html(text, enc.byte_starts.tolist(), enc.byte_ends.tolist(), titles,
                            pieces=pieces)


def shown(grapheme: str) -> str:
    """A grapheme as the page writes it: a space stays (its glyph is drawn over it), a control
    becomes its glyph, a grapheme shaped with a joiner stays whole."""
    if grapheme == " " or (len(grapheme) > 1 and not grapheme.isspace()):
        return grapheme
    return visible_text(grapheme)


def expected_reading(text: str) -> list[str]:
    return ["".join(shown(g) for g in regex.findall(r"\X", line)) for line in text.split("\n")]


@pytest.mark.parametrize("name", ["demo-bpe/tokenizer.json", "demo-unigram/tokenizer.model"])
def test_the_page_reads_as_the_text_and_split_graphemes_are_divided(name):
    enc, html = encode(DEMO / name, TEXT)
    lines = page_text(html).split("\n")[:-1]
    inserted = [enc.piece_at(i) for i in range(len(enc)) if enc.byte_starts[i] == enc.byte_ends[i]]
    reading = expected_reading(TEXT)
    for k, line in enumerate(reading[:-1]):
        reading[k] = line + "↵"
    got = "".join(lines)
    for piece in inserted:  # pills show the pieces of tokens covering no text
        assert piece in got
        got = got.replace(piece, "", 1)
    assert got == "".join(reading)
    assert html.count("<div dir=auto>") == TEXT.count("\n") + 1  # an Arabic line is its own block
    assert html.count("data-g='␣'> </span>") == TEXT.count(" ")  # ␣ drawn over each space
    # every grapheme several tokens cover is one span whose background has a stop per token,
    # in text order
    expected, pos = [], 0
    for grapheme in regex.findall(r"\X", TEXT):
        size = len(grapheme.encode())
        covering = [i for i in range(len(enc))
                    if enc.byte_starts[i] < pos + size and enc.byte_ends[i] > pos]
        if len(covering) > 1:
            expected.append((len(covering), shown(grapheme)))
        pos += size
    found = [(stops.count("%,") + 1, unescape(re.sub(r"<[^>]+>", "", body)))
             for stops, body in re.findall(
                 r"linear-gradient\(to \w+, ([^)]*)\)' title='[^']*'>(.*?)</span>(?=<span|</div>)",
                 html)]
    assert found == expected and expected


@pytest.mark.realdata
def test_gpt2_family_emoji_is_one_span_of_all_its_tokens():
    enc, html = encode(require_data(TOKENIZERS / "gpt2.tiktoken"), "👨\u200d👩\u200d👧")
    assert html.count("linear-gradient") == 1
    stops = re.search(r"linear-gradient\(to right, ([^)]*)\)", html).group(1)
    assert stops.count("%,") == len(enc) - 1 and len(enc) > 5  # byte-level: many tokens
    assert "👨\u200d👩\u200d👧" in html  # the sequence is written whole: it shapes as one glyph
