"""A tournament's result as the command line prints it: a crosstable in text, or JSON.

The JSON keeps the shape ``ttt-arena tournament --json`` always had (``crosstable``,
``scores``, ``standings`` as labels, ``matches`` per X/O pair) and adds the lab's
figures: ratings with their error bars, jobs, seconds and every game's moves.

Nothing here imports Qt.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ttt_desktop.lab.tournament import TournamentGame, TournamentResult, lost_off_board

__all__ = [
    "ArenaJsonWriter",
    "GameFormatter",
    "arena_json",
    "crosstable_text",
    "write_arena_json",
]

_GAMES_MARK = "\x00games\x00"


def arena_json(result: TournamentResult, *, with_games: bool = True) -> dict[str, Any]:
    """The result as one JSON-ready object."""
    labels = result.labels()
    points = result.points()
    document = result.as_json(with_games=with_games)
    crosstable = document.pop("crosstable")
    table = document.pop("standings")
    matches = result.colour_tallies()
    return {
        **document,
        "players": labels,
        "entrants": [
            {"label": e.label, "kind": e.kind, "seed": e.seed} for e in result.spec.entrants
        ],
        "games_per_colour": result.spec.games_per_pairing // 2,
        "crosstable": crosstable,
        "scores": {labels[entrant]: points[entrant] for entrant in range(len(labels))},
        "standings": [labels[entrant] for entrant in result.standings()],
        "table": table,
        "games_per_second": round(len(result) / result.seconds, 1) if result.seconds else None,
        "forfeits": forfeits_json(result),
        "matches": [
            {
                "x": labels[x],
                "o": labels[o],
                "games": sum(tally),
                "x_wins": tally[0],
                "o_wins": tally[1],
                "draws": tally[2],
            }
            for (x, o), tally in sorted(matches.items())
        ],
    }


class GameFormatter:
    """One game's entry of the JSON document's ``games``, as ``json.dumps(indent=2)`` writes it.

    Picklable (the labels only), so that worker processes can format their own games while
    they play them: the runner's ``render``.
    """

    def __init__(self, labels: list[str], opening_rule: str = "free") -> None:
        self.labels = [json.dumps(label) for label in labels]
        self.opening_rule = json.dumps(opening_rule) if opening_rule != "free" else None

    def __call__(self, game: TournamentGame) -> str:
        labels = self.labels
        cells = game.cells
        moves = "[\n        " + ",\n        ".join(map(str, cells)) + "\n      ]" if cells else "[]"
        reason = f',\n      "reason": {json.dumps(game.reason)}' if game.reason else ""
        if self.opening_rule is not None:
            choices = "".join(f'\n          "{choice}",' for choice in game.choices)
            listed = f"[{choices[:-1]}\n        ]" if choices else "[]"
            reason += (
                f',\n      "opening": {{\n        "rule": {self.opening_rule},\n        '
                f'"choices": {listed}\n      }}'
            )
        return (
            f'    {{\n      "index": {game.index},\n      "x": {labels[game.x]},\n      '
            f'"o": {labels[game.o]},\n      "moves": {moves},\n      '
            f'"winner": "{game.winner}"{reason}\n    }}'
        )


class ArenaJsonWriter:
    """:func:`arena_json` written as ``json.dumps(..., indent=2)`` would, but quicker.

    The games (90,000 in a big tournament) are formatted directly rather than through
    the JSON encoder, and as they come in (:meth:`add`, or already formatted by the
    workers, a task's games in one piece: :meth:`add_texts`), so at the end only the
    tables are left to write; the text is the same as the encoder's.
    """

    def __init__(self, labels: list[str], opening_rule: str = "free") -> None:
        self.formatter = GameFormatter(labels, opening_rule)
        self._games: dict[int, str] = {}
        # Games formatted elsewhere: by their first game number, (their numbers, text).
        self._blocks: dict[int, tuple[list[int], str]] = {}

    def add(self, games: list[TournamentGame]) -> None:
        texts = self._games
        formatter = self.formatter
        for game in games:
            if game.index not in texts:
                texts[game.index] = formatter(game)

    def add_texts(self, indices: list[int], text: str) -> None:
        """Games formatted elsewhere (by :attr:`formatter`): their numbers, in order, and
        their texts joined by ``",\\n"``."""
        if indices:
            self._blocks[indices[0]] = (indices, text)

    def write(self, result: TournamentResult, out: TextIO) -> None:
        """Write ``result``'s document (its games not added yet are formatted now)."""
        played = result.indices()
        parts: list[str] = []
        texts = self._games
        blocks = self._blocks
        formatter = self.formatter
        position = 0
        while position < len(played):
            index = played[position]
            block = blocks.get(index)
            if block is not None:
                indices, text = block
                end = position + len(indices)
                # A block goes whole when its games follow one another in the document
                # (a resumed run's earlier games may sit between them: then one by one).
                if indices == played[position:end]:
                    parts.append(text)
                    position = end
                    continue
            known = texts.get(index)
            parts.append(known if known is not None else formatter(result.game(index)))
            position += 1
        document = arena_json(result, with_games=False)
        document["games"] = _GAMES_MARK
        before, _, after = json.dumps(document, indent=2).partition(json.dumps(_GAMES_MARK))
        # In three pieces: the games' text (most of the document) is not copied again.
        if parts:
            out.write(before + "[\n")
            out.write(",\n".join(parts))
            out.write("\n  ]" + after + "\n")
        else:
            out.write(before + "[]" + after + "\n")


def write_arena_json(result: TournamentResult, out: TextIO) -> None:
    """:func:`arena_json` as indented JSON text (see :class:`ArenaJsonWriter`)."""
    ArenaJsonWriter(result.labels(), result.spec.opening_rule).write(result, out)


FORFEITS_LISTED = 20
"""The most games lost off the board the text report lists one by one."""


def forfeits_json(result: TournamentResult) -> dict[str, Any]:
    """The games lost off the board: how many each player lost so, and each game's reason."""
    lost = lost_off_board(result)
    counts: dict[str, int] = {}
    for _game, loser, _reason in lost:
        counts[loser] = counts.get(loser, 0) + 1
    return {
        "by_player": counts,
        "games": [
            {"index": game.index, "loser": loser, "reason": reason} for game, loser, reason in lost
        ],
    }


def forfeit_lines(result: TournamentResult) -> list[str]:
    """The report's lines on games lost off the board (none when there were none)."""
    lost = lost_off_board(result)
    if not lost:
        return []
    counts: dict[str, int] = {}
    for _game, loser, _reason in lost:
        counts[loser] = counts.get(loser, 0) + 1
    lines = [
        "Lost off the board (forfeits, time): "
        + ", ".join(f"{label} {count:,}" for label, count in counts.items())
    ]
    for game, loser, reason in lost[:FORFEITS_LISTED]:
        lines.append(f"  game {game.index + 1}: {loser} lost: {reason}")
    if len(lost) > FORFEITS_LISTED:
        lines.append(f"  ... and {len(lost) - FORFEITS_LISTED:,} more")
    return lines


def crosstable_text(result: TournamentResult) -> str:
    """The crosstable, points, standings and ratings as lines of text."""
    spec = result.spec
    labels = result.labels()
    width = max(11, *(len(label) for label in labels)) + 2
    crosstable = result.crosstable()
    points = result.points()
    lines = []
    form = (
        "every pair" if spec.format == "round-robin" else f"{labels[0]} against each of the others"
    )
    lines.append(
        f"Tournament: {len(labels)} players, {form}, {spec.games_per_pairing:,} games per "
        f"pairing (each player X in turn, X moves first); seed {spec.seed}"
    )
    if result.cancelled:
        lines.append(f"Cancelled after {len(result):,} of {spec.total_games:,} games.")
    lines.append("Each cell: the row player's wins-draws-losses against the column player.")
    lines.append("")
    lines.append(
        f"{'':<{width}}" + "".join(f"{label:>{width}}" for label in labels) + f"{'score':>{width}}"
    )
    for a, label in enumerate(labels):
        cells = []
        for b in range(len(labels)):
            record = crosstable.get((a, b))
            if record is None:
                cells.append(f"{'-':>{width}}")
            else:
                cells.append(f"{f'{record.wins}-{record.draws}-{record.losses}':>{width}}")
        lines.append(f"{label:<{width}}" + "".join(cells) + f"{points[a]:>{width}.1f}")
    lines.append("")
    lines.append("Standings: " + ", ".join(labels[entrant] for entrant in result.standings()))
    ratings = result.ratings()
    lines.append(
        "Ratings (openskill, 1500 at the start, error bar two sigmas): "
        + ", ".join(
            f"{labels[entrant]} {ratings[labels[entrant]].label()}"
            for entrant in result.standings()
            if labels[entrant] in ratings
        )
    )
    lines.extend(forfeit_lines(result))
    if result.seconds:
        lines.append(
            f"{len(result):,} games in {result.seconds:.2f} s "
            f"({len(result) / result.seconds:,.0f} games/s, {result.jobs} job"
            f"{'s' if result.jobs != 1 else ''})"
        )
    return "\n".join(lines) + "\n"
