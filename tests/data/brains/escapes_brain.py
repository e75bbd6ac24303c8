"""A Gomocup brain that speaks in terminal escapes and control characters (tests only).

Its ABOUT name is red and sets the terminal's title; each move comes with a MESSAGE that
clears the screen and rings the bell; its second move is garbage that moves the cursor,
so it loses by forfeit quoting it. Only the standard library.
"""

import sys

ESC = "\x1b"
NAME = f"{ESC}[31mEscaping{ESC}[0m{ESC}]0;owned{chr(7)}"
MESSAGE = f"MESSAGE {ESC}[2J{ESC}[Hdepth 3{chr(7)}\tbest h8{ESC}]8;;http://x{ESC}\\link"
GARBAGE = f"{ESC}[1A{ESC}[2Kgarbage\x08\x08here"

moves = [0]


def say(text):
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


def move():
    moves[0] += 1
    say(MESSAGE)
    if moves[0] == 2:
        say(GARBAGE)
        return
    # The first free cell of the top row from the left (nobody plays there first).
    say(f"{moves[0] - 1},0")


for raw in sys.stdin:
    word = raw.strip().partition(" ")[0]
    word = word.upper()
    if word in ("START", "RECTSTART"):
        say("OK")
    elif word == "RESTART":
        moves[0] = 0
        say("OK")
    elif word == "ABOUT":
        say(f'name="{NAME}", version="1", author="tests"')
    elif word in ("BEGIN", "TURN"):
        move()
    elif word == "INFO":
        pass
    elif word == "END":
        break
    else:
        say("ERROR Unknown command")
