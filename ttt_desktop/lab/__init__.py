"""The AI lab: tournaments played in worker processes, and training the learner off the GUI.

* :mod:`ttt_desktop.lab.tournament`: who plays whom (round robin or gauntlet, games per
  pairing with alternating first move), the games cut into fixed chunks, the crosstable,
  standings and ratings of the result.
* :mod:`ttt_desktop.lab.runner`: plays a tournament's games as tasks of a
  ``concurrent.futures`` executor: ``spawn``/``forkserver`` worker processes (never
  ``fork``) or a Dask cluster, with progress, time left, a prompt cancel that keeps the
  finished games, "finish the games in progress, then stop", and a resume that plays only
  the missing games. The result is the same for the same seed wherever it is played.
* :mod:`ttt_desktop.lab.openings`: built-in opening sets per board and opening files.
* :mod:`ttt_desktop.lab.sprt`: the sequential probability ratio test of a two-player match.
* :mod:`ttt_desktop.lab.training`: the learner's training in a worker process with a live
  learning curve, pause, resume and stop; trained players saved and loaded by name.
* :mod:`ttt_desktop.lab.shared_flag`: the stop and pause flags the workers read, with no
  lock that a killed worker could keep.

Nothing here imports Qt; worker processes import only the engine and the players.
"""
