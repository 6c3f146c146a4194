"""The packages' public names, listed once in their `if TYPE_CHECKING:` blocks, load on first use."""

from __future__ import annotations

import importlib
import subprocess
import sys
from types import ModuleType

import pytest

import engine
import room
import saves
from engine.lazy import public_names


def _names(package: ModuleType) -> dict[str, str]:
    return public_names(package.__spec__.loader.get_source(package.__name__))  # type: ignore[union-attr]


@pytest.mark.parametrize("package", [engine, room, saves], ids=lambda p: p.__name__)
def test_every_public_name_is_the_object_its_module_defines(package: ModuleType) -> None:
    where = _names(package)
    assert len(where) >= 10
    for name, module in where.items():
        assert getattr(package, name) is getattr(importlib.import_module(module), name), name
    assert set(where) <= set(dir(package))
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        _ = package.Nothing


def test_the_engine_names_every_command_type() -> None:
    """A command added to the engine's list (`engine.core.commands.COMMAND_TYPES`) is one of the package's
    names too, where the faces take it from."""
    from engine.core.commands import COMMAND_TYPES

    where = _names(engine)
    assert [t.__name__ for t in COMMAND_TYPES if where.get(t.__name__) != "engine.core.commands"] == []


def test_importing_the_engine_loads_none_of_its_modules() -> None:
    code = "import sys, engine; print(sorted(m for m in sys.modules if m.startswith('engine')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['engine', 'engine.lazy']"


def test_a_block_read_as_written() -> None:
    source = (
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from a.b import C as C\n"
        "    from a.d import (\n        E as E,\n        f as f,\n    )\n\nx = 1\n"
    )
    assert public_names(source) == {"C": "a.b", "E": "a.d", "f": "a.d"}
    with pytest.raises(ValueError, match="write `C as C`"):
        public_names("if TYPE_CHECKING:\n    from a.b import C as D\n")
    with pytest.raises(ValueError, match="no `if TYPE_CHECKING:` block"):
        public_names("import os\n")
