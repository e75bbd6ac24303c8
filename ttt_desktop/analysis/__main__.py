"""``python -m ttt_desktop.analysis``: write the stored scores (``scores.bin``) from scratch.

The file is the whole game solved by negamax, one byte per position and mover
(see :mod:`ttt_desktop.analysis.solver`); ``tests/analysis/test_score_table.py`` checks
that the file in the package equals what this writes.
"""

from ttt_desktop.analysis.solver import SCORE_TABLE_PATH, score_table_bytes

if __name__ == "__main__":
    data = score_table_bytes()
    with open(SCORE_TABLE_PATH, "wb") as output:
        output.write(data)
    print(f"wrote {SCORE_TABLE_PATH} ({len(data)} bytes)")
