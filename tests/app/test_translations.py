"""Every user-visible string goes through Qt's translation layer and has a finished Chinese
translation; the language follows the saved choice, else the system locale.

Two halves:

* **completeness** — lupdate runs over the current ``app/`` into a temporary ``.ts``; every string it
  finds in a module of ``TRANSLATED_MODULES`` must have a finished translation in the committed
  ``resources/translations/workbench_zh_CN.ts`` (and, for plural forms, in ``workbench_en.ts``),
  keeping its ``{placeholders}`` and ``%n``; the committed files hold nothing that vanished from the
  code, and their ``.qm`` are what lrelease makes of them;
* **no bypass** — an AST scan of those modules fails on a string literal, f-string or
  ``"...".format`` handed straight to a visible-text sink (``QLabel("...")``, ``.setText(...)``,
  ``QMessageBox.warning(...)``…) instead of through ``tr`` / ``translate``, or on an f-string inside
  ``tr`` (lupdate cannot read it). A literal that is data, not text, carries ``# i18n: data`` on
  its line.

**Scope.** Every module under ``app/`` is checked except those in ``EXEMPT`` (each with its
reason: the English CLI, and modules with no GUI text), so a new module is checked from its first
line. Run ``make translations`` after adding strings, then translate the ``unfinished`` entries.
"""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from app import i18n
from app.translations import SOURCES, TRANSLATIONS, lrelease, lupdate

ROOT = Path(__file__).resolve().parents[2]
# Modules with no GUI text, each with the reason; EVERY other module under app/ is checked, so a
# new module is held to the translation from its first line.
EXEMPT = {
    "app/cli.py": "the command line speaks English by design (docs/cli.md)",
    "app/cli_args.py": "the command line's shared options: English by design",
    "app/platform_check.py": "prints to stderr before Qt starts: English, no GUI text",
    "app/translations.py": "the build tool behind `make translations`: no GUI text",
    "app/commands/audit.py": "`tokbench audit`: the command line speaks English by design",
    "app/commands/diff.py": "tokbench diff: the command line speaks English by design",
    "app/commands/golden.py": "tokbench golden: the command line speaks English by design",
    "app/commands/fingerprint.py": "tokbench fingerprint: the command line speaks English",
}
TRANSLATED_MODULES = sorted(path.relative_to(ROOT).as_posix()
                            for path in (ROOT / "app").rglob("*.py")
                            if path.relative_to(ROOT).as_posix() not in EXEMPT)
ZH_TS = TRANSLATIONS / "workbench_zh_CN.ts"
EN_TS = TRANSLATIONS / "workbench_en.ts"


# -- reading .ts files -------------------------------------------------------------------------
@dataclass
class Message:
    context: str
    source: str
    comment: str
    numerus: bool
    state: str  # "" (finished), "unfinished", "obsolete" or "vanished"
    forms: list[str]  # the translation, or its plural forms
    files: set[Path] = field(default_factory=set)

    @property
    def key(self) -> tuple[str, str, str]:
        return self.context, self.source, self.comment


def read_ts(path: Path) -> dict[tuple[str, str, str], Message]:
    """The messages of a .ts file by (context, source, disambiguation)."""
    messages = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for node in context.iter("message"):
            translation = node.find("translation")
            numerus = node.get("numerus") == "yes"
            forms = ([form.text or "" for form in translation.iter("numerusform")] if numerus
                     else [translation.text or ""])
            files = {(path.parent / loc.get("filename")).resolve()
                     for loc in node.iter("location") if loc.get("filename")}
            message = Message(name, node.findtext("source") or "", node.findtext("comment") or "",
                              numerus, translation.get("type", ""), forms, files)
            messages[message.key] = message
    return messages


def extract(sources: Path, scratch: Path) -> dict[tuple[str, str, str], Message]:
    """What lupdate finds in ``sources`` now, with the file of each string."""
    ts = scratch / "extracted.ts"
    lupdate(sources, ts, locations="absolute")
    return read_ts(ts)


def in_modules(message: Message, modules: list[Path]) -> bool:
    return any(path in modules for path in message.files)


# -- the checks (functions, so that the tests below can also run them on a planted mistake) -------
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*\}|%L?n")


def translation_problems(extracted: dict, committed: dict, modules: list[Path], *,
                         plural_only: bool = False) -> list[str]:
    """Strings of ``modules`` with no finished translation in ``committed``, translations that
    lost or invented a placeholder, and committed entries whose source is gone from the code."""
    problems = []
    for key, message in extracted.items():
        if plural_only and not message.numerus:
            continue
        done = committed.get(key)
        where = f"{message.context}: {message.source!r}"
        if done is None:
            if in_modules(message, modules):
                problems.append(f"not in the committed .ts (run `make translations`): {where}")
            continue
        if in_modules(message, modules) and (done.state or not all(f.strip() for f in done.forms)):
            problems.append(f"translation {done.state or 'empty'}: {where}")
        if done.numerus != message.numerus:
            problems.append(f"plural form changed (run `make translations`): {where}")
        wanted = sorted(set(PLACEHOLDER.findall(message.source)))
        for form in done.forms:
            if form and sorted(set(PLACEHOLDER.findall(form))) != wanted:
                problems.append(f"placeholders {wanted} not kept in {form!r}: {where}")
    for key, done in committed.items():
        if key not in extracted or done.state in ("obsolete", "vanished"):
            problems.append(f"stale: no longer in the code: {done.context}: {done.source!r}")
    return problems


# the constructors and methods that put their string arguments on screen
TEXT_CLASSES = {"QLabel", "QPushButton", "QCheckBox", "QGroupBox", "QAction", "QRadioButton",
                "QToolButton", "QMessageBox", "QTableWidgetItem", "QTreeWidgetItem",
                "QListWidgetItem", "QStandardItem"}
TEXT_METHODS = {"setText", "setToolTip", "setPlaceholderText", "setWindowTitle", "addTab",
                "insertTab", "setTabText", "setTabToolTip", "addMenu", "addAction",
                "setHorizontalHeaderLabels", "setVerticalHeaderLabels", "setHeaderLabels",
                "setTitle", "showMessage", "setStatusTip", "setWhatsThis", "addSimpleText",
                "setItemText", "setLabelText", "addRow"}
FIRST_ARGUMENT_ONLY = {"addItem", "insertItem"}  # a combo box's second argument is its data
STATIC_TEXT_OWNERS = {"QMessageBox"}  # QMessageBox.warning(parent, "title", "text")
TRANSLATORS = {"tr", "translate", "QT_TR_NOOP", "QT_TRANSLATE_NOOP"}
MARKUP = re.compile(r"<[^>]*>|&[#\w]+;")


def _is_words(text: str) -> bool:
    """Does a literal read as words (markup, separators and numbers do not)?"""
    return bool(re.search(r"[^\W\d_]", MARKUP.sub("", text)))


def bypasses_tr(node: ast.AST) -> bool:
    """Is ``node`` text made without ``tr``: a literal, an f-string, ``"...".format(...)``,
    or a concatenation, choice or list holding one?"""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and _is_words(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and _is_words(str(v.value)) for v in node.values)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in TRANSLATORS:
            return False
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return bypasses_tr(func.value)
        return False
    if isinstance(node, ast.BinOp):
        return bypasses_tr(node.left) or bypasses_tr(node.right)
    if isinstance(node, ast.IfExp):
        return bypasses_tr(node.body) or bypasses_tr(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(bypasses_tr(element) for element in node.elts)
    return False


def _text_arguments(call: ast.Call) -> list[ast.AST]:
    func = call.func
    if isinstance(func, ast.Name) and func.id in TEXT_CLASSES:
        return list(call.args)
    if isinstance(func, ast.Attribute):
        if isinstance(func.value, ast.Name) and func.value.id in STATIC_TEXT_OWNERS:
            return list(call.args)
        if func.attr in TEXT_METHODS:
            return list(call.args)
        if func.attr in FIRST_ARGUMENT_ONLY:
            return list(call.args[:1])
    return []


def _tr_source(call: ast.Call) -> ast.AST | None:
    """The source-text argument of a ``tr`` / ``translate`` call (None for other calls)."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    index = {"tr": 0, "translate": 1}.get(name)
    return call.args[index] if index is not None and len(call.args) > index else None


def untranslated_literals(path: Path) -> list[str]:
    """``file:line: code`` for every text literal handed straight to a visible-text sink, every
    f-string given to ``tr`` (lupdate cannot read it, and no translation would match), and every
    ``tr`` called inside an f-string's braces (lupdate does not look there: the string is never
    extracted, so it is never translated and the completeness check cannot see it)."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source, str(path))):
        if isinstance(node, ast.FormattedValue):
            found += [f"{path.name}:{call.lineno}: {lines[call.lineno - 1].strip()}"
                      for call in ast.walk(node.value)
                      if isinstance(call, ast.Call) and _tr_source(call) is not None]
        if not isinstance(node, ast.Call):
            continue
        if isinstance(_tr_source(node), ast.JoinedStr):
            found.append(f"{path.name}:{node.lineno}: {lines[node.lineno - 1].strip()}")
        for arg in _text_arguments(node):
            line = lines[arg.lineno - 1]
            if bypasses_tr(arg) and "# i18n: data" not in line:
                found.append(f"{path.name}:{arg.lineno}: {line.strip()}")
    return found


# -- the tests ---------------------------------------------------------------------------------
MODULES = [ROOT / name for name in TRANSLATED_MODULES]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    return extract(SOURCES, tmp_path_factory.mktemp("lupdate"))


def test_exempt_modules_exist_and_the_rest_is_checked():
    missing = [name for name in EXEMPT if not (ROOT / name).is_file()]
    assert not missing, f"EXEMPT names files that are gone: {missing}"
    assert "app/main_window.py" in TRANSLATED_MODULES and "app/cli.py" not in TRANSLATED_MODULES


def test_every_string_has_a_finished_chinese_translation(extracted):
    problems = translation_problems(extracted, read_ts(ZH_TS), MODULES)
    assert not problems, "\n".join(problems)


def test_every_plural_has_its_english_forms(extracted):
    """English plurals (``%n merge(s)`` -> ``1 merge``, ``3 merges``) come from workbench_en.ts."""
    committed = read_ts(EN_TS)
    problems = translation_problems(extracted, committed, MODULES, plural_only=True)
    assert not problems, "\n".join(problems)
    for message in committed.values():
        assert len(message.forms) == 2, f"English has two plural forms: {message.source!r}"


def test_no_text_literal_bypasses_tr():
    found = [hit for path in MODULES for hit in untranslated_literals(path)]
    assert not found, "wrap these in self.tr / QCoreApplication.translate:\n" + "\n".join(found)


@pytest.mark.parametrize("ts", [ZH_TS, EN_TS], ids=lambda p: p.name)
def test_committed_qm_is_compiled_from_its_ts(ts, tmp_path):
    qm = tmp_path / ts.with_suffix(".qm").name
    lrelease(ts, qm)
    assert qm.read_bytes() == ts.with_suffix(".qm").read_bytes(), \
        f"{ts.with_suffix('.qm').name} is out of date: run `make translations`"


# -- the checks catch what they are for (a planted mistake in a scratch module) -------------------
PLANTED = '''
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget


class Planted(QWidget):
    def __init__(self):
        super().__init__()
        self.ok = QLabel(self.tr("Tokenizer Workbench"))
        self.new = QLabel(self.tr("A string nobody translated yet"))
        self.bad = QLabel("A literal that bypasses tr")
        self.bad.setToolTip(f"{self.ok} tokens")
        self.bad.setText("{n} tokens".format(n=3))
        QMessageBox.warning(self, "Oops", self.tr("Tokenizer Workbench"))
        self.fine = QLabel("<b>{}</b>".format(3))
        self.data = QLabel("text")  # i18n: data
        self.tip = self.tr(f"{self.ok} is not readable by lupdate")
        self.head = f"<th>{self.tr('Hidden from lupdate')}</th>"
'''


def test_completeness_check_fails_on_an_untranslated_string(tmp_path):
    module = tmp_path / "src" / "planted.py"
    module.parent.mkdir()
    module.write_text(PLANTED.replace("class Planted", "class MainWindow"), encoding="utf-8")
    problems = translation_problems(extract(module.parent, tmp_path), read_ts(ZH_TS),
                                    [module.resolve()])
    assert any("A string nobody translated yet" in p and "not in the committed" in p
               for p in problems), problems
    # the string all three share is translated already: only the new one is reported for it
    assert not any("'Tokenizer Workbench'" in p and "not in the committed" in p for p in problems)


def test_completeness_check_fails_on_unfinished_and_stale_entries(tmp_path, extracted):
    text = ZH_TS.read_text(encoding="utf-8")
    finished = "<source>Tokenizer Workbench</source>\n        <translation>"
    assert finished in text
    edited = tmp_path / "edited.ts"
    edited.write_text(text.replace(finished, finished[:-1] + ' type="unfinished">').replace(
        "<source>Open text</source>", "<source>Open the text</source>"), encoding="utf-8")
    problems = translation_problems(extracted, read_ts(edited), MODULES)
    assert "translation unfinished: MainWindow: 'Tokenizer Workbench'" in problems
    assert "stale: no longer in the code: MainWindow: 'Open the text'" in problems
    assert any("'Open text'" in p and "not in the committed" in p for p in problems)


def test_completeness_check_fails_on_a_lost_placeholder(tmp_path, extracted):
    text = ZH_TS.read_text(encoding="utf-8")
    edited = tmp_path / "edited.ts"
    edited.write_text(text.replace("正在加载 {name}…", "正在加载 {nam}…"), encoding="utf-8")
    problems = translation_problems(extracted, read_ts(edited), MODULES)
    assert problems == ["placeholders ['{name}'] not kept in '正在加载 {nam}…': "
                        "MainWindow: 'loading {name}…'"]


def test_literal_scan_flags_text_handed_to_widgets_without_tr(tmp_path):
    module = tmp_path / "planted.py"
    module.write_text(PLANTED, encoding="utf-8")
    found = untranslated_literals(module)
    assert [hit.split(": ", 1)[1] for hit in found] == [
        'self.bad = QLabel("A literal that bypasses tr")',
        'self.bad.setToolTip(f"{self.ok} tokens")',
        'self.bad.setText("{n} tokens".format(n=3))',
        'QMessageBox.warning(self, "Oops", self.tr("Tokenizer Workbench"))',
        'self.tip = self.tr(f"{self.ok} is not readable by lupdate")',
        'self.head = f"<th>{self.tr(\'Hidden from lupdate\')}</th>"',
    ]


# -- choosing and installing the language ----------------------------------------------------------
@pytest.mark.parametrize("locale, language", [
    ("zh_CN.UTF-8", "zh_CN"), ("zh_CN", "zh_CN"), ("zh_SG.UTF-8", "zh_CN"),
    ("zh_TW.UTF-8", "zh_CN"),
    ("en_US.UTF-8", "en"), ("de_DE@euro", "en"), ("C", "en"), ("", "en")])
def test_the_system_locale_picks_the_language(locale, language):
    assert i18n.choose_language(None, locale) == language


def test_a_saved_choice_wins_over_the_locale():
    assert i18n.choose_language("en", "zh_CN.UTF-8") == "en"
    assert i18n.choose_language("zh_CN", "en_US.UTF-8") == "zh_CN"
    assert i18n.choose_language("klingon", "zh_CN.UTF-8") == "zh_CN"  # unknown: the locale's


def test_startup_language_reads_the_setting_then_the_system(tmp_path, monkeypatch):
    from PySide6.QtCore import QLocale, QSettings

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("zh_CN")))
    assert i18n.startup_language(settings) == "zh_CN"
    i18n.save_language(settings, "en")
    assert i18n.startup_language(settings) == "en"


def test_lang_in_the_environment_opens_in_chinese(tmp_path):
    """What ``LANG=zh_CN.UTF-8 make run`` does: Qt reads the locale from the environment."""
    import os
    import subprocess
    import sys

    code = ("from PySide6.QtCore import QSettings; from app import i18n; print(i18n.startup_language("
            f"QSettings({str(tmp_path / 's.ini')!r}, QSettings.Format.IniFormat)))")
    for lang, expected in (("zh_CN.UTF-8", "zh_CN"), ("en_US.UTF-8", "en")):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANGUAGE"))}
        env["LANG"] = lang
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        assert done.stdout.strip() == expected, (lang, done.stdout, done.stderr)


@pytest.fixture
def chinese(qapp):
    loaded = i18n.install_language("zh_CN", qapp)
    yield loaded
    i18n.install_language("en", qapp)


def test_chinese_loads_ours_and_qts_translations(chinese):
    assert [path.name for path in chinese] == ["workbench_zh_CN.qm", "qtbase_zh_CN.qm"]
    from PySide6.QtWidgets import QDialogButtonBox

    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    assert sorted(b.text() for b in buttons.buttons()) == sorted(["确定", "取消"])


def _menu_titles(window) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def _tab_titles(window) -> list[str]:
    return [window.panes.tabText(i) for i in range(window.panes.count())]


def test_main_window_speaks_chinese_with_the_translator_installed(chinese, qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow
    from app.session import Session

    window = MainWindow(Session(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)))
    qtbot.addWidget(window)
    assert _menu_titles(window) == ["文件(&F)", "语言(&L)"]
    assert _tab_titles(window) == ["语料", "训练", "检查", "对话", "对齐", "差异", "诊断"]
    assert window.windowTitle() == "分词器工作台"
    window.tasks.wait(3000)


def test_the_language_menu_saves_the_choice_and_switches_the_menus(window, qtbot, dialogs):
    from PySide6.QtWidgets import QMenu

    assert _menu_titles(window) == ["&File", "&Language"]
    bar = window.menuBar()
    menu = next(m for m in bar.findChildren(QMenu) if m.title() == "&Language")
    choices = menu.actions()
    assert [a.text() for a in choices] == ["English", "简体中文"]  # each in its own language
    assert [a.isChecked() for a in choices] == [True, False]
    try:
        choices[1].trigger()
        qtbot.waitUntil(lambda: _menu_titles(window) == ["文件(&F)", "语言(&L)"], timeout=3000)
        assert _tab_titles(window) == ["语料", "训练", "检查", "对话", "对齐", "差异", "诊断"]
        assert i18n.saved_language(window.session.settings) == "zh_CN"
        assert dialogs.texts("information") == []  # no box: the panes switch too, at once
        qtbot.waitUntil(lambda: window._panes_language == "zh_CN", timeout=10000)
        assert window.inspect.tabs.tabText(0) == "词元"  # a pane, not only the chrome
        assert window.recent_menu.title() == "最近打开(&R)"
    finally:
        i18n.install_language("en")
    qtbot.waitUntil(lambda: _menu_titles(window) == ["&File", "&Language"], timeout=3000)
    assert window.recent_menu.title() == "Open &recent"
    qtbot.waitUntil(lambda: window._panes_language == "en", timeout=10000)
