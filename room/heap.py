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

A complete pass walks the whole heap and stops every session of the worker while it does: at 25 sessions
about 0.6 s. When it finds that the growth it was called for was mostly live (people arriving, games
getting longer), the next one waits for twice the growth, up to the heap doubling; when it finds mostly
garbage, the next one comes sooner again, down to a quarter. A steady server that makes garbage thus
reclaims it as often as before, and one whose heap grows with its sessions stops far less often.

A server's worker also says when a long-lived part has just been built and when one has died. A table's
screen, once drawn, is set aside at once (`set_aside`: a young pass, then `gc.freeze`; a full pass over
what was not yet set aside took a tenth of a second at 200 people, a pause of its own): full passes
never walk the sessions' screens, so none grows long as people arrive, and the heap they make counts as
alive. A session that ends, or leaves its table for the lobby, leaves screens set aside and in reference
cycles: once such sessions since the last complete pass reach a quarter of those still there, and eight
at least (`left`), a complete pass runs between two events. With 100 and 200 people arriving and
playing on two workers, no full pass of a tenth of a second or more came, where two of one to two
seconds did before while they played; the price is memory: what was set aside alive and dies in cycles
later (a lobby left for a table, a dialog closed) waits for that complete pass, a tenth to a fifth more
memory a session.

A server's worker sets aside the survivors of every pass, young and middle ones too (`young_aside`). What
a young pass leaves is mostly the lines just drawn and still shown, held by the widgets' caches: promoted,
they made a middle generation of some 165,000 objects that each middle pass walked (0.12-0.20 s, three a
minute a worker at 100 people) to find a few hundred dead. Set aside, they are freed as before once their
last reference goes; only what dies in reference cycles after that waits, for the complete pass that
sessions gone call for, or that a heap grown to twice its size since the last one calls for (`most`). A
table's common dialogs are kept between uses, so little dies in cycles while people play: over four
minutes of 100 people playing the memory came to the same either way.

Such a process also collects its youngest generation after 10,000 new objects rather than Python's 700.
A screen update makes and drops many thousands of objects; counted in hundreds, the young passes came in
the middle of each update and promoted what it still held, only for it to die soon after, old: every
full pass then walked it (50-100 ms each, one every two or three seconds a worker at 25 sessions) and
set it aside with the survivors. With 50 people playing, keys that waited more than 150 ms for their
screen outside the first seconds fell from 5-23 a minute to 1-8, and memory a session by a tenth.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable
from typing import Any

Pause = Callable[[float, str], None]
"""Told of a long pass: its CPU seconds, and its kind (`KINDS`)."""

KINDS = ("young", "middle", "full", "complete")
"""The passes told of: over the youngest generation, over the middle one, over all three (what was set
aside left out), over everything."""

FEW = 8
"""Sessions gone that a complete pass waits for however few remain: some 25 MB of screens at most."""

YOUNG = 10_000
"""New objects (less those freed) between two passes over the youngest generation of a settled process."""
CHECK_EVERY = 0.25
"""CPU seconds between two measures of the heap by young passes (where their survivors are set aside).
Counting the heap's blocks walks every pool of it, 0.35 ms at 200 people: a worker's young passes
come dozens of times a second, and measuring at each took 3 % of its CPU."""
YOUNG_ASIDE = 700
"""The same where the survivors of every pass are set aside (a server's worker): Python's own threshold.
Python counts the youngest generation as objects made less objects freed, and every object freed counts,
the set-aside ones too; in a worker whose screens keep replacing lines set aside long ago, the count
stays low while the young objects pile up: at 200 people, 60,000 to 130,000 of them when a count of
3,000 called a young pass, which then took 40-90 ms and held every session of the worker. At 700 no
young pass took 10 ms in a minute of those 200 people; what it promotes is set aside, never walked again."""


def settle() -> None:
    """Collect what is already garbage, then set everything still alive aside from future full passes."""
    gc.collect()
    gc.freeze()


class Settling:
    """After every full pass, set its survivors aside; when the heap has grown by `growth` since the last
    complete pass, take them all back so that the next full pass is complete.

    `growth` moves between `least` and `most` with what the complete passes find: doubled after one that
    reclaimed less than half of the growth it was called for, halved after one that reclaimed more.

    The heap is measured in allocated memory blocks, which Python counts as it goes: counting what is set
    aside (`gc.get_freeze_count()`) walks all of it, which in a server's worker costs more than the pass.
    Set-aside objects that have died since still hold their blocks, so they count as growth."""

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
        self.complete = 0  # complete passes made (what was set aside and died since is reclaimed)
        self.long_pass = long_pass  # CPU seconds from which a pass is worth telling `told` of
        self.told = told
        self._whole = False  # the coming full pass walks everything
        self._began = 0.0
        self._before = 0  # the heap as the coming complete pass began
        self.gone = 0  # sessions ended since the last complete pass, their screens set aside and dead
        self.young_aside = young_aside  # the survivors of every pass set aside, young and middle ones too
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
        """A long-lived part was just built (a table's screen): a young pass, and everything alive set
        aside at once rather than walked by the full passes to come as it ages. What it adds to the heap
        counts as alive, not as growth towards a complete pass."""
        if self._whole:
            return  # a complete pass is due, and sets everything aside itself
        gc.collect(1)
        gc.freeze()
        self.base = max(self.base, sys.getallocatedblocks())

    def left(self, alive: int) -> bool:
        """A session ended or left its table, `alive` remain: whether the screens dead since are now
        worth a complete pass: a quarter of those alive, and at least `FEW` (a complete pass walks
        everything the process loaded too, a tenth of a second and more even with nobody there)."""
        self.gone += 1
        return self.gone >= max(FEW, alive / 4)

    def collect_all(self) -> None:
        """A complete pass, now: everything set aside is walked, what died is reclaimed, and the
        survivors are set aside again."""
        gc.unfreeze()
        self._whole = True
        gc.collect()

    def _adapt(self, grown: int, freed: int) -> None:
        """Mostly live growth: wait for more before the next complete pass; mostly garbage: come sooner."""
        if freed * 2 < grown:
            self.growth = min(self.most, self.growth * 2)
        else:
            self.growth = max(self.least, self.growth / 2)


def keep_settled(
    growth: float = 0.25, told: Pause | None = None, long_pass: float = 0.25, young_aside: bool = False
) -> Settling:
    """Settle now, and keep the process settled from now on (see `Settling`), its youngest generation
    collected after `YOUNG` new objects (with `young_aside`, the survivors of every pass set aside,
    after `YOUNG_ASIDE`); once per process. `told` hears of every pass that took `long_pass` seconds of
    CPU or more."""
    settle()
    gc.set_threshold(YOUNG_ASIDE if young_aside else YOUNG, *gc.get_threshold()[1:])
    settling = policy()
    if settling is None:
        settling = Settling(growth, long_pass=long_pass, told=told, young_aside=young_aside)
        gc.callbacks.append(settling)
    return settling


def policy() -> Settling | None:
    """The process's policy, if it keeps settled (`keep_settled`)."""
    return next((c for c in gc.callbacks if isinstance(c, Settling)), None)


def set_aside() -> None:
    """A long-lived part was just built: set it aside (`Settling.set_aside`) in a settled process; in
    any other, nothing (a process that never walks its set-aside heap again would keep its garbage)."""
    settling = policy()
    if settling is not None:
        settling.set_aside()
