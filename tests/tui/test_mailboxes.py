"""A message pump's queue and flag (`tui.patches.mailboxes`) answer as Textual's own queue and asyncio's
event do, step for step, and hold no deque."""

from __future__ import annotations

import asyncio
import sys
from collections import deque
from typing import Any

import pytest
from textual._queue import Queue
from textual.app import App, ComposeResult
from textual.widgets import Button, Label

from tui.patches import mailboxes
from tui.patches.mailboxes import Flag, Mailbox

from unpatched import textuals_own


async def queue_steps(queue: Any) -> list[object]:
    """What a queue answers to the steps a pump takes: empty, put, got in order, waited on, drained."""
    seen: list[object] = [queue.empty(), queue.qsize()]
    with pytest.raises(asyncio.QueueEmpty):
        queue.get_nowait()
    for n in range(3):
        queue.put_nowait(n)
    seen += [queue.empty(), queue.qsize(), await queue.get(), queue.get_nowait(), await queue.get()]
    waiting = asyncio.ensure_future(queue.get())
    await asyncio.sleep(0)
    seen.append(waiting.done())
    queue.put_nowait("late")
    seen += [await waiting, queue.empty(), queue.qsize()]
    queue.task_done()
    return seen


async def test_the_mailbox_answers_as_textuals_queue() -> None:
    assert await queue_steps(Mailbox()) == await queue_steps(Queue())


async def flag_steps(flag: Any) -> list[object]:
    """Set, cleared, waited on by two, one of them cancelled; set again while set."""
    seen: list[object] = [flag.is_set()]
    first = asyncio.ensure_future(flag.wait())
    second = asyncio.ensure_future(flag.wait())
    await asyncio.sleep(0)
    second.cancel()
    await asyncio.sleep(0)
    seen += [first.done(), second.cancelled()]
    flag.set()
    flag.set()
    seen += [await first, flag.is_set(), await flag.wait()]
    flag.clear()
    seen.append(flag.is_set())
    third = asyncio.ensure_future(flag.wait())
    await asyncio.sleep(0)
    flag.set()
    seen.append(await third)
    return seen


async def test_the_flag_answers_as_asyncios_event() -> None:
    assert await flag_steps(Flag()) == await flag_steps(asyncio.Event())


async def test_a_waiter_cancelled_is_let_go() -> None:
    flag = Flag()
    waiting = asyncio.ensure_future(flag.wait())
    await asyncio.sleep(0)
    waiting.cancel()
    await asyncio.sleep(0)
    assert flag._waiters == []


class Buttons(App[None]):
    def compose(self) -> ComposeResult:
        for n in range(20):
            yield Label(f"line {n}")
        yield Button("OK", id="ok")


async def run_and_press() -> tuple[str, int]:
    """An app's screen after a click, and the deques its widgets hold."""
    app = Buttons()
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.click("#ok")
        button = app.query_one("#ok", Button)
        for _ in range(250):  # its pressed look lasts a moment: drawn after it, on a busy machine too
            if not button.has_class("-active"):
                break
            await pilot.pause(0.02)
        await pilot.pause()
        nodes = [app, *app.screen.walk_children(with_self=True)]
        deques = sum(isinstance(v, deque) for node in nodes for v in _held(node))
        return app.export_screenshot(), deques


def _held(node: object) -> list[object]:
    """A node's queue's and flags' parts, as far as two steps down its attributes."""
    found: list[object] = []
    for name in ("_message_queue", "_mounted_event"):
        part = getattr(node, name)
        found.append(part)
        found += [getattr(part, slot, None) for slot in ("values", "ready_event", "_waiters")]
        event = getattr(part, "ready_event", None)
        found.append(getattr(event, "_waiters", None))
    return found


async def test_an_app_draws_the_same_with_them_and_its_widgets_hold_no_deque() -> None:
    assert mailboxes.installed()
    ours, deques = await run_and_press()
    with textuals_own(mailboxes):
        theirs, textuals = await run_and_press()
    assert ours == theirs
    assert deques == 0 and textuals >= 3 * 22  # three a node with Textual's own: the app, its screen, 21
    assert sys.getsizeof(Mailbox().values) < sys.getsizeof(deque())
