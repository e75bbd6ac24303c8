"""The coach's sentences with a count, declared so the translation gets their plural forms.

The coach (``ttt_desktop.analysis.coach``) is Qt-free and asks for its words
through ``QCoreApplication.translate("Coach", text, None, n)``; ``pyside6-lupdate``
collects those calls but cannot tell they take a count, and a German sentence
needs "1 Zug" but "2 Zügen". :class:`Coach` repeats each such text in a
``self.tr(text, "", n)`` call, which lupdate does read as one with plural forms,
under the same context "Coach". Nothing calls it at run time.
``tests/gui/test_translation.py`` checks that every text with ``%n`` in the
translation has its plural forms.
"""

from __future__ import annotations

from PySide6.QtCore import QObject


class Coach(QObject):
    """The coach's counted texts, for pyside6-lupdate only (the class name is the context)."""

    def counted_texts(self, n: int) -> list[str]:
        """Every text of the coach that takes a count ``n``."""
        return [
            self.tr("wins in %n", "", n),
            self.tr("loses in %n", "", n),
            self.tr("playing here wins in %n move(s) with best play", "", n),
            self.tr("playing here loses in %n move(s) against best play", "", n),
            self.tr("Take {cell}: it wins in %n move(s) with best play", "", n),
            self.tr("Take {cell}: each wins in %n move(s) with best play", "", n),
            self.tr("Whatever you play, {opponent} wins in %n move(s) with best play", "", n),
            self.tr(
                "Take {cell}: it holds out longest, but {opponent} wins in %n move(s) "
                "with best play",
                "",
                n,
            ),
            self.tr(
                "Any of {cells} holds out longest, but {opponent} wins in %n move(s) "
                "with best play",
                "",
                n,
            ),
            self.tr("{cells} would have won in %n move(s)", "", n),
            self.tr("{move} still wins, in %n move(s); {better}.", "", n),
        ]


class Thinking(QObject):
    """The Thinking dock's counted texts (``gui/insight/words.py``), for pyside6-lupdate only."""

    def counted_texts(self, n: int) -> list[str]:
        """Every text of the Thinking dock that takes a count ``n``."""
        return [
            self.tr("%Ln position(s) searched", "", n),
            self.tr("%n move(s) deep", "", n),
            self.tr("%n more cell(s) scored: see the board.", "", n),
            self.tr("Cell(s) proven won: {cells}.", "", n),
            self.tr("Cell(s) proven lost: {cells}.", "", n),
        ]
