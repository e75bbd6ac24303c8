"""The AI lab: tournaments played in worker processes, and training the learner off the GUI.

* :mod:`ttt_desktop.lab.tournament`: who plays whom (round robin or gauntlet, games per
  pairing with alternating first move), the games cut into fixed chunks, the crosstable,
  standings and ratings of the result.
* :mod:`ttt_desktop.lab.runner`: plays a tournament's chunks in ``spawn``/``forkserver``
  worker processes (never ``fork``), with progress, time left and a prompt cancel that keeps
  the finished games. The result is the same for the same seed whatever the number of jobs.
* :mod:`ttt_desktop.lab.training`: the learner's training in a worker process with a live
  learning curve, pause, resume and stop; trained players saved and loaded by name.

Nothing here imports Qt; worker processes import only the engine and the players.
"""
