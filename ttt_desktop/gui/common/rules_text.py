"""The name of a board (its rules) as the window shows it, in the window's language.

:attr:`Rules.title <ttt_desktop.core.rules.Rules.title>` is English (the engine is
Qt-free); :func:`rules_title` says the same through Qt's translation, under the context
"Rules".
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ttt_desktop.core.renju import DOUBLE_FOUR, DOUBLE_THREE, OVERLINE
from ttt_desktop.core.rules import CARO, GOMOKU, RENJU, TIC_TAC_TOE, Rules


def rules_title(rules: Rules) -> str:
    """ "Tic-tac-toe", "Gomoku 15x15", "7x7, 5 in a row", translated."""
    translate = QCoreApplication.translate
    if rules is TIC_TAC_TOE:
        return translate("Rules", "Tic-tac-toe")
    if rules is GOMOKU:
        return translate("Rules", "Gomoku 15x15")
    if rules.rule == RENJU:
        return translate("Rules", "Renju {m}x{n}").format(m=rules.m, n=rules.n)
    if rules.rule == CARO:
        return translate("Rules", "Caro {m}x{n}").format(m=rules.m, n=rules.n)
    if rules.exact:
        text = translate("Rules", "{m}x{n}, exactly {k} in a row")
    else:
        text = translate("Rules", "{m}x{n}, {k} in a row")
    return text.format(m=rules.m, n=rules.n, k=rules.k)


def forbidden_text(reason: str) -> str:
    """Why a point is forbidden for black under renju, in words: "forbidden for black: a
    double-three (two open threes at once)"; ``reason`` is one of
    :data:`~ttt_desktop.core.renju.FORBIDDEN_REASONS`."""
    translate = QCoreApplication.translate
    words = {
        OVERLINE: translate("Rules", "an overline (six or more in a row)"),
        DOUBLE_FOUR: translate("Rules", "a double-four (two fours at once)"),
        DOUBLE_THREE: translate("Rules", "a double-three (two open threes at once)"),
    }.get(reason, reason)
    return translate("Rules", "forbidden for black: {reason}").format(reason=words)
