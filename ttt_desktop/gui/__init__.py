"""The Qt window: the game controller, the AI worker thread and the widgets.

The only package of TTT Desktop that imports Qt (PySide6). ``app.main`` starts
the application; ``main_window.MainWindow`` is the window; ``controller`` turns
the running game (:mod:`ttt_desktop.core.session`, which knows no Qt) into
signals; ``ai_worker`` asks computer players for moves in a thread. Features take
the collaborators they need; only ``app`` and ``self_test`` know the main window.
"""
