"""A tournament's result as the command line prints it: a crosstable in text, or JSON.

The JSON keeps the shape ``ttt-arena tournament --json`` always had (``crosstable``,
``scores``, ``standings`` as labels, ``matches`` per X/O pair) and adds the lab's
figures: ratings with their error bars, jobs, seconds and every game's moves.

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import Any

from ttt_desktop.lab.tournament import TournamentResult

__all__ = ["arena_json", "crosstable_text"]


def arena_json(result: TournamentResult) -> dict[str, Any]:
    """The result as one JSON-ready object."""
    labels = result.labels()
    points = result.points()
    document = result.as_json()
    crosstable = document.pop("crosstable")
    table = document.pop("standings")
    matches: dict[tuple[int, int], list[int]] = {}
    for game in result.games():
        tally = matches.setdefault((game.x, game.o), [0, 0, 0])
        tally[{"X": 0, "O": 1, "draw": 2}[game.winner]] += 1
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
    if result.seconds:
        lines.append(
            f"{len(result):,} games in {result.seconds:.2f} s "
            f"({len(result) / result.seconds:,.0f} games/s, {result.jobs} job"
            f"{'s' if result.jobs != 1 else ''})"
        )
    return "\n".join(lines) + "\n"
