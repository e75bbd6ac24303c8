"""The user's language: which translation to load, and loading it.

TTT Desktop's texts are written in English and go through Qt's translation
(``self.tr`` / ``QCoreApplication.translate``). German ships as
``resources/translations/ttt_desktop_de.qm``, built from ``ttt_desktop_de.ts``
by ``pyside6-lrelease`` (``tools/update_translations.sh`` runs ``pyside6-lupdate``
and ``pyside6-lrelease``; a test checks that the committed ``.qm`` matches the
``.ts``). Qt's own ``qtbase`` translation comes along for the standard buttons
(OK, Cancel, Close ...) and dialogs. English loads ``ttt_desktop_en.qm``,
which holds only the plural forms of texts with a count.

The language follows the system locale unless View > Language (System, English,
Deutsch; remembered under :data:`LANGUAGE_KEY`) names one. It is chosen once, at
start-up, by :func:`install`, before the window is made: a change in the menu
applies at the next start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from ttt_desktop.resource_paths import resource_path

LANGUAGE_KEY: Final = "view/language"
#: Languages with a translation, besides English (in which the texts are written).
TRANSLATED: Final = ("de",)
#: Each language's own name, as the menu shows it (never translated).
LANGUAGE_NAMES: Final = {"en": "English", "de": "Deutsch"}
APP_CATALOGUE: Final = "ttt_desktop"


def translations_dir() -> Path:
    """The folder holding the app's ``.ts`` sources and ``.qm`` translations."""
    return resource_path("translations")


def language_choices() -> list[tuple[str, str]]:
    """The View > Language entries: ("", System), then each language by its own name."""
    system = QCoreApplication.translate("LookFeatures", "&System")
    return [("", system), *((code, name) for code, name in LANGUAGE_NAMES.items())]


def language_choice(settings: QSettings) -> str:
    """The language chosen in the menu ("en", "de"), or "" to follow the system."""
    stored = settings.value(LANGUAGE_KEY, "")
    return stored if isinstance(stored, str) and stored in LANGUAGE_NAMES else ""


def set_language_choice(settings: QSettings, code: str) -> bool:
    """Remember ``code`` ("" for the system's language); True when that is a change."""
    if code and code not in LANGUAGE_NAMES:
        raise ValueError(f"no such language: {code!r}")
    changed = code != language_choice(settings)
    settings.setValue(LANGUAGE_KEY, code)
    return changed


def ui_language(settings: QSettings, system: QLocale | None = None) -> str:
    """The language the interface speaks: the choice, else the system's if translated, else en."""
    chosen = language_choice(settings)
    if chosen:
        return chosen
    locale = system if system is not None else QLocale.system()
    for name in locale.uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code == "en" or code in TRANSLATED:
            return code
    return "en"


def app_locale() -> QLocale:
    """The locale of the app's language, for numbers in labels and on chart axes.

    :func:`install` makes it the default locale; with no language installed (the C
    locale) numbers are written as in English.
    """
    locale = QLocale()
    if locale.language() == QLocale.Language.C:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return locale


def number(value: float, decimals: int = 0) -> str:
    """``value`` as the app's language writes it: ``number(1234.5, 1)`` is 1,234.5 or 1.234,5."""
    locale = app_locale()
    if isinstance(value, int):
        return locale.toString(value)
    return locale.toString(float(value), "f", decimals)


def install(settings: QSettings, language: str | None = None) -> list[QTranslator]:
    """Load and install the translations for ``language`` (default: :func:`ui_language`).

    Returns the translators installed (keep them: Qt does not own them). English
    loads only its plural forms ("1 move", "2 moves"); other languages load Qt's
    ``qtbase`` translation and the app's. A missing file is skipped, so the app
    then speaks English.
    """
    app = QCoreApplication.instance()
    assert app is not None, "a QCoreApplication must exist"
    code = ui_language(settings) if language is None else language
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    try:
        app_dir = str(translations_dir())
    except FileNotFoundError:
        app_dir = ""
    catalogues = [(APP_CATALOGUE, app_dir)]
    if code != "en":
        catalogues.insert(0, ("qtbase", qt_dir))
    installed: list[QTranslator] = []
    for catalogue, folder in catalogues:
        translator = QTranslator(app)
        if folder and translator.load(f"{catalogue}_{code}", folder):
            QCoreApplication.installTranslator(translator)
            installed.append(translator)
    if installed and code != "en":
        QLocale.setDefault(QLocale(code))
    elif code == "en" and QLocale.system().language() not in (
        QLocale.Language.English,
        QLocale.Language.C,
    ):
        # English chosen on, say, a German system: numbers as in English too.
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    return installed


def remove(translators: list[QTranslator]) -> None:
    """Take ``translators`` out again (tests switch languages within one process)."""
    for translator in translators:
        QCoreApplication.removeTranslator(translator)
    QLocale.setDefault(QLocale.system())
