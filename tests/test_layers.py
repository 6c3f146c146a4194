"""The layers, written down and held: who may import whom.

    engine        -> nothing of ours (the bots: only the published queries and value types)
    saves         -> engine
    room          -> engine, saves
    tui           -> room, and the engine's value types (never the game itself, never the saves)
    server        -> engine, saves, room, tui (nothing below imports it)
    cli           -> everything

and no circle of imports inside the engine: a rule area never imports the package's face, and the
registries live apart from the command door.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"engine", "saves", "room", "tui", "server", "cli"}

MAY_IMPORT = {
    "engine": {"engine"},
    "saves": {"engine", "saves"},
    "room": {"engine", "saves", "room"},
    "tui": {"engine", "room", "tui"},
    "server": {"engine", "saves", "room", "tui", "server"},
    "cli": OURS,
}

BOT_MAY_USE = {
    "engine",  # the package itself, for its value types only (checked below)
    "engine.board",
    "engine.catalogue",
    "engine.commands",
    "engine.edition",
    "engine.errors",
    "engine.events",
    "engine.options",
    "engine.queries",
    "engine.rng",
    "engine.ruleset",
    "engine.state",
    "engine.track",
    "engine.view",
}
"""What the bots may import from the engine: the queries and value types, no rule area's insides."""

TUI_MAY_USE_FROM_ENGINE = {
    "engine",
    "engine.events",
    "engine.narration",
    "engine.queries",
    "engine.text",  # the one policy for names and titles, and plain text on screen
}
NOT_FOR_THE_INTERFACE = {"Game", "new_game", "GameState", "register_edition", "UnsoundState"}


def _modules(package: str) -> Iterator[tuple[str, Path]]:
    base = ROOT / package
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def _imports(path: Path, *, top_level_only: bool = False) -> list[tuple[str, list[str], int]]:
    """(module, names, line) for every absolute import; with `top_level_only`, those that run when the
    module is loaded (not inside functions, nor under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, list[str], int]] = []

    def visit(node: ast.AST, loaded: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                if not top_level_only:
                    visit(child, False)
                continue
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                if not top_level_only:
                    visit(child, False)
                continue
            if isinstance(child, ast.Import):
                out.extend((a.name, [], child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                out.append((child.module, [a.name for a in child.names], child.lineno))
            visit(child, loaded)

    visit(tree, True)
    return out


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_each_layer_imports_only_the_layers_below_it(package: str) -> None:
    allowed = MAY_IMPORT[package]
    for name, path in _modules(package):
        for module, _names, line in _imports(path):
            root = module.split(".")[0]
            if root in OURS:
                assert root in allowed, f"{name}:{line} imports {module} ({package} may not use {root})"


def test_the_bots_use_only_the_engines_queries_and_value_types() -> None:
    for name, path in _modules("engine/bots"):
        for module, names, line in _imports(path):
            if module.startswith("engine.bots") or module.split(".")[0] != "engine":
                continue
            assert module in BOT_MAY_USE, f"{name}:{line} imports the rule area {module}"
            if module == "engine":
                assert not set(names) & {"Game", "new_game"}, f"{name}:{line} takes the game itself"


def test_the_interface_reads_the_engines_values_and_never_holds_the_game() -> None:
    for name, path in _modules("tui"):
        for module, names, line in _imports(path):
            if module.split(".")[0] == "engine":
                assert module in TUI_MAY_USE_FROM_ENGINE, f"{name}:{line} imports {module}"
                assert not set(names) & NOT_FOR_THE_INTERFACE, f"{name}:{line} imports {names}"
            if module.startswith("room."):
                assert module in {"room.pacing", "room.room", "room.seats"}, f"{name}:{line}: {module}"


def test_no_circle_of_imports_inside_the_engine() -> None:
    graph: dict[str, set[str]] = {}
    modules = dict(_modules("engine"))
    for name, path in modules.items():
        edges = set()
        for module, names, _line in _imports(path, top_level_only=True):
            if module == "engine":  # a submodule, or a name from the package's face (which closes a circle)
                edges |= {f"engine.{n}" if f"engine.{n}" in modules else "engine" for n in names}
            elif module in modules:
                edges.add(module)
        graph[name] = edges
    inner = {n: {m for m in e if m != "engine"} for n, e in graph.items() if n != "engine"}
    assert not [n for n, e in graph.items() if n != "engine" and "engine" in e], "a module imports engine"
    seen: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(inner.get(node, ())):
            if seen.get(nxt) == 1:
                cycle = [*trail[trail.index(nxt) :], nxt] if nxt in trail else [node, nxt]
                pytest.fail("import circle: " + " -> ".join(cycle))
            if nxt not in seen:
                visit(nxt, [*trail, nxt])
        seen[node] = 2

    for node in sorted(inner):
        if node not in seen:
            visit(node, [node])


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("engine", {"textual", "rich", "platformdirs", "saves", "room", "tui", "server", "cli", "asyncssh"}),
        ("saves", {"textual", "room", "tui", "server", "cli", "asyncssh"}),
        ("room", {"textual", "tui", "server", "cli", "asyncssh"}),
    ],
)
def test_importing_a_layer_loads_nothing_above_it(package: str, forbidden: set[str]) -> None:
    code = f"import sys, json, {package}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = {m.split(".")[0] for m in json.loads(out)}
    assert not loaded & forbidden, f"import {package} loads {sorted(loaded & forbidden)}"


_START_SCREEN = """
import json, sys
from textual.app import App
_run = App.run
def _headless(self, *a, **k):
    k["headless"] = True
    return _run(self, *a, **k)
def _ready(self):
    print(json.dumps(sorted(sys.modules)), flush=True)
    self.exit(0)
App.run = _headless
App.on_ready = _ready
import tui.terminal
tui.terminal.missing = lambda: False
from cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def test_the_start_screen_loads_no_engine_saves_or_subcommand(tmp_path: Path) -> None:
    """`landlords` with no subcommand draws its first screen before any rule, save or subcommand is
    loaded: that is most of its start-up time."""
    argv = ["--saves-dir", str(tmp_path)]
    done = subprocess.run(
        [sys.executable, "-c", _START_SCREEN, *argv], capture_output=True, text=True, timeout=120, check=True
    )
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "tui.screens.start" in loaded  # the screen did come up
    unwanted = {m for m in loaded if m.split(".")[0] in {"engine", "saves"}}
    subcommands = {f"cli.{name}" for name in ("new", "resume", "saved_games", "replay", "simulate", "demo")}
    unwanted |= subcommands & loaded
    # the engine's lazy face, and its checks of names and seeds, are all the start screen may load
    assert unwanted <= {"engine", "engine.text", "engine.rng"}, sorted(unwanted)
