"""The vocabulary browser's rows: every id gets a label, odd ones included."""

from __future__ import annotations

from app.models.vocab import token_kind
from core.formats.detect import load_tokenizer
from core.formats.tiktoken.presets import CL100K_PATTERN
from tests.core.builders import ENDOFTEXT, rank_file_bytes, tiktoken_ranks


def test_an_empty_token_is_labelled_in_the_vocabulary(tmp_path):
    n = len(tiktoken_ranks())
    path = tmp_path / "multilingual.tiktoken"
    path.write_bytes(rank_file_bytes() + b"= %d\n" % n)  # "=": the empty token
    runtime = load_tokenizer(path, pattern=CL100K_PATTERN, special={ENDOFTEXT: n + 1})
    specials = {t.id: t.kind for t in runtime.special_tokens()}
    assert token_kind(runtime, n, specials) == "empty (never produced by encoding)"
    assert token_kind(runtime, n + 1, specials) == "special"
    assert token_kind(runtime, 258, specials) == ""
