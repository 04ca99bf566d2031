"""``tokbench inspect`` prints core's inspection (issue #22.1), lays its table out by display
width (issue #21.14) and takes ``--pad-multiple 0`` as ``tokenizers`` does (issue #21.15)."""

from __future__ import annotations

import json
import unicodedata

import pytest

from app.cli import main
from app.main_window import DEMO
from core.formats.detect import load_tokenizer
from app.jobs.inspect import inspect_one
from core.inspect import inspect_texts
from core.pipeline.postprocess import PostSettings
from core.text.offsets import Unit

BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
CJK = "你好世界，東京 ok ｈｉ 東京へ行く"
POST = ["--post-template", "<|endoftext|> $A", "--post-template-pair",
        "<|endoftext|> $A <|endoftext|>:1 $B:1"]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def unwrapped(line: str) -> dict:
    record = json.loads(line)
    assert (record.pop("tokbench"), record.pop("version")) == ("inspect", 1)
    return record


# --- #22.1: the CLI prints core's InspectResult -------------------------------------------------
@pytest.mark.parametrize("tokenizer", [BPE, UNIGRAM])
@pytest.mark.parametrize("options,settings", [
    ([], PostSettings()),
    (["--max-length", "6", "--pad-to", "9"], PostSettings(max_length=6, pad_to=9)),
    (["--pair", "second text", *POST],
     PostSettings(pair="second text", template=POST[1], pair_template=POST[3])),
])
def test_json_is_cores_result_as_the_pane_computes_it(capsys, tokenizer, options, settings):
    """The record tokbench prints is InspectResult.to_json() of core.inspect.inspect_texts, as
    the Inspect pane's job computes it for its one text, and as a batch of several computes it:
    one function, two fronts."""
    if "--pair" in options and tokenizer == UNIGRAM:
        pytest.skip("the template names <|endoftext|>, a token of the BPE demo only")
    code, out, err = run(capsys, "inspect", tokenizer, CJK, "--json", *options)
    assert code == 0, err
    runtime = load_tokenizer(tokenizer)
    (batch,) = inspect_texts(runtime, [CJK], post_settings=settings)
    pane = inspect_one(runtime, CJK, with_stages=False, post_settings=settings)
    many = next(inspect_texts(runtime, [CJK, "x y"], post_settings=settings))  # encode_batch
    assert pane.post_error == ""
    assert unwrapped(out) == batch.to_json() == pane.to_json() == many.to_json()


def test_notes_are_the_runtimes_the_texts_and_the_round_trips(capsys):
    runtime = load_tokenizer(UNIGRAM)
    (result,) = inspect_texts(runtime, [CJK])
    codes = [n.code for n in result.all_notes()]
    assert not result.round_trip.ok and "round_trip.differs" in codes  # '，' becomes ','
    assert codes[:len(runtime.notes)] == [n.code for n in runtime.notes]
    code, out, _ = run(capsys, "inspect", UNIGRAM, CJK, "--json")
    assert [n["code"] for n in unwrapped(out)["notes"]] == codes


def test_bad_settings_raise_before_any_text_is_printed(capsys):
    code, out, err = run(capsys, "inspect", BPE, "x", "--post-template", "$A [NOPE]", "--json")
    assert code == 2 and json.loads(out)["error"]["code"] == "postprocess"
    assert "'[NOPE]' is not a token" in err and len(out.splitlines()) == 1


# --- #21.14: the table is aligned by display width ----------------------------------------------
def columns(text: str) -> int:
    """Terminal columns by Unicode's East Asian Width (an oracle apart from wcwidth)."""
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@pytest.mark.parametrize("tokenizer", [BPE, UNIGRAM])
@pytest.mark.parametrize("text", [CJK, "ｆｕｌｌｗｉｄｔｈ　ｔｅｘｔ and 한국어 텍스트"])
def test_table_columns_start_at_one_display_column_after_wide_pieces(capsys, tokenizer, text):
    from core.encodings.export import token_rows

    code, out, _ = run(capsys, "inspect", tokenizer, text, "--no-special")
    assert code == 0
    lines = out.splitlines()
    header = next(k for k, line in enumerate(lines) if line.startswith("#  "))
    enc = load_tokenizer(tokenizer).encode(text, add_special_tokens=False)
    rows = token_rows(enc, range(len(enc)), Unit.CP)
    assert any(columns(row[1]) > len(row[1]) for row in rows), "no wide piece: nothing tested"
    starts = set()
    for line, row in zip(lines[header + 1:], rows):
        # where the id cell starts: after the row number, the piece and their padding
        after_piece = line.index(row[1], len(row[0])) + len(row[1])
        id_at = line.index(row[2], after_piece)
        bytes_at = line.index(row[3], id_at + len(row[2]))
        starts.add((columns(line[:id_at]), columns(line[:bytes_at])))
    head = lines[header]
    starts.add((columns(head[:head.index(" id ") + 1]), columns(head[:head.index("bytes")])))
    assert len(starts) == 1, starts


# --- #21.15: --pad-multiple 0 is tokenizers' pad_to_multiple_of=0 -------------------------------
def tokenizers_padded(a: str, b: str | None, *, length: int | None, multiple: int):
    from tokenizers import Tokenizer
    from tokenizers.processors import TemplateProcessing

    tk = Tokenizer.from_file(str(BPE))
    tk.post_processor = TemplateProcessing(single=POST[1], pair=POST[3], special_tokens=[
        ("<|endoftext|>", tk.token_to_id("<|endoftext|>"))])
    tk.enable_padding(pad_id=tk.token_to_id("<|pad|>"), pad_token="<|pad|>", length=length,
                      pad_to_multiple_of=multiple)
    return tk.encode(a, b) if b is not None else tk.encode(a)


@pytest.mark.parametrize("pair", [None, "and a second one"])
@pytest.mark.parametrize("pad_to", [None, 5, 17])
@pytest.mark.parametrize("multiple", [0, 1, 4])
def test_pad_multiple_matches_tokenizers_enable_padding(capsys, pair, pad_to, multiple):
    text = "Hello world, how are you?"
    options = [*POST, "--pad-multiple", multiple, "--pad-id",
               load_tokenizer(BPE).token_to_id("<|pad|>")]
    options += ["--pad-to", pad_to] if pad_to is not None else []
    options += ["--pair", pair] if pair is not None else []
    code, out, err = run(capsys, "inspect", BPE, text, "--json", *options)
    assert code == 0, err
    ours, theirs = unwrapped(out), tokenizers_padded(text, pair, length=pad_to,
                                                     multiple=multiple)
    assert ours["ids"] == theirs.ids
    assert ours["attention_mask"] == theirs.attention_mask
    assert ours["type_ids"] == theirs.type_ids
    assert ours["special_tokens_mask"] == theirs.special_tokens_mask


def test_pad_multiple_must_not_be_negative(capsys):
    code, _, err = run(capsys, "inspect", BPE, "x", "--pad-multiple", "-1")
    assert code == 2 and "must be 0 or more" in err
