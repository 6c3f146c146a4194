"""Building the engine's own events, commands and state pieces without validating them.

Validation is for what comes from outside: a save, a data file, a command from the network or a bot. What
the rules build themselves from values they already hold (a charge, a debt, the event telling it) would
pass every time, so there it only costs time, several times what making the object does. `unchecked(cls)`
returns a constructor that makes the very object `cls(...)` would, the same fields in the same order with
the same defaults, without looking at the values. It is for values of exactly the fields' types (a tuple
where the field is a tuple, an int where it is an int): validation would convert others, this keeps them
as given.

To the type checker `unchecked(cls)` is `cls` itself, so its calls are checked like the class's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_object_setattr = object.__setattr__
_new = object.__new__


def _maker(cls: type[Any]) -> Callable[..., Any]:
    """Return the constructor of `cls`: its values laid over a template of the fields in their order (the
    defaults, and the required ones to be given), refusing a missing or an unknown field."""
    template: dict[str, Any] = {}
    required: set[str] = set()
    factories: list[tuple[str, Callable[[], Any]]] = []
    for name, info in cls.__pydantic_fields__.items():
        template[name] = None
        if info.is_required():
            required.add(name)
        elif info.default_factory is not None:
            factories.append((name, info.default_factory))
        elif isinstance(info.default, list | dict | set):  # pydantic copies these for each object
            raise TypeError(f"{cls.__name__}.{name}: a mutable default wants a default_factory here")
        else:
            template[name] = info.default
    needed = frozenset(required)
    count = len(template)

    def refuse(given: dict[str, Any]) -> TypeError:
        missing, unknown = sorted(needed - given.keys()), sorted(given.keys() - template.keys())
        return TypeError(f"{cls.__name__}: missing {missing}, unknown {unknown}")

    if issubclass(cls, BaseModel):
        slots = vars(BaseModel)  # a model's slots, set through their descriptors: quicker than by name
        set_dict = slots["__dict__"].__set__
        set_given = slots["__pydantic_fields_set__"].__set__
        set_extra = slots["__pydantic_extra__"].__set__
        set_private = slots["__pydantic_private__"].__set__

        def make_model(**given: Any) -> Any:
            values = template | given  # every field already in its place: the union keeps the order
            if len(values) != count or not needed <= given.keys():
                raise refuse(given)
            for name, factory in factories:
                if name not in given:
                    values[name] = factory()
            obj = _new(cls)
            set_dict(obj, values)
            set_given(obj, set(given))
            set_extra(obj, None)
            set_private(obj, None)
            return obj

        return make_model

    def make_dataclass(**given: Any) -> Any:
        values = template | given
        if len(values) != count or not needed <= given.keys():
            raise refuse(given)
        for name, factory in factories:
            if name not in given:
                values[name] = factory()
        obj = _new(cls)
        _object_setattr(obj, "__dict__", values)
        return obj

    return make_dataclass


def replaced(piece: T, **changes: Any) -> T:
    """Return a copy of one of the state's dataclasses with some fields changed, the object
    `dataclasses.replace` makes, without validating it again. The fields not changed are shared with
    `piece`, lists included: for a frozen piece, or a copy that is only read (a table imagined after a
    trade)."""
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
