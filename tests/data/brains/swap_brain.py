"""A Gomocup brain that answers SWAP2BOARD as its arguments script it (tests only).

``swap_brain.py EMPTY THREE FIVE``: the answer to SWAP2BOARD with 0, 3 and 5 stones, each
one of: ``three`` (three free cells from the centre), ``one``, ``two`` (one or two free
cells), ``swap`` (SWAP), ``error`` (``ERROR Unknown command``), ``unknown`` (``UNKNOWN
SWAP2BOARD``), ``garbage`` (words), ``occupied`` (the first stone it was shown), ``twice``
(three cells, the first again), ``off`` (a cell off the board), ``silent`` (no answer),
``crash`` (exit status 5). Defaults: ``three one one``; one or two stones are answered as
three, more than five as five. It says the stones it was shown in a MESSAGE before each
answer, keeps them and its answer as its board, and plays the first free cell from the
centre at BEGIN, TURN and BOARD.
Only the standard library: it starts in a few milliseconds.
"""

import sys
import time

ANSWERS = {0: "three", 3: "one", 5: "one"}
for count, answer in zip((0, 3, 5), sys.argv[1:], strict=False):
    ANSWERS[count] = answer
size = (15, 15)
taken = []


def say(text):
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


def free_cells(count):
    m, n = size
    centre = (m // 2, n // 2)
    cells = sorted(
        ((x, y) for x in range(m) for y in range(n)),
        key=lambda c: (abs(c[0] - centre[0]) + abs(c[1] - centre[1]), c),
    )
    return [cell for cell in cells if cell not in taken][:count]


def answer_swap2(stones):
    say("MESSAGE shown " + " ".join(stones))
    taken[:] = [tuple(int(v) for v in stone.split(",")[:2]) for stone in stones]
    answer = ANSWERS[min((count for count in ANSWERS if count >= len(stones)), default=5)]
    cells = []
    if answer == "silent":
        time.sleep(3600)
    elif answer == "crash":
        sys.exit(5)
    elif answer == "swap":
        say("SWAP")
        return
    elif answer == "error":
        say("ERROR Unknown command")
        return
    elif answer == "unknown":
        say("UNKNOWN SWAP2BOARD")
        return
    elif answer == "garbage":
        say("I would rather play chess")
        return
    elif answer in ("one", "two", "three"):
        cells = free_cells(("one", "two", "three").index(answer) + 1)
    elif answer == "occupied":
        cells = [taken[0]]
    elif answer == "twice":
        cells = free_cells(2)
        cells.append(cells[0])
    elif answer == "off":
        cells = [(size[0] + 2, 0)]
    taken.extend(cells)
    say(" ".join(f"{x},{y}" for x, y in cells))


def move():
    (cell,) = free_cells(1)
    taken.append(cell)
    say(f"{cell[0]},{cell[1]}")


reading = None
lines = []
for raw in sys.stdin:
    line = raw.strip()
    word, _, rest = line.partition(" ")
    word = word.upper()
    if reading is not None:
        if word == "DONE":
            if reading == "BOARD":
                taken[:] = [tuple(int(v) for v in stone.split(",")[:2]) for stone in lines]
                move()
            else:
                answer_swap2(lines)
            reading, lines = None, []
        elif line:
            lines.append(line)
        continue
    if word in ("START", "RESTART"):
        if word == "START":
            size = (int(rest), int(rest))
        taken.clear()
        say("OK")
    elif word == "ABOUT":
        say('name="swap script", version="1", author="tests"')
    elif word == "BEGIN":
        taken.clear()
        move()
    elif word == "TURN":
        taken.append(tuple(int(v) for v in rest.split(",")))
        move()
    elif word in ("BOARD", "SWAP2BOARD"):
        reading = word
    elif word == "INFO":
        continue
    elif word == "END":
        break
    else:
        say("UNKNOWN command")
