"""The Qt window: the game controller, the AI worker thread and the widgets, by area.

The only package of TTT Desktop that imports Qt (PySide6). A folder per area:
``shell`` (``shell.app.main`` starts the application; ``shell.main_window.MainWindow``
is the window), ``game`` (``game.controller`` turns the running game,
:mod:`ttt_desktop.core.session`, which knows no Qt, into signals; ``game.ai_worker``
asks computer players for moves in a thread), ``board``, ``review``, ``engines``,
``common`` (what every area shares), and the features ``coach``, ``history``,
``insight``, ``lab``, ``help`` and ``charts``. Features take the collaborators they
need; only ``shell.app`` and ``shell.self_test`` know the main window.
"""
