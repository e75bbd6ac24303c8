"""History: the game library in the window (stored games, people's pages, ratings)."""

from ttt_desktop.gui.history.features import HistoryFeatures, LibrarySessionScore

__all__ = ["HistoryFeatures", "LibrarySessionScore"]
