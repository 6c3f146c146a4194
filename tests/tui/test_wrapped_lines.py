"""The panels' lines are wrapped once for every view of the process that shows them at the same width: the
holdings and deed of two screens at one table (a server), and the lines a panel shows again unchanged
after a move."""

from __future__ import annotations

from textual.content import Content, Span

from tui.widgets.holdings import HoldingsPanel
from tui.widgets.lines import wrapped

from playtable import app_for, game_screen, settle, showcase_client


def test_a_line_is_wrapped_as_content_wraps_it_and_kept() -> None:
    line = Content("Boardwalk, Park Place, Marvin Gardens and three railroads in a long line")
    once = wrapped(line, 20)
    assert [part.plain for part in once] == [part.plain for part in line.wrap(20)]
    assert wrapped(line, 20) is once  # kept
    assert wrapped(Content(line.plain), 20) is once  # the same text and styles: the same lines
    assert [part.plain for part in wrapped(line, 30)] == [part.plain for part in line.wrap(30)]


def test_the_same_words_in_other_styles_are_wrapped_apart() -> None:
    """Lines are equal by their text alone: the styles tell the kept lines apart."""
    words = "Ada 1,500 Grace 1,200"
    plain = Content(words)
    coloured = Content(words, spans=[Span(0, 3, "bold red")])
    assert plain == coloured  # as Textual compares them
    first, second = wrapped(plain, 12), wrapped(coloured, 12)
    assert first is not second
    assert [part.spans for part in first] == [part.spans for part in plain.wrap(12)]
    assert [part.spans for part in second] == [part.spans for part in coloured.wrap(12)]
    assert any(part.spans for part in second) and not any(part.spans for part in first)


async def test_two_screens_showing_one_table_wrap_its_holdings_once() -> None:
    first = app_for(showcase_client())
    async with first.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        shown = game_screen(first).query_one(HoldingsPanel)._wrapped
        texts = [line.plain for line in shown]
    second = app_for(showcase_client())
    async with second.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        again = game_screen(second).query_one(HoldingsPanel)._wrapped
    assert len(shown) > 5 and [line.plain for line in again] == texts
    assert all(a is b for a, b in zip(again, shown, strict=True))  # the first screen's lines, taken
