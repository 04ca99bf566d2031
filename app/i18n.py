"""Which language the workbench speaks, and the Qt translators that make it speak it.

The language is the one saved from the Language menu, else the system locale's (``LANG=zh_CN.UTF-8``
opens in Chinese; any other locale in English)::

    >>> choose_language(None, "zh_CN.UTF-8"), choose_language(None, "de_DE")
    ('zh_CN', 'en')
    >>> choose_language("en", "zh_CN.UTF-8")
    'en'

Translations live in ``resources/translations``: ``workbench_zh_CN.ts`` (every string) and
``workbench_en.ts`` (only the plural forms: the English source says ``%n token(s)``), compiled to
the committed ``.qm`` files by ``make translations``. Qt's own ``qtbase_<lang>.qm`` (shipped with
PySide6) translates the standard dialogs and buttons.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

TRANSLATIONS = Path(__file__).resolve().parents[1] / "resources" / "translations"
# language code -> its name in that language (the Language menu shows each in its own script)
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}
DEFAULT = "en"
SETTING = "ui/language"

_installed: list[QTranslator] = []  # what install_language put in; removed on the next switch
_current = [DEFAULT]  # the language last installed


def language_of_locale(locale_name: str) -> str:
    """The UI language for a locale name such as ``zh_CN.UTF-8``: Chinese locales (any region:
    Simplified is the only Chinese we have) get ``zh_CN``, every other one English.

    >>> language_of_locale("zh_CN.UTF-8"), language_of_locale("zh_SG"), language_of_locale("C")
    ('zh_CN', 'zh_CN', 'en')
    """
    name = locale_name.split(".")[0].split("@")[0]  # drop the encoding and modifier
    if QLocale(name).language() == QLocale.Language.Chinese:
        return "zh_CN"
    return DEFAULT


def choose_language(saved: object, system_locale: str) -> str:
    """The saved choice when it is one we have, else the system locale's language."""
    if isinstance(saved, str) and saved in LANGUAGES:
        return saved
    return language_of_locale(system_locale)


def saved_language(settings: QSettings) -> str | None:
    value = settings.value(SETTING)
    return value if isinstance(value, str) else None


def save_language(settings: QSettings, language: str) -> None:
    settings.setValue(SETTING, language)
    settings.sync()


def startup_language(settings: QSettings) -> str:
    """The language to start in: the saved one, else the system locale's (``LC_ALL``,
    ``LC_MESSAGES`` or ``LANG`` on Linux, as Qt reads them)."""
    return choose_language(saved_language(settings), QLocale.system().name())


def current_language() -> str:
    """The language last installed (English before any install)."""
    return _current[0]


def translation_files(language: str) -> list[Path]:
    """The ``.qm`` files to install for ``language``, ours first (the last installed wins a
    lookup, and ours never clashes with Qt's contexts anyway)."""
    qt_dir = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    files = [TRANSLATIONS / f"workbench_{language}.qm"]
    if language != "en":
        files.append(qt_dir / f"qtbase_{language}.qm")
    return files


def install_language(language: str, app: QCoreApplication | None = None) -> list[Path]:
    """Replace the installed translators by ``language``'s; return the files that loaded.

    Installing sends every widget a ``LanguageChange`` event: widgets that retranslate in
    ``changeEvent`` switch at once.
    """
    app = app or QCoreApplication.instance()
    _current[0] = language
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    loaded = []
    for path in translation_files(language):
        translator = QTranslator(app)
        if path.exists() and translator.load(str(path)):
            app.installTranslator(translator)
            _installed.append(translator)
            loaded.append(path)
    return loaded
