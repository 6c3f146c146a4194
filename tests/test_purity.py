"""The engine is pure: no UI libraries, no I/O beyond its own data, nothing nondeterministic."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent

ALLOWED_IMPORTS = {
    "__future__",
    "collections",
    "dataclasses",
    "functools",
    "typing",
    "json",
    "importlib",
    "secrets",
    "hashlib",  # the seed's fingerprint: a pure function of the seed
    "itertools",
    "math",
    "operator",
    "unicodedata",
    "enum",
    "pydantic",
    "io",  # the packaged weights of the learned value, read from bytes in memory
    "numpy",  # the learned value's networks, in float64
    "threadpoolctl",  # ... held to one thread, so the sums are the same on every run
    "engine",
}


def test_import_engine_loads_no_ui_library() -> None:
    code = "import sys, engine; engine.new_game(); print(__import__('json').dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    modules = set(json.loads(out))
    assert not {m for m in modules if m.split(".")[0] in {"textual", "rich", "platformdirs", "saves", "tui"}}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_modules_import_only_pure_libraries() -> None:
    sources = sorted(ENGINE.rglob("*.py"))
    assert sources
    for path in sources:
        stray = _imports(path) - ALLOWED_IMPORTS
        assert not stray, f"{path.relative_to(ENGINE)} imports {stray}"


def test_engine_does_no_io() -> None:
    """No file, console or clock access in the rules: `open`, `print`, `input` and `time` never appear."""
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "print", "input", "exec", "eval"}, (
                    f"{path.name} calls {node.func.id}"
                )
