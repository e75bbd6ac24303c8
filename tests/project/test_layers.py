"""The package's layers: no import circle, and each layer imports only the layers below it.

Imports are read from the source (module level and inside functions alike), so a circle
hidden in a function-level import counts too; so does one through an import under ``if
TYPE_CHECKING:``, which never runs but ties the two modules' concepts together all the same
(the layers are checked with those imports too). A module named in a string
(``importlib.import_module``, a lazy table) is an import as well: it runs when used. The
roster's ``"module:Class"`` entries are not: they are a registry that
``players.player_class`` reads, and no module that holds one imports it.
The window sees every layer below it but the command line's.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "ttt_desktop"

# What each layer may import besides itself (top-level modules count as their own layer).
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "formats": {"core"},
    "analysis": {"core"},
    "players": {"core", "analysis"},
    "ratings": set(),
    "version": set(),
    "resource_paths": set(),
    "library": {"core", "formats", "analysis", "ratings"},
    "lab": {"core", "formats", "analysis", "players", "ratings", "brains", "library"},
    "brains": {"core", "formats", "analysis", "players", "version"},
    "cli": {
        "core",
        "formats",
        "analysis",
        "players",
        "lab",
        "library",
        "ratings",
        "version",
        "brains",
    },
    "arena": {"cli"},
    "root": {"version"},
}
ALLOWED["gui"] = {
    "core",
    "formats",
    "analysis",
    "players",
    "ratings",
    "version",
    "resource_paths",
    "library",
    "lab",
    "brains",
    "root",
}
ALLOWED["__main__"] = {"gui", "arena", "cli"}
ARCHITECTURE = PACKAGE.parent / "docs" / "manual" / "developer" / "architecture.md"


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("ttt_desktop", *path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


MODULES = module_names()


def _known(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


class _Imports(ast.NodeVisitor):
    def __init__(self, module: str, *, type_only: bool = False) -> None:
        self.module = module
        self.type_only = type_only
        """Whether the imports under ``if TYPE_CHECKING:`` count (the circles' and layers'
        checks); the running program's imports are the others."""
        self.found: set[str] = set()

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring names modules without importing them
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        name = node.value
        if (
            isinstance(name, str)
            and name.startswith("ttt_desktop.")
            and ":" not in name
            and name.replace(".", "").replace("_", "").isalnum()
        ):
            self._add(name)

    def visit_If(self, node: ast.If) -> None:
        if (
            isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING"
            and not self.type_only
        ):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            package = self.module.split(".")
            if MODULES[self.module].name != "__init__.py":
                package = package[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join([*package, base] if base else package)
        for alias in node.names:
            full = f"{base}.{alias.name}"
            self._add(full if full in MODULES else base)

    def _add(self, name: str) -> None:
        known = _known(name)
        if known is not None and known != self.module:
            self.found.add(known)


def import_graph(*, type_only: bool = True) -> dict[str, set[str]]:
    """Each module's imports of the package's modules (those for type checkers too, unless
    ``type_only`` is false: then only what runs)."""
    graph = {}
    for name, path in MODULES.items():
        visitor = _Imports(name, type_only=type_only)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        graph[name] = visitor.found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "root"


def test_no_import_circle() -> None:
    assert circles(import_graph()) == []


def test_the_checker_sees_imports_for_type_checkers() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ttt_desktop.core.board import Board\n"
    )
    seen = _Imports("ttt_desktop.players.base", type_only=True)
    seen.visit(ast.parse(source))
    running = _Imports("ttt_desktop.players.base", type_only=False)
    running.visit(ast.parse(source))
    assert seen.found == {"ttt_desktop.core.board"} and running.found == set()


def test_the_checker_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_each_layer_imports_only_the_layers_below_it() -> None:
    wrong = []
    for module, imported in import_graph().items():
        layer = layer_of(module)
        for other in imported:
            other_layer = layer_of(other)
            if other_layer != layer and other_layer not in ALLOWED[layer]:
                wrong.append(f"{module} imports {other}")
    assert wrong == []


def test_the_checker_sees_modules_named_in_strings() -> None:
    visitor = _Imports("ttt_desktop.core")
    visitor.visit(
        ast.parse(
            '"""Uses ttt_desktop.players for nothing."""\n'
            'LAZY = {"load": "ttt_desktop.formats.files"}\n'
            'ROSTER = ["ttt_desktop.players.simple:RandoPlayer"]\n'
        )
    )
    assert visitor.found == {"ttt_desktop.formats.files"}


def test_no_layer_imports_the_window() -> None:
    wrong = [
        f"{module} imports {other}"
        for module, imported in import_graph().items()
        if layer_of(module) not in {"gui", "__main__"}
        for other in imported
        if layer_of(other) == "gui"
    ]
    assert wrong == []


def documented_layers() -> dict[str, set[str]]:
    """The architecture page's layers table: each layer's name and what it may import."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text.split("<!-- layers:", 1)[1].split("\n\n", 1)[0]
    layers: dict[str, set[str]] = {}
    for row in table.splitlines()[3:]:
        name, _package, imports, _holds = (cell.strip() for cell in row.strip("|").split("|"))
        allowed = {part.strip() for part in imports.split(",") if part.strip()}
        for layer in name.replace("`", "").split(","):
            layers[layer.strip()] = allowed
    return layers


def test_the_architecture_page_shows_the_layers_this_test_holds() -> None:
    assert documented_layers() == ALLOWED
