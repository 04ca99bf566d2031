"""The tiktoken runtime on a tiny rank file: parsing, presets, specials, parity with tiktoken."""

from __future__ import annotations

import base64

import pytest
import tiktoken

from core.encodings.encoding import Flag
from core.errors import FormatError, TextError, WorkbenchError
from core.formats.detect import load_tokenizer
from core.formats.tiktoken.presets import CL100K_PATTERN, R50K_PATTERN
from core.formats.tiktoken.runtime import TiktokenRuntime, load_tiktoken, parse_rank_file
from tests.core.builders import (ENDOFTEXT, SAMPLES, TIKTOKEN_MERGES, rank_file_bytes,
                                 tiktoken_ranks, tiktoken_runtime, write_tiktoken)

N_RANKS = 256 + len(TIKTOKEN_MERGES)


# --- parse_rank_file --------------------------------------------------------------------------


def test_parse_round_trips_and_skips_blank_lines():
    ranks = tiktoken_ranks()
    data = rank_file_bytes(ranks)
    assert parse_rank_file(data) == ranks
    lines = data.splitlines()
    assert parse_rank_file(b"\n".join(lines[:10] + [b"", b"   "] + lines[10:])) == ranks
    assert parse_rank_file(data.replace(b"\n", b"\r\n")) == ranks


@pytest.mark.parametrize("bad, message", [
    (b"IQ==", "expected 'base64-token rank'"),
    (b"IQ== 1 2", "expected 'base64-token rank'"),
    (b"IQ== one", "not an integer"),
    (b"I!== 5", "invalid base64"),
])
def test_parse_errors_name_the_line(bad, message):
    data = b"IQ== 0\nIg== 1\n" + bad + b"\n"
    with pytest.raises(FormatError, match=message) as info:
        parse_rank_file(data, path="r.tiktoken")
    assert info.value.line == 3 and str(info.value).startswith("r.tiktoken:3:")


def test_parse_empty_file():
    with pytest.raises(FormatError, match="no tokens"):
        parse_rank_file(b"\n\n", path="r.tiktoken")


# --- the runtime ------------------------------------------------------------------------------


def _native() -> tiktoken.Encoding:
    return tiktoken.Encoding("ref", pat_str=CL100K_PATTERN, mergeable_ranks=tiktoken_ranks(),
                             special_tokens={ENDOFTEXT: N_RANKS})


def test_ids_equal_native_tiktoken():
    runtime, native = tiktoken_runtime(), _native()
    for text in SAMPLES + ["the thing is in the world", "café" * 3, f"x{ENDOFTEXT}y"]:
        assert runtime.encode(text).ids.tolist() == native.encode_ordinary(text)
        assert runtime.encode(text, parse_special=True).ids.tolist() == native.encode(
            text, allowed_special="all")


def test_merges_are_used_and_pieces_are_readable():
    runtime = tiktoken_runtime()
    enc = runtime.encode("the thing 世")
    # BPE by rank: "th" (256) merges first, and " th" is not a token
    assert enc.pieces == ["the", " ", "th", "ing", " ", "世"]
    assert [bytes(b) for b in enc.token_bytes] == [b"the", b" ", b"th", b"ing", b" ",
                                                   "世".encode()]
    assert runtime.encode(" the").pieces == [" the"]
    assert runtime.piece(0xE4) == "<E4>"
    assert runtime.token_bytes(N_RANKS) == ENDOFTEXT.encode()
    assert runtime.token_bytes(10_000) == b""
    assert runtime.vocab_size == N_RANKS + 1
    assert runtime.token_to_id("the") == 258


def test_split_character_is_partial():
    enc = tiktoken_runtime().encode("界")  # no merge for E7 95 8C
    assert enc.ids.tolist() == [0xE7, 0x95, 0x8C]
    assert [f & Flag.PARTIAL for f in enc.flags.tolist()] == [Flag.PARTIAL] * 3
    s, e = enc.spans("cp")
    assert s.tolist() == [0, 0, 0] and e.tolist() == [1, 1, 1]
    assert enc.display_piece(0) == "<E7>"


def test_special_tokens_registry():
    specials = tiktoken_runtime().special_tokens()
    assert [(t.content, t.id, t.kind, t.role) for t in specials] == [
        (ENDOFTEXT, N_RANKS, "special", "eos")]


def test_lone_surrogate_is_a_text_error():
    with pytest.raises(TextError, match="lone surrogate"):
        tiktoken_runtime().encode("a\ud800b")
    # a longer text takes the one-off path's own check (its UTF-8 encode fails first)
    with pytest.raises(TextError, match="lone surrogate"):
        tiktoken_runtime().encode("a long enough text, past the short path \ud800b")


def test_pattern_matters():
    text = "don't 12345"
    r50k = tiktoken_runtime(pattern=R50K_PATTERN)
    cl100k = tiktoken_runtime()
    assert r50k.decode(r50k.encode(text).ids) == text
    # r50k keeps digit runs whole, cl100k splits them in threes
    assert [(p.form, p.start, p.end) for p in r50k.pre_tokens(text)] == [
        ("don", 0, 3), ("'t", 3, 5), (" 12345", 5, 11)]
    assert [p.form for p in cl100k.pre_tokens(text)] == ["don", "'t", " ", "123", "45"]


def test_bad_pattern_is_a_format_error():
    with pytest.raises(FormatError, match="tiktoken rejected"):
        TiktokenRuntime(tiktoken_ranks(), pattern="(", special={}, path="p.tiktoken")


def test_special_id_clashing_with_a_rank_is_refused():
    with pytest.raises(FormatError, match="already a rank") as info:
        TiktokenRuntime(tiktoken_ranks(), pattern=CL100K_PATTERN, special={ENDOFTEXT: 5},
                        path="p.tiktoken")
    assert info.value.path == "p.tiktoken" and ENDOFTEXT in info.value.message


def test_two_specials_with_one_id_are_refused():
    with pytest.raises(FormatError, match="already special token"):
        TiktokenRuntime(tiktoken_ranks(), pattern=CL100K_PATTERN,
                        special={"<a>": N_RANKS, "<b>": N_RANKS})


def test_preset_whose_special_ids_clash_is_refused(tmp_path):
    # a rank file bigger than r50k's 50256 ranks run with the r50k preset
    ranks = {bytes([b]): b for b in range(256)}
    for i in range(256, 50300):
        ranks[b"x" + i.to_bytes(3, "big")] = i
    with pytest.raises(FormatError, match="50,256") as info:
        TiktokenRuntime(ranks, preset="r50k")
    assert info.value.note.code == "tiktoken.specials_refused"


# --- ranks that reach past a preset's special IDs (Qwen 3.6's file: 248,044 ranks) ------------

TEXTS_WITH_SPECIALS = ["hello w12 w100299<|endoftext|>x", "<|fim_prefix|>a<|fim_suffix|>b<|im_end|>",
                       "<|begin_of_text|>hi<|eot_id|>", "plain text 12345  \n\n end", ""]


def big_ranks(count: int = 100_300) -> dict[bytes, int]:
    """``count`` ranks: the 256 bytes, then ``w256``, ``w257``...: past cl100k's 100257."""
    ranks = {bytes([b]): b for b in range(256)}
    for i in range(256, count):
        ranks[b"w%d" % i] = i
    return ranks


def assert_equals_tiktoken(runtime, pattern: str, ranks: dict, special: dict) -> None:
    oracle = tiktoken.Encoding("oracle", pat_str=pattern, mergeable_ranks=ranks,
                               special_tokens=special)
    for text in TEXTS_WITH_SPECIALS:
        assert runtime.encode(text, add_special_tokens=False).ids.tolist() == \
            oracle.encode_ordinary(text)
        assert runtime.encode(text, add_special_tokens=False, parse_special=True).ids.tolist() == \
            oracle.encode(text, allowed_special="all")


def test_guessed_preset_whose_special_ids_are_ranks_gets_them_after_the_last_rank():
    from core.formats.tiktoken.presets import preset, specials_fit

    ranks = big_ranks()
    runtime = TiktokenRuntime(ranks)  # no preset: none has this size, cl100k's regex is used
    codes = {n.code: n.args for n in runtime.notes}
    assert list(codes)[:4] == ["tiktoken.no_preset", "tiktoken.specials_collide",
                               "tiktoken.specials_moved", "tiktoken.presets_fit"]
    assert codes["tiktoken.specials_collide"] == {"preset": "cl100k", "count": 5,
                                                  "first": 100257, "last": 100276,
                                                  "last_rank": 100299}
    moved = specials_fit(preset("cl100k"), set(ranks.values())).after_ranks
    assert runtime.special == moved
    assert sorted(moved.values()) == list(range(100300, 100305))
    assert codes["tiktoken.presets_fit"]["presets"] == ["o200k", "llama3", "qwen"]
    assert_equals_tiktoken(runtime, CL100K_PATTERN, ranks, moved)


def test_chosen_preset_that_collides_is_refused_and_each_proposal_runs():
    from core.formats.tiktoken.presets import preset

    ranks = big_ranks()
    with pytest.raises(FormatError) as info:
        TiktokenRuntime(ranks, preset="cl100k", path="qwen3_6.tiktoken")
    assert info.value.note.code == "tiktoken.specials_refused"
    assert info.value.note.args["start"] == 100300
    assert "qwen3_6.tiktoken: preset cl100k does not fit" in str(info.value)
    for name in info.value.note.args["presets"]:
        chosen = preset(name)
        assert_equals_tiktoken(TiktokenRuntime(ranks, preset=name), chosen.pattern, ranks,
                               chosen.special_tokens(len(ranks)))


def test_size_match_whose_specials_collide_is_not_guessed():
    from core.formats.tiktoken.presets import guess_preset

    ranks = big_ranks(100256)  # cl100k's size...
    ranks[b"late"] = ranks.pop(b"w300")  # ...but a rank at 100257 instead of 300
    ranks[b"late"] = 100257
    assert guess_preset(len(ranks)).name == "cl100k"
    assert guess_preset(len(ranks), set(ranks.values())) is None


def test_unknown_size_falls_back_to_cl100k_with_a_note():
    runtime = TiktokenRuntime(tiktoken_ranks())
    assert runtime.preset.name == "cl100k"
    assert "tiktoken.no_preset" in [n.code for n in runtime.notes]
    assert runtime.special[ENDOFTEXT] == 100257
    assert runtime.encode("hello").ids.tolist() == _native().encode_ordinary("hello")


def test_pattern_without_specials_has_none():
    runtime = TiktokenRuntime(tiktoken_ranks(), pattern=CL100K_PATTERN)
    assert runtime.preset is None and runtime.special == {}
    assert runtime.special_tokens() == []
    assert runtime.vocab_size == N_RANKS


def test_llama3_preset_adds_bos():
    runtime = TiktokenRuntime(tiktoken_ranks(), preset="llama3")
    bos = runtime.special["<|begin_of_text|>"]
    assert bos == N_RANKS
    enc = runtime.encode("hi")
    assert enc.ids.tolist() == [bos, ord("h"), ord("i")]
    assert enc.flag_names(0) == ["special", "inserted"]
    assert enc.byte_starts.tolist() == [0, 0, 1] and enc.byte_ends.tolist() == [0, 1, 2]
    assert runtime.encode("hi", add_special_tokens=False).ids.tolist() == [ord("h"), ord("i")]
    assert runtime.round_trip("hi").ok
    assert enc.to_json()["tokens"][0]["flags"] == ["special"]


def test_preset_by_alias_and_unknown_preset():
    assert TiktokenRuntime(tiktoken_ranks(), preset="gpt2").preset.name == "r50k"
    with pytest.raises(WorkbenchError, match="unknown preset 'nope'; known presets: r50k, ") as info:
        TiktokenRuntime(tiktoken_ranks(), preset="nope")
    assert info.value.note.code == "tiktoken.unknown_preset"
    assert "qwen" in info.value.note.args["presets"]


def test_describe_and_stages():
    runtime = tiktoken_runtime()
    info = runtime.describe()
    assert info["format"] == "tiktoken" and info["preset"] == "custom"
    assert info["special tokens"] == "1" and info["normalizer"] == "none"
    assert info["vocabulary"] == f"{N_RANKS + 1:,}"
    assert runtime.stages("hi there") == []  # no normalizer; the pre-tokens are pre_tokens()
    assert [(p.form, p.start, p.end) for p in runtime.pre_tokens("hi there")] == [
        ("hi", 0, 2), (" there", 2, 8)]


def test_load_tiktoken_from_file(tmp_path):
    path = write_tiktoken(tmp_path, "mine.tiktoken")
    runtime = load_tiktoken(path, pattern=CL100K_PATTERN, special={ENDOFTEXT: N_RANKS})
    assert runtime.name == "mine"
    assert runtime.ranks == tiktoken_ranks()
    via_formats = load_tokenizer(path, preset="llama3")
    assert via_formats.preset.name == "llama3" and via_formats.encode("a").ids.tolist()[0] == N_RANKS


def test_rank_file_with_gaps(tmp_path):
    ranks = {bytes([b]): b for b in range(256)}
    ranks[b"ab"] = 300  # ids 256..299 unused
    path = tmp_path / "gap.tiktoken"
    path.write_bytes(b"".join(base64.b64encode(t) + b" %d\n" % r for t, r in ranks.items()))
    runtime = load_tiktoken(path, pattern=CL100K_PATTERN, special={ENDOFTEXT: 301})
    enc = runtime.encode("abab x")
    assert enc.ids.tolist() == [300, 300, 32, 120]
    assert enc.byte_ends.tolist() == [2, 4, 5, 6]
    assert runtime.token_bytes(280) == b""


# --- files tiktoken's own loader reads --------------------------------------------------------


def _rank_file_with_empty_token(tmp_path):
    """The tiny ranks with Whisper's oddities: a bare '=' line (the empty token, as on line
    50257 of multilingual.tiktoken) and a token written twice (the loader keeps the later)."""
    data = rank_file_bytes()
    n = len(tiktoken_ranks())
    data += b"= %d\n" % n + base64.b64encode(b"the") + b" %d\n" % (n + 1)
    path = tmp_path / "multilingual.tiktoken"
    path.write_bytes(data)
    return path, n


def test_rank_files_tiktoken_reads_give_its_ranks(tmp_path):
    from tiktoken.load import load_tiktoken_bpe

    path, n = _rank_file_with_empty_token(tmp_path)
    native_ranks = load_tiktoken_bpe(str(path))
    assert native_ranks[b""] == n and native_ranks[b"the"] == n + 1
    assert parse_rank_file(path.read_bytes(), path) == native_ranks
    runtime = load_tokenizer(path, pattern=CL100K_PATTERN, special={ENDOFTEXT: n + 2})
    native = tiktoken.Encoding("ref", pat_str=CL100K_PATTERN, mergeable_ranks=native_ranks,
                               special_tokens={ENDOFTEXT: n + 2})
    for text in SAMPLES + ["the thing is in the world", ""]:
        assert runtime.encode(text).ids.tolist() == native.encode_ordinary(text)
    assert runtime.token_bytes(n) == b"" and runtime.piece(n) == ""


def test_a_bare_equals_line_is_still_detected_as_a_rank_file(tmp_path):
    from core.formats.detect import detect

    path = tmp_path / "r.txt"
    path.write_bytes(b"IQ== 0\n= 1\nIg== 2\n")
    assert detect(path).format == "tiktoken"


def test_batch_of_short_and_long_texts_equals_one_by_one():
    """A batch mixes empty, short and long texts (around 256 characters, where the batch once
    switched from lists of ints to buffers): every text's IDs and spans equal its own encode,
    wherever the kinds meet."""
    SHORT_TEXT = 256
    runtime = tiktoken_runtime()
    native = _native()
    base = " ".join(SAMPLES)
    long_text = (base * (SHORT_TEXT // max(len(base), 1) + 2))[:SHORT_TEXT + 40]
    texts = ["", "a", long_text, "hello", "", long_text[:SHORT_TEXT], long_text[:SHORT_TEXT + 1],
             "x y", long_text, "😀 é"]
    batch = runtime.encode_batch(texts, add_special_tokens=False)
    for text, enc in zip(texts, batch):
        assert enc.ids.tolist() == native.encode_ordinary(text)
        one = runtime.encode(text, add_special_tokens=False)
        assert enc.byte_starts.tolist() == one.byte_starts.tolist()
        assert enc.byte_ends.tolist() == one.byte_ends.tolist()
