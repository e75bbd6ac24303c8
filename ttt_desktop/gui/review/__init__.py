"""Watching and reviewing games: the replay bar, the move list, game files and matches."""
