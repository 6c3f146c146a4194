"""Notices are drawn over the screen by the app, not mounted in it: where and how they are drawn, that they
go when their time is up, and that coming and going lays nothing out."""

from __future__ import annotations

import asyncio

import pytest
from rich.console import Console
from rich.segment import Segment
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.color import Color
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip

from tui.app import LandlordsApp
from tui.drawing.notices import Box, Covered, Notices
from tui.widgets.centre import CentrePanel

from playtable import ADA, GRACE, VERA, app_for, client_for, scripted_game, settle

LESSON = (
    "A Short Game against two easy bots: each of you was dealt three deeds, and the game ends when the "
    "first player goes bankrupt; the richest then wins. r throws the dice; z shows what the expert would "
    "do in your seat, s each player's chances, ? every key."
)


def _app() -> LandlordsApp:
    seats = [VERA, ADA]
    return app_for(client_for(scripted_game(seats), seats))


async def test_a_notice_is_a_box_at_the_top_right_and_the_newest_are_kept_when_not_all_fit() -> None:
    """Over a screen that keeps no place of its own for them (the table keeps the board's middle)."""
    app = _app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await app.push_screen(Screen())
        app.notify("Ada won the auction of Boardwalk for $420, which is long enough to wrap.", timeout=30)
        app.notify("Not now.", severity="error", title="Wait", timeout=30)
        await pilot.pause()
        box = app.notices.box()
        assert box is not None
        assert box.region.x == 40 and box.region.right == 80 and box.region.y == 1  # half the width, right
        lines = box.lines()
        assert all(line.startswith("▌") and len(line) == 40 for line in lines)
        text = " ".join(line[1:].strip() for line in lines if line[1:].strip())
        assert (
            text == "Ada won the auction of Boardwalk for $420, which is long enough to wrap. Wait Not now."
        )
        edges = {next(iter(strip)).style.color.name for _, strip in box.rows}  # type: ignore[union-attr]
        theme = app.get_css_variables()
        assert edges == {Color.parse(theme[name]).rich_color.name for name in ("success", "error")}
        for n in range(12):
            app.notify(f"Notice number {n}.", timeout=30)
        await pilot.pause()
        box = app.notices.box()
        assert box is not None and box.region.bottom <= 23  # never over the footer's row
        shown = [line[1:].strip() for line in box.lines() if line[1:].strip()]
        assert shown[-1] == "Notice number 11." and "Not now." not in shown  # the oldest gave way


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_at_the_table_a_notice_covers_the_log_in_the_boards_middle_and_nothing_else(
    size: tuple[int, int],
) -> None:
    """A notice or a lesson at the table once covered the board's top row, the prompt and the Holdings
    title: it goes over the oldest lines of the log in the board's middle, below what the game waits for."""
    seats = [VERA, ADA, GRACE]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        centre = app.screen.query_one(CentrePanel)
        middle = centre.content_region
        rows = centre.render().plain.splitlines()
        rule = next(i for i, row in enumerate(rows) if row and set(row) == {"─"})  # under the prompt
        app.notify(LESSON, title="Lesson: Your first game", timeout=30)
        await pilot.pause()
        box = app.notices.box()
        assert box is not None
        assert middle.contains_region(box.region), (box.region, middle)
        assert box.region.y > middle.y + rule, (box.region, middle, rule)
        text = " ".join(line[1:].strip() for line in box.lines() if line[1:].strip())
        assert text == f"Lesson: Your first game {LESSON}"
        refusal = "Not now: the game is waiting for Ada to roll."
        app.notify(refusal, severity="error", timeout=30)
        await pilot.pause()
        box = app.notices.box()
        assert box is not None and middle.contains_region(box.region) and box.region.y > middle.y + rule
        assert box.lines()[-2][1:].strip() == refusal  # the newest is kept, under the lesson if it fits


async def test_the_box_is_drawn_again_only_when_the_notices_change() -> None:
    """Textual asks for the notices again whenever a screen comes on top (every dialog that opens or
    closes): the same notices keep the box drawn for them, and nothing under it is painted again."""
    app = _app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("Ada won the auction of Boardwalk for $420.", timeout=30)
        await pilot.pause()
        box = app.notices.box()
        assert box is not None
        screen = app.screen
        screen._dirty_regions.clear()
        app.notices.refresh()  # as a dialog closing asks
        assert app.notices.box() is box and not screen._dirty_regions
        app.notify("Not now.", severity="error", timeout=30)
        await pilot.pause()
        again = app.notices.box()
        assert again is not None and again is not box and again.region.height > box.region.height
        app.clear_notifications()
        await pilot.pause()
        assert app.notices.box() is None


async def test_notices_mount_nothing_lay_nothing_out_and_go_when_their_time_is_up() -> None:
    app = _app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = app.screen
        before = len(list(screen.walk_children()))
        layouts = 0
        original = screen._refresh_layout

        def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
            nonlocal layouts
            layouts += 1
            return original(*args, **kwargs)

        repainted: list[Region] = []
        dirty = screen._set_dirty

        def noting(*regions: Region) -> None:
            repainted.extend(regions)  # the regions to draw again (none: the whole screen)
            dirty(*regions)

        screen._refresh_layout = counting  # type: ignore[method-assign]
        screen._set_dirty = noting  # type: ignore[method-assign]
        app.notify("Not now.", timeout=0.3)
        await pilot.pause()
        box = app.notices.box()
        assert box is not None
        assert len(list(screen.walk_children())) == before  # no widget came
        assert repainted == [box.region]  # where it is drawn, the screen is written again (and it over that)
        await asyncio.sleep(0.5)
        await pilot.pause()
        assert app.notices.box() is None and not list(app._notifications)
        assert repainted == [box.region, box.region]  # gone: the rows under it are drawn again
        assert layouts == 0


async def test_a_notice_is_not_drawn_when_the_app_is_asked_to_keep_notifications_undrawn() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:  # as the snapshots run: notifications not shown
        await settle(pilot)
        app.notify("Not now.", timeout=30)
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["Not now."]
        assert app.notices.box() is None


def _box() -> Box:
    strip = Strip([Segment("▌ Hello  ")])
    return Box(Region(10, 2, 9, 2), ((2, strip), (3, strip)))


def test_an_update_is_followed_by_the_box_only_when_it_draws_where_the_box_is() -> None:
    box = _box()
    line = {0: Strip([Segment("x" * 40)])}
    beside = ChopsUpdate([line] * 5, [(2, 0, 10), (4, 0, 40)], [[40]] * 5)  # left of it, and below it
    over = ChopsUpdate([line] * 5, [(3, 15, 20)], [[40]] * 5)
    assert not box.touched_by(beside)
    assert box.touched_by(over)
    assert box.touched_by(LayoutUpdate([[Strip([Segment("x" * 40)])]] * 5, Region(0, 0, 40, 5)))


def test_the_box_is_written_after_the_update_it_covers() -> None:
    console = Console(width=40, height=5, force_terminal=True, color_system="truecolor")
    under = LayoutUpdate([[Strip([Segment("x" * 40)])] for _ in range(5)], Region(0, 0, 40, 5))
    written = Covered(under, _box()).render_segments(console)
    assert written.startswith(under.render_segments(console))
    rest = written[len(under.render_segments(console)) :]
    assert rest == "\x1b[3;11H▌ Hello  \x1b[4;11H▌ Hello  "


async def test_the_notices_colours_are_worked_out_once_a_theme_and_follow_a_change_of_theme(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tui.drawing import notices

    monkeypatch.setattr(notices, "_STYLES", {})  # none worked out yet here (tests run in any order)
    app = _app()
    asked: list[str] = []
    variables = app.get_css_variables

    def counted() -> dict[str, str]:
        asked.append(app.theme)
        return variables()

    app.get_css_variables = counted  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        asked.clear()  # Textual's own, as the app started
        first = app.theme
        other = next(name for name in app.available_themes if name != first and name != "textual-ansi")

        def edge() -> str | None:
            box = app.notices.box()
            assert box is not None
            return next(iter(box.rows[0][1])).style.color.name  # type: ignore[union-attr]

        app.notify("One.", severity="error", timeout=30)
        await pilot.pause()
        app.notify("Two.", severity="error", timeout=30)
        await pilot.pause()
        assert edge() == Color.parse(variables()["error"]).rich_color.name
        assert asked.count(first) == 1, "drawn twice, worked out once"
        app.theme = other
        await pilot.pause()
        app.notify("Three.", severity="error", timeout=30)
        await pilot.pause()
        assert edge() == Color.parse(variables()["error"]).rich_color.name, "the new theme's colour"


def test_a_notice_that_expires_while_the_notices_are_read_ends_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual drops expired notices whenever they are iterated and whenever they are counted: the
    notices are read without counting them, so one that expires in between cannot change them mid-read."""
    import textual.notifications as notifications
    from textual.notifications import Notification, Notifications

    clock = iter([100.0, 200.0])  # still shown at the first look, gone at the next
    monkeypatch.setattr(notifications, "time", lambda: next(clock))
    notes = Notifications()
    notes.add(Notification("Ada left the table.", timeout=5, raised_at=98.0))
    with pytest.raises(RuntimeError):
        list(notes)  # Textual's own, counted as it is read: the notice goes from under the iteration

    clock = iter([100.0, 200.0])
    notes = Notifications()
    notes.add(Notification("Ada left the table.", timeout=5, raised_at=98.0))
    app = type("App", (), {"_notifications": notes})()
    assert [n.message for n in Notices(app).current()] == ["Ada left the table."]


async def test_a_notice_that_expires_before_its_timer_leaves_the_terminal_all_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A notice can expire between two updates before the timer that redraws the notices is due (late on a
    busy machine). The next update then found the box changed, did not draw where it was, and the timer
    found nothing left to repaint: the expired notice stayed on the terminal, over the newer one's place."""
    from textual.widgets import Static

    from terminal import watch

    terminal = watch(monkeypatch, 80, 24)
    app = _app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        below = Static("first words", id="below")
        screen: Screen[None] = Screen()
        await app.push_screen(screen)
        await screen.mount(below)
        app.notify("Ada won Oriental Avenue for $100.", timeout=0.3)
        app.notify("Ada won States Avenue for $140.", timeout=30)
        await pilot.pause()
        assert "Oriental Avenue" in terminal.text() and "States Avenue" in terminal.text()
        timer = app.notices._timer
        assert timer is not None
        timer.stop()  # the timer late: the first notice expires before it is due
        await asyncio.sleep(0.4)
        below.update("other words")  # an update far from the notices' corner
        await pilot.pause()
        await pilot.pause()
        shown = terminal.text()
        assert "other words" in shown
        assert "Oriental Avenue" not in shown, shown
        box = app.notices.box()
        assert box is not None and "States Avenue" in " ".join(box.lines())
        rows = terminal.lines()
        for y, strip in box.rows:
            assert rows[y][box.region.x : box.region.x + len(strip.text)] == strip.text
