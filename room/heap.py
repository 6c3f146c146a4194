"""Garbage-collector tuning for long-lived processes: freezing what lives as long as the process.

What a process loads once (modules, classes, the engine's validators and the bots' tables) lives as long
as it does, yet every full pass of Python's cyclic collector walks it again, and the pass is paid for by
whichever bot decision or screen update happens to trigger it. `settle` collects what is already garbage
and then freezes everything still alive (`gc.freeze`), so full passes skip it; what is made later is
collected as before.

A server's worker is worse off: its sessions' screens are a large heap that lives for the whole session,
while every dialog closed leaves widgets in reference cycles, which only a full pass reclaims. Each full
pass would walk every session's screens to free a few closed dialogs. `keep_settled` therefore freezes
what survived each full pass, so that the next one walks only what was made since; frozen objects that
have died since are reclaimed by a complete pass (unfreeze, then collect) once the heap has grown by a
quarter.

A complete pass walks the whole heap and pauses every session of the worker while it runs. When it finds
that the growth it was called for was mostly live (people arriving, games getting longer), the next one
waits for twice the growth, up to the heap doubling; when it finds mostly garbage, the next one comes
sooner again, down to a quarter. A steady server that makes garbage thus reclaims it as often as before,
and one whose heap grows with its sessions pauses far less often.

A server's worker also reports when a long-lived part has just been built and when one has died. A
table's screen, once drawn, is frozen at once (`set_aside`: a young pass, then `gc.freeze`): full passes
never walk the sessions' screens, so none grows long as people arrive, and the memory they take counts
as alive. A session that ends, or leaves its table for the lobby, leaves frozen screens in reference
cycles: once such sessions since the last complete pass reach a quarter of those still there, and `FEW`
at least (`left`), a complete pass runs between two events. The price is memory: what was frozen while
alive and later dies in a cycle (a lobby left for a table, a dialog closed) waits for that complete pass.

A server's worker also freezes the survivors of every pass, young and middle ones too (`young_aside`).
What a young pass leaves is mostly the lines just drawn and still shown, held by the widgets' caches;
promoted, they made a large middle generation that each middle pass walked to find a few dead objects.
Frozen, they are freed as before once their last reference goes; only what dies in reference cycles
after that waits, for the complete pass that ended sessions call for, or that a heap grown to twice its
size since the last one calls for (`most`). A table's common dialogs are reused, so little dies in
cycles while people play.

Such a process also collects its youngest generation less often than Python's default (`YOUNG`): a
screen update makes and drops many thousands of objects, and young passes in the middle of an update
promoted what it still held, only for it to die soon after, old, and be walked by every full pass.

The measurements behind these choices are in docs/server-design.md, "Garbage collection in the workers".
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable
from typing import Any

Pause = Callable[[float, str], None]
"""Callback for a long collector pass: its CPU seconds, and its kind (`KINDS`)."""

KINDS = ("young", "middle", "full", "complete")
"""Kinds of collector pass reported: over the youngest generation, over the middle one, over all three
(frozen objects left out), over everything."""

FEW = 8
"""Minimum number of ended sessions before a complete pass, however few sessions remain."""

YOUNG = 10_000
"""Young-generation threshold of a frozen process: new objects (less those freed) between young passes."""
CHECK_EVERY = 0.25
"""Minimum CPU seconds between two heap measurements by young passes (where their survivors are frozen).

Counting the heap's blocks walks every pool of it, and a worker's young passes come dozens of times a
second: measuring at each would take a noticeable share of its CPU."""
YOUNG_ASIDE = 700
"""Young-generation threshold where the survivors of every pass are frozen (a server's worker).

This is Python's own default. Python counts the youngest generation as objects made less objects freed,
and every object freed counts, frozen ones too; in a worker whose screens keep replacing lines frozen
long ago, the count stays low while the young objects pile up, so a higher threshold let young passes
grow long enough to pause every session of the worker. What a young pass promotes here is frozen and
never walked again."""


def settle() -> None:
    """Collect garbage now, then freeze every surviving object so that full passes skip it (`gc.freeze`)."""
    gc.collect()
    gc.freeze()


class Settling:
    """A `gc.callbacks` policy that freezes the survivors of every full pass, with periodic complete passes.

    When the heap has grown by `growth` since the last complete pass, everything is unfrozen so that the
    next full pass is complete.

    `growth` moves between `least` and `most` with what the complete passes find: doubled after one that
    reclaimed less than half of the growth it was called for, halved after one that reclaimed more.

    The heap is measured in allocated memory blocks, which Python counts as it goes: counting the frozen
    objects (`gc.get_freeze_count()`) walks all of them, which in a server's worker costs more than the
    pass. Frozen objects that have died since still hold their blocks, so they count as growth."""

    def __init__(
        self,
        growth: float = 0.25,
        long_pass: float = 0.25,
        told: Pause | None = None,
        most: float = 1.0,
        young_aside: bool = False,
    ) -> None:
        self.least = growth
        self.most = max(most, growth)
        self.growth = growth
        self.base = sys.getallocatedblocks()  # the heap as of the last complete pass
        self.complete = 0  # complete passes made (frozen objects that died since are reclaimed)
        self.long_pass = long_pass  # CPU seconds from which a pass is reported to `told`
        self.told = told
        self._whole = False  # the coming full pass walks everything
        self._began = 0.0
        self._before = 0  # the heap as the coming complete pass began
        self.gone = 0  # sessions ended since the last complete pass, their screens frozen and dead
        self.young_aside = young_aside  # freeze the survivors of every pass, young and middle ones too
        self._looked = -CHECK_EVERY  # CPU time when a young pass last measured the heap

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        generation = info.get("generation", 2)
        if phase == "start":
            self._began = time.process_time()
            if generation == 2 and self._whole:
                self._before = sys.getallocatedblocks()
            return
        took = time.process_time() - self._began
        if self.told is not None and took >= self.long_pass:
            self.told(took, KINDS[3] if generation == 2 and self._whole else KINDS[generation])
        if generation < 2:
            if self.young_aside and not self._whole:
                if self._began - self._looked >= CHECK_EVERY and self._grown_past_reason():
                    gc.unfreeze()  # grown past all reason: the next full pass walks everything
                    self._whole = True
                else:
                    gc.freeze()
            return
        gc.freeze()
        if self._whole:
            self._whole = False
            self.complete += 1
            self.gone = 0
            after = sys.getallocatedblocks()
            self._adapt(grown=self._before - self.base, freed=self._before - after)
            self.base = after
        elif sys.getallocatedblocks() > self.base * (1 + self.growth):
            gc.unfreeze()
            self._whole = True

    def _grown_past_reason(self) -> bool:
        self._looked = self._began
        return sys.getallocatedblocks() > self.base * (1 + self.most)

    def set_aside(self) -> None:
        """Freeze everything alive now, after a young pass: call it once a long-lived part is built.

        A table's screen, for example, is then frozen at once rather than walked by the full passes to
        come as it ages. What it adds to the heap counts as alive, not as growth towards a complete pass."""
        if self._whole:
            return  # a complete pass is due, and freezes everything itself
        gc.collect(1)
        gc.freeze()
        self.base = max(self.base, sys.getallocatedblocks())

    def left(self, alive: int) -> bool:
        """Record that a session ended or left its table; return whether a complete pass is now due.

        `alive` sessions remain. A complete pass is due once the sessions gone reach a quarter of those
        alive, and at least `FEW`: a complete pass walks everything the process loaded too, so it is
        costly even with nobody there."""
        self.gone += 1
        return self.gone >= max(FEW, alive / 4)

    def collect_all(self) -> None:
        """Run a complete pass now: unfreeze everything, collect, and freeze the survivors again."""
        gc.unfreeze()
        self._whole = True
        gc.collect()

    def _adapt(self, grown: int, freed: int) -> None:
        """Adjust `growth` after a complete pass.

        Mostly live growth: wait for more before the next complete pass; mostly garbage: come sooner."""
        if freed * 2 < grown:
            self.growth = min(self.most, self.growth * 2)
        else:
            self.growth = max(self.least, self.growth / 2)


def keep_settled(
    growth: float = 0.25, told: Pause | None = None, long_pass: float = 0.25, young_aside: bool = False
) -> Settling:
    """Freeze the heap now and install a `Settling` policy that keeps it frozen; return the policy.

    The youngest generation is collected after `YOUNG` new objects (with `young_aside`, which freezes
    the survivors of every pass, after `YOUNG_ASIDE`). Call it once per process. `told` is called for
    every pass that took `long_pass` seconds of CPU or more."""
    settle()
    gc.set_threshold(YOUNG_ASIDE if young_aside else YOUNG, *gc.get_threshold()[1:])
    settling = policy()
    if settling is None:
        settling = Settling(growth, long_pass=long_pass, told=told, young_aside=young_aside)
        gc.callbacks.append(settling)
    return settling


def policy() -> Settling | None:
    """Return the process's `Settling` policy, or None if `keep_settled` was never called."""
    return next((c for c in gc.callbacks if isinstance(c, Settling)), None)


def set_aside() -> None:
    """Freeze a long-lived part just built (`Settling.set_aside`), if the process has a policy.

    Without one this does nothing: a process that never walks its frozen heap again would keep its
    garbage."""
    settling = policy()
    if settling is not None:
        settling.set_aside()
