"""A process that plays and stores games until it is killed: the library's kill -9 test.

After each store returns it writes the game's id to ``report`` (a pipe), so whatever
the parent read back was stored before the kill.
"""

from __future__ import annotations

import random
from multiprocessing.connection import Connection

from helpers.library_helpers import random_game
from ttt_desktop.library import Library, game_id_of


def play_and_store(path: str, seed: int, report: Connection) -> None:
    rng = random.Random(seed)
    library = Library(path, timeout=30)
    index = 0
    while True:
        game = random_game(rng, index=index, finished=rng.random() < 0.8)
        index += 1
        if rng.random() < 0.2:
            # Sometimes a small batch in one transaction, as ttt-arena stores them.
            batch = [game, *(random_game(rng, index=index + i) for i in range(5))]
            index += 5
            library.store_many(batch)
            for stored in batch:
                report.send(game_id_of(stored))
        else:
            library.store(game)
            report.send(game_id_of(game))
