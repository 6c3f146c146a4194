"""The layers, written down and held: who may import whom.

    engine        -> nothing of ours (the bots: only the published queries and value types)
    saves         -> engine
    room          -> engine, saves
    lines         -> room, and the engine's names (the line mode: a face of a room, as the full screen is)
    tui           -> room, and the engine's value types (never the game itself, never the saves)
    server        -> engine, saves, room, lines, tui (nothing below imports it)
    cli           -> everything but the learning environment
    landlords_env -> engine, saves, room (an extra: nothing of the game imports it)

and inside the engine, layers of their own (`ENGINE_LAYERS`): the core value types, the rule areas, the
door and its queries, the look-ahead, the learned value, the chances the views show, the bots (which use
only the queries), the tools; no circle of imports among its modules nor between its folders,
type-only imports and imports deferred into a function included. A rule area never imports the command
door, nor the package's face; it is written against `engine.core.live.LiveGame`.

The full screen has layers of its own (`TUI_LAYERS`): the ground (its client, styles, models, drawing
helpers), the text it shows, the widgets, the dialogs, the router that keeps them in step with the game,
the screens, the app on top; no folder imports one above it, and no two folders import each other.

The server has floors of its own (`SERVER_FLOORS`), a folder each: the ground (`base`), the people, the
tables, the screens, one session's app and terminal, the network on top. A floor imports its own and
those below it, never one above (where a lower floor needs to call up, it is handed a protocol or a
callback); and no circle of imports among the server's modules, in any way.
"""

from __future__ import annotations

import ast
import contextlib
import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"engine", "saves", "room", "lines", "tui", "server", "cli", "landlords_env", "translation"}

MAY_IMPORT = {
    "engine": {"engine"},
    "saves": {"engine", "saves"},
    "translation": {"engine", "translation"},
    "room": {"engine", "saves", "room", "translation"},
    "lines": {"engine", "room", "lines", "translation"},
    "tui": {"engine", "room", "tui", "translation"},
    "server": {"engine", "saves", "room", "lines", "tui", "server", "translation"},
    "cli": OURS - {"landlords_env"},
    "landlords_env": {"engine", "saves", "room", "landlords_env"},
}

BOT_MAY_USE = {
    "engine",  # the package itself, for its value types only (checked below)
    "engine.core.board",
    "engine.core.catalogue",
    "engine.core.commands",
    "engine.core.edition",
    "engine.core.errors",
    "engine.core.events",
    "engine.lookahead.judge",  # the expert judges its moves by looking ahead from its own view
    "engine.chances",  # the advisor values its options as the views value a position
    "engine.learned.moves",  # ... and its trades and auction limits by the learned value
    "engine.learned.acceptance",  # ... and the chance a partner accepts its offer, learned from answers
    "engine.learned.value",
    "engine.learned.model",
    "engine.play.odds",
    "engine.core.options",
    "engine.core.phrases",  # reasons are phrases, put into words by the faces
    "engine.queries",
    "engine.core.rng",
    "engine.play.rulebook",
    "engine.core.ruleset",
    "engine.core.state",
    "engine.core.track",
    "engine.core.unchecked",  # value types a bot builds itself, unvalidated (the door checks what it sends)
    "engine.play.view",
}
"""What the bots may import from the engine: the queries and value types, no rule area's insides."""

TUI_MAY_USE_FROM_ENGINE = {
    "engine",
    "engine.core.phrases",
    "engine.core.events",
    "engine.core.fairness",  # the seed's fingerprint, and how much of it a screen shows
    "engine.core.rule_ids",  # the ids of the rules events carry, named and ordered
    "engine.core.narration",
    "engine.queries",
    "engine.core.text",  # the one policy for names and titles, and plain text on screen
}
NOT_FOR_THE_INTERFACE = {"Game", "new_game", "GameState", "register_edition", "UnsoundState"}
ROOM_FOR_THE_INTERFACE = {
    "room.pacing",
    "room.room",
    "room.seats",
    "room.levels",  # the bots' levels in words, light enough for the first screen, the same on every face
    "room.chances",  # a table's chances, worked out in other processes: the interface reads the figure
    "room.review",  # a game's review, worked out in other processes: the interface reads what comes in
    "room.advice",  # the advisor's answer, worked out in other processes: the interface reads it
    "room.advice_words",  # the advisor's sentences, the same on every face
    "room.past_game",  # a past game's positions, replayed from its save: the interface reads them
    "room.foresight",  # a bot's look-ahead, worked out in other processes: handed to the bots' driver
    "room.chance_words",  # how a chance is shown, the same in every view: the interface shows it so
    "room.command_words",  # commands and payments in words, the same on every face of a room
    "room.board_words",  # the spaces', groups' and boxes' names in the language spoken, one per face
    "room.review_words",  # a review's sentences, the same on the full screen and in lines
    "room.rule_choices",  # a new game's rule options and their sentences, the same on every face
    "room.lesson",  # the first game's explanations and when each is due, told by every face
    "room.ending",  # the standings and the seed at a game's end, said the same on every face
}


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
                assert module in ROOM_FOR_THE_INTERFACE, f"{name}:{line}: {module}"


def test_the_line_mode_reads_the_engines_values_and_never_holds_the_game() -> None:
    """The line mode is a face of a room, as the full screen is: it acts through the room only."""
    for name, path in _modules("lines"):
        for module, names, line in _imports(path):
            if module.split(".")[0] == "engine":
                assert not set(names) & NOT_FOR_THE_INTERFACE, f"{name}:{line} imports {names}"
                assert module in TUI_MAY_USE_FROM_ENGINE, f"{name}:{line} imports {module}"
            if module.startswith("room."):
                assert module in ROOM_FOR_THE_INTERFACE | {"room.driver"}, f"{name}:{line}: {module}"


ENGINE_LAYERS = {
    "core": {
        "engine.core",
        "engine.core.board",
        "engine.core.catalogue",
        "engine.core.commands",
        "engine.data",
        "engine.core.edition",
        "engine.core.errors",
        "engine.core.phrases",
        "engine.core.events",
        "engine.core.fairness",
        "engine.core.hooks",
        "engine.lazy",
        "engine.core.live",
        "engine.core.narration",
        "engine.core.options",
        "engine.core.registry",
        "engine.core.rng",
        "engine.core.rule_ids",
        "engine.core.ruleset",
        "engine.core.state",
        "engine.core.tabletop",
        "engine.core.text",
        "engine.core.track",
    },
    "rules": {"engine.rules"},
    "door": {
        "engine",
        "engine.play",
        "engine.play.facts",
        "engine.play.game",
        "engine.play.legal",
        "engine.play.odds",
        "engine.queries",
        "engine.play.rulebook",
        "engine.play.setup",
        "engine.play.soundness",
        "engine.play.sources",
        "engine.play.takeback",
        "engine.play.view",
    },
    "lookahead": {"engine.lookahead"},  # positions drawn and played forward, and their fitted linear value
    "learned": {"engine.learned"},  # the learned value, built on the look-ahead's features and draws
    "chances": {"engine.chances"},  # the chance to win the views show: by the learned value or by playouts
    "bots": {"engine.bots"},
    "tools": {"engine.tools"},
}
"""The engine's own layers, lowest first: a module may import its own layer and those below it. A name
that is a package stands for everything in it."""
ORDER = list(ENGINE_LAYERS)


def _layer(module: str, layers: dict[str, set[str]] = ENGINE_LAYERS) -> str:
    package = module.split(".")[0]
    for layer, members in layers.items():
        for member in members:
            if module == member or (member != package and module.startswith(member + ".")):
                return layer
    raise AssertionError(f"{module} belongs to no layer of {package}: add it to its layers")


def _engine_graph() -> dict[str, set[str]]:
    """Every engine module and the engine modules it imports, in any way (`_graph`)."""
    return _graph("engine")


def test_every_engine_module_sits_in_one_layer_and_imports_none_above_it() -> None:
    for name, edges in _engine_graph().items():
        mine = ORDER.index(_layer(name))
        for module in edges:
            theirs = _layer(module)
            assert ORDER.index(theirs) <= mine, f"{name} ({ORDER[mine]}) imports {module} ({theirs})"


def test_no_rule_area_knows_the_command_door() -> None:
    for name, edges in _engine_graph().items():
        if _layer(name) in {"core", "rules"}:
            assert "engine.play.game" not in edges, f"{name} imports engine.play.game: annotate with LiveGame"
            assert "engine" not in edges, f"{name} imports the package's face"


def test_the_layer_test_sees_a_rule_area_that_imports_the_door(tmp_path: Path) -> None:
    """The check above is not vacuous: the same reading finds the import a careless rule area would add."""
    area = tmp_path / "careless.py"
    area.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine.play.game import Game\n"
    )
    assert ("engine.play.game", ["Game"]) in [(m, n) for m, n, _ in _imports(area)]


def test_no_circle_of_imports_inside_the_engine() -> None:
    """Type-only imports and imports deferred into functions count: a circle of either still ties the
    modules into one piece that cannot be read, tested or changed apart."""
    inner = _engine_graph()
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


TUI_LAYERS = {
    "ground": {
        "tui",
        "tui.client",
        "tui.director",
        "tui.drawing",
        "tui.errors",
        "tui.game_keys",
        "tui.models",
        "tui.patches",
        "tui.styles",
        "tui.terminal",
    },
    "text": {"tui.text"},
    "widgets": {"tui.widgets"},
    "dialogs": {"tui.dialogs"},
    "router": {"tui.dialog_router"},  # keeps a game screen's dialogs in step; the screen opens what it shows
    "screens": {"tui.screens"},
    "app": {"tui.app"},
}
"""The full screen's layers, lowest first, as the engine's: a module may import its own layer and those below
it (a dialog that needs the screen under it to act is handed a protocol, `tui.dialogs.base.Table`). The
ground's rooms (a folder, or a module of tui's own folder) import none of the others."""
TUI_ORDER = list(TUI_LAYERS)


def _room(module: str) -> str:
    """The folder of tui or of the engine that a module is in, or the module itself where it stands at the
    top: what is drawn as one room of the house."""
    return ".".join(module.split(".")[:2])


def test_every_tui_module_sits_in_one_layer_and_imports_none_above_it() -> None:
    assert _tui_upward(_graph("tui")) == []


def _tui_upward(graph: dict[str, set[str]]) -> list[str]:
    out = []
    for name, edges in sorted(graph.items()):
        mine = _layer(name, TUI_LAYERS)
        for module in sorted(edges):
            theirs = _layer(module, TUI_LAYERS)
            if TUI_ORDER.index(theirs) > TUI_ORDER.index(mine):
                out.append(f"{name} ({mine}) imports {module} ({theirs})")
            elif mine == theirs == "ground" and _room(module) not in {_room(name), "tui"}:
                out.append(f"{name} (ground) imports {module}, another room of the ground")
    return out


def test_the_tui_layer_test_sees_an_upward_import() -> None:
    """The check above is not vacuous: a dialog that reached up for a screen is seen, and a ground room that
    reached for another."""
    graph = _graph("tui")
    graph["tui.dialogs.base"] = graph["tui.dialogs.base"] | {"tui.screens.chances"}
    graph["tui.client"] = graph["tui.client"] | {"tui.styles.glyphs"}
    assert _tui_upward(graph) == [
        "tui.client (ground) imports tui.styles.glyphs, another room of the ground",
        "tui.dialogs.base (dialogs) imports tui.screens.chances (screens)",
    ]


@pytest.mark.parametrize("package", ["engine", "tui"])
def test_no_circle_of_imports_between_the_folders(package: str) -> None:
    """One direction between any two folders (and the modules at the package's top): a folder that imports
    another is never imported back by it, even by modules that form no circle of their own."""
    rooms: dict[str, set[str]] = {}
    for name, edges in _graph(package).items():
        rooms.setdefault(_room(name), set()).update(_room(m) for m in edges)
    rooms = {room: edges - {room, package} for room, edges in rooms.items() if room != package}
    circle = _circle(rooms)
    assert circle is None, "folders that import each other: " + " -> ".join(circle or [])


def test_no_circle_of_imports_inside_tui() -> None:
    circle = _circle(_graph("tui"))
    assert circle is None, "import circle: " + " -> ".join(circle or [])


SERVER_FLOORS = ["base", "people", "tables", "screens", "session", "network"]
"""The server's floors, lowest first: `server.<floor>` may import its own floor and those below it."""


def _graph(package: str) -> dict[str, set[str]]:
    """Every module of `package` and the modules of `package` it imports, in any way: when it loads,
    under TYPE_CHECKING or inside a function. `from p.x import y` names the submodule `p.x.y` when there
    is one."""
    modules = dict(_modules(package))
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for module, names, _line in _imports(path):
            if module.split(".")[0] != package:
                continue
            subs = {f"{module}.{n}" for n in names if f"{module}.{n}" in modules}
            if subs:
                edges |= subs
            elif module in modules:
                edges.add(module)
        graph[name] = edges - {name}
    return graph


def _server_floor(module: str) -> int:
    parts = module.split(".")
    if len(parts) < 3 or parts[1] not in SERVER_FLOORS:
        assert module == "server", f"{module} is on no floor of the server: put it in one of {SERVER_FLOORS}"
        return len(SERVER_FLOORS)  # the package's face, above every floor; nothing imports it
    return SERVER_FLOORS.index(parts[1])


def _upward(graph: dict[str, set[str]]) -> list[str]:
    return [
        f"{name} ({SERVER_FLOORS[_server_floor(name)]}) imports {module}"
        for name, edges in sorted(graph.items())
        for module in sorted(edges)
        if _server_floor(module) > _server_floor(name)
    ]


def test_every_server_module_sits_on_one_floor_and_imports_none_above_it() -> None:
    assert _upward(_graph("server")) == []


def test_the_floor_test_sees_an_upward_import() -> None:
    """The check above is not vacuous: a table that reached up for the session's app is seen."""
    graph = _graph("server")
    graph["server.tables.table"] = graph["server.tables.table"] | {"server.session.app"}
    assert _upward(graph) == ["server.tables.table (tables) imports server.session.app"]


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    seen: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> list[str] | None:
        seen[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if seen.get(nxt) == 1:
                return [*trail[trail.index(nxt) :], nxt] if nxt in trail else [node, nxt]
            if nxt not in seen and (found := visit(nxt, [*trail, nxt])):
                return found
        seen[node] = 2
        return None

    for node in sorted(graph):
        if node not in seen and (found := visit(node, [node])):
            return found
    return None


def test_no_circle_of_imports_inside_the_server() -> None:
    circle = _circle(_graph("server"))
    assert circle is None, "import circle: " + " -> ".join(circle or [])


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("engine", {"textual", "rich", "platformdirs", "saves", "room", "tui", "server", "cli", "asyncssh"}),
        ("saves", {"textual", "room", "tui", "server", "cli", "asyncssh"}),
        ("room", {"textual", "tui", "server", "cli", "asyncssh"}),
        ("lines", {"textual", "rich", "tui", "server", "cli", "asyncssh"}),
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
def _ready(self):
    with open(sys.argv[1], "w") as out:
        json.dump(sorted(sys.modules), out)
    self.exit(0)
App.on_ready = _ready
from cli.main import main
sys.exit(main(sys.argv[2:]))
"""


def _in_a_terminal(argv: list[str], timeout: float = 60) -> None:
    """Run `argv` until it ends, with a pseudo-terminal of 80 x 24 as its terminal, as a person runs
    `landlords`; what it draws is read and dropped."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    deadline = time.monotonic() + timeout
    ended = False
    try:
        while not ended and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                with contextlib.suppress(OSError):  # the child's end is closed: it is leaving
                    os.read(fd, 65536)
            ended = os.waitpid(pid, os.WNOHANG)[0] != 0
    finally:
        if not ended:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)


@pytest.mark.slow
def test_the_start_screen_loads_no_engine_saves_or_subcommand(tmp_path: Path) -> None:
    """`landlords` with no subcommand, in a terminal, draws its first screen before any rule, save or
    subcommand is loaded: that is most of its start-up time. In a terminal, not headless: there it also
    installs what saves the game on a hang-up, and that must not load the saves either."""
    loaded_file = tmp_path / "loaded.json"
    _in_a_terminal([sys.executable, "-c", _START_SCREEN, str(loaded_file), "--saves-dir", str(tmp_path)])
    loaded = set(json.loads(loaded_file.read_text(encoding="utf-8")))
    assert "tui.screens.start" in loaded  # the screen did come up
    unwanted = {m for m in loaded if m.split(".")[0] in {"engine", "saves"}}
    subcommands = {f"cli.{name}" for name in ("new", "resume", "saved_games", "replay", "simulate", "demo")}
    unwanted |= subcommands & loaded
    # the engine's lazy face, and its checks of names and seeds (and their folder, which holds only its
    # docstring), are all the start screen may load
    allowed = {"engine", "engine.lazy", "engine.core", "engine.core.text", "engine.core.rng"}
    assert unwanted <= allowed, sorted(unwanted)
    assert "importlib.metadata" not in loaded  # the version, asked for only by --version (30 ms)
