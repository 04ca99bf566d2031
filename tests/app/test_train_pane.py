"""The Train pane driven as a user would: configure, start, watch, cancel, close, inspect."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool

from app.main_window import DEMO
from core.corpus import CorpusSource
from core.engines.config import TrainingConfig
from tests.app.gui_meter import assert_never_stalls
from tests.app.test_responsiveness import STALL_LIMIT

pytestmark = pytest.mark.gui
SYLLABLES = ("ka", "ri", "to", "mu", "sen", "pa", "lo", "ve", "zin", "dra", "o", "e", "qu", "shi",
             "na", "bel", "tor", "ix")


def synthetic_corpus(path: Path, lines: int, seed: int = 7) -> Path:
    """Made-up words (no duplicates to speak of), so training has real work to do."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as handle:
        for _ in range(lines):
            words = ("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4)))
                     for _ in range(12))
            handle.write(" ".join(words) + "\n")
    return path


def use_corpus(window, *paths: Path) -> None:
    """What the Corpus pane hands the Train pane (tested in test_corpus_pane.py)."""
    window.session.set_corpus([CorpusSource(p, lang="mul") for p in paths], policy="strict")


def configure(pane, preset: str, **fields) -> TrainingConfig:
    pane.form.apply_preset(preset)
    values = {**pane.form.raw_values(), **fields}
    pane.form.set_config(TrainingConfig.from_json(values))
    return pane.form.config()


def descendants() -> dict[int, str]:
    """Live processes started by this test process, at any depth, with their command lines
    (Linux /proc); multiprocessing's resource tracker, which lives as long as this process,
    is left out."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text() if entry.isdigit() else ""
        except OSError:
            continue
        if stat:
            state, parent = stat.rsplit(")", 1)[1].split()[:2]
            if state != "Z":
                parents[int(entry)] = int(parent)
    found, todo = {}, [os.getpid()]
    while todo:
        parent = todo.pop()
        for pid, ppid in parents.items():
            if ppid == parent:
                try:
                    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
                except OSError:
                    continue
                if b"resource_tracker" not in command:
                    found[pid] = command.decode(errors="replace")
                todo.append(pid)
    return found


@pytest.fixture
def pane(window):
    window.panes.setCurrentWidget(window.train)
    return window.train


# The wait for a run's end is a guard against a hang, not a measure of speed (stop_seconds and
# the stall meter are): a run starts a spawned interpreter (core.supervisor.run_function) that
# imports the core before it trains, seconds on a quiet machine and ten times that at a load
# of 14 on 2 cores, where 20 s ran out for a 400-token vocabulary of the demo corpus.
RUN_GUARD_MS = 120_000


def run_to_end(qtbot, pane, timeout=RUN_GUARD_MS):
    with qtbot.waitSignal(pane.finished, timeout=timeout) as signal:
        assert pane.start(), pane.progress_label.text()
    return signal.args[0]


def test_an_empty_corpus_is_said_and_start_is_off(qtbot, window, pane):
    assert "The corpus is empty" in pane.corpus_label.text()
    assert not pane.start_button.isEnabled()
    assert not pane.start()
    assert "corpus is empty" in pane.progress_label.text()


def test_reference_bpe_opens_in_inspect_with_its_vocab_size(qtbot, window, pane):
    use_corpus(window, DEMO / "corpus.txt")
    assert "1 source," in pane.corpus_label.text() and pane.start_button.isEnabled()
    configure(pane, "GPT-2-like byte-level BPE", vocab_size=400)
    outcome = run_to_end(qtbot, pane)
    assert outcome is not None, pane.progress_label.text()
    loaded = window.session.current_tokenizer
    assert loaded.runtime is outcome.runtime and loaded.path == outcome.path
    assert loaded.runtime.vocab_size == 400
    assert window.inspect.tokenizer_box.currentText() == loaded.label
    manifest = json.loads((outcome.path / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["training"]["config"]["vocab_size"] == 400
    assert manifest["training"]["corpus"]["languages"]["mul"]["documents"] > 500  # filled in
    assert pane.result_box.isVisible() and "400 tokens" in pane.result_label.text()
    assert "merges" in pane.log.toPlainText()
    # merges per second when the run was long enough to chart them, else each merge's count
    assert len(pane.chart.points) >= 2
    assert pane.chart.title.startswith(("Merges per second", "Pair count of each merge"))
    pane.inspect_button.click()
    assert window.panes.currentWidget() is window.inspect


def test_sentencepiece_unigram_reports_bytes_used_per_source(qtbot, window, pane, tmp_path):
    extra = synthetic_corpus(tmp_path / "made_up.txt", 300)
    use_corpus(window, DEMO / "corpus.txt", extra)
    configure(pane, "SentencePiece-like Unigram", vocab_size=1600)
    assert pane.form.editors["min_frequency"].isEnabled() is False  # spm ignores it
    outcome = run_to_end(qtbot, pane)
    assert outcome is not None, pane.progress_label.text()
    assert window.session.current_tokenizer.runtime.vocab_size == 1600
    training = outcome.manifest["training"]
    assert training["bytes_used"] == training["bytes_offered"] > 0
    assert "used all of them" in pane.bytes_note.text()
    table = pane.bytes_table
    assert table.rowCount() == 2 and not table.isColumnHidden(4)
    assert [table.item(r, 0).text() for r in range(2)] == ["corpus.txt", "made_up.txt"]
    assert table.item(1, 4).text() == table.item(1, 3).text()
    assert "EM" in pane.log.toPlainText()


@pytest.mark.serial  # measures wall-clock time: runs alone (tests/serial.py)
def test_stop_stops_within_a_second_and_keeps_nothing(qtbot, window, pane, tmp_path):
    use_corpus(window, synthetic_corpus(tmp_path / "big.txt", 6000))
    configure(pane, "GPT-2-like byte-level BPE", vocab_size=30000)
    before = list(window.session.tokenizers)
    assert pane.start()
    qtbot.waitUntil(lambda: pane.meter.phase == "merges", timeout=15000)
    dest = pane._dest
    with qtbot.waitSignal(pane.finished, timeout=3000) as signal:
        pane.stop_button.click()
    assert signal.args == [None]
    assert pane.stop_seconds < 1.0
    assert not dest.exists() and not dest.parent.exists()
    assert window.session.tokenizers == before
    assert "Stopped" in pane.progress_label.text()
    assert pane.start_button.isEnabled() and not pane.stop_button.isEnabled()


@pytest.mark.serial  # measures wall-clock time: runs alone (tests/serial.py)
def test_gui_thread_never_stalls_while_training(qtbot, window, pane, tmp_path):
    use_corpus(window, synthetic_corpus(tmp_path / "words.txt", 3000))
    configure(pane, "GPT-2-like byte-level BPE", vocab_size=1200)
    # the first look at a chart loads matplotlib on the chart thread, once a session: a user
    # opens the pane before starting a run; what is measured is the run
    qtbot.waitUntil(lambda: pane.chart.image is not None and not pane.chart.rendering,
                    timeout=30000)
    assert_never_stalls(lambda: run_to_end(qtbot, pane), STALL_LIMIT, min_gaps=50)


def test_closing_the_window_during_training_cancels_and_waits(qtbot, window, pane, tmp_path):
    use_corpus(window, synthetic_corpus(tmp_path / "words.txt", 20000))
    configure(pane, "SentencePiece-like Unigram", vocab_size=3000)
    assert pane.start()
    qtbot.waitUntil(lambda: pane.meter.phase in ("loading", "seeding", "EM"), timeout=15000)
    qtbot.waitUntil(lambda: any("sentencepiece" in c for c in descendants().values()),
                    timeout=5000)  # the trainer runs, two processes down
    scratch = Path(pane._scratch.name)
    window.close()
    assert QThreadPool.globalInstance().activeThreadCount() == 0
    assert not descendants()
    assert not scratch.exists()
    assert window.session.tokenizers == []


def test_config_presets_and_json_round_trip(qtbot, window, pane, tmp_path):
    config = configure(pane, "BERT-like WordPiece", vocab_size=5000, seed=3)
    assert (config.algorithm, config.lowercase) == ("wordpiece", True)
    assert config.special_tokens == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    path = tmp_path / "config.json"
    assert pane.save_config(path)
    assert TrainingConfig.load(path) == config
    configure(pane, "SentencePiece-like Unigram")
    algorithms = pane.form.editors["algorithm"]
    enabled = [algorithms.itemData(i) for i in range(algorithms.count())
               if algorithms.model().item(i).isEnabled()]
    assert enabled == ["bpe", "unigram"]
    assert pane.load_config(path)
    assert pane.form.config() == config
    pane.form.editors["engine"].setCurrentIndex(pane.form.editors["engine"].findData("reference"))
    pane.form.editors["algorithm"].setCurrentIndex(algorithms.findData("bpe"))
    pane.form.editors["end_of_word"].setCurrentIndex(
        pane.form.editors["end_of_word"].findData("symbol"))
    assert not pane.form.problem  # the separate </w> trains into the workbench's own format



SCREEN_WIDTH = 1600  # the user's screen: the window must fit whatever the error says


def _fail_sentencepiece(qtbot, window, pane, corpus: Path, vocab_size: int) -> None:
    use_corpus(window, corpus)
    configure(pane, "SentencePiece-like Unigram", vocab_size=vocab_size)
    assert run_to_end(qtbot, pane) is None


@pytest.mark.realdata
def test_a_sentencepiece_error_is_plain_wrapped_and_keeps_the_window_on_screen(
        qtbot, window, pane, monkeypatch):
    from tests.conftest import DATA, require_data

    corpus = require_data(DATA / "corpora" / "mono" / "ja_wagahaiwa_nekodearu.txt")
    # reading charts MB/s every half second: on a loaded machine the reading lasted long enough
    # for two points, and the chart kept them instead of saying the run stopped first
    monkeypatch.setattr("app.models.training_run.POINT_EVERY", 3600.0)
    _fail_sentencepiece(qtbot, window, pane, corpus, 400)
    text = pane.progress_label.text()
    assert "vocabulary 400 is smaller than the " in text and "raise the vocabulary" in text
    assert "INTERNAL" not in text and "trainer_interface" not in text
    assert pane.progress_label.wordWrap()
    assert window.minimumSizeHint().width() <= SCREEN_WIDTH
    assert window.sizeHint().width() <= SCREEN_WIDTH
    assert pane.minimumSizeHint().width() <= SCREEN_WIDTH
    log = pane.log.toPlainText()
    assert "failed: vocabulary 400" in log and "checking" in log  # before the trainer ran
    assert pane.chart.placeholder == "The run stopped before there was anything to chart"


def test_the_trainers_own_refusal_is_translated_and_its_text_kept(qtbot, window, pane,
                                                                    tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("hello world\nthis is a test\nanother line of text here\n")
    _fail_sentencepiece(qtbot, window, pane, small, 500)
    text = pane.progress_label.text()
    assert "vocabulary 500 is more than this corpus can fill" in text
    assert "Vocabulary size too high (500)" in pane.progress_label.toolTip()
    assert "Vocabulary size too high (500)" in pane.log.toPlainText()
    assert window.minimumSizeHint().width() <= SCREEN_WIDTH


def test_a_config_no_engine_can_train_is_refused_before_reading(qtbot, window, pane, tmp_path):
    use_corpus(window, DEMO / "corpus.txt")
    configure(pane, "BERT-like WordPiece", special_tokens=["[PAD]"])
    assert "add [UNK] to the special tokens" in pane.form.note.text()
    assert not pane.start_button.isEnabled() and not pane.start()
    assert "add [UNK]" in pane.progress_label.text()


def test_deduplication_is_one_setting_shared_by_corpus_pane_and_config(qtbot, window, pane,
                                                                        tmp_path):
    window.corpus.add_paths([DEMO / "corpus.txt"])  # checked in a worker
    qtbot.waitUntil(lambda: bool(window.session.corpus_sources), timeout=20000)
    box = window.corpus.dedup_box
    assert box.isChecked() and pane.form.config().deduplicate
    assert "deduplicate" not in pane.form.editors  # edited in the Corpus pane only
    box.setChecked(False)
    assert window.session.corpus_dedup is False and pane.form.config().deduplicate is False
    assert "duplicates kept" in pane.corpus_label.text()
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"algorithm": "bpe", "deduplicate": True}))
    assert pane.load_config(path)
    assert box.isChecked() and window.session.corpus_dedup and pane.form.config().deduplicate
    assert pane.save_config(path) and json.loads(path.read_text())["deduplicate"] is True


def test_the_seed_example_trains_from_the_pane_with_duplicates_kept(qtbot, window, pane,
                                                                     tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("low\n" * 5 + "lower\n" * 2, encoding="utf-8")
    window.corpus.dedup_box.setChecked(False)
    use_corpus(window, words)
    configure(pane, "GPT-2-like byte-level BPE", algorithm="bpe", end_of_word="symbol",
              vocab_size=9, min_frequency=1, special_tokens=[])
    outcome = run_to_end(qtbot, pane)
    assert outcome is not None, pane.progress_label.text()
    assert outcome.trace["merges"] == [["l", "o", 7], ["lo", "w", 7], ["low", "</w>", 5]]
    assert "note: no unknown token" in pane.log.toPlainText()


@pytest.fixture
def chinese_pane(qapp, qtbot, tmp_path):
    """A window built with the Chinese translator installed, as a zh_CN user starts it."""
    from PySide6.QtCore import QSettings

    from app import i18n
    from app.main_window import MainWindow
    from app.session import Session

    i18n.install_language("zh_CN", qapp)
    try:
        win = MainWindow(Session(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)))
        win.resize(1200, 800)
        qtbot.addWidget(win)
        win.show()
        win.panes.setCurrentWidget(win.train)
        yield win.train
        win.tasks.wait(5000)
    finally:
        i18n.install_language("en", qapp)


def test_the_pane_speaks_chinese_form_presets_and_early_checks(qtbot, chinese_pane):
    pane = chinese_pane
    form = pane.form
    assert form.form.labelForField(form.editors["vocab_size"]).text() == "词表大小"
    engines = form.editors["engine"]
    assert (engines.itemText(0), engines.itemData(0)) == ("参考实现（工作台自带）", "reference")
    algorithms = form.editors["algorithm"]
    index = algorithms.findData("bytelevel_bpe")
    assert algorithms.itemText(index) == "字节级 BPE"  # the identifier stays the item's data
    presets = pane.preset_box
    index = presets.findData("BERT-like WordPiece")
    assert presets.itemText(index) == "类 BERT WordPiece"
    presets.setCurrentIndex(index)
    presets.activated.emit(index)
    assert form.config().algorithm == "wordpiece" and presets.currentIndex() == index
    use_corpus(pane.window(), DEMO / "corpus.txt")
    assert "<b>语料：</b>1 个来源" in pane.corpus_label.text()
    configure(pane, "BERT-like WordPiece", special_tokens=["[PAD]"])
    assert form.note.text() == ("⚠ WordPiece 需要一个未知词元来表示无法切分的词：请将 [UNK] 加入特殊"
                                "词元")
    assert not pane.start() and "请将 [UNK] 加入特殊词元" in pane.progress_label.text()


def test_a_trainer_refusal_and_a_finished_run_are_said_in_chinese(qtbot, chinese_pane, tmp_path):
    pane = chinese_pane
    small = tmp_path / "small.txt"
    small.write_text("hello world\nthis is a test\nanother line of text here\n")
    _fail_sentencepiece(qtbot, pane.window(), pane, small, 500)
    assert "词表 500 超出了此语料能填满的大小" in pane.progress_label.text()
    assert "Vocabulary size too high (500)" in pane.progress_label.toolTip()  # the trainer's
    assert "失败：词表 500" in pane.log.toPlainText()
    assert pane.window().minimumSizeHint().width() <= SCREEN_WIDTH

    words = tmp_path / "words.txt"
    words.write_text("low\n" * 5 + "lower\n" * 2, encoding="utf-8")
    use_corpus(pane.window(), words)
    configure(pane, "GPT-2-like byte-level BPE", algorithm="bpe", end_of_word="symbol",
              vocab_size=9, min_frequency=1, special_tokens=[])
    assert run_to_end(qtbot, pane) is not None, pane.progress_label.text()
    log = pane.log.toPlainText()
    assert "注意：没有未知词元" in log and "完成：9 个词元" in log
    assert "合并" in log  # the phase names, as RunMeter says them
    assert pane.progress_label.text().startswith("用时 ")
    assert "9 个词元" in pane.result_label.text() and "尚未保存" in pane.result_label.text()


def test_a_repeated_special_token_is_said_in_chinese_as_it_is_typed(qtbot, chinese_pane):
    form = chinese_pane.form
    form.editors["special_tokens"].setText("<unk> <s> <unk>")
    assert form.note.text() == "⚠ 配置：special_tokens 中有重复的 ['<unk>']"
    assert form.problem == "配置：special_tokens 中有重复的 ['<unk>']"


def test_a_saved_trained_bundle_takes_the_scratch_copys_place(qtbot, window, pane, tmp_path,
                                                              monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    use_corpus(window, DEMO / "corpus.txt")
    configure(pane, "GPT-2-like byte-level BPE", vocab_size=300)
    outcome = run_to_end(qtbot, pane)
    assert pane.owns(outcome.path)
    target = tmp_path / "mine.zip"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    count = len(window.session.tokenizers)
    pane.save_button.click()
    qtbot.waitUntil(lambda: window.session.current_tokenizer.path == target, timeout=20000)
    # in its place, once: the Tokenizer tab shows the bundle, the lists have one entry of it
    assert len(window.session.tokenizers) == count
    assert str(target) in window.inspect.info.summary.text()
    labels = [window.inspect.tokenizer_box.itemText(i)
              for i in range(window.inspect.tokenizer_box.count())]
    assert labels.count(window.session.current_tokenizer.label) == 1
    assert window.session.recent_files()[0] == str(target.resolve())
    assert str(target) == str(window.workspace.capture().current)  # the path that lasts
    window.open_path(target)  # opened again: still one entry
    qtbot.wait(500)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=20000)
    assert len(window.session.tokenizers) == count
