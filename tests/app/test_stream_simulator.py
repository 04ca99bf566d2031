"""The streaming simulator: what it shows at each step equals what core.stream.decode emits; pending bytes
show as hex (never a silent �), stops are reported where they matched, bad IDs give a message.

Oracles: the runtime's own ``decode`` (the native library) and the IDs' own bytes.
"""

from __future__ import annotations

import time

import pytest

from app.widgets.stream_simulator import StreamSimulator, pending_shown, unescape_stop
from core.formats.detect import load_tokenizer
from tests.conftest import DEMO, TOKENIZERS, require_data

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def demo():
    return load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")


@pytest.fixture
def simulator(qtbot):
    widget = StreamSimulator()
    widget.resize(1000, 700)
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.tasks.wait(10000)


def _computed(qtbot, widget, timeout=60000):
    qtbot.waitUntil(lambda: not widget.busy and widget.simulation is not None, timeout=timeout)


def _shown(widget) -> str:
    """Every text the simulator shows: the table's cells, the status, the chips, the text view's
    text and its pills."""
    model = widget.model
    cells = [str(model.data(model.index(r, c)) or "") for r in range(model.rowCount())
             for c in range(model.columnCount())]
    return "\n".join(cells + [widget.status.text(), widget.chips.toPlainText(),
                              widget.text_view.shown_text(), *widget.text_view.pill_labels()])


def _ids(runtime, text, special=False):
    return runtime.encode(text, add_special_tokens=False, parse_special=special).ids.tolist()


def _first_pending_step(widget) -> int:
    return next(k + 1 for k, step in enumerate(widget.simulation.run.steps) if step.pending)


def test_a_step_inside_an_emoji_shows_its_pending_bytes_not_a_replacement_char(qtbot, simulator,
                                                                               demo):
    ids = _ids(demo, "a😀 b")  # 😀 is cut in three byte-level tokens: F0 9F | 98 | 80
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    simulator.go_to(2)
    assert simulator.model.data(simulator.model.index(1, 3)) == "⟨F0 9F⟩"
    assert simulator.model.data(simulator.model.index(1, 2)) == ""  # nothing emitted yet
    assert "⟨F0 9F⟩" in simulator.status.text() and "\ufffd" not in _shown(simulator)
    simulator.forward.click()
    assert simulator.model.data(simulator.model.index(2, 3)) == "⟨F0 9F 98⟩"
    simulator.forward.click()
    assert simulator.model.data(simulator.model.index(3, 2)) == "😀"
    assert simulator.emitted_text() == "a😀"
    simulator.to_end.click()
    assert simulator.emitted_text() == demo.decode(ids) == "a😀 b"


def test_a_stream_cut_inside_a_character_ends_with_its_bytes_in_hex(qtbot, simulator, demo):
    ids = _ids(demo, "a😀")[:-1]  # the emoji's last byte never comes
    assert "\ufffd" in demo.decode(ids)  # what a plain decode would show
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    simulator.to_end.click()
    assert simulator.emitted_text() == "a<F0 9F 98>"
    assert "\ufffd" not in _shown(simulator)


def test_a_stop_string_across_three_tokens_is_reported_and_never_emitted(qtbot, simulator, demo):
    text = "Hello world</answer> more"
    ids = _ids(demo, text)
    pieces = [demo.token_bytes(i) for i in ids]
    index = pieces.index(b"/")  # "ld" "<" "/": the stop "d</" starts inside the first
    assert pieces[index - 2:index + 1] == [b"ld", b"<", b"/"]
    simulator.add_stop_string("d</")
    simulator.add_stop_string("zzz")
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    simulator.go_to(index - 1)  # after "ld": the "d" is held back, the "l" emitted
    assert simulator.emitted_text() == "Hello worl"
    assert simulator.model.data(simulator.model.index(index - 2, 4)) == "d"
    simulator.to_end.click()
    assert simulator.step_count == index + 1  # the stream ends at the stop
    status = simulator.status.text()
    assert "“d&lt;/”" in status and f"token index {index} " in status
    assert f"character offset {len('Hello worl')}" in status
    assert simulator.emitted_text() == "Hello worl"
    assert "d</" not in "".join(step.text for step in simulator.simulation.run.steps)


def test_escapes_in_stop_strings_and_stop_ids(qtbot, simulator, demo):
    text = "The answer is 42.\n\nUser: hi"
    ids = _ids(demo, text)
    simulator.add_stop_string(r"\n\nUser:")
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    simulator.to_end.click()
    assert simulator.emitted_text() == "The answer is 42."
    assert simulator.simulation.run.stop.stop == "\n\nUser:"
    eos = 0  # the demo's <|endoftext|>
    simulator.set_source(demo, _ids(demo, "Hi<|endoftext|>more", special=True))
    simulator.stops.clear()
    simulator.stop_ids.setText(f"{eos}, 7")
    _computed(qtbot, simulator)
    simulator.to_end.click()
    assert simulator.emitted_text() == "Hi"
    assert f"stop ID {eos}" in simulator.status.text()


def test_changing_the_chunk_size_regroups_the_steps_and_keeps_the_place(qtbot, simulator, demo):
    ids = _ids(demo, "Streaming goes one chunk at a time, 你好 world.")
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    assert simulator.step_count == len(ids) + 1  # one ID a step, then the end
    simulator.go_to(7)
    simulator.chunk.setValue(3)
    qtbot.waitUntil(lambda: simulator.simulation.run.steps[0].ids == tuple(ids[:3]),
                    timeout=60000)
    _computed(qtbot, simulator)
    steps = simulator.simulation.run.steps
    assert [len(step.ids) for step in steps[:-1]] == [min(3, len(ids) - k)
                                                      for k in range(0, len(ids), 3)]
    assert simulator.position == 3  # 7 IDs were taken: the step that takes the 7th
    simulator.to_end.click()
    assert simulator.emitted_text() == demo.decode(ids)
    assert simulator.where.text() == f"Step {len(steps)} of {len(steps)}"


def test_out_of_range_ids_give_a_message_and_the_stream_up_to_them(qtbot, simulator, demo):
    ids = _ids(demo, "Hello world") + [demo.id_space + 10] + _ids(demo, " again")
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    status = simulator.status.text()
    bad = len(_ids(demo, "Hello world"))
    assert f"Token ID {demo.id_space + 10} at position {bad} is out of range" in status
    assert f"0–{demo.id_space - 1:,}" in status
    simulator.to_end.click()
    assert simulator.emitted_text() == "Hello world"
    simulator.set_source(demo, [-1])
    _computed(qtbot, simulator)
    assert "Token ID -1 at position 0 is out of range" in simulator.status.text()


def test_typed_ids_and_typed_text(qtbot, simulator, demo):
    simulator.set_runtime(demo)
    simulator.source.setPlainText("[66, 370, 248, 224]")
    qtbot.waitUntil(lambda: simulator.simulation is not None
                    and simulator.simulation.ids == [66, 370, 248, 224], timeout=60000)
    _computed(qtbot, simulator)
    simulator.to_end.click()
    assert simulator.emitted_text() == "a😀"
    simulator.source.setPlainText("1 2 x 4")
    qtbot.waitUntil(lambda: simulator.simulation is not None
                    and simulator.simulation.problem is not None, timeout=60000)
    assert "Item 3 of the IDs, “x”, is not a token ID" in simulator.status.text()
    simulator.source_mode.setCurrentIndex(simulator.source_mode.findData("text"))
    simulator.source.setPlainText("Hi 你好<|endoftext|>")
    qtbot.waitUntil(lambda: simulator.simulation is not None and simulator.simulation.run
                    is not None and simulator.simulation.ids == _ids(demo, "Hi 你好<|endoftext|>",
                                                                     special=True),
                    timeout=60000)
    simulator.stop_ids.setText("x")
    qtbot.waitUntil(lambda: "not an ID" in simulator.status.text(), timeout=60000)


@pytest.mark.serial  # measures wall-clock time: runs alone (tests/serial.py)
def test_a_100k_id_stream_is_computed_off_the_gui_thread(qtbot, simulator, demo):
    ids = (_ids(demo, "Hello 世界 👋🏽 streaming, line after line.\n") * 6000)[:100_000]
    started = time.perf_counter()
    simulator.set_source(demo, ids)
    assert time.perf_counter() - started < 1.0 and simulator.busy  # the worker decodes
    _computed(qtbot, simulator, timeout=180000)
    started = time.perf_counter()
    simulator.to_end.click()
    simulator.go_to(simulator.step_count // 2)
    assert time.perf_counter() - started < 1.0
    assert simulator.simulation.run.text == demo.decode(ids)
    assert simulator.table.model().rowCount() == simulator.step_count // 2


@pytest.mark.realdata
@pytest.mark.parametrize("name", ["gpt2.tiktoken", "mistral-v3/tokenizer.model",
                                  "claude-legacy/tokenizer.json"])
def test_mid_emoji_on_real_tokenizers(qtbot, simulator, name):
    """Byte-level BPE (bytes of 👋🏽 cut across tokens) and SentencePiece byte fallback
    (``<0xF0>`` pieces): the steps inside the emoji show pending bytes; the total equals decode."""
    runtime = load_tokenizer(require_data(TOKENIZERS / name))
    ids = _ids(runtime, "Hi 👋🏽 你好 done")
    simulator.set_source(runtime, ids)
    _computed(qtbot, simulator)
    simulator.go_to(_first_pending_step(simulator))
    step = simulator.simulation.run.steps[simulator.position - 1]
    assert "👋🏽".encode().startswith(step.pending.lstrip(b" ")) and step.pending.strip()
    assert pending_shown(step.pending) in simulator.status.text()
    assert "\ufffd" not in _shown(simulator)
    simulator.to_end.click()
    assert simulator.emitted_text() == runtime.decode(ids)


def test_helpers():
    assert unescape_stop(r"\n\t\\x\u00e9\x41") == "\n\t\\xéA"
    assert pending_shown(b"a\xe4\xbd") == "a⟨E4 BD⟩"
    assert pending_shown(b"\x80\xe4") == "⟨80 E4⟩"  # adjacent bad bytes make one group


def test_a_simulator_deleted_while_its_job_runs_on_a_shared_runner(qtbot, demo):
    """The Chat pane hands its own runner: a job that ends after the simulator was deleted (a
    closed pane) is dropped, not shown on the deleted widget."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from app.tasks import TaskRunner

    runner = TaskRunner()
    widget = StreamSimulator(tasks=runner)
    widget.set_source(demo, _ids(demo, "Hello 世界 👋🏽 streaming.\n") * 2000)
    assert widget.busy
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(widget, QEvent.Type.DeferredDelete)
    qtbot.waitUntil(lambda: not runner.busy, timeout=60000)  # (wait() would quit the worker)
    qtbot.wait(200)  # pytest-qt fails the test on an exception raised in the event loop


def test_stops_set_by_the_chat_pane_read_back_unchanged(qtbot, simulator, demo):
    """The Chat pane fills in the template's end-of-turn string and the EOS ID: strings with line
    breaks and backslashes are listed escaped and read back as they were."""
    stops = ["\n\nUser:", "a\\nb", "\t"]
    simulator.set_stops(stops, [0])
    assert [simulator.stops.item(k).text() for k in range(3)] == [r"\n\nUser:", r"a\\nb", r"\t"]
    assert simulator.stop_strings() == stops
    simulator.set_source(demo, _ids(demo, "The answer is 42.\n\nUser: hi"))
    _computed(qtbot, simulator)
    assert simulator.simulation.run.stop.stop == "\n\nUser:"


def test_a_byte_fallback_character_is_emitted_at_the_step_of_its_last_byte(qtbot, simulator):
    """SentencePiece byte fallback: "龘" is three byte pieces; the steps of the first two show
    them waiting, the third emits the character."""
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    ids = _ids(runtime, "ok 龘 ok")
    first = next(k for k, i in enumerate(ids) if runtime.piece(i).startswith("<0x"))
    assert [runtime.piece(i) for i in ids[first:first + 3]] == ["<0xE9>", "<0xBE>", "<0x98>"]
    simulator.set_source(runtime, ids)
    _computed(qtbot, simulator)
    model = simulator.model
    simulator.go_to(first + 2)
    assert model.data(model.index(first + 1, 2)) == "" and "⟨E9 BE⟩" in simulator.status.text()
    simulator.forward.click()
    assert model.data(model.index(first + 2, 2)) == "龘" and not simulator.simulation.run.steps[
        first + 2].pending
    assert simulator.emitted_text() == runtime.decode(ids[:first + 3])
    # a stray byte is no character: held (as DecodeStream holds it) and then shown in hex
    simulator.set_source(runtime, [runtime.token_to_id("<0x80>")] + _ids(runtime, "ok"))
    _computed(qtbot, simulator)
    simulator.forward.click()
    assert "Held back: ⟨80⟩ ends in bytes that are no character" in simulator.status.text()
    simulator.forward.click()
    assert simulator.emitted_text().startswith("<80>")


def test_a_prompt_prefilled_is_not_emitted_and_its_open_character_is_completed(qtbot,
                                                                                 simulator):
    runtime = load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")
    ids = _ids(runtime, "Say 龘 now")
    cut = next(k for k, i in enumerate(ids) if runtime.piece(i) == "<0xBE>")  # mid-character
    simulator.set_source(runtime, ids[cut:])
    simulator.prefill.setText(" ".join(map(str, ids[:cut])))
    qtbot.waitUntil(lambda: simulator.simulation is not None
                    and simulator.simulation.prefill == tuple(ids[:cut]), timeout=60000)
    _computed(qtbot, simulator)
    status = simulator.status.text()
    assert f"After a prompt of {cut} IDs" in status and "leaves ⟨E9⟩ open" in status
    simulator.forward.click()
    assert "Waiting for the rest of a character: ⟨E9 BE⟩" in simulator.status.text()
    simulator.forward.click()
    assert simulator.emitted_text() == "龘"
    simulator.to_end.click()
    assert simulator.emitted_text() == "龘 now"
    simulator.prefill.setText("1 two")
    qtbot.waitUntil(lambda: "Prompt IDs: “two” is not an ID" in simulator.status.text(),
                    timeout=60000)
    simulator.prefill.setText(str(runtime.id_space))
    qtbot.waitUntil(lambda: f"token ID {runtime.id_space} at prompt position 0 is out of range"
                    in simulator.status.text(), timeout=60000)


def test_leaving_out_special_tokens(qtbot, simulator, demo):
    ids = _ids(demo, "<|endoftext|>Hi<|endoftext|> there", special=True)
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    simulator.to_end.click()
    assert simulator.emitted_text() == demo.decode(ids)
    simulator.skip_special.setChecked(True)
    qtbot.waitUntil(lambda: not simulator.busy and simulator.simulation.run.text == "Hi there",
                    timeout=60000)
    assert simulator.simulation.run.text == demo.tk.decode(ids, skip_special_tokens=True)


def test_the_json_export_is_what_tokbench_stream_prints(qtbot, simulator, demo, tmp_path, capsys):
    """The same IDs, chunk, stops and prompt through the Streaming tab's Export JSON… and
    through ``tokbench stream --json``: the same line, envelope and all (docs/cli.md)."""
    import json

    from app.cli import main

    ids = _ids(demo, "Hello 😀 world STOP here")
    prompt = _ids(demo, "a prompt")
    simulator.set_stops(["STOP"], [])
    simulator.chunk.setValue(2)
    simulator.prefill.setText(" ".join(map(str, prompt)))
    simulator.set_source(demo, ids)
    _computed(qtbot, simulator)
    assert simulator.export_button.isEnabled()
    assert simulator.export_json(tmp_path / "s.json")
    (tmp_path / "ids.json").write_text(json.dumps(ids), encoding="utf-8")
    capsys.readouterr()
    assert main(["stream", str(DEMO / "demo-bpe" / "tokenizer.json"), str(tmp_path / "ids.json"),
                 "--stop", "STOP", "--chunk", "2", "--prefill", json.dumps(prompt),
                 "--json"]) == 0
    printed = capsys.readouterr().out
    assert (tmp_path / "s.json").read_text(encoding="utf-8") == printed
    assert json.loads(printed)["stop"]["kind"] == "string"
    # an ID out of range: tokbench stream refuses it, so there is nothing to export
    simulator.set_source(demo, [*ids, 10 ** 9])
    _computed(qtbot, simulator)
    assert not simulator.export_button.isEnabled()
    assert not simulator.export_json(tmp_path / "none.json")
    assert not (tmp_path / "none.json").exists()
