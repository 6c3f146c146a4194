"""A cache that is cleared lets go of its entries at once (`tui.patches.caches`): a table of rows filled
again leaves nothing for the collector, and the cache works on as Textual's own does."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from textual.app import App, ComposeResult
from textual.cache import LRUCache
from textual.widgets import DataTable
from textual.widgets._data_table import Row

from tui.patches import caches

from unpatched import textuals_own


@contextmanager
def garbage() -> Iterator[list[object]]:
    """What the collector finds dead in reference cycles while the block runs."""
    found: list[object] = []
    gc.collect()
    gc.disable()
    try:
        yield found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
        gc.enable()


def fill_and_clear() -> LRUCache[int, list[int]]:
    cache: LRUCache[int, list[int]] = LRUCache(8)
    for n in range(12):  # full, with the oldest evicted
        cache[n] = [n]
    cache.clear()
    cache[1] = [1]  # a ring of one entry, which refers to itself
    cache.clear()
    return cache


def test_a_cleared_cache_leaves_no_ring_for_the_collector_and_works_on_as_textuals_own() -> None:
    with garbage() as ours:
        cache = fill_and_clear()
    assert ours == []
    with textuals_own(caches), garbage() as textuals:
        textual_cache = fill_and_clear()
    entries = [o for o in textuals if isinstance(o, list) and len(o) == 4 and o[3] == [o[2]]]
    assert len(entries) == 9  # the reason: the eight entries of the first ring, the one of the second
    for kept in (cache, textual_cache):
        assert len(kept) == 0 and kept.get(1) is None
        for n in range(10):
            kept[n] = [n]
        assert len(kept) == 8 and kept.get(1) is None and kept.get(9) == [9]  # evicting as before
        assert kept.get(2) == [2]
        kept[10] = [10]
        assert kept.get(2) == [2] and kept.get(3) is None  # the least recently used goes first


class Rows(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable()

    def fill(self, tag: str) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns("deed", "price")
        for n in range(20):
            table.add_row(f"{tag} {n}", f"${n * 20}")


async def test_a_table_filled_again_leaves_its_old_rows_to_no_collector_pass() -> None:
    app = Rows()
    async with app.run_test(size=(40, 30)) as pilot:
        app.fill("first")
        await pilot.pause()
        with garbage() as found:
            for tag in ("second", "third"):
                app.fill(tag)
                await pilot.pause()
        assert not [o for o in found if isinstance(o, Row)]
        with textuals_own(caches), garbage() as textuals:
            app.fill("fourth")
            await pilot.pause()
        assert [o for o in textuals if isinstance(o, Row)]  # Textual's own: the rows drawn wait for a pass
