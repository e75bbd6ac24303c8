"""A brain with two threads that drops a command arriving while it finishes a move (tests only).

Modelled on a real, widely used brain: one thread reads commands, another thinks. The
thinking thread prints its move, then spends its first argument's milliseconds of CPU
(default 30) leaving its search before it marks itself idle; a command read in that time
is dropped, and what followed its first word is then read as a command of its own
("ERROR Unknown command: 7,7"). CPU time, not the clock: a brain stopped by SIGSTOP in
that window is still finishing when it is continued.
Only the standard library: it starts in a few milliseconds.
"""

import os
import sys
import threading
import time

FINISH_S = (int(sys.argv[1]) if len(sys.argv) > 1 else 30) / 1000
size = [15, 15]
taken = set()
state = {"thinking": False}
lock = threading.Lock()
wake = threading.Condition(lock)
jobs = []


def say(text):
    os.write(1, (text + "\r\n").encode())


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


def thinker():
    while True:
        with wake:
            while not jobs:
                wake.wait()
            jobs.pop()
        cell = free_cell()
        taken.add(cell)
        say(f"{cell[0]},{cell[1]}")
        end = time.thread_time() + FINISH_S
        while time.thread_time() < end:
            pass
        with lock:
            state["thinking"] = False


def think():
    with wake:
        state["thinking"] = True
        jobs.append(1)
        wake.notify()


threading.Thread(target=thinker, daemon=True).start()


def handle(line):
    word, _, rest = line.partition(" ")
    word = word.upper()
    with lock:
        busy = state["thinking"]
    if busy:
        # Dropped: the rest of the line is read as a command of its own.
        if rest.strip():
            say(f"ERROR Unknown command: {rest.strip()}")
        return True
    if word == "START":
        size[:] = [int(rest), int(rest)]
        taken.clear()
        say("OK")
    elif word == "RESTART":
        taken.clear()
        say("OK")
    elif word == "ABOUT":
        say('name="racing", version="1", author="tests"')
    elif word == "BEGIN":
        think()
    elif word == "TURN":
        x, y = (int(v) for v in rest.split(","))
        taken.add((x, y))
        think()
    elif word == "INFO":
        pass
    elif word == "END":
        return False
    else:
        say(f"ERROR Unknown command: {word}")
    return True


buffer = b""
while True:
    data = os.read(0, 65536)
    if not data:
        break
    buffer += data
    going = True
    while b"\n" in buffer and going:
        raw, _, buffer = buffer.partition(b"\n")
        line = raw.decode().strip()
        if line:
            going = handle(line)
    if not going:
        break
