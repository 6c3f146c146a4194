"""Long-lived processes and the garbage collector.

What a process loads once (modules, classes, the engine's validators and the bots' tables) lives as long
as it does, yet every full pass of Python's cyclic collector walks it again: about 20 ms of CPU for the
engine's validators alone, paid by whichever bot decision or screen update happens to trigger the pass.
`settle` sets everything alive at that moment aside from those passes (`gc.freeze`); what is made later
is collected as before.

A server's worker is worse off: its sessions' screens are a large heap that lives for the whole session,
while every dialog closed leaves widgets in reference cycles, which only a full
pass reclaims. Each full pass then walks every session's screens to free a few closed dialogs: with 15
sessions, about 0.7 s of CPU a pass and a third of the worker's time. `keep_settled` sets aside what
survived each full pass, so that the next walks only what was made since; what was set aside and has
died since is reclaimed by a complete pass once the heap has grown by a quarter.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable
from typing import Any

Pause = Callable[[float, bool], None]
"""Told of a long full pass: its CPU seconds, and whether it was complete."""


def settle() -> None:
    """Collect what is already garbage, then set everything still alive aside from future full passes."""
    gc.collect()
    gc.freeze()


class Settling:
    """After every full pass, set its survivors aside; when the heap has grown by `growth` since the last
    complete pass, take them all back so that the next full pass is complete.

    The heap is measured in allocated memory blocks, which Python counts as it goes: counting what is set
    aside (`gc.get_freeze_count()`) walks all of it, which in a server's worker costs more than the pass.
    Set-aside objects that have died since still hold their blocks, so they count as growth."""

    def __init__(self, growth: float = 0.25, long_pass: float = 0.25, told: Pause | None = None) -> None:
        self.growth = growth
        self.base = sys.getallocatedblocks()  # the heap as of the last complete pass
        self.complete = 0  # complete passes made (what was set aside and died since is reclaimed)
        self.long_pass = long_pass  # CPU seconds from which a full pass is worth telling `told` of
        self.told = told
        self._whole = False  # the coming full pass walks everything
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._began = time.process_time()
            return
        took = time.process_time() - self._began
        if self.told is not None and took >= self.long_pass:
            self.told(took, self._whole)
        gc.freeze()
        if self._whole:
            self._whole = False
            self.complete += 1
            self.base = sys.getallocatedblocks()
        elif sys.getallocatedblocks() > self.base * (1 + self.growth):
            gc.unfreeze()
            self._whole = True


def keep_settled(growth: float = 0.25, told: Pause | None = None) -> Settling:
    """Settle now, and keep the process settled from now on (see `Settling`); once per process. `told` hears
    of every full pass that took a quarter of a second or more."""
    settle()
    policy = next((c for c in gc.callbacks if isinstance(c, Settling)), None)
    if policy is None:
        policy = Settling(growth, told=told)
        gc.callbacks.append(policy)
    return policy
