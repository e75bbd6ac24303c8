"""The name of a board (its rules) as the window shows it, in the window's language.

:attr:`Rules.title <ttt_desktop.core.rules.Rules.title>` is English (the engine is
Qt-free); :func:`rules_title` says the same through Qt's translation, under the context
"Rules", and :func:`opening_text` a swap opening's choices as
:meth:`SwapOpening.describe <ttt_desktop.core.swap.SwapOpening.describe>` does.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ttt_desktop.core.renju import DOUBLE_FOUR, DOUBLE_THREE, OVERLINE
from ttt_desktop.core.rules import CARO, GOMOKU, RENJU, TIC_TAC_TOE, Rules
from ttt_desktop.core.swap import BLACK, PLACE_TWO, SWAP, SwapOpening


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


def opening_text(opening: SwapOpening) -> str:
    """A swap opening and its choices in words, translated: "Swap2: the responder placed
    two stones, the opener chose white"."""
    translate = QCoreApplication.translate
    name = translate("Rules", "Swap") if opening.rule == SWAP else translate("Rules", "Swap2")
    words = []
    for index, choice in enumerate(opening.choices):
        responder = index == 0
        if choice == PLACE_TWO:
            words.append(translate("Rules", "the responder placed two stones"))
        elif choice == BLACK:
            words.append(
                translate("Rules", "the responder chose black")
                if responder
                else translate("Rules", "the opener chose black")
            )
        else:
            words.append(
                translate("Rules", "the responder chose white")
                if responder
                else translate("Rules", "the opener chose white")
            )
    if not words:
        return translate("Rules", "{rule}: no choice yet").format(rule=name)
    return translate("Rules", "{rule}: {choices}").format(rule=name, choices=", ".join(words))
