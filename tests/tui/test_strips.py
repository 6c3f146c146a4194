"""Lines of text make their caches on first use (`tui.strips`), and behave as Textual's own do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.cache import FIFOCache
from textual.strip import Strip

import tui  # noqa: F401  (installs the lazy caches, as every use of the interface does)
from tui import strips

SEGMENTS = [Segment("Boardwalk ", Style(bold=True)), Segment("$400", Style(color="red")), Segment("  ")]


@pytest.fixture
def textual_strips() -> Iterator[None]:
    """Textual's own constructor for the length of a test, then the lazy one again."""
    strips.uninstall()
    try:
        yield
    finally:
        strips.install()


def slots(strip: Strip) -> dict[str, object]:
    """The values of a strip's slots that are not caches (a cache slot not yet made is left out)."""
    return {name: getattr(strip, name) for name in Strip.__slots__ if name not in strips.CACHE_SIZES}


def test_a_new_line_holds_no_cache_until_one_is_used() -> None:
    strip = Strip(SEGMENTS)
    with pytest.raises(AttributeError):
        object.__getattribute__(strip, "_crop_cache")
    cropped = strip.crop(0, 9)
    assert cropped.text == "Boardwalk"
    cache = object.__getattribute__(strip, "_crop_cache")
    assert isinstance(cache, FIFOCache) and len(cache) == 1
    assert strip.crop(0, 9) is cropped  # the second crop is the cached one


def test_the_caches_and_their_sizes_are_those_textual_makes(textual_strips: None) -> None:
    made = Strip(SEGMENTS)
    caches = {name: getattr(made, name) for name in Strip.__slots__}
    sizes = {name: cache._maxsize for name, cache in caches.items() if isinstance(cache, FIFOCache)}
    assert sizes == strips.CACHE_SIZES
    assert len(sizes) == 7


def test_a_line_made_either_way_holds_the_same_values(textual_strips: None) -> None:
    theirs = Strip(SEGMENTS, 16)
    strips.install()
    ours = Strip(SEGMENTS, 16)
    assert slots(ours) == slots(theirs)
    for name, size in strips.CACHE_SIZES.items():  # each cache is made on first look, empty and sized
        cache = getattr(ours, name)
        assert isinstance(cache, FIFOCache) and cache._maxsize == size and not cache


def test_lines_drawn_either_way_are_the_same(textual_strips: None) -> None:
    def draw() -> list[object]:
        strip = Strip(SEGMENTS)
        style = Style(bgcolor="blue")
        results = [strip.crop(2, 12), strip.divide([4, 8, 16]), strip.apply_style(style)]
        results += [strip.adjust_cell_length(20, style), strip.crop_extend(1, 18, style), strip.text]
        results += [strip.crop(2, 12), strip.divide([4, 8, 16])]  # again: from the caches
        return [list(r) if isinstance(r, Strip) else r for r in results]

    theirs = draw()
    strips.install()
    assert draw() == theirs


def test_a_slot_that_is_not_a_cache_still_raises() -> None:
    strip = Strip(SEGMENTS)
    with pytest.raises(AttributeError):
        strip.no_such_thing  # type: ignore[attr-defined]  # noqa: B018
