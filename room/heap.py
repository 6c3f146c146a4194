"""Long-lived processes and the garbage collector.

What a process loads once (modules, classes, the engine's validators and the bots' tables) lives as long
as it does, yet every full pass of Python's cyclic collector walks it again: about 20 ms of CPU for the
engine's validators alone, paid by whichever bot decision or screen update happens to trigger the pass.
`settle` sets everything alive at that moment aside from those passes (`gc.freeze`); what is made later
is collected as before.

A server's worker is worse off: its sessions' screens are a large heap that lives for the whole session,
while every dialog closed and every notice gone leaves widgets in reference cycles, which only a full
pass reclaims. Each full pass then walks every session's screens to free a few closed dialogs: with 15
sessions, about 0.7 s of CPU a pass and a third of the worker's time. `keep_settled` sets aside what
survived each full pass, so that the next walks only what was made since; what was set aside and has
died since is reclaimed by a complete pass once the heap has grown by a quarter.
"""

from __future__ import annotations

import gc
import sys
from typing import Any


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

    def __init__(self, growth: float = 0.25) -> None:
        self.growth = growth
        self.base = sys.getallocatedblocks()  # the heap as of the last complete pass
        self.complete = 0  # complete passes made (what was set aside and died since is reclaimed)
        self._whole = False  # the coming full pass walks everything

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info.get("generation") != 2:
            return
        gc.freeze()
        if self._whole:
            self._whole = False
            self.complete += 1
            self.base = sys.getallocatedblocks()
        elif sys.getallocatedblocks() > self.base * (1 + self.growth):
            gc.unfreeze()
            self._whole = True


def keep_settled(growth: float = 0.25) -> Settling:
    """Settle now, and keep the process settled from now on (see `Settling`); once per process."""
    settle()
    policy = next((c for c in gc.callbacks if isinstance(c, Settling)), None)
    if policy is None:
        policy = Settling(growth)
        gc.callbacks.append(policy)
    return policy
