"""A player factory that also makes the trained players, and can travel to a worker process.

The window's players think in the search process (:mod:`ttt_desktop.players.process`),
which makes them with the factory it was started with; so the factory is a
picklable object holding the trained players' folder, and reads a trained
player's table file itself when that kind is first asked for. Importing this
module costs nothing: the trained players' module loads only then.

Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ttt_desktop.players.roster import TRAINED_KIND_PREFIX


class TrainedPlayerFactory:
    """``factory``'s players, plus ``trained.`` kinds from the trained players in ``folder``."""

    def __init__(self, factory: Callable[..., Any], folder: str | Path | None) -> None:
        self.factory = factory
        self.folder = None if folder is None else Path(folder)
        self._trained: Any = None

    def __call__(self, kind: str, *, seed: int | None = None, **options: Any) -> Any:
        if kind.startswith(TRAINED_KIND_PREFIX):
            if self.folder is None:
                raise ValueError(f"no trained player {kind!r} here")
            if self._trained is None:
                # The window makes this factory before its first paint; the trained players'
                # files (the learner's, the networks', JSON) load when one is first asked for.
                from ttt_desktop.lab.trained import TrainedPlayers  # noqa: PLC0415  (first paint)

                self._trained = TrainedPlayers(self.folder)
            return self._trained.create(kind, seed=seed)
        return self.factory(kind, seed=seed, **options)

    def __getstate__(self) -> dict[str, Any]:
        # The tables loaded here stay here; the other process reads the files itself.
        return {"factory": self.factory, "folder": self.folder, "_trained": None}
