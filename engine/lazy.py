"""Load a package's public names from their modules the first time each is asked for.

`engine`, `saves` and `room` name their public objects at the package's top level but import nothing
until one is used (PEP 562's module `__getattr__`), so that a command that needs one of them does not pay
for all: `landlords --version` loads none of the engine.

Each package lists its public names once, as the imports of its `if TYPE_CHECKING:` block, each written
`from module import Name as Name`: a type checker reads them as the package's exports, and `lazy_names`
reads the same lines of the package's source to know which module holds each name.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def public_names(source: str) -> dict[str, str]:
    """Return each name the `if TYPE_CHECKING:` block of a package's source imports, and its module."""
    lines = source.splitlines()
    if "if TYPE_CHECKING:" not in lines:
        raise ValueError("the package's source has no `if TYPE_CHECKING:` block of imports")
    block: list[str] = []
    for line in lines[lines.index("if TYPE_CHECKING:") + 1 :]:
        if line and not line.startswith("    "):
            break
        block.append(line.strip())
    where: dict[str, str] = {}
    for statement in " ".join(block).split("from ")[1:]:
        module, _, names = statement.partition(" import ")
        for item in names.replace("(", " ").replace(")", " ").split(","):
            name, _, alias = item.strip().partition(" as ")
            if not name:
                continue
            if alias.strip() != name:
                raise ValueError(f"{name} is imported as {alias.strip() or name}: write `{name} as {name}`")
            where[name] = module.strip()
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
