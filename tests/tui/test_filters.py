"""A line the app's filter leaves as it was is handed out as itself (`tui.patches.filters`), and a line it
changes comes out as Textual's own filtering makes it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import MONOKAI
from textual.color import Color
from textual.filter import ANSIToTruecolor
from textual.strip import Strip

from tui.patches import filters

from unpatched import textuals_own

EXACT = [Segment("Boardwalk ", Style(bold=True, color="#ffcc00")), Segment("$400", Style(bgcolor="#102030"))]
"""Pieces in exact colours, as the game draws them."""
SIXTEEN = [Segment("Boardwalk ", Style(color="red")), Segment("$400", Style(bgcolor="blue"))]
"""Pieces in the terminal's own colours, which the filter turns into exact ones."""
DIMMED = [Segment("mortgaged", Style(dim=True, color="#ffffff"))]
"""A dimmed piece, which the filter blends into the background."""
BACKGROUND = Color(16, 16, 16)


@pytest.fixture
def textual_filtering() -> Iterator[None]:
    """Textual's own filtering for the length of a test, then the patch again."""
    with textuals_own(filters):
        yield


def filtered(segments: list[Segment]) -> list[Segment]:
    return list(Strip(segments).apply_filter(ANSIToTruecolor(MONOKAI), BACKGROUND))


def test_a_line_in_exact_colours_is_handed_out_as_itself() -> None:
    filters.install()
    truecolor = ANSIToTruecolor(MONOKAI)
    line = Strip(EXACT)
    assert line.apply_filter(truecolor, BACKGROUND) is line
    assert line.apply_filter(truecolor, BACKGROUND) is line  # again, from the mark in its cache
    kept = list(object.__getattribute__(line, "_filter_cache")._cache.values())
    assert kept == [filters.UNCHANGED]  # a mark, never the line itself


def test_textual_copies_such_a_line(textual_filtering: None) -> None:
    line = Strip(EXACT)
    copy = line.apply_filter(ANSIToTruecolor(MONOKAI), BACKGROUND)
    assert copy is not line and list(copy) == list(line)


@pytest.mark.parametrize("segments", [SIXTEEN, DIMMED, EXACT], ids=["sixteen colours", "dimmed", "exact"])
def test_a_line_comes_out_as_textual_filters_it(segments: list[Segment], textual_filtering: None) -> None:
    theirs = filtered(segments)
    filters.install()
    ours = filtered(segments)
    assert ours == theirs
    if segments is not EXACT:
        assert ours != segments  # the filter changed these, and the change is kept


def test_a_changed_line_is_filtered_once() -> None:
    filters.install()
    truecolor = ANSIToTruecolor(MONOKAI)
    line = Strip(SIXTEEN)
    first = line.apply_filter(truecolor, BACKGROUND)
    assert first is not line
    assert line.apply_filter(truecolor, BACKGROUND) is first
