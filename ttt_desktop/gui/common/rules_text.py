"""The name of a board (its rules) as the window shows it, in the window's language.

:attr:`Rules.title <ttt_desktop.core.rules.Rules.title>` is English (the engine is
Qt-free); :func:`rules_title` says the same through Qt's translation, under the context
"Rules".
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules


def rules_title(rules: Rules) -> str:
    """ "Tic-tac-toe", "Gomoku 15x15", "7x7, 5 in a row", translated."""
    translate = QCoreApplication.translate
    if rules is TIC_TAC_TOE:
        return translate("Rules", "Tic-tac-toe")
    if rules is GOMOKU:
        return translate("Rules", "Gomoku 15x15")
    if rules.exact:
        text = translate("Rules", "{m}x{n}, exactly {k} in a row")
    else:
        text = translate("Rules", "{m}x{n}, {k} in a row")
    return text.format(m=rules.m, n=rules.n, k=rules.k)
