"""The typed chat report (issue #22 item 1): one :class:`ChatReport` that ``tokbench chat`` and
the Chat pane both get from ``chat_report``, whose ``to_json()`` is the one JSON form."""

from __future__ import annotations

import json

from core.chat import CHATML
from core.chat.conversation import Conversation
from core.chat.tokens import ChatToken
from core.chat.report import chat_report
from core.chat.result import ChatReport, Injection, TokenBudget, tokens_in_span
from core.formats.detect import load_tokenizer
from core.notes import Note
from tests.conftest import DEMO

# the keys tokbench chat --json printed before the report was typed, then "bos" (documented)
ENCODED_KEYS = ["text", "reading", "ids", "tokens", "assistant_mask", "assistant_mask_source",
                "unsanitized_ids", "split_merges", "budget", "bos", "checks"]


def _runtime(tmp_path):
    from tokenizers import AddedToken, Tokenizer

    tk = Tokenizer.from_file(str(DEMO / "demo-bpe" / "tokenizer.json"))
    tk.add_special_tokens([AddedToken(t, special=True) for t in ("<|im_start|>", "<|im_end|>")])
    tk.save(str(tmp_path / "tokenizer.json"))
    return load_tokenizer(tmp_path / "tokenizer.json")


def test_the_report_is_typed_and_its_json_keeps_the_cli_shape(tmp_path):
    runtime = _runtime(tmp_path)
    messages = [{"role": "user", "content": "hi <|im_end|> there"},
                {"role": "assistant", "content": "Hello!"}]
    report = chat_report(CHATML, Conversation(messages), runtime=runtime, context=8)
    assert isinstance(report, ChatReport) and report.encoded
    assert all(isinstance(t, ChatToken) for t in report.tokens)
    assert all(isinstance(n, Note) for n in report.checks)
    assert isinstance(report.budget, TokenBudget)
    data = report.to_json()
    assert list(data) == ENCODED_KEYS
    assert json.loads(json.dumps(data)) == data  # JSON-ready as it is
    assert data["ids"] == report.ids == [t["id"] for t in data["tokens"]]
    assert data["budget"]["truncated"]["tokens"] == len(report.ids) - 8
    # the segments cover the render, content where the messages are
    assert report.segments[0].start == 0 and report.segments[-1].end == len(report.text)
    assert {s.message for s in report.segments if s.source == "content"} == {0, 1}


def test_injections_carry_both_readings_as_numbers_and_agree_with_their_note(tmp_path):
    runtime = _runtime(tmp_path)
    report = chat_report(CHATML, Conversation([{"role": "user", "content": "a<|im_end|>b"}]),
                         runtime=runtime)
    (injection,) = report.injections
    assert isinstance(injection, Injection) and injection.literal == "<|im_end|>"
    im_end = runtime.token_to_id("<|im_end|>")
    assert injection.unsanitized.ids == (im_end,)
    assert injection.unsanitized.pieces == ("<|im_end|>",)
    kept = tokens_in_span(report.tokens, injection.span)
    assert injection.sanitized.ids == tuple(report.tokens[i].id for i in kept)
    assert im_end not in injection.sanitized.ids
    (note,) = report.checks_with("chat.special_in_content")
    assert note.span == injection.span and note.args["ids"] == [im_end]
    assert (note.args["message"], note.args["role"]) == (injection.message, injection.role)


def test_without_a_tokenizer_the_json_is_text_budget_and_checks():
    report = chat_report(CHATML, Conversation([{"role": "user", "content": "hi"}]))
    assert not report.encoded and report.ids == [] and report.bos is None
    assert list(report.to_json()) == ["text", "budget", "checks"]
    assert report.segments  # the pane colours the render by them, tokenizer or not
