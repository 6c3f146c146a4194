"""Patch: a node's weak set of timers and its signals' weak tables of subscribers are created on first use.

Every node Textual makes (each widget, screen and app, and the stand-in nodes of component styles) holds a
`WeakSet` of its timers and a `Signal` of its messages with a `WeakKeyDictionary` of subscribers, each
made in its constructor with two sets, a list and a callback of its own (docs/textual-upstream.md has the
measurements). A server's session holds many nodes, and most never set a timer nor have a subscriber.

`install` makes a node's timers a table made on first use (the first timer set), and a new signal's
subscribers one shared empty table, replaced by a real one at the first subscription. Reading an empty
table (a message published with nobody listening, a node closing with no timers) finds nothing, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn
from weakref import WeakKeyDictionary, WeakSet, ref

from textual.message_pump import MessagePump
from textual.signal import Signal

_TEXTUAL_SIGNAL_INIT = Signal.__init__
_TEXTUAL_SUBSCRIBE = Signal.subscribe
_TEXTUAL_PUMP_INIT = MessagePump.__init__  # where a node's empty table of timers is made

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_SIGNAL_INIT: "108464ea40464e1ad4c909796afa3446c1266110a77251ce4673ccd88303b490",
    _TEXTUAL_SUBSCRIBE: "3d4f81854bf22f29bed5cec949547cf50f83c7462795eb071652b7a7e7f068fb",
    _TEXTUAL_PUMP_INIT: "4c13f534c77c6b67fdba6e9232f1e247320e50ac5c1a97eaf77694680bbb343f",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


class _Unsubscribed(dict[Any, Any]):
    """The shared, empty, read-only subscriber table of every signal nobody has subscribed to."""

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a signal's first subscriber replaces its shared empty table")

    __setitem__ = setdefault = update = _refuse


_UNSUBSCRIBED = _Unsubscribed()


def _signal_init(self: Signal[Any], owner: Any, name: str) -> None:
    self._owner = ref(owner)
    self._name = name
    self._subscriptions = _UNSUBSCRIBED  # type: ignore[assignment]


def _subscribe(self: Signal[Any], node: Any, callback: Any, immediate: bool = False) -> None:
    if self._subscriptions is _UNSUBSCRIBED:
        self._subscriptions = WeakKeyDictionary()
    _TEXTUAL_SUBSCRIBE(self, node, callback, immediate)


class _Timers:
    """A lazy `MessagePump._timers`: the node's timers, a `WeakSet` created on first access."""

    lazy = True

    def __get__(self, pump: MessagePump | None, owner: type | None = None) -> Any:
        if pump is None:
            return self
        timers = pump.__dict__.get("_timers")
        if timers is None:
            timers = pump.__dict__["_timers"] = WeakSet()
        return timers

    def __set__(self, pump: MessagePump, timers: WeakSet[Any]) -> None:
        if timers or not self.lazy:
            pump.__dict__["_timers"] = timers
        else:
            pump.__dict__.pop("_timers", None)  # the empty one from the constructor: made when needed


_TIMERS = _Timers()


def install() -> None:
    """Make the weak tables of the nodes made from now on when first used (once per process)."""
    Signal.__init__ = _signal_init  # type: ignore[method-assign]
    Signal.subscribe = _subscribe  # type: ignore[method-assign]
    MessagePump._timers = _TIMERS  # type: ignore[assignment]
    _TIMERS.lazy = True


def uninstall() -> None:
    """Restore Textual's own tables for the nodes created from now on (for the tests that compare the two).
    A signal or node made meanwhile keeps working: the first subscription still replaces a shared empty
    table, and a node's timers are still made when first asked for."""
    Signal.__init__ = _TEXTUAL_SIGNAL_INIT  # type: ignore[method-assign]
    _TIMERS.lazy = False


def installed() -> bool:
    """Whether nodes made now get their tables when first used."""
    return Signal.__init__ is _signal_init and MessagePump.__dict__.get("_timers") is _TIMERS and _TIMERS.lazy
