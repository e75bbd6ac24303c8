"""What a start of ``ttt-arena`` and ``pbrain-ttt`` loads: the parser only light modules,
a command's modules once it is chosen (the dispatcher's one hand-over), and the brain's
start not the parser (docs/manual/developer/architecture.md, "Cold start").

The times are measured by ``benchmarks/cli_start.py``; these tests hold the modules."""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys

import pytest

from ttt_desktop.cli import arena

# What only a command's run needs: the games, the SPRT, the files, the library, the brains
# as players, the search, numpy.
HEAVY = (
    "ttt_desktop.cli.match",
    "ttt_desktop.cli.tournament",
    "ttt_desktop.cli.train",
    "ttt_desktop.cli.engines",
    "ttt_desktop.lab.sprt",
    "ttt_desktop.lab.storing",
    "ttt_desktop.formats.files",
    "ttt_desktop.library.store",
    "ttt_desktop.brains.manager",
    "ttt_desktop.players.searcher",
    "numpy",
)


def loaded_after(code: str, *arguments: str, stdin: str = "") -> set[str]:
    """The modules a fresh process has loaded when ``code`` ends (run with ``arguments``)."""
    report = (
        "import atexit, json, sys\n"
        "atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", report + code, *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    modules: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return set(modules)


ARENA = "from ttt_desktop.cli import main\nsys.exit(main())"


def test_the_parser_and_the_help_load_no_command() -> None:
    for arguments in (("--help",), ("match", "--help"), ("train", "--help")):
        loaded = loaded_after(ARENA, *arguments)
        assert not loaded & set(HEAVY), (arguments, sorted(loaded & set(HEAVY)))


def test_a_match_loads_its_own_modules_and_no_other_commands() -> None:
    loaded = loaded_after(ARENA, "match", "--x", "rando", "--o", "rando", "--games", "2")
    assert {"ttt_desktop.cli.match", "ttt_desktop.lab.sprt"} <= loaded
    others = {"ttt_desktop.cli.tournament", "ttt_desktop.cli.train", "ttt_desktop.cli.engines"}
    assert not loaded & others
    # The game library's writer comes with --library only.
    assert "ttt_desktop.lab.storing" not in loaded and "ttt_desktop.brains.manager" not in loaded


def test_the_brain_starts_without_the_parser() -> None:
    loaded = loaded_after(
        "from ttt_desktop.cli.brains import main\nmain()", stdin="START 15\nEND\n"
    )
    assert "ttt_desktop.brains.serve" in loaded
    assert "ttt_desktop.cli.arena" not in loaded
    assert "ttt_desktop.brains.engines" not in loaded and "ttt_desktop.lab.sprt" not in loaded


@pytest.mark.parametrize("choice", sorted(arena._HAND_OVER))
def test_every_hand_over_names_a_function_that_exists(choice: str) -> None:
    module, function = arena._HAND_OVER[choice]
    assert callable(getattr(importlib.import_module(module), function))


def test_every_command_is_handed_over() -> None:
    parser = arena.build_parser()
    commands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    assert set(commands.choices) <= set(arena._HAND_OVER)
