"""Building the engine's own events, commands and state pieces without validating them.

Validation is for what comes from outside: a save, a data file, a command from the network or a bot. What
the rules build themselves from values they already hold (a charge, a debt, the event telling it) would
pass every time, so there it only costs time: a pydantic constructor takes 2 to 6 microseconds, this about
half a microsecond. `unchecked(cls)` returns a constructor that makes the very object `cls(...)` would,
the same fields in the same order with the same defaults, without looking at the values. It is for values
of exactly the fields' types (a tuple where the field is a tuple, an int where it is an int): validation
would convert others, this keeps them as given.

To the type checker `unchecked(cls)` is `cls` itself, so its calls are checked like the class's own.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

T = TypeVar("T")

_object_setattr = object.__setattr__
_new = object.__new__


_MISSING: Any = object()


def _maker(cls: type[Any]) -> Callable[..., Any]:
    """Write the constructor of `cls` as Python source: keyword parameters, so that the interpreter itself
    fills the defaults and refuses a missing or unknown field, as fast as a call can be."""
    model = issubclass(cls, BaseModel)
    scope: dict[str, Any] = {"cls": cls, "_new": _new, "_set": _object_setattr, "_MISSING": _MISSING}
    scope["_deepcopy"] = deepcopy
    slots = vars(BaseModel)
    scope["_set_dict"] = slots["__dict__"].__set__
    scope["_set_given"] = slots["__pydantic_fields_set__"].__set__
    scope["_set_extra"] = slots["__pydantic_extra__"].__set__
    scope["_set_private"] = slots["__pydantic_private__"].__set__
    params: list[str] = []
    fill: list[str] = []
    required: list[str] = []
    for name, info in cls.__pydantic_fields__.items():
        if info.default is not PydanticUndefined and isinstance(info.default, list | dict | set):
            scope[f"_default_{name}"] = info.default  # mutable: each object its own copy, as pydantic does
            value = f"_deepcopy(_default_{name})"
        elif info.default is not PydanticUndefined:
            scope[f"_default_{name}"] = info.default
            value = f"_default_{name}"
        elif info.default_factory is not None:
            scope[f"_factory_{name}"] = info.default_factory
            value = f"_factory_{name}()"
        else:
            params.append(name)
            required.append(name)
            continue
        params.append(f"{name}=_MISSING")
        fill.append(
            f"    if {name} is _MISSING:\n        {name} = {value}\n"
            + (f"    else:\n        given.add({name!r})\n" if model else "")
        )
    values = ", ".join(f"{name!r}: {name}" for name in cls.__pydantic_fields__)
    lines = [f"def make(*, {', '.join(params)}):"]
    if model:
        names = ", ".join(repr(n) for n in required)
        lines.append(f"    given = {{{names}}}" if required else "    given = set()")
    lines += [part.rstrip("\n") for part in fill]
    lines.append("    obj = _new(cls)")
    if model:  # a model's slots, set through their descriptors: quicker than by name
        lines.append(f"    _set_dict(obj, {{{values}}})")
        lines.append("    _set_given(obj, given)")
        lines.append("    _set_extra(obj, None)")
        lines.append("    _set_private(obj, None)")
    else:
        lines.append(f"    _set(obj, '__dict__', {{{values}}})")
    lines.append("    return obj")
    exec("\n".join(lines), scope)  # the source is made of the class's own field names, nothing else
    make: Callable[..., Any] = scope["make"]
    return make


def replaced(piece: T, **changes: Any) -> T:
    """Return a copy of one of the state's frozen dataclasses with some fields changed, the object
    `dataclasses.replace` makes, without validating it again."""
    values = piece.__dict__
    if not values.keys() >= changes.keys():
        raise TypeError(
            f"{type(piece).__name__} has no field {', '.join(sorted(changes.keys() - values.keys()))}"
        )
    new = _new(type(piece))
    _object_setattr(new, "__dict__", {**values, **changes})
    return new


if TYPE_CHECKING:

    def unchecked(cls: type[T]) -> type[T]:
        """Return a constructor of `cls` that does not validate (see the module)."""
        ...

else:
    _MAKERS: dict[type, Callable[..., Any]] = {}

    def unchecked(cls):
        """Return a constructor of `cls` that does not validate (see the module)."""
        make = _MAKERS.get(cls)
        if make is None:
            make = _MAKERS[cls] = _maker(cls)
        return make
