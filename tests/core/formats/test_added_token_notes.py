"""Only special tokens are control boundaries (issue #21 item 11): a plain added token
(``AddedToken(special=False)``, e.g. ``my``) is matched by ``tokenizers`` in every text, so its
literal gets no ``special.kept_as_text`` "possible injection" note (nor ``special.parsed``).

The oracle is ``tokenizers`` itself: which added tokens are special is its
``get_added_tokens_decoder()`` flag, and the IDs are its own encode's, parsing on or off.
"""

from __future__ import annotations

import pytest

from core.formats.detect import load_tokenizer
from tests.conftest import DEMO, TOKENIZERS, require_data

PLAIN = ["my", "zebra"]  # plain added tokens, as a user adds a word
SPECIAL = "<|ctl|>"


def literal_notes(enc) -> dict[str, str]:
    """Literal -> the code of its note (the special-literal notes only)."""
    return {n.args["literal"]: n.code for n in enc.warnings
            if n.code in ("special.kept_as_text", "special.parsed")}


def _with_plain_tokens(source, tmp_path, *, special: bool = True):
    """``source`` (a tokenizers Tokenizer) with the plain added tokens (and one special),
    saved and opened by the workbench."""
    from tokenizers import AddedToken

    source.add_tokens([AddedToken(word, special=False) for word in PLAIN])
    if special:
        source.add_special_tokens([AddedToken(SPECIAL, special=True)])
    path = tmp_path / "tokenizer.json"
    source.save(str(path))
    return source, load_tokenizer(path)


def _check(tk, runtime, text: str) -> None:
    specials = {t.content for t in tk.get_added_tokens_decoder().values() if t.special}
    plain = {t.content for t in tk.get_added_tokens_decoder().values() if not t.special}
    assert set(PLAIN) <= plain
    for parse in (False, True):
        enc = runtime.encode(text, add_special_tokens=False, parse_special=parse)
        tk.encode_special_tokens = not parse
        native = tk.encode(text, add_special_tokens=False).ids
        assert enc.ids.tolist() == native
        # the library matches each plain added token whether or not specials are parsed
        for word in PLAIN:
            assert tk.token_to_id(word) in native
        noted = literal_notes(enc)
        assert set(noted) == {s for s in specials if s in text}, parse
        assert not set(noted) & plain
        expected = "special.parsed" if parse else "special.kept_as_text"
        assert set(noted.values()) <= {expected}


def test_plain_added_token_gets_no_injection_note(tmp_path):
    from tokenizers import Tokenizer

    tk, runtime = _with_plain_tokens(
        Tokenizer.from_file(str(DEMO / "demo-bpe" / "tokenizer.json")), tmp_path)
    kinds = {t.content: t.kind for t in runtime.special_tokens()}
    assert kinds["my"] == "added" and kinds[SPECIAL] == "special"
    _check(tk, runtime, f"my cat {SPECIAL} and a zebra, my {SPECIAL}")
    # a text with only plain added tokens: no note at all
    assert literal_notes(runtime.encode("my zebra", add_special_tokens=False)) == {}


@pytest.mark.realdata
@pytest.mark.parametrize("name", ["bert-minilm/tokenizer.json", "claude-legacy/tokenizer.json"])
def test_real_tokenizer_json_with_plain_added_tokens(tmp_path, name):
    from tokenizers import Tokenizer

    original = Tokenizer.from_file(str(require_data(TOKENIZERS / name)))
    tk, runtime = _with_plain_tokens(original, tmp_path, special=False)
    tk.no_padding()
    tk.no_truncation()
    specials = [t.content for t in tk.get_added_tokens_decoder().values() if t.special]
    assert specials  # the file's own special tokens
    for special in specials:  # one a text: the notes name the first three literals only
        _check(tk, runtime, f"my zebra {special} my")


def test_sentencepiece_user_defined_pieces_get_no_injection_note(tmp_path):
    """A SentencePiece user-defined symbol is matched whole in every text (sentencepiece's own
    encode is the oracle), so it is no control boundary: no "kept as plain text" note; a control
    symbol typed in the text is one (sentencepiece spells it in pieces)."""
    import sentencepiece as spm

    from tests.core.families import spm_model

    path = tmp_path / "symbols.model"
    path.write_bytes(spm_model("bpe-symbols"))
    native = spm.SentencePieceProcessor(model_file=str(path))
    runtime = load_tokenizer(path)
    text = "hello <|im_start|>user@@ <ctrl> bye"
    enc = runtime.encode(text, add_special_tokens=False)
    assert enc.ids.tolist() == native.encode(text)
    assert native.piece_to_id("<|im_start|>") in native.encode(text)  # matched whole
    assert native.piece_to_id("<ctrl>") not in native.encode(text)  # a control: spelled out
    assert literal_notes(enc) == {}
