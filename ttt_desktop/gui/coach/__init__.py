"""The coach in the window: undo and redo, hints, move values on the board, the Review dock.

:class:`~ttt_desktop.gui.coach.features.CoachFeatures` attaches it all to the
window it is given; the words and values come from :mod:`ttt_desktop.analysis.coach`.
"""

from ttt_desktop.gui.coach.features import CoachFeatures

__all__ = ["CoachFeatures"]
