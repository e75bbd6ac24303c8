"""Gomocup brains in the window: the engine list and its dialogs, brains as players of the
drop-downs, the Engine log dock, their words made safe to show, and the notice when the
computer stops answering."""
