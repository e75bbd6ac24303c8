"""The application around the areas: start-up and exit, the main window (layout, menus and
wiring), the settings, the View menu's look, the About dialog, room for the docks, the
start-up report and the self-test, quitting on signals and on a destroyed window."""
