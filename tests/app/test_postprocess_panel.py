"""The Inspect pane's post-processing group driven as a user would: what the tokenizer adds is
said in words, a pair / truncation / padding change the tokens shown, what was cut is reported,
pad tokens are marked, and a bad template is a message, not a crash."""

from __future__ import annotations

import pytest

from core.encodings.encoding import Flag
from core.loading import open_tokenizer
from core.pipeline.postprocess import PostSettings, postprocess
from tests.app.conftest import open_and_wait, wait_inspected

pytestmark = pytest.mark.gui
TEXT = "one two three four five six seven eight nine ten"


def _unigram(window, qtbot, demo_paths):
    path = next(p for p in demo_paths if p.suffix == ".model")
    open_and_wait(qtbot, window, path)
    window.session.set_current(len(window.session.tokenizers) - 1)
    window.session.set_text(TEXT)
    return path, wait_inspected(qtbot, window)


def test_the_controls_say_what_is_added_and_start_inactive(qtbot, window, demo_paths):
    _, result = _unigram(window, qtbot, demo_paths)
    panel = window.inspect.post_panel
    assert panel.settings() == PostSettings() and not panel.settings().active
    assert not panel.body.isVisible()  # collapsed: one line, the layout stays as it was
    assert "adds <b>&lt;s&gt;</b> at the start" in panel.summary.text()
    assert "the model's BOS piece" in panel.summary.text()
    assert result.encoding.ids[0] == 1 and result.post is None
    window.inspect.add_special.setChecked(False)
    wait_inspected(qtbot, window)
    assert "“Add special tokens” is off" in panel.summary.text()
    panel.toggle.setChecked(True)
    assert panel.body.isVisible()


def test_truncation_and_padding_change_the_tokens_and_report_the_cut(qtbot, window, demo_paths):
    path, _ = _unigram(window, qtbot, demo_paths)
    panel = window.inspect.post_panel
    panel.toggle.setChecked(True)
    panel.truncate.setChecked(True)
    panel.max_length.setValue(5)
    panel.stride.setValue(1)
    panel.pad.setChecked(True)
    panel.pad_multiple.setValue(4)
    panel.pad_side.setCurrentIndex(panel.pad_side.findData("left"))
    qtbot.waitUntil(lambda: window.inspect.result.post is not None, timeout=20000)
    result = wait_inspected(qtbot, window)
    runtime = open_tokenizer(path).runtime
    settings = PostSettings(max_length=5, stride=1, pad_multiple=4, pad_side="left")
    expected = postprocess(runtime, TEXT, **settings.resolve(runtime))
    shown = result.encoding
    assert shown.ids.tolist() == expected.window.ids == result.post.window.ids
    assert len(shown) == 8 and ((shown.flags & Flag.PAD) != 0).tolist()[:3] == [True] * 3
    assert window.inspect.table_model.rowCount() == 8
    (cut,) = result.post.truncated
    line = panel.result_line.text()
    assert f"{cut.count} tokens cut from the text" in line and "overflow window" in line
    assert "pad token" in line and panel.result_line.isVisible()


def test_a_pair_and_a_template_of_ones_own(qtbot, window, demo_paths):
    _unigram(window, qtbot, demo_paths)
    panel = window.inspect.post_panel
    panel.template.setText("<s> $A </s>")
    panel.pair_template.setText("<s> $A </s> $B:1 </s>:1")
    panel.pair.setText("second")
    qtbot.waitUntil(lambda: window.inspect.result.post is not None
                    and window.inspect.result.post.template.origin == "user", timeout=20000)
    result = wait_inspected(qtbot, window)
    window_ids = result.post.window
    assert window_ids.type_ids[-1] == 1 and window_ids.sequence_ids.count(1) > 0
    assert "between the texts" in panel.summary.text() and "your template" in panel.summary.text()
    assert "from the second text" in panel.result_line.text()


def test_a_bad_template_is_named_and_the_text_still_shows(qtbot, window, demo_paths):
    _unigram(window, qtbot, demo_paths)
    panel = window.inspect.post_panel
    panel.template.setText("$A [NOPE]")
    qtbot.waitUntil(lambda: bool(window.inspect.result.post_error), timeout=20000)
    result = wait_inspected(qtbot, window)
    assert "'[NOPE]' is not a token of this tokenizer" in panel.result_line.text()
    assert result.post is None and len(result.encoding) > 0


def test_the_files_own_truncation_and_padding_one_click_away(qtbot, window, tmp_path):
    """A tokenizer.json that pads and truncates itself: the workbench shows the text's own tokens
    (and says so), and the button applies the file's settings."""
    import json

    from core.pipeline.postprocess import file_settings
    from tests.core.pipeline.test_postprocess import DEMO

    spec = json.loads((DEMO / "demo-bpe" / "tokenizer.json").read_text(encoding="utf-8"))
    pad_id = spec["added_tokens"][1]["id"]
    spec["truncation"] = {"direction": "Right", "max_length": 6, "strategy": "LongestFirst",
                          "stride": 0}
    spec["padding"] = {"strategy": {"Fixed": 8}, "direction": "Left", "pad_to_multiple_of": None,
                       "pad_id": pad_id, "pad_type_id": 0, "pad_token": "<|pad|>"}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    window.session.set_current(len(window.session.tokenizers) - 1)
    window.session.set_text("one two three four five")
    result = wait_inspected(qtbot, window)
    panel = window.inspect.post_panel
    assert result.post is None and len(result.encoding) > 6
    panel.toggle.setChecked(True)
    assert panel.use_file.isVisible()
    panel.use_file.click()
    qtbot.waitUntil(lambda: window.inspect.result.post is not None, timeout=20000)
    result = wait_inspected(qtbot, window)
    assert panel.settings() == file_settings(result.runtime)
    assert result.encoding.ids.tolist()[:2] == [pad_id, pad_id] and len(result.encoding) == 8
