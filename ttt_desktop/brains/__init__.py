"""Gomocup brains: external programs playing five (or k) in a row through the Piskvork
protocol, as players of this program, and our players as brains.

* :mod:`~ttt_desktop.brains.protocol`: the commands, the replies, the coordinates;
* :mod:`~ttt_desktop.brains.manager`: one brain's process, pipes, clocks and the
  arbiter's rules (:class:`BrainProcess`);
* :mod:`~ttt_desktop.brains.player`: a brain as a :class:`~ttt_desktop.players.base.Player`;
* :mod:`~ttt_desktop.brains.match`: games with brains, forfeits and the pipe's log;
* :mod:`~ttt_desktop.brains.engines`: the engine list (``engines.json``) and probing;
* :mod:`~ttt_desktop.brains.serve`: the brain side, our players on stdin and stdout.

Linux (POSIX) only. Nothing here imports Qt.
"""
