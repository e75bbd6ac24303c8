"""Brains from the engine list as players any factory can make: ``brain.<name>`` kinds.

:class:`BrainPlayerFactory` wraps a player factory (``create_player``, or the window's)
and makes a :class:`~ttt_desktop.brains.player.BrainPlayer` for a ``brain.`` kind from the
engine list, reading the list when such a kind is asked for. It is picklable (a path, a
time control and the wrapped factory), so it can travel to the search process where the
window's players think, as the trained players' factory does. :func:`engine_entries` are
the engine list's brains as the drop-downs list players (kind, name, description,
strength).

Nothing here imports Qt, and the engine list and the brains' processes are only imported
once a brain is listed or made: a window whose list is empty never loads them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ttt_desktop.brains.engines import EngineEntry, EngineList
    from ttt_desktop.core.clock import TimeControl
    from ttt_desktop.core.rules import Rules

__all__ = ["BRAIN_KIND_PREFIX", "BrainInfo", "BrainPlayerFactory", "engine_entries"]

BRAIN_KIND_PREFIX = "brain."


@dataclass(frozen=True)
class BrainInfo:
    """A brain of the engine list as the player lists show it."""

    kind: str
    name: str
    description: str
    strength: int
    entry: EngineEntry

    def supports(self, rules: Rules) -> bool:
        """Whether the probe says the brain plays ``rules`` (unprobed sizes are tried)."""
        return self.entry.plays(rules) is not False


def engine_entries(engines: EngineList) -> list[BrainInfo]:
    """Each engine of the list as a player entry (``brain.<name>`` kinds)."""
    from ttt_desktop.brains.player import brain_kind  # noqa: PLC0415

    infos = []
    for entry in engines:
        sizes = ", ".join(map(str, entry.sizes)) or "not probed"
        about = entry.about
        credit = f" by {about['author']}" if about.get("author") else ""
        version = f" {about['version']}" if about.get("version") else ""
        description = f"A Gomocup brain{version}{credit} ({entry.command}); board sizes: {sizes}."
        infos.append(BrainInfo(brain_kind(entry.name), entry.name, description, 0, entry))
    return infos


class BrainPlayerFactory:
    """``factory``'s players, plus ``brain.`` kinds from the engine list in ``engines_file``,
    each with its own settings from the list (or ``clock`` for every brain, when given)."""

    def __init__(
        self,
        factory: Callable[..., Any],
        engines_file: str | Path,
        clock: TimeControl | None = None,
    ) -> None:
        self.factory = factory
        self.engines_file = Path(engines_file)
        self.clock = clock

    def __call__(self, kind: str, *, seed: int | None = None, **options: Any) -> Any:
        if not kind.startswith(BRAIN_KIND_PREFIX):
            return self.factory(kind, seed=seed, **options)
        from ttt_desktop.brains.engines import EngineList, brain_folder  # noqa: PLC0415
        from ttt_desktop.brains.player import BrainPlayer, brain_kind  # noqa: PLC0415

        engines = EngineList.load(self.engines_file)
        for entry in engines:
            if brain_kind(entry.name) == kind:
                folder = brain_folder(self.engines_file, entry.name)
                return BrainPlayer(
                    entry.command,
                    name=entry.name,
                    cwd=entry.cwd or None,
                    settings=entry.settings(self.clock, folder),
                    seed=seed,
                )
        raise ValueError(f"no engine of kind {kind!r} in {self.engines_file}")
