"""The board: the widget that draws any board and takes moves, its zooming scroll area,
and the overlays features draw on its cells."""
