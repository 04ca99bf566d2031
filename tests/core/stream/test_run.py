"""A stream replayed in chunks (core.stream.run): the steps add up to what the stream emits, for
every chunk size; each step says what waits (pending bytes, held-back text) and where it stopped.

Oracles: ``runtime.decode`` of the whole sequence, ``tokenizers.decoders.DecodeStream`` (a chunk is
one ``step([...])``, a prompt is ``DecodeStream(ids=...)``'s) and :class:`core.stream.decode.TextStream`.
"""

from __future__ import annotations

import pytest

from core.formats.detect import load_tokenizer
from core.stream.decode import StopMatcher, StreamError, TextStream
from core.stream.run import first_out_of_range, replay
from tests.conftest import DEMO
from tests.core.stream_oracle import decode_stream_steps

TEXT = "Hello 你好 world 👋! </answer> tail"


@pytest.fixture(scope="module")
def runtime():
    return load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")


def _ids(runtime, text):
    return runtime.encode(text, add_special_tokens=False).ids.tolist()


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1000])
def test_steps_add_up_to_the_stream_for_every_chunk_size(runtime, chunk):
    ids = _ids(runtime, TEXT)
    run = replay(runtime, ids, chunk=chunk)
    assert "".join(step.text for step in run.steps) == run.text == runtime.decode(ids)
    assert [step.ids for step in run.steps[:-1]] == [tuple(ids[k:k + chunk])
                                                      for k in range(0, len(ids), chunk)]
    assert run.steps[-1].final and run.steps[-1].ids == ()
    assert [step.emitted for step in run.steps] == [
        len("".join(s.text for s in run.steps[:k + 1])) for k in range(len(run.steps))]


def test_a_character_cut_between_tokens_is_pending_bytes(runtime):
    ids = _ids(runtime, "a😀")
    assert b"".join(runtime.token_bytes(i) for i in ids[1:]) == "😀".encode() and len(ids) > 2
    run = replay(runtime, ids)
    waiting = [step for step in run.steps if step.pending]
    assert waiting and all("😀".encode().startswith(step.pending) for step in waiting)
    assert all(step.text == "" for step in waiting)
    assert waiting[0].pending_ids == 1 and waiting[-1].pending_ids == len(ids) - 2
    assert run.steps[len(ids) - 1].text == "😀" and run.steps[len(ids) - 1].pending == b""


def test_text_that_may_start_a_stop_is_held_then_the_stop_reported(runtime):
    ids = _ids(runtime, TEXT)
    run = replay(runtime, ids, stops=["</answer>", "wer> t"])
    assert run.text == "Hello 你好 world 👋! "
    assert any(step.held.startswith("</") for step in run.steps)
    last = run.steps[-1]
    assert last.stop is not None and last.stop.stop == "</answer>" and not last.final
    assert last.stop.char_offset == len(run.text)
    assert last.stop.token_index == last.start + last.taken - 1
    assert sum(step.taken for step in run.steps) == last.stop.token_index + 1


def test_a_stop_id_mid_chunk_leaves_the_rest_of_the_chunk_untaken(runtime):
    ids = _ids(runtime, "one two three four")
    run = replay(runtime, ids, chunk=len(ids), stop_ids=[ids[1]])
    (step,) = run.steps
    assert step.ids == tuple(ids) and step.taken == 2
    assert run.stop.stop == ids[1] and run.stop.token_index == 1


def test_an_id_out_of_range_ends_the_run_with_the_steps_before_it(runtime):
    ids = _ids(runtime, "one two") + [runtime.id_space + 5] + _ids(runtime, " three")
    assert first_out_of_range(ids, runtime.id_space) == len(ids) - len(_ids(runtime, " three")) - 1
    run = replay(runtime, ids, chunk=2)
    assert isinstance(run.error, StreamError) and str(runtime.id_space + 5) in str(run.error)
    assert run.text == runtime.decode(ids[:first_out_of_range(ids, runtime.id_space)])
    assert not run.steps[-1].final


def test_bad_settings_are_refused():
    with pytest.raises(StreamError, match="chunk size"):
        replay(None, [1], chunk=0)
    with pytest.raises(StreamError, match="non-empty"):
        TextStream(None, stops=[""])


def test_the_matcher_says_what_it_holds_back():
    matcher = StopMatcher(["</answer>"])
    assert matcher.feed("42</an") == "42" and matcher.held == "</an"
    assert matcher.feed("x") == "</anx" and matcher.held == ""


@pytest.mark.parametrize("chunk", [1, 2, 3, 5])
def test_each_chunk_is_one_decode_stream_step(runtime, chunk):
    """The IDs of a chunk arrive together: each step's text is DecodeStream.step([...])'s."""
    ids = _ids(runtime, TEXT + " 😀👍🏽 再见")
    run = replay(runtime, ids, chunk=chunk)
    parts = [list(step.ids) for step in run.steps if not step.final]
    assert [step.text for step in run.steps[:-1]] == decode_stream_steps(runtime.tk, parts)
    pending = [step for step in run.steps if step.pending]  # a step that waits emits nothing
    assert pending and all(step.text == "" for step in pending)


def test_a_prompt_prefilled_is_context_never_emitted(runtime):
    prompt_ids = _ids(runtime, "Question: 你好? Answer:")
    ids = _ids(runtime, " 你好 world")
    run = replay(runtime, ids, chunk=2, prefill=prompt_ids)
    parts = [list(step.ids) for step in run.steps if not step.final]
    assert [s.text for s in run.steps[:-1]] == decode_stream_steps(runtime.tk, parts,
                                                                 prefill=prompt_ids)
    assert run.text == runtime.decode(prompt_ids + ids)[len(runtime.decode(prompt_ids)):]
    # a prompt that ends inside a character: the character is completed, the prompt not repeated
    whole = _ids(runtime, "Say 你")
    cut = next(k for k in range(len(whole), 0, -1)
               if runtime.decode(whole[:k]).endswith("\ufffd"))
    run = replay(runtime, whole[cut:], prefill=whole[:cut])
    assert run.text == "你" and run.steps[0].text == ("你" if len(whole) - cut == 1 else "")
    with pytest.raises(StreamError, match="prompt position 1 is out of range"):
        replay(runtime, ids, prefill=[1, runtime.id_space])


def test_skip_special_leaves_the_special_tokens_out(runtime):
    ids = runtime.encode("<|endoftext|>Hi 你<|endoftext|> there", add_special_tokens=False,
                         parse_special=True).ids.tolist()
    assert runtime.decode(ids) != runtime.tk.decode(ids, skip_special_tokens=True)
    run = replay(runtime, ids, skip_special=True)
    assert run.text == runtime.tk.decode(ids, skip_special_tokens=True)
    assert [s.text for s in run.steps[:-1]] == decode_stream_steps(
        runtime.tk, [[i] for i in ids], skip=True)


def test_an_id_refused_mid_chunk_keeps_the_ids_before_it_as_one_step(runtime):
    ids = _ids(runtime, "one two three")
    bad = len(ids) - 1
    run = replay(runtime, ids[:bad] + [runtime.id_space] + ids[bad:], chunk=len(ids) + 1)
    (step,) = run.steps
    assert step.taken == bad and step.text == runtime.decode(ids[:bad])
    assert run.error is not None and f"stream position {bad} " in str(run.error)


def test_pending_ids_count_the_streams_own_ids_and_the_prompts_bytes_show(runtime):
    """A prompt that leaves a character open: its bytes are pending before the first step and
    at it, but none of the stream's IDs is counted as pending for them; skipped special tokens
    with nothing pending wait for nothing."""
    whole = _ids(runtime, "Say 😀")
    cut = next(k for k in range(len(whole) - 1, 0, -1)
               if runtime.decode(whole[:k]).endswith("\ufffd") and len(whole) - k >= 2)
    run = replay(runtime, whole[cut:], prefill=whole[:cut])
    prompt_bytes = b"".join(runtime.token_bytes(i) for i in whole[:cut])
    assert run.prompt_pending and prompt_bytes.endswith(run.prompt_pending)
    first = run.steps[0]
    assert first.text == "" and first.pending.startswith(run.prompt_pending)
    assert first.pending_ids == 1 and run.text == "😀"
    eot = runtime.token_to_id("<|endoftext|>")
    run = replay(runtime, [eot] + _ids(runtime, "ok"), skip_special=True)
    assert run.steps[0].pending_ids == 0 and run.steps[0].pending == b""
    assert run.text == "ok"
