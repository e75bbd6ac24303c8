"""One home per concept: no public name is defined at the top level of two modules.

A class, function or constant defined twice under one name is either one concept with two
homes (merge them: one module defines it, the others import it) or two concepts sharing a
name (name each for what it is). Importing a name is not defining it, so re-exports count
once. Read from the source, like the layers test.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "ttt_desktop"

# Names every module may define for itself: they are the module's own entry point or the
# typing idiom, never a concept of the program.
EVERY_MODULE_MAY_DEFINE = frozenset({"main", "TYPE_CHECKING"})

# Two modules of the window that define the same name for their own widget, each private
# to its module in practice (read only there, never imported): a short, explained list.
ALLOWED: dict[str, frozenset[str]] = {}


def top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {
        name for name in names if not name.startswith("_") and name not in EVERY_MODULE_MAY_DEFINE
    }


def homes() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = path.relative_to(PACKAGE.parent).with_suffix("").as_posix()
        for name in top_level_names(tree):
            found[name].append(module)
    return found


def test_no_public_name_has_two_homes() -> None:
    twice = {
        name: modules
        for name, modules in homes().items()
        if len(modules) > 1 and frozenset(modules) != ALLOWED.get(name)
    }
    assert twice == {}, "\n".join(f"{name}: {', '.join(m)}" for name, m in sorted(twice.items()))


def test_the_scan_sees_definitions_and_not_imports() -> None:
    tree = ast.parse(
        "from x import Imported\n"
        "import y as also_imported\n"
        "CONSTANT = 1\n"
        "TYPED: int = 2\n"
        "_private = 3\n"
        "def function(): ...\n"
        "class Class: ...\n"
        "def main(): ...\n"
    )
    assert top_level_names(tree) == {"CONSTANT", "TYPED", "function", "Class"}
