"""The test suite's shared helpers: ``from helpers.NAME import ...`` in tests of every folder.

``tests/`` is on the import path (pyproject.toml's ``pythonpath``), so ``helpers`` is this
package wherever a test module lives. ``golden_moves`` and ``search_moves`` also run as
scripts: they wrote the recorded moves in ``tests/data`` that the tests replay.
"""
