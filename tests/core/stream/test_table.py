"""The stream decoder's table path (core.stream.table) against its window-decode path
(``StreamDecoder(exact=True)``): the same text, lossy text, pending IDs and state after every
step, on every runtime family, for random ID streams (bytes that never form a character, control
and special tokens anywhere, a real ``�``), random step sizes, a prompt and skipped specials.

Oracle: the exact path, itself held to ``DecodeStream`` and the native ``decode`` in
tests/core/stream/test_decode.py. Which chains get a table is checked on its own (a chain that reads a
token by its neighbours must not get one), so the comparison cannot pass by never using it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from core.formats.hf.runtime import HFRuntime
from core.stream.decode import StreamDecoder
from core.stream.table import PieceTable, table_is_exact
from tests.conftest import FLORES, require_data
from tests.core.stream.test_decode import (REAL_HF, REAL_NATIVE, RUNTIMES, TEXTS, _ids, _real,
                                    id_streams)

# decoder chains where a token reads differently by its neighbours: never a table
NOT_TABLE = {"bert-uncased", "bert-cased", "suffix-bpe", "bert-json", "gguf-bert-bge"}


def _name(runtime) -> str:
    return runtime.name or type(runtime).__name__


def _fast_steps(decoder: StreamDecoder, steps) -> int:
    """How many of ``steps`` the decoder took through its table (its window decode never
    called)."""
    calls = []
    real = decoder._decode
    decoder._decode = lambda ids: calls.append(1) or real(ids)
    fast = 0
    for step in steps:
        before = len(calls)
        decoder.push(step)
        fast += len(calls) == before and decoder.pending_ids == []
    decoder._decode = real
    return fast


def _same_steps(runtime, steps, *, skip=False, prefill=()):
    """Push ``steps`` through the table path and the exact path side by side: equal after
    every step (or the same error), and at the end."""
    fast = StreamDecoder(runtime, skip_special=skip, prefill=prefill)
    exact = StreamDecoder(runtime, skip_special=skip, prefill=prefill, exact=True)
    for step in steps:
        outcomes = []
        for decoder in (fast, exact):
            try:
                outcomes.append(decoder.push(step))
            except Exception as err:  # the same refusal, named the same way
                outcomes.append((type(err), str(err)))
        assert outcomes[0] == outcomes[1], (step, outcomes)
        assert (fast.lossy_text, fast.pending_ids, fast.pending_since, fast.count) == \
            (exact.lossy_text, exact.pending_ids, exact.pending_since, exact.count), step
    assert fast.finish() == exact.finish()
    assert (fast.text, fast.lossy_text) == (exact.text, exact.lossy_text)


def _check(runtime, data):
    ids = data.draw(id_streams(runtime, 8), label="ids")
    sizes = data.draw(st.lists(st.integers(1, 4), max_size=len(ids)), label="step sizes")
    steps, pos = [], 0
    for size in sizes + [1] * len(ids):
        if pos >= len(ids):
            break
        steps.append(ids[pos:pos + size])
        pos += size
    prompt = data.draw(st.sampled_from([[], ids[:3], _ids(runtime, "ok 世")]), label="prompt")
    skip = data.draw(st.booleans(), label="skip")
    _same_steps(runtime, steps, skip=skip, prefill=prompt)
    # one ID at a time (the common case, a path of its own)
    _same_steps(runtime, [[i] for i in ids], skip=skip)
    _same_steps(runtime, list(ids), skip=skip)


def test_which_chains_get_a_table():
    for runtime in RUNTIMES:
        name = _name(runtime)
        table = PieceTable.of(runtime)
        if name in NOT_TABLE or type(runtime).__name__ == "ReferenceBPERuntime":
            assert not table_is_exact(runtime) and table is None, name
        elif name != "clip":  # CLIP's "</w>" fails the anchor check: left to the window decode
            assert table is not None, name


@pytest.mark.parametrize("runtime", [r for r in RUNTIMES if PieceTable.of(r) is not None],
                         ids=_name)
def test_plain_text_goes_through_the_table(runtime):
    """Text in many scripts: after the first step most steps are the table's (so the random
    comparison below exercises it), and the text is decode's."""
    for text in TEXTS[:4]:
        ids = runtime.encode(text, add_special_tokens=False).ids.tolist()
        decoder = StreamDecoder(runtime)
        assert _fast_steps(decoder, [[i] for i in ids]) >= len(ids) // 3, text
        assert decoder.text + decoder.finish() == runtime.decode(ids)


@pytest.mark.slow  # every tokenizer family (make check skips it)
@pytest.mark.parametrize("runtime", RUNTIMES, ids=_name)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_table_path_equals_window_path_on_every_family(runtime, data):
    _check(runtime, data)


@pytest.mark.realdata
@pytest.mark.parametrize("rel", list(REAL_HF.values()) + list(REAL_NATIVE.values()),
                         ids=list(REAL_HF) + list(REAL_NATIVE))
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_table_path_equals_window_path_on_real_files(rel, data):
    _check(_real(rel), data)


@pytest.mark.realdata
@pytest.mark.parametrize("rel", list(REAL_HF.values()) + list(REAL_NATIVE.values()),
                         ids=list(REAL_HF) + list(REAL_NATIVE))
def test_real_files_stream_flores_lines_the_same_both_ways(rel):
    """FLORES lines in nine scripts (characters cut between byte tokens), one ID at a time."""
    runtime = _real(rel)
    flores = require_data(FLORES)
    ids = []
    for name in ("eng_Latn", "jpn_Jpan", "kor_Hang", "arb_Arab", "hin_Deva", "rus_Cyrl",
                 "tha_Thai", "amh_Ethi", "mya_Mymr"):
        lines = (flores / f"{name}.dev").read_text(encoding="utf-8").splitlines()[:3]
        ids += runtime.encode("\n".join(lines) + "\n", add_special_tokens=False).ids.tolist()
    _same_steps(runtime, [[i] for i in ids])
    assert isinstance(runtime, HFRuntime) or PieceTable.of(runtime) is not None


@pytest.mark.parametrize("runtime", [r for r in RUNTIMES if r.token_to_id("\u2581") is not None],
                         ids=_name)
def test_lone_metaspace_pieces_before_a_word_both_ways(runtime):
    """``▁`` alone reads as nothing when first, and the ``▁`` of the piece after it is dropped
    by SentencePiece (until text comes) but kept by tokenizers' chains: after a context, in one
    step and one at a time, the table path follows the library."""
    space = runtime.token_to_id("\u2581")
    word = runtime.encode("the", add_special_tokens=False).ids.tolist()
    a = runtime.encode("a", add_special_tokens=False).ids.tolist()
    for steps in ([a, [space, space] + word, a], [a, [space] + word, [space], word],
                  [a, [space], [space], word], [[space], [space] + word, a]):
        _same_steps(runtime, steps)


def _first_stop(text: str, stops) -> tuple[str, str | None]:
    """The readable reference: the stop that ends first in ``text`` (then the one that starts
    first), by searching every stop; (the text before it, the stop)."""
    ends = [(text.find(s) + len(s), text.find(s), s) for s in stops if s in text]
    if not ends:
        return text, None
    end, start, stop = min(ends)
    return text[:start], stop


@settings(max_examples=300, deadline=None)
@given(text=st.text("ab<\n", max_size=40),
       stops=st.lists(st.text("ab<\n", min_size=1, max_size=7), min_size=1, max_size=5),
       cuts=st.lists(st.integers(0, 40), max_size=12))
def test_stop_automaton_equals_searching_every_stop(text, stops, cuts):
    """Longer, self-overlapping stops than test_stream's (deep failure links), the text cut
    anywhere: the automaton emits what the reference does, never a part of a stop, and holds
    back exactly the longest suffix that begins a stop."""
    from core.stream.decode import StopMatcher

    points = sorted(set(c for c in cuts if c <= len(text)))
    matcher, out = StopMatcher(stops), ""
    for a, b in zip([0] + points, points + [len(text)]):
        out += matcher.feed(text[a:b])
        if matcher.hit is None:
            seen = text[:b]
            longest = max((k for k in range(1, len(seen) + 1)
                           if any(s.startswith(seen[-k:]) for s in stops)), default=0)
            assert matcher.held == (seen[-longest:] if longest else "")
            assert out + matcher.held == seen
        else:
            break
    if matcher.hit is None:
        out += matcher.flush()
    assert (out, matcher.matched) == _first_stop(text, stops)
