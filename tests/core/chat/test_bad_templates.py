"""Bad templates end in a typed message with the template line, never a traceback; templates
that loop forever or grow without bound are stopped; the sandbox refuses internals."""

import math
import pickle
import time

import pytest

from core.chat import BoundedRenderer, ChatTemplateError, RenderLimitError, render

USER = [{"role": "user", "content": "hi"}]
ENDLESS = ("{% for i in range(99999) %}{% for j in range(99999) %}{% for k in range(99999) %}"
           "{% endfor %}{% endfor %}{% endfor %}")


def _error(template, messages=USER, **options) -> ChatTemplateError:
    with pytest.raises(ChatTemplateError) as info:
        render(template, messages, **options)
    return info.value


def test_a_syntax_error_names_its_line():
    err = _error("{% for m in messages %}\n{{ m.content }}\n{% endfo %}\n")
    assert (err.kind, err.line) == ("TemplateSyntaxError", 3)
    assert "endfo" in err.detail and str(err).startswith("line 3: TemplateSyntaxError: ")


def test_a_raising_template_gives_its_own_words_and_line():
    err = _error("{% for m in messages %}\n{% if m.role == 'user' %}\n"
                 "{{ raise_exception('Users may not speak') }}\n{% endif %}{% endfor %}")
    assert (err.kind, err.detail, err.line) == ("TemplateError", "Users may not speak", 3)
    assert err.as_json() == {"type": "TemplateError", "message": "Users may not speak", "line": 3}


def test_an_undefined_attribute_is_an_undefined_error_with_its_line():
    err = _error("ok\n{{ messages[0].content.nope.deeper }}")
    assert err.kind == "UndefinedError" and "nope" in err.detail and err.line == 2


def test_the_sandbox_refuses_class_internals_and_underscore_namespace_names():
    assert render("[{{ ''.__class__ }}]", USER).text == "[]"  # an internal reads as undefined
    assert _error("{{ messages.__class__.__mro__ }}").kind == "SecurityError"
    assert _error("{{ messages.append(1) }}").kind == "SecurityError"  # immutable sandbox
    err = _error("{% set ns = namespace(_x=1) %}")
    assert err.kind == "SecurityError" and "underscore" in err.detail
    err = _error("{% set ns = namespace() %}{% set ns._x = 1 %}")
    assert err.kind == "SecurityError"
    # reading an underscore attribute gives nothing, as in transformers' sandbox
    assert render("[{{ messages[0]._private }}]", USER).text == "[]"


def test_endless_recursion_is_reported_not_a_crash():
    err = _error("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}")
    assert err.kind == "RecursionError"


def test_repetition_past_the_output_limit_is_refused_before_it_allocates():
    start = time.perf_counter()
    with pytest.raises(RenderLimitError) as info:
        render("{{ 'x' * 10**11 }}", USER, max_chars=1_000_000)
    assert time.perf_counter() - start < 1
    assert info.value.kind == "OutputLimit"


def test_output_growing_chunk_by_chunk_stops_at_the_limit():
    # 100 MB would come out of this; the render stops past 1 M characters
    with pytest.raises(RenderLimitError) as info:
        render("{% for i in range(100000) %}{{ 'y' * 1000 }}{% endfor %}", USER,
               max_chars=1_000_000)
    assert "1,000,000 characters" in info.value.detail


def test_errors_survive_the_trip_from_the_render_process():
    err = pickle.loads(pickle.dumps(RenderLimitError("TimeLimit", "slow", line=2)))
    assert type(err) is RenderLimitError and (err.kind, err.detail, err.line) == (
        "TimeLimit", "slow", 2)


@pytest.fixture(scope="module")
def bounded():
    with BoundedRenderer(timeout=2.0, max_chars=1_000_000, memory_bytes=512 << 20) as renderer:
        yield renderer


def test_the_bounded_renderer_renders_and_reports_template_errors(bounded):
    assert bounded.render("{{ messages[0].content }}!", USER).text == "hi!"
    with pytest.raises(ChatTemplateError) as info:
        bounded.render("a\n{{ raise_exception('no') }}", USER)
    assert (info.value.kind, info.value.line) == ("TemplateError", 2)


def test_an_endless_loop_is_stopped_within_seconds_and_the_next_render_works(bounded):
    bounded.render("warm", USER)  # the child is running: the timer measures the template only
    start = time.perf_counter()
    with pytest.raises(RenderLimitError) as info:
        bounded.render(ENDLESS, USER)
    assert info.value.kind == "TimeLimit"
    assert time.perf_counter() - start < 4
    assert bounded.render("again {{ messages[0].content }}", USER).text == "again hi"


def test_a_hundred_megabytes_of_output_is_stopped(bounded):
    with pytest.raises(RenderLimitError) as info:
        bounded.render("{% for i in range(100000) %}{{ 'z' * 1000 }}{% endfor %}", USER)
    assert info.value.kind == "OutputLimit"


def test_memory_grown_without_output_is_stopped(bounded):
    # doubling a string in a namespace never yields output: the memory cap or the clock stops it
    doubling = ("{% set ns = namespace(s='x') %}{% for i in range(60) %}"
                "{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}")
    with pytest.raises(RenderLimitError) as info:
        bounded.render(doubling, USER)
    assert info.value.kind in {"MemoryError", "TimeLimit", "Crashed"}
    assert bounded.render("ok", USER).text == "ok"


def test_a_batch_gives_each_render_its_own_outcome(bounded):
    """One trip, three renders: the failing one comes back as its own error, in its place,
    and the others render."""
    outcomes = bounded.render_many([("a {{ messages[0].content }}", USER, {}),
                                    ("{{ raise_exception('no') }}", USER, {}),
                                    ("{{ tools[0] }}", USER, {"tools": [{"name": "t"}]})])
    assert outcomes[0].text == "a hi" and outcomes[2].text == "{'name': 't'}"
    assert isinstance(outcomes[1], ChatTemplateError) and outcomes[1].detail == "no"


def test_a_render_that_hangs_in_a_batch_is_stopped_and_ends_the_batch(bounded):
    """The time limit is each render's: the hanging one is stopped with today's error, in
    its place; the renders after it are not run (the list ends there); the next trip works."""
    bounded.render("warm", USER)
    start = time.perf_counter()
    outcomes = bounded.render_many([("before", USER, {}), (ENDLESS, USER, {}),
                                    ("after", USER, {})])
    assert time.perf_counter() - start < 4
    assert outcomes[0].text == "before" and len(outcomes) == 2
    assert isinstance(outcomes[1], RenderLimitError) and outcomes[1].kind == "TimeLimit"
    assert [o.text for o in bounded.render_many([("again", USER, {})] * 2)] == ["again"] * 2


def test_renders_of_a_batch_share_messages_but_not_what_one_render_does_to_them(bounded):
    """The child prepares each message once per batch: continuing the final message tags a
    copy, and a template cannot change the shared message for the renders after it."""
    chat = [{"role": "user", "content": "hi"},
            {"role": "assistant", "content": [{"type": "text", "text": "Hel"}]}]
    show = ("{% for m in messages %}"
            "{{ m.content if m.content is string else m.content[0].text }}|{% endfor %}")
    change = "{{ messages[0].update({'content': 'changed'}) }}"
    outcomes = bounded.render_many([(show, chat, {"continue_final_message": True}),
                                    (show, chat, {}), (change, chat, {}), (show, chat, {})])
    assert outcomes[0].text == "hi|Hel"
    assert outcomes[1].text == outcomes[3].text == "hi|Hel|"
    assert isinstance(outcomes[2], ChatTemplateError) and outcomes[2].kind == "SecurityError"


def test_a_batch_closed_before_its_end_hands_back_a_clean_renderer(bounded):
    """The answers not read are read and dropped: the next render gets its own."""
    with bounded.start_many([(f"r{k}", USER, {}) for k in range(5)]) as batch:
        assert next(batch).text == "r0"
    assert bounded.render("next", USER).text == "next"
    with bounded.start_many([("a", USER, {}), (ENDLESS, USER, {}), ("b", USER, {})]):
        pass  # the hanging one, unread, is stopped while the rest is dropped
    assert bounded.render("after", USER).text == "after"


def test_a_batch_that_stops_if_its_first_fails_renders_nothing_after_that_failure(bounded):
    """A report sends its chat's render with every other it needs; when the chat's own fails,
    the others (a hanging one among them) are not rendered and the batch ends there."""
    with bounded.start_many([("{{ raise_exception('no') }}", USER, {}), (ENDLESS, USER, {}),
                             ("b", USER, {})], stop_if_first_fails=True) as batch:
        outcomes = list(batch)
    assert len(outcomes) == 1 and isinstance(outcomes[0], ChatTemplateError)
    assert bounded.render("after", USER).text == "after"  # nothing of that batch left
    with bounded.start_many([("a", USER, {}), ("{{ x.y }}", USER, {}), ("b", USER, {})],
                            stop_if_first_fails=True) as batch:
        outcomes = list(batch)  # a later failure is that render's own
    assert [getattr(o, "text", None) for o in outcomes] == ["a", None, "b"]


def test_a_batch_extended_while_its_first_render_runs(bounded):
    """A report sends its chat's render alone, makes up the others while the child renders
    it, and adds them to the same trip: rendered after it (a BatchText counting from the
    trip's first request), none of them when it failed; a batch read to its end takes no
    more."""
    from core.chat.bounded import BatchText

    with bounded.start_many([("a", USER, {})], stop_if_first_fails=True) as batch:
        assert batch.extend([("b", USER, {}), ("a", USER, {"unless_differs_from": BatchText(0)}),
                             ("c{{ 1 / 0 }}", USER, {})])
        assert batch.extend([("d", USER, {})])
        outcomes = list(batch)
    assert [getattr(o, "text", None) for o in outcomes] == ["a", "b", "a", None, "d"]
    assert not outcomes[2].differs and isinstance(outcomes[3], ChatTemplateError)
    assert not batch.extend([("late", USER, {})])  # read to its end: nothing sent
    with bounded.start_many([("{{ raise_exception('no') }}", USER, {})],
                            stop_if_first_fails=True) as batch:
        assert batch.extend([(ENDLESS, USER, {}), ("b", USER, {})])
        outcomes = list(batch)
    assert len(outcomes) == 1 and isinstance(outcomes[0], ChatTemplateError)
    assert bounded.render("after", USER).text == "after"  # nothing of that batch left
    with bounded.start_many([("x", USER, {})]) as batch:  # a batch of its own after that
        assert batch.extend([("y", USER, {})])
        assert [o.text for o in batch] == ["x", "y"]


def test_the_time_limit_is_each_renders_not_the_whole_batchs():
    """Renders that each take a small fraction of the limit pass together, in one trip that
    takes longer than the limit (measured). The margin is wide on purpose: on a loaded machine
    one render may take many times its quiet time, and the limit must still be far off; the
    trip only gets longer then."""
    slow = "{% for i in range(n) %}{% for j in range(1000) %}{% endfor %}{% endfor %}done"

    def seconds(n):
        start = time.perf_counter()
        render(slow, USER, variables={"n": n})
        return time.perf_counter() - start

    n = 10
    seconds(n)  # compiled once (cached): what is measured below is rendering
    while (took := min(seconds(n) for _ in range(3))) < 0.02:  # the least of three: the
        n *= 2                                                 # quiet time, no burst
    timeout = max(0.5, 25 * took)  # each render far under its limit (a trip's own overhead too)
    count = math.ceil(2.5 * timeout / took)  # the trip 2.5 times over it
    with BoundedRenderer(timeout=timeout) as renderer:
        renderer.render("warm", USER)
        start = time.perf_counter()
        outcomes = renderer.render_many([(slow, USER, {"variables": {"n": n}})] * count)
        trip = time.perf_counter() - start
    assert [getattr(o, "text", o) for o in outcomes] == ["done"] * count
    assert trip > timeout, (trip, timeout)  # the batch took longer than one render may


def test_the_frozen_time_reaches_strftime_now_in_the_child(bounded):
    from datetime import datetime

    text = bounded.render("{{ strftime_now('%Y-%m-%d') }}", USER, now=datetime(2024, 7, 26)).text
    assert text == "2024-07-26"


def test_plain_data_keeps_json_values_and_makes_other_objects_inert():
    import numpy as np

    from core.chat.messages import plain_data

    class Text(str):
        def danger(self):
            return "called"

    value = plain_data({"a": Text("x"), "b": np.bool_(False), "c": np.int64(3), "d": object()})
    assert value == {"a": "x", "b": False, "c": 3, "d": "<object>"}
    assert type(value["a"]) is str and type(value["b"]) is bool


def test_a_render_process_that_cannot_start_is_a_clear_error_every_time(monkeypatch):
    """A child that fails to start (no memory for a process, say) is reported; the next render
    tries again instead of failing on the never-started process."""
    import multiprocessing.context

    def refuse(self):
        raise OSError("Cannot allocate memory")

    HI = [{"role": "user", "content": "hi"}]
    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", refuse)
    renderer = BoundedRenderer()
    for _ in range(2):
        with pytest.raises(RenderLimitError, match="could not start: Cannot allocate memory"):
            renderer.render("x", HI)
    renderer.close()
    monkeypatch.undo()
    with BoundedRenderer() as renderer:
        assert renderer.render("x{{ 1 + 1 }}", HI).text == "x2"
