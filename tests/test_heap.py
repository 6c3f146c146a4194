"""A long-lived process sets what it loaded once aside from the collector's full passes, and still
collects what it makes later."""

from __future__ import annotations

import gc
from functools import partial

from cli.heap import settle
from cli.parallel import play


class Loop:
    def __init__(self) -> None:
        self.me = self


def walked(thing: object) -> bool:
    return any(o is thing for o in gc.get_objects())


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
