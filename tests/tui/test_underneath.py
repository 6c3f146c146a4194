"""A dialog keeps the dimmed picture of the table under it and draws again only the rows that changed: the
picture it shows is the one a complete drawing would give."""

from __future__ import annotations

import pytest
from rich.style import Style as RichStyle
from textual._compositor import Compositor, LayoutUpdate
from textual.color import Color
from textual.content import Content
from textual.geometry import Region
from textual.pilot import Pilot
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

from tui.app import LandlordsApp
from tui.dialogs.overlay import Underlay
from tui.screens.game import GameScreen
from tui.widgets import tinted
from tui.widgets.status import StatusBar
from tui.widgets.tinted import DimmedScreen, Underneath

from playtable import app_for, quiet, settle, showcase_client, trade_dialog_over_table


def segments(lines: list[Strip]) -> list[list[tuple[str, object]]]:
    return [[(seg.text, seg.style) for seg in line] for line in lines]


async def test_a_change_under_a_dialog_redraws_its_rows_and_the_picture_matches_a_whole_drawing() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen, _ = await trade_dialog_over_table(app, pilot)
        kept = game_screen.dimmed
        assert kept.rows == set() and len(kept.lines) == 40  # drawn whole once, when it opened

        game_screen.query_one(StatusBar).show(Content("the first change under it"))
        await quiet(pilot, game_screen)  # the table's own screen was repainted whole when the dialog opened
        before = list(kept.lines)
        game_screen.query_one(StatusBar).show(Content("a line that was not there before"))
        await settle(pilot)

        changed = [y for y, (old, new) in enumerate(zip(before, kept.lines, strict=True)) if old is not new]
        assert changed == [0]  # only the status line's row was drawn again
        assert "a line that was not there before" in kept.lines[0].text
        _, color, base = kept.key
        whole = DimmedScreen(game_screen, color, Underneath())  # type: ignore[arg-type]
        fresh = whole.render_strips(120, 40, Style.from_rich_style(base), RenderOptions(None, None))  # type: ignore[arg-type]
        assert segments(kept.lines) == segments(fresh)


async def test_a_dialog_closed_repaints_the_table_once_from_its_kept_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Closing a dialog sends the whole table once (Textual also laid it out and drew it a second time,
    when the dialog's screen was removed), from the picture the dialog kept: the rows that changed under
    it are drawn again and no other (Textual composed every row of every widget anew)."""
    whole: list[int] = []
    draw = Compositor.render_full_update
    draw_strips = Compositor.render_strips

    def counted(self: Compositor, simplify: bool = False) -> object:
        whole.append(1)
        return draw(self, simplify=simplify)

    app = app_for(showcase_client())
    async with app.run_test(size=(100, 30)) as pilot:
        game_screen, dialog = await trade_dialog_over_table(app, pilot)
        game_screen.query_one(StatusBar).show_tail(Content("a clock under the dialog"))
        await settle(pilot)
        monkeypatch.setattr(Compositor, "render_full_update", counted)
        sent: list[object] = []
        wanted: list[Strip] = []  # the table composed whole as the frame was sent
        display = app._display

        def shown(screen: object, update: object) -> None:
            sent.append(update)
            if isinstance(update, LayoutUpdate) and not wanted:
                wanted.extend(draw_strips(game_screen._compositor))
            display(screen, update)  # type: ignore[arg-type]

        monkeypatch.setattr(app, "_display", shown)
        dialog.dismiss()
        await settle(pilot)
        await settle(pilot)
        assert app.screen is game_screen and whole == []
        frames = [u for u in sent if isinstance(u, LayoutUpdate)]
        assert len(frames) == 1 and frames[0].region == game_screen._compositor.size.region
        lines = [Strip.join(line) for line in frames[0].strips]
        assert lines[0].text.rstrip().endswith("a clock under the dialog")  # drawn again: it changed
        assert segments(lines) == segments(wanted)


def count_whole_drawings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, a 1 in the list returned for each drawing of a whole screen's picture."""
    wholes: list[int] = []
    draw = Compositor.render_strips

    def counted(self: Compositor, size: object = None) -> list[Strip]:
        wholes.append(1)
        return draw(self, size)  # type: ignore[arg-type]

    monkeypatch.setattr(Compositor, "render_strips", counted)
    return wholes


async def rows_drawn_after_a_move(
    app: LandlordsApp, pilot: Pilot[int], table: GameScreen, move: str, monkeypatch: pytest.MonkeyPatch
) -> set[int]:
    """A move shown on the table's status line, then a dialog opened over it: the rows of the table's
    kept picture drawn again (the picture was not drawn whole)."""
    kept = table.dimmed
    before = list(kept.lines)
    table.query_one(StatusBar).show(Content(move))
    await settle(pilot)
    draw = Compositor.render_strips
    wholes = count_whole_drawings(monkeypatch)
    await trade_dialog_over_table(app, pilot)
    monkeypatch.setattr(Compositor, "render_strips", draw)
    assert wholes == []
    return {y for y, (old, new) in enumerate(zip(before, kept.lines, strict=True)) if old is not new}


def scroll_bar_rows(screen: Underlay[None]) -> set[int]:
    """The rows of `screen` its visible scroll bars cover."""
    return {
        y
        for widget, (region, clip) in screen._compositor.visible_widgets.items()
        if isinstance(widget, ScrollBar)
        for y in region.intersection(clip).line_range
    }


def drawn_whole(screen: Underlay[None], kept: Underneath) -> list[Strip]:
    """The dimmed picture of `screen` drawn from nothing, as `kept` was drawn."""
    _, color, base = kept.key
    assert isinstance(color, Color) and isinstance(base, RichStyle)
    whole = DimmedScreen(screen, color, Underneath())
    size = screen._compositor.size
    return whole.render_strips(
        size.width, size.height, Style.from_rich_style(base), RenderOptions(screen._get_style, {})
    )


async def table_after_a_dialog(app: LandlordsApp, pilot: Pilot[int]) -> tuple[GameScreen, Underneath]:
    """The table, once a dialog was opened over it and closed again, and the picture it kept."""
    game_screen, dialog = await trade_dialog_over_table(app, pilot)
    dialog.dismiss()
    await settle(pilot)
    return game_screen, game_screen.dimmed


async def test_the_next_dialog_draws_only_what_changed_on_the_table_since_the_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table keeps its dimmed picture between dialogs: a dialog opened after a move draws again the
    rows the move changed, not the whole table, and shows what a whole drawing would."""
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen, kept = await table_after_a_dialog(app, pilot)
        changed = await rows_drawn_after_a_move(
            app, pilot, game_screen, "a move made between two dialogs", monkeypatch
        )
        bars = scroll_bar_rows(game_screen)  # Textual repaints them when a screen is laid over the table
        assert 0 in changed and changed <= {0} | bars  # the status line's row, and none of the board's
        assert len(changed) < 30
        # the table redraws its status line as a window opens over it (what the game waits on then): the
        # row shows the table's status, as a whole drawing does
        assert kept.lines[0].text.startswith(" landlords")
        assert segments(kept.lines) == segments(drawn_whole(game_screen, kept))


async def test_a_table_laid_out_again_between_dialogs_shows_as_a_whole_drawing_would() -> None:
    """A change that moves widgets (the status line hidden: everything under it moves up) is drawn again
    where they were and where they are."""
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen, kept = await table_after_a_dialog(app, pilot)
        game_screen.query_one(StatusBar).display = False
        await settle(pilot)
        await trade_dialog_over_table(app, pilot)
        assert kept.rows == set()
        assert segments(kept.lines) == segments(drawn_whole(game_screen, kept))


async def test_every_dialog_of_a_game_shows_the_table_as_a_whole_drawing_would() -> None:
    """Forty moves of a game at one keyboard, each chosen by the simple player: whenever a dialog is over
    the table, the picture it kept and drew again in part is the one a whole drawing gives."""
    from engine import new_game
    from engine.lookahead.players import SimplePlayer
    from room import Persistence, Room, Seat
    from tui.app import AppOptions, LandlordsApp, Opening
    from tui.client import LocalClient
    from tui.dialogs.card import CardDialog
    from tui.dialogs.overlay import Overlay
    from tui.screens.game import GameScreen

    names = ["Ada", "Grace", "Alan", "Linus"]
    game = new_game("classic", names, seed=11)
    client = LocalClient(Room(game, [Seat(name=n, kind="human") for n in names], {}))
    app = LandlordsApp(AppOptions(theme="dark"), Opening(kind="client", client=client), Persistence.off())
    chooser = SimplePlayer()
    compared = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, GameScreen)
        for _ in range(40):
            if game.state.winner is not None:
                break
            if isinstance(app.screen, Overlay) and table.dimmed.key:
                assert segments(table.dimmed.lines) == segments(drawn_whole(table, table.dimmed))
                compared += 1
            if isinstance(app.screen, CardDialog):
                app.screen.dismiss()
                await settle(pilot)
                continue
            pending = game.state.pending
            assert pending is not None
            table.play(chooser.decide(game, pending.player))
            await settle(pilot)
    assert compared >= 5, compared


async def wait_for_dimming(pilot: Pilot[int], table: Underlay[None]) -> None:
    """Until the table has dimmed its picture ahead of a dialog (it waits `PREPARE_AFTER` once drawn)."""
    for _ in range(100):
        if table.dimmed.rows is not None:
            return
        await pilot.pause(0.02)
    raise AssertionError("the table did not dim its picture ahead")


async def test_a_table_dims_its_picture_before_its_first_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table left drawn dims its picture ahead: its first dialog draws only the rows changed since, where
    it drew the whole table, and shows what a whole drawing would."""
    monkeypatch.setattr(Underlay, "PREPARE_AFTER", 0.05)
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, GameScreen)
        kept = table.dimmed
        await wait_for_dimming(pilot, table)
        await quiet(pilot, table)  # a scroll bar laid out late on a busy machine is marked, not drawn
        assert kept.rows is not None and len(kept.lines) == 40
        assert kept.rows <= scroll_bar_rows(table)  # dimmed whole once; nothing but a late scroll bar since
        changed = await rows_drawn_after_a_move(
            app, pilot, table, "a move made before the first dialog", monkeypatch
        )
        assert 0 in changed and len(changed) < 30
        assert segments(kept.lines) == segments(drawn_whole(table, kept))


@pytest.mark.parametrize("theme", ["dark", "light"])
async def test_the_tint_dimmed_ahead_with_is_the_one_the_dialogs_are_drawn_with(
    theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before any dialog of a theme was drawn, the tint is worked out from the theme; the first dialog
    then finds the picture dimmed ahead under its own tint, not drawn again."""
    monkeypatch.setattr(tinted, "_TINTS", {})
    monkeypatch.setattr(Underlay, "PREPARE_AFTER", 0.05)
    app = app_for(showcase_client(), theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, GameScreen)
        await wait_for_dimming(pilot, table)
        ahead = table.dimmed.key
        await trade_dialog_over_table(app, pilot)
        assert tinted._TINTS[app.theme] == tinted.tint_of(app)  # the dialog's own, learned as it drew
        assert table.dimmed.key == ahead


async def test_with_the_terminal_s_own_colours_the_first_dialog_teaches_the_tint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the terminal's own colours the tint is not worked out from the theme: nothing is dimmed ahead
    until a dialog has been drawn under that theme, whose tint is then used."""
    monkeypatch.setattr(tinted, "_TINTS", {})
    monkeypatch.setattr(Underlay, "PREPARE_AFTER", 0.01)
    app = app_for(showcase_client(), theme="ansi")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        table = app.screen
        assert isinstance(table, GameScreen)
        assert tinted.tint_of(app) is None and table.dimmed.rows is None
        await trade_dialog_over_table(app, pilot)
        assert tinted.tint_of(app) == table.dimmed.key[1:]


async def test_rows_far_apart_are_drawn_again_each_alone_as_a_whole_drawing_draws_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The status line and the footer changed together: each is drawn on its own, not every widget of the
    table between them."""
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, Underlay)
        compositor = screen._compositor
        whole = compositor.render_strips()
        crops: list[Region] = []
        chops = Compositor._render_chops

        def kept_crop(self: Compositor, crop: Region, rendered: object) -> object:
            crops.append(crop)
            return chops(self, crop, rendered)  # type: ignore[arg-type]

        monkeypatch.setattr(Compositor, "_render_chops", kept_crop)
        lines = tinted.redrawn(compositor, [Strip([])] * 40, [39, 0, 1, 2, 20])
        assert [(c.y, c.height) for c in crops] == [(0, 3), (20, 1), (39, 1)]
        assert [lines[y].text for y in (0, 1, 2, 20, 39)] == [whole[y].text for y in (0, 1, 2, 20, 39)]
        assert list(tinted.runs([])) == [] and list(tinted.runs([4])) == [(4, 4)]
