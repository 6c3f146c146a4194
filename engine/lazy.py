"""Load a package's public names from their modules the first time each is asked for.

`engine`, `saves` and `room` name their public objects at the package's top level but import nothing
until one is used (PEP 562's module `__getattr__`), so that a command that needs one of them does not pay
for all: `landlords --version` loads none of the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(
    namespace: dict[str, Any], where: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return the `__getattr__` and `__dir__` for the package whose `globals()` is `namespace`, its public
    names defined in the modules `where` maps them to.

    A name is imported from its module when first asked for and kept in the package's namespace, so that
    Python finds it there the next time without calling `__getattr__` again."""
    package = namespace["__name__"]

    def load(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        namespace[name] = value
        return value

    def names() -> list[str]:
        return sorted([*namespace, *where])

    return load, names
