"""A Gomocup brain that names cells in its MESSAGE lines (tests only).

Each move comes with a MESSAGE naming cells as the protocol does (x,y from 0 at the
top-left), one off a 15x15 board, a list of three numbers, a decimal with a comma and a
name in a notation of its own ("G12"); it plays the first free cell of the top row from
the left (nobody plays there first). Only the standard library.
"""

import sys

MESSAGE = "MESSAGE depth 4 best {x},0 pv {x},0 14,14 20,3 G12 eval 3,5.5 rules 15,15,5"

moves = [0]


def say(text):
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


def move():
    x = moves[0]
    moves[0] += 1
    say(MESSAGE.format(x=x))
    say(f"{x},0")


for raw in sys.stdin:
    word = raw.strip().partition(" ")[0].upper()
    if word in ("START", "RECTSTART", "RESTART"):
        moves[0] = 0
        say("OK")
    elif word == "ABOUT":
        say('name="Coordinates", version="1", author="tests"')
    elif word in ("BEGIN", "TURN"):
        move()
    elif word == "INFO":
        pass
    elif word == "END":
        break
    else:
        say("ERROR Unknown command")
