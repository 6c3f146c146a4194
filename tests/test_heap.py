"""A long-lived process sets what it loaded once aside from the collector's full passes, and still
collects what it makes later."""

from __future__ import annotations

import gc
import sys
import time
import weakref
from collections.abc import Iterator
from functools import partial

import pytest

from cli.parallel import play
from room.heap import Settling, keep_settled, settle


class Loop:
    def __init__(self) -> None:
        self.me = self


def walked(thing: object) -> bool:
    return any(o is thing for o in gc.get_objects())


@pytest.fixture
def policy() -> Iterator[Settling]:
    """A settled process (`keep_settled`) whose collector runs only the passes a test asks for: none set
    off by the allocations themselves."""
    policy = keep_settled(growth=0.25)
    gc.disable()
    try:
        yield policy
    finally:
        gc.enable()
        gc.callbacks.remove(policy)
        gc.unfreeze()


def test_settling_sets_the_loaded_aside_and_later_garbage_is_still_collected() -> None:
    alive = Loop()
    settle()
    assert gc.get_freeze_count() > 1000  # the modules, classes and validators loaded so far
    assert not walked(alive)  # no longer walked by a full pass
    later = Loop()
    del later
    assert gc.collect() >= 1  # a cycle made afterwards is found and freed
    gc.unfreeze()
    assert walked(alive)


class Count:
    def __init__(self, frozen: int) -> None:
        self.frozen = [frozen]

    def merge(self, other: Count) -> None:
        self.frozen += other.frozen


def frozen_at_start(first: int, count: int) -> Count:
    return Count(gc.get_freeze_count())


def test_every_process_of_a_run_settles_its_heap_before_playing() -> None:
    assert play(4, 1, frozen_at_start).frozen[0] > 1000
    gc.unfreeze()
    parts = play(2000, 2, partial(frozen_at_start))
    assert len(parts.frozen) > 1 and min(parts.frozen) > 1000


def test_a_settled_server_sets_aside_what_each_full_pass_leaves_and_reclaims_it_when_it_grows(
    policy: Settling,
) -> None:
    base = sys.getallocatedblocks()
    kept = [Loop() for _ in range(base // 2)]  # long-lived screens: more than a quarter of the heap
    gc.collect(1)
    assert walked(kept[0])  # a young pass sets nothing aside
    gc.collect(2)  # a full pass: it saw the growth, so it gives everything back for a complete pass
    assert gc.get_freeze_count() == 0 and policy.complete == 0
    closed = weakref.ref(kept[-1])
    del kept[len(kept) // 2 :]  # closed dialogs, in reference cycles
    gc.collect(2)  # the complete pass reclaims them, then sets the survivors aside again
    assert policy.complete == 1 and closed() is None
    assert policy.base > base and not walked(kept[0])
    later = Loop()
    del later
    assert gc.collect(2) >= 1  # what is made after a pass is still collected by the next
    assert policy.complete == 1 and gc.get_freeze_count() > 0  # no growth worth a complete pass


def test_the_terminal_game_settles_its_heap_once_its_first_screen_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import argparse
    import asyncio

    from cli import launch
    from room.heap import YOUNG, Settling
    from tui import terminal
    from tui.app import WHEN_SHOWN_DELAY, LandlordsApp

    before: list[int] = []
    seen: list[int] = []
    young: list[int] = []

    def run(app: LandlordsApp) -> int:
        async def play() -> None:
            async with app.run_test() as pilot:  # headless here, shown all the same
                await pilot.pause(WHEN_SHOWN_DELAY + 0.3)
                seen.append(sum(isinstance(c, Settling) for c in gc.callbacks))
                young.append(gc.get_threshold()[0])

        before.append(gc.get_freeze_count())
        asyncio.run(play())
        return 0

    monkeypatch.setattr(terminal, "missing", lambda: False)
    monkeypatch.setattr(LandlordsApp, "run", run)
    try:
        assert launch.run(argparse.Namespace()) == 0
        assert launch.run(argparse.Namespace()) == 0  # a second game in the same process
        assert seen == [1, 1] and gc.get_freeze_count() > 1000
        assert young == [YOUNG, YOUNG] and YOUNG > 700  # Python's own count, which promoted updates' objects
        assert before[0] == 0  # not before the app runs: the person does not wait for it
    finally:
        for c in [c for c in gc.callbacks if isinstance(c, Settling)]:
            gc.callbacks.remove(c)
        gc.unfreeze()


def test_a_long_pass_is_told_with_its_time_and_its_kind() -> None:
    from room.heap import Settling

    heard: list[tuple[float, str]] = []
    policy = Settling(growth=0.25, long_pass=0.0, told=lambda seconds, kind: heard.append((seconds, kind)))
    gc.callbacks.append(policy)
    gc.disable()  # only the passes asked for
    try:
        gc.collect(0)
        gc.collect(1)
        gc.collect(2)
        policy._whole = True  # as when the heap has grown: the next pass walks everything
        gc.collect(2)
        assert [kind for _, kind in heard] == ["young", "middle", "full", "complete"]
        assert min(seconds for seconds, _ in heard) >= 0.0 and policy.complete == 1
        policy.long_pass = 60.0
        gc.collect(2)
        assert len(heard) == 4  # a pass shorter than the bar is not told
    finally:
        gc.enable()
        gc.callbacks.remove(policy)
        gc.unfreeze()


def test_complete_passes_wait_longer_after_live_growth_and_come_sooner_after_garbage() -> None:
    from room.heap import Settling

    policy = Settling(growth=0.25, most=1.0)
    assert policy.growth == 0.25
    policy._adapt(grown=1000, freed=100)  # people arrived: the growth was alive
    assert policy.growth == 0.5
    policy._adapt(grown=1000, freed=0)
    policy._adapt(grown=1000, freed=0)
    assert policy.growth == 1.0  # no further than the heap doubling
    policy._adapt(grown=1000, freed=900)  # dialogs closed: the growth was garbage
    assert policy.growth == 0.5
    policy._adapt(grown=1000, freed=500)
    policy._adapt(grown=1000, freed=700)
    assert policy.growth == 0.25  # no sooner than a quarter


def test_a_complete_pass_that_finds_the_growth_alive_lets_the_heap_grow_twice_as_much(
    policy: Settling,
) -> None:
    base = sys.getallocatedblocks()
    kept = [Loop() for _ in range(base // 2)]  # sessions arriving: all of it stays alive
    gc.collect(2)  # sees the growth: the next pass is complete
    gc.collect(2)
    assert policy.complete == 1 and policy.growth == 0.5
    more = [Loop() for _ in range(len(kept) // 2)]  # a third more: a quarter would have called a pass
    gc.collect(2)
    assert gc.get_freeze_count() > 0 and policy.complete == 1
    del kept, more  # everyone left, in reference cycles
    extra = [Loop() for _ in range(base)]  # and more arrived: past half of the heap
    gc.collect(2)
    gc.collect(2)
    assert policy.complete == 2 and policy.growth == 0.25  # it found the garbage: sooner again
    del extra


def test_a_part_set_aside_once_built_is_walked_by_no_full_pass_and_counts_as_alive(policy: Settling) -> None:
    base = sys.getallocatedblocks()
    screens = [Loop() for _ in range(base // 2)]  # a session's screens, just drawn: half the heap again
    policy.set_aside()
    assert not walked(screens[0]) and policy.base > base
    gc.collect(2)  # a full pass: the growth was set aside as alive, so no complete pass is called
    assert policy.complete == 0 and gc.get_freeze_count() > 0 and not walked(screens[0])


def test_sessions_gone_call_for_a_complete_pass_that_reclaims_their_screens(policy: Settling) -> None:
    sessions = [[Loop() for _ in range(100)] for _ in range(60)]
    policy.set_aside()
    left = weakref.ref(sessions[0][0])
    del sessions[:12]  # twelve sessions end: their screens in cycles, set aside
    assert left() is not None
    assert not any(policy.left(alive=59 - n) for n in range(11))  # not yet worth a walk of everything
    assert policy.left(alive=48)  # a quarter of those still there
    policy.collect_all()
    assert left() is None and policy.complete == 1 and policy.gone == 0
    assert gc.get_freeze_count() > 0 and not walked(sessions[0][0])  # the living set aside again


def test_a_few_sessions_gone_wait_for_more_however_few_remain() -> None:
    from room.heap import FEW, Settling

    policy = Settling()
    assert not any(policy.left(alive=0) for _ in range(FEW - 1))  # the walk costs as much with nobody there
    assert policy.left(alive=0)


def test_nothing_is_set_aside_in_a_process_that_does_not_keep_settled() -> None:
    from room.heap import set_aside

    assert gc.get_freeze_count() == 0
    set_aside()  # the terminal game, the tests: garbage set aside would never be walked again
    assert gc.get_freeze_count() == 0


def test_nothing_is_set_aside_while_a_complete_pass_is_due() -> None:
    from room.heap import keep_settled

    policy = keep_settled(growth=0.25)
    try:
        gc.unfreeze()
        policy._whole = True  # the heap grew: the next full pass walks everything
        policy.set_aside()
        assert gc.get_freeze_count() == 0
    finally:
        gc.callbacks.remove(policy)
        gc.unfreeze()


def test_with_every_pass_s_survivors_set_aside_a_middle_pass_walks_only_what_was_made_since(
    policy: Settling,
) -> None:
    policy.young_aside = True
    drawn = [Loop() for _ in range(1000)]  # lines drawn and still shown: they outlive a young pass
    gc.collect(0)
    assert not walked(drawn[0]) and policy.complete == 0  # set aside, not promoted to be walked again
    later = Loop()
    del later
    assert gc.collect(1) >= 1  # what dies after is still collected
    shown = Loop()
    gc.collect(1)
    assert not walked(shown) and not policy._whole


def test_with_every_pass_s_survivors_set_aside_a_heap_grown_past_reason_is_walked_whole(
    policy: Settling,
) -> None:
    policy.young_aside = True
    policy.base = sys.getallocatedblocks() // 4  # the heap has doubled and more since the last complete pass
    closed = Loop()
    gc.collect(0)
    assert walked(closed) and policy._whole and gc.get_freeze_count() == 0  # everything given back
    ref = weakref.ref(closed)
    del closed
    gc.collect(2)
    assert ref() is None and policy.complete == 1 and gc.get_freeze_count() > 0


def test_young_passes_in_quick_succession_measure_the_heap_once(
    policy: Settling, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counting the heap walks all of it: a worker's young passes, dozens a second, measure it at most
    once in `CHECK_EVERY` seconds of CPU, and a heap grown past reason is still seen at the next."""
    from room.heap import CHECK_EVERY

    policy.young_aside = True
    measured: list[int] = []
    blocks = sys.getallocatedblocks

    def counted() -> int:
        measured.append(1)
        return blocks()

    monkeypatch.setattr(sys, "getallocatedblocks", counted)
    start = time.process_time()
    for _ in range(50):
        gc.collect(0)
    assert time.process_time() - start < CHECK_EVERY  # the passes came within one spell
    assert len(measured) == 1 and not policy._whole
    policy.base = blocks() // 4  # the heap has doubled and more
    policy._looked -= CHECK_EVERY  # a spell later
    gc.collect(0)
    assert len(measured) == 2 and policy._whole


def test_a_process_that_sets_every_pass_s_survivors_aside_looks_over_its_young_more_often() -> None:
    from room.heap import YOUNG, YOUNG_ASIDE

    before = gc.get_threshold()
    policy = keep_settled(young_aside=True)
    try:
        assert policy.young_aside and gc.get_threshold()[0] == YOUNG_ASIDE < YOUNG
    finally:
        gc.callbacks.remove(policy)
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_young_pass_walks_a_few_thousand_objects_while_those_set_aside_die_as_new_ones_come() -> None:
    """A worker's screens keep replacing lines set aside long ago: for every ten objects made, nine set
    aside die, and Python counts each death against its count of young objects. The young pass that
    count calls for must still find few of them, or it holds every session of the worker."""
    before = gc.get_threshold()
    old: list[list[int] | None] = [[n] for n in range(60_000)]
    policy = keep_settled(young_aside=True)  # sets `old` aside with the rest
    young_at_pass: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 0:
            young_at_pass.append(len(gc.get_objects(0)))

    gc.callbacks.insert(0, count)
    made: list[list[int]] = []
    try:
        for n in range(60_000):
            made.append([n])
            if n % 10:
                old[n] = None  # one set aside dies
    finally:
        gc.callbacks.remove(count)
        gc.callbacks.remove(policy)
        gc.unfreeze()
        gc.set_threshold(*before)
    assert young_at_pass and max(young_at_pass) < 15_000  # 7,000 at 700; 30,000 at 3,000
