"""The Qt window: the game controller, the AI worker thread and the widgets.

The only package of TTT Desktop that imports Qt (PySide6). ``app.main`` starts
the application; ``main_window.MainWindow`` is the window; ``controller`` owns
the running game; ``ai_worker`` asks computer players for moves in a thread.
"""
