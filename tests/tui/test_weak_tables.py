"""A node's table of timers and its signals' tables of subscribers are made when first used
(`tui.patches.weak_tables`): timers, subscriptions and the messages published work as with Textual's
own, for less memory a node."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any
from weakref import WeakKeyDictionary, WeakSet

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Label

from tui.patches import weak_tables

from unpatched import textuals_own


class Ping(Message):
    """A message for the subscriber to see."""


class Nodes(App[None]):
    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("one", id="one")
            yield Label("two", id="two")


async def _timers_and_signals() -> dict[str, Any]:
    """What a timer, a subscription and a closed node do, as plain values to compare."""
    app = Nodes()
    seen: list[str] = []
    async with app.run_test() as pilot:
        one, two = app.query_one("#one", Label), app.query_one("#two", Label)
        fired: list[int] = []
        one.set_timer(0.01, lambda: fired.append(1))
        two.set_interval(0.01, lambda: fired.append(2))
        box = app.query_one("#box", Vertical)
        one.message_signal.subscribe(box, lambda message: seen.append(type(message).__name__), immediate=True)
        one.post_message(Ping())
        await pilot.pause(0.1)
        await two.remove()
        await pilot.pause(0.05)
        after_removal = len(fired)
        await pilot.pause(0.05)
        return {
            "one fired": fired.count(1),
            "two fired": fired.count(2) > 1,
            "stopped with its node": len(fired) == after_removal,
            "subscriber saw": "Ping" in seen,
            "subscribers": len(one.message_signal._subscriptions),
        }


async def test_timers_and_subscriptions_work_as_with_textuals_own_tables() -> None:
    ours = await _timers_and_signals()
    with textuals_own(weak_tables):
        textual = await _timers_and_signals()
    assert ours == textual
    assert ours["one fired"] == 1 and ours["two fired"] and ours["stopped with its node"]
    assert ours["subscriber saw"] and ours["subscribers"] == 1


async def test_a_node_with_no_timer_nor_subscriber_holds_neither_table() -> None:
    app = Nodes()
    async with app.run_test():
        label = app.query_one("#one", Label)
        assert "_timers" not in label.__dict__
        assert not isinstance(label.message_signal._subscriptions, WeakKeyDictionary)
        label.set_timer(10, lambda: None)
        assert isinstance(label.__dict__["_timers"], WeakSet) and len(label._timers) == 1
        with textuals_own(weak_tables):
            made_then = Label("three")
            assert isinstance(made_then.__dict__["_timers"], WeakSet)
            assert isinstance(made_then.message_signal._subscriptions, WeakKeyDictionary)
            label.message_signal.subscribe(app.screen, lambda message: None)  # made before: still works
            assert isinstance(label.message_signal._subscriptions, WeakKeyDictionary)


def _bytes_for_labels(count: int) -> float:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    labels = [Label("x") for _ in range(count)]
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del labels
    return used / count


def test_a_node_costs_less_without_its_empty_tables() -> None:
    ours = _bytes_for_labels(200)
    with textuals_own(weak_tables):
        textual = _bytes_for_labels(200)
    assert textual - ours > 1000, (ours, textual)  # the reason: some 1.4 KB a node
