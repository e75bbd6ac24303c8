"""A Gomocup brain that misbehaves in one way, named by its first argument (tests only).

Modes: ok (plays the first free cell from the centre), crash-start, crash-mid, silent,
late, illegal, off-board, garbage, flood, ignore-end, fork, refuse, lowercase, no-restart,
hog (allocates 400 MB at its first move), slow-first (its first move takes 1.5 s: it sets
up its tables then), suggest (answers SUGGEST, then plays what PLAY says), warn (an ERROR
line before each move: a limit it can't meet), setsid (a child that leaves its session,
ignores hang-ups and clears its environment, then sleeps), ignore-hup (ignores SIGHUP
and SIGTERM, and thinks for ever on its second move), renju-foul (as black plays f8 g8 h9
h10, then h8: a double-three, forbidden under renju; it says the INFO rule it was told in
a MESSAGE before each move), no-renju (answers ERROR to an INFO rule with the renju bit,
then plays on as the others do).
Only the standard library: it starts in a few milliseconds.
"""

import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
size = (15, 15)
taken = set()
counter = [0]


def say(text):
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


def free_cell():
    m, n = size
    centre = (m // 2, n // 2)
    cells = sorted(
        ((x, y) for x in range(m) for y in range(n)),
        key=lambda c: (abs(c[0] - centre[0]) + abs(c[1] - centre[1]), c),
    )
    for cell in cells:
        if cell not in taken:
            return cell
    return centre


FOUL = [(5, 7), (6, 7), (7, 6), (7, 5), (7, 7)]
"""f8 g8 h9 h10 h8 on 15x15 (x the column from the left, y the row from the top)."""
rule = ["none"]


def move(opponent=None):

    if opponent is not None:
        taken.add(opponent)
    counter[0] += 1
    if MODE == "silent" or (MODE == "ignore-hup" and counter[0] == 2):
        time.sleep(3600)
    if MODE == "slow-first" and counter[0] == 1:
        time.sleep(1.5)
    if MODE == "warn":
        say("ERROR max memory too small, might exceed the memory limit")
    if MODE == "late":
        time.sleep(2.0)
    if MODE == "crash-mid" and counter[0] == 3:
        sys.exit(7)
    if MODE == "hog":
        hoard = bytearray(400 * 1024 * 1024)  # more than the 200 MB the test allows
        hoard[-1] = 1
    if MODE == "garbage":
        say("I think I'll play somewhere nice")
        return
    if MODE == "off-board":
        say(f"{size[0] + 3},{size[1]}")
        return
    if MODE == "illegal" and opponent is not None:
        say(f"{opponent[0]},{opponent[1]}")
        return
    if MODE == "renju-foul":
        say(f"MESSAGE rule {rule[0]}")
        cell = FOUL[min(counter[0], len(FOUL)) - 1]
        taken.add(cell)
        say(f"{cell[0]},{cell[1]}")
        return
    if MODE == "flood":
        line = "MESSAGE " + "x" * 200 + "\r\n"
        sys.stdout.write(line * 12_000)  # about 2.5 MB each move
    cell = free_cell()
    taken.add(cell)
    if MODE == "lowercase":
        say("debug thinking")
        say("message depth 3")
    if MODE == "suggest":
        taken.discard(cell)  # a suggestion changes nothing until PLAY
        say(f"SUGGEST {cell[0]},{cell[1]}")
        return
    say(f" {cell[0]} , {cell[1]} ")


if MODE == "ignore-end":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if MODE == "ignore-hup":
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if MODE == "setsid" and os.fork() == 0:
    # Out of the brain's group and session, deaf to hang-ups, with no environment to be
    # known by: only its keeper can still find it.
    os.setsid()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    os.execve("/bin/sleep", ["sleep", "600"], {})
if MODE == "fork" and os.fork() == 0:
    # The child lingers, holding the pipes: the manager must kill the whole group.
    time.sleep(120)
    os._exit(0)

reading_board = False
for raw in sys.stdin:
    line = raw.strip()
    word, _, rest = line.partition(" ")
    word = word.upper()
    if reading_board:
        if word == "DONE":
            reading_board = False
            move()
        else:
            x, y, _who = (int(v) for v in line.split(","))
            taken.add((x, y))
        continue
    if word == "START":
        if MODE == "crash-start":
            sys.exit(3)
        if MODE == "refuse":
            say("ERROR this brain plays 20x20 only")
            continue
        size = (int(rest), int(rest))
        taken.clear()
        say("ok - fine" if MODE == "lowercase" else "OK")
    elif word == "RECTSTART":
        if MODE == "lowercase":
            say("ERROR Unknown command")
            continue
        m, n = (int(v) for v in rest.split(","))
        size = (m, n)
        taken.clear()
        say("OK")
    elif word == "RESTART":
        if MODE == "no-restart":
            say("UNKNOWN RESTART")
            continue
        taken.clear()
        say("OK")
    elif word == "ABOUT":
        say(f'name="bad {MODE}", version="1", author="tests"')
    elif word == "BEGIN":
        move()
    elif word == "TURN":
        x, y = (int(v) for v in rest.split(","))
        move((x, y))
    elif word == "PLAY" and MODE == "suggest":
        x, y = (int(v) for v in rest.split(","))
        taken.add((x, y))
        say(f"{x},{y}")
    elif word == "BOARD":
        reading_board = True
    elif word == "INFO":
        key, _, value = rest.partition(" ")
        if key.lower() == "rule":
            rule[0] = value.strip()
            if MODE == "no-renju" and int(rule[0]) & 4:
                say("ERROR renju is not supported")
    elif word == "END":
        if MODE == "ignore-end":
            continue
        break
    else:
        say("ERROR Unknown command")
