"""How each computer thinks, in the window: the Thinking dock, its board layer, the tree explorer.

:class:`~ttt_desktop.gui.insight.features.InsightFeatures` attaches it all to the
window it is given; the thoughts come from the players' ``think`` in the search process.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DOCK_VISIBLE_KEY"]

DOCK_VISIBLE_KEY: Final = "insight/thinking_dock_visible"
"""Whether the Thinking dock shows: the window reads it before it builds the features
(``ttt_desktop.gui.insight.features``, imported after the first paint unless the dock
shows)."""
