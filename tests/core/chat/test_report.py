"""The chat report as ``tokbench chat`` builds it: the assistant mask where a template has no
``{% generation %}`` tags comes from prefix renders, and stops at the end of the turn."""

from __future__ import annotations

import json

from core.chat.conversation import Conversation
from core.chat.report import chat_report as typed_report
from core.formats.detect import load_tokenizer
from tests.conftest import DEMO


def chat_report(*args, **kwargs) -> dict:
    """The report as ``tokbench chat --json`` prints it: these tests state that contract."""
    return typed_report(*args, **kwargs).to_json()


# ChatML without generation tags (written here): the mask must come from prefix renders
CHATML = ("{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n"
          "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")


def test_prefix_mask_ends_with_the_end_of_turn_not_a_plain_added_newline(tmp_path):
    spec = json.loads((DEMO / "demo-bpe" / "tokenizer.json").read_text(encoding="utf-8"))
    next_id = max(t["id"] for t in spec["added_tokens"]) + len(spec["model"]["vocab"]) + 1
    spec["added_tokens"] += [
        {"id": next_id, "content": "<|im_start|>", "special": True, "single_word": False,
         "lstrip": False, "rstrip": False, "normalized": False},
        {"id": next_id + 1, "content": "<|im_end|>", "special": True, "single_word": False,
         "lstrip": False, "rstrip": False, "normalized": False},
        # a plain added newline (as Gemma has): ordinary text, not an end of turn
        {"id": next_id + 2, "content": "\n", "special": False, "single_word": False,
         "lstrip": False, "rstrip": False, "normalized": False}]
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    runtime = load_tokenizer(path)
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"}]
    report = chat_report(CHATML, Conversation(messages, None, None), runtime=runtime)
    assert report["assistant_mask_source"] == "prefix"
    text = report["text"]
    masked = "".join(text[t["span"][0]:t["span"][1]]
                     for t, m in zip(report["tokens"], report["assistant_mask"]) if m)
    assert masked == "Hello!<|im_end|>"


def test_a_template_that_hangs_only_on_a_later_render_is_stopped():
    """The first render is fine; the generation-prompt render the checks make loops forever:
    it too runs in the bounded child and is stopped at the time limit."""
    import time

    import pytest

    from core.chat.bounded import BoundedRenderer
    from core.chat.errors import RenderLimitError

    hang = ("{% for m in messages %}{{ m.content }}{% endfor %}"
            "{% if add_generation_prompt %}{% for i in range(99999) %}{% for j in range(99999) %}"
            "{% endfor %}{% endfor %}{% endif %}")
    renderer = BoundedRenderer(timeout=2)
    started = time.monotonic()
    try:
        with pytest.raises(RenderLimitError):
            chat_report(hang, Conversation([{"role": "user", "content": "hi"}], None, None),
                        renderer=renderer)
    finally:
        renderer.close()
    assert time.monotonic() - started < 15


def test_each_distinct_render_runs_once():
    """The report needs the conversation rendered for the text, the segments, the prefixes and
    the checks: no render with the same inputs runs twice (the marked render differs)."""
    from core.chat import CHATML as TAGGED
    from core.chat.render import render

    calls = []

    class Counting:
        def render(self, template, messages, now=None, **options):
            calls.append(json.dumps([messages, {k: v for k, v in options.items()
                                                 if v is not None and v is not False}],
                                    sort_keys=True))
            return render(template, messages, **options)

        def close(self):
            pass

    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"},
                {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "bye"}]
    for template in (CHATML, TAGGED):
        for flags in ({}, {"add_generation_prompt": True}):
            calls.clear()
            chat_report(template, Conversation(messages), runtime=runtime, renderer=Counting(),
                        **flags)
            repeated = {c for c in calls if calls.count(c) > 1}
            assert not repeated, (template == TAGGED, flags, repeated)


def test_an_assistant_turn_the_prefix_renders_cannot_locate_is_named():
    """A template that writes the generation prompt differently from a finished turn (as
    reasoning templates do) leaves that turn's mask at 0 — and the report says which turn."""
    template = ("{% for m in messages %}<{{ m.role }}>{{ m.content }}</s>{% endfor %}"
                "{% if add_generation_prompt %}<assistant><think>{% endif %}")
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"},
                {"role": "user", "content": "again"}]
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    report = chat_report(template, Conversation(messages, None, None), runtime=runtime,
                         add_generation_prompt=True)
    assert report["assistant_mask_source"] == "prefix" and not any(report["assistant_mask"])
    unlocated = [c for c in report["checks"] if c["code"] == "chat.mask_unlocated"]
    assert len(unlocated) == 1 and "message(s) 1 at 0" in unlocated[0]["message"]
    plain = chat_report(CHATML, Conversation(messages, None, None), runtime=runtime)
    assert "chat.mask_unlocated" not in [c["code"] for c in plain["checks"]]


class _CountingConnection:
    """The parent's end of the render pipe, counting the requests sent down it."""

    def __init__(self, conn, sent: list):
        self._conn, self._sent = conn, sent

    def send(self, request):
        self._sent.append(request)
        self._conn.send(request)

    def __getattr__(self, name):
        return getattr(self._conn, name)


def test_a_report_makes_a_few_trips_to_the_render_process_whatever_the_length():
    """Each trip to the render child costs as much as a small render: the fifty renders of a
    50-message chat (prefixes for the mask, checks, segments) go in a constant few trips, not
    one each."""
    from core.chat.bounded import BoundedRenderer

    sent: list = []

    class Counting(BoundedRenderer):
        def _child(self):
            return _CountingConnection(super()._child(), sent)

    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    trips = {}
    with Counting() as renderer:
        for turns in (2, 20):
            messages = [{"role": "system", "content": "Be brief."}]
            for k in range(turns):
                messages += [{"role": "user", "content": f"question {k}"},
                             {"role": "assistant", "content": f"answer {k}"}]
            sent.clear()
            report = chat_report(CHATML, Conversation(messages), runtime=runtime,
                                 renderer=renderer, add_generation_prompt=True)
            assert sum(report["assistant_mask"]) > turns  # every turn's tokens were measured
            trips[turns] = len(sent)
    assert trips[2] == trips[20] <= 3, trips


def test_renders_prefetched_but_not_needed_leave_the_renderer_clean():
    """A template that refuses the first prefix: the mask stops asking there, the other
    prefix renders were prefetched all the same; the next render gets its own answer."""
    from core.chat.bounded import BoundedRenderer

    template = ("{% if messages | length == 1 %}{{ raise_exception('too short') }}{% endif %}"
                + CHATML)
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "a"},
                {"role": "user", "content": "again"}, {"role": "assistant", "content": "b"}]
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    with BoundedRenderer() as renderer:
        report = chat_report(template, Conversation(messages), runtime=runtime,
                             renderer=renderer)
        assert not any(report["assistant_mask"])  # no prefix measured
        assert renderer.render("{{ messages[0].content }}", messages).text == "hi"
