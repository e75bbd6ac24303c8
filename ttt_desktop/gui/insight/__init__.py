"""How each computer thinks, in the window: the Thinking dock, its board layer, the tree explorer.

:class:`~ttt_desktop.gui.insight.features.InsightFeatures` attaches it all to the
window it is given; the thoughts come from the players' ``think`` in the search process.
"""

from ttt_desktop.gui.insight.features import InsightFeatures

__all__ = ["InsightFeatures"]
