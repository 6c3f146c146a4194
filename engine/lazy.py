"""Load a package's public names from their modules the first time each is asked for.

`engine`, `saves` and `room` name their public objects at the package's top level but import nothing
until one is used (PEP 562's module `__getattr__`), so that a command that needs one of them does not pay
for all: `landlords --version` loads none of the engine.

Each package lists its public names once, as the imports of its `if TYPE_CHECKING:` block, each written
`from module import Name as Name`: a type checker reads them as the package's exports, and `lazy_names`
reads the same lines of the package's source to know which module holds each name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import import_module
from typing import Any

_BLOCK = re.compile(r"^if TYPE_CHECKING:\n((?:(?:    .*)?\n)+)", re.MULTILINE)
_IMPORT = re.compile(r"from\s+([\w.]+)\s+import\s+\(?([^()]*?)\)?\s*(?=\n    from|\Z)", re.DOTALL)
_NAME = re.compile(r"(\w+)\s+as\s+(\w+)")


def public_names(source: str) -> dict[str, str]:
    """Return each name the `if TYPE_CHECKING:` block of a package's source imports, and its module."""
    found = _BLOCK.search(source)
    if found is None:
        raise ValueError("the package's source has no `if TYPE_CHECKING:` block of imports")
    where: dict[str, str] = {}
    for module, names in _IMPORT.findall(found.group(1).rstrip() + "\n"):
        for name, alias in _NAME.findall(names):
            if name != alias:
                raise ValueError(f"{name} is imported as {alias}: write `{name} as {name}`")
            where[name] = module
    return where


def lazy_names(namespace: dict[str, Any]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return the `__getattr__` and `__dir__` for the package whose `globals()` is `namespace`.

    Its public names are those its `if TYPE_CHECKING:` block imports (`public_names`, read from the
    package's own source through its loader). A name is imported from its module when first asked for
    and kept in the package's namespace, so that Python finds it there the next time without calling
    `__getattr__` again."""
    package = namespace["__name__"]
    source = namespace["__spec__"].loader.get_source(package)
    where = public_names(source or "")

    def load(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        namespace[name] = value
        return value

    def names() -> list[str]:
        return sorted({*namespace, *where})

    return load, names
