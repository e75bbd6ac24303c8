"""The game in hand: the controller over the Qt-free session, the AI worker, the header,
the player panel and its people, the result banner, the new-game dialog, the session
score, the game kept across quitting, the busy spinner and the sounds."""
