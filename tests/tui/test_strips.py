"""Lines of text make their caches on first use (`tui.patches.strips`), and behave as Textual's own do."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.cache import FIFOCache
from textual.strip import Strip

from tui.patches import strips

from unpatched import textuals_own

SEGMENTS = [Segment("Boardwalk ", Style(bold=True)), Segment("$400", Style(color="red")), Segment("  ")]


@pytest.fixture
def textual_strips() -> Iterator[None]:
    """Textual's own constructor for the length of a test, then the lazy one again."""
    with textuals_own(strips):
        yield


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


def _kept_by_its_own_caches(strip: Strip) -> bool:
    """Whether one of the line's caches refers to the line (a cycle, freed only by the collector)."""
    caches = [object.__getattribute__(strip, n) for n in strips.CACHE_SIZES if _made(strip, n)]
    holders = {id(c._cache) for c in caches} | {id(v) for c in caches for v in c._cache.values()}
    return any(id(r) in holders for r in gc.get_referrers(strip))


def _made(strip: Strip, name: str) -> bool:
    try:
        object.__getattribute__(strip, name)
    except AttributeError:
        return False
    return True


def test_a_line_whose_answer_is_itself_is_not_kept_by_its_own_caches() -> None:
    width = Strip(SEGMENTS).cell_length
    strip = Strip(SEGMENTS)
    answers = [strip.divide([width]), strip.crop_extend(0, width, None), strip.extend_cell_length(width)]
    assert answers == [[strip], strip, strip]
    assert strip.divide([width]) == [strip]  # asked again: the same answer, worked out again
    assert not _kept_by_its_own_caches(strip)
    other = strip.divide([4, width])  # other answers are kept as before
    assert strip.divide([4, width]) is other


def test_textual_own_caches_keep_such_a_line_in_a_cycle(textual_strips: None) -> None:
    strip = Strip(SEGMENTS)
    strip.divide([strip.cell_length])
    assert _kept_by_its_own_caches(strip)  # the reason for `LineCache`
