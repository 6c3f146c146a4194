"""The app around the game: the start screen, a new game set up in the form, resume without saves, help,
the command palette, hot-seat play, a window too small, pacing, and quitting."""

from __future__ import annotations

from pathlib import Path

from textual.content import Content
from textual.widgets import Input

from room import Persistence
from saves import Seat
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.new_game import NewGameScreen, SeatRow
from tui.screens.resume import ResumeScreen
from tui.screens.start import StartScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.status import StatusBar

from playtable import ADA, GRACE, VERA, app_for, client_for, game_screen, scripted_game, settle, space_text


def _menu_app(**opening: object) -> LandlordsApp:
    options = AppOptions(theme="dark", speed="instant", name="Vera")
    return LandlordsApp(options, Opening(**opening), Persistence.off())  # type: ignore[arg-type]


async def test_the_start_screen_offers_the_four_choices_and_g_starts_a_quick_game() -> None:
    app = _menu_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("g")
        await settle(pilot)
        screen = game_screen(app)
        client = screen.client
        assert [s.kind for s in client.seats] == ["human", "bot", "bot", "bot"]
        assert client.seats[0].name == "Vera"
        view = client.view(0)
        assert view.rules.short_game
        assert sum(1 for d in view.deeds.values() if d.owner is not None) == 12  # three deeds dealt each


async def test_the_new_game_form_sets_up_the_table_and_refuses_a_bad_one() -> None:
    app = _menu_app(kind="new", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        rows = list(form.query(SeatRow))
        assert len(rows) == 4
        rows[1].query_one(".name", Input).value = "Vera"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "different name" in str(form.query_one("#error").render())
        rows[1].query_one(".name", Input).value = "Grace"
        for row in rows[2:]:
            form._remove(row)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        client = game_screen(app).client
        assert [s.name for s in client.seats] == ["Vera", "Grace"]
        assert client.seed is None  # the seed, which tells the dice to come, is kept back until the end
        assert client.room._game.state.seed == 3  # type: ignore[attr-defined]


async def test_resume_without_saves_says_so(tmp_path: Path) -> None:
    options = AppOptions(theme="dark", speed="instant", name="Vera")
    app = LandlordsApp(options, Opening(), Persistence(tmp_path / "saves"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert "No saved games yet" in str(app.screen.query_one("#note").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_resume_with_saving_off_says_why() -> None:
    app = _menu_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert "Saving is off for this session" in str(app.screen.query_one("#note").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_help_shows_the_keys_and_the_editions_rules() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats, edition="modern"), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen._text().plain
        assert "Modern edition" in text and "bids open at $10" in text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_the_command_palette_lists_the_legal_actions() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Roll the dice" in titles and "Propose a trade" in titles and "Help" in titles
        assert "End the turn" not in titles


async def test_two_people_at_one_keyboard_take_their_own_turns() -> None:
    seats = [VERA, Seat(name="Grace", kind="human")]
    client = client_for(scripted_game(seats, [(1, 2), (2, 4)]), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("a")  # Vera declines Baltic Avenue: both people bid in the auction
        await settle(pilot)
        await pilot.press("p")  # Grace passes (she is asked first)
        await settle(pilot)
        await pilot.press("p")  # Vera passes too
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.acting() == 1
        assert "you are Grace" in str(screen.query_one("#status").render())
        await pilot.press("r")
        await settle(pilot)
        assert client.view(1).players[1].position == 6


async def test_a_window_too_small_says_so_and_recovers() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "60 x 20" in str(app.screen.query_one("#message").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_status_line_gives_way_to_a_tables_clocks_by_whole_items() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = app.screen.query_one("#status", StatusBar)
        full = str(status.render())
        assert "bot pace" in full
        status.show_tail(Content("\u25b8Alice 0:36 \u00b7 Bob 0:30 \u00b7 Cyril away 1:00"))
        await pilot.pause()
        shown = str(status.render())
        head = shown[: shown.index("\u25b8")].rstrip()
        items = [item.strip() for item in full.split("\u00b7")]
        assert head and all(item.strip() in items for item in head.split("\u00b7")), head  # none cut


async def test_a_keys_words_wrap_under_their_own_start_in_the_help() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        cells = list(app.screen.query("#keys > Static"))
        keys, words = cells[0::2], cells[1::2]
        assert len({w.region.x for w in words}) == 1  # every description in one column, beside the keys
        assert all(k.region.right <= words[0].region.x for k in keys)
        assert any(w.region.height > 1 for w in words if w.region.height)  # some wrap, indented as one


async def test_in_a_very_narrow_window_the_too_small_message_wraps_whole() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(30, 12)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        shown = app.screen.query_one("#message")
        assert shown.region.x >= 0 and shown.region.right <= 30
        drawn = " ".join(" ".join(strip.text for strip in app.screen._compositor.render_strips()).split())
        assert "landlords needs at least 80 x 24: make it larger to go on playing." in drawn, drawn


async def test_bots_are_paced_and_space_skips_ahead() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, [(1, 2)]), seats)
    app = app_for(client, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("a")  # declined: the auction has bots in it; pass when asked
        for _ in range(100):
            await pilot.pause(0.05)
            if client.view(0).pending.player == 0:  # type: ignore[union-attr]
                break
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause(0.2)
        assert client.room.bot_due() == 1  # slow: Ada has not moved yet
        await pilot.press("space")
        await settle(pilot, timeout=5)
        assert client.view(0).current == 0 and client.room.bot_due() is None


async def test_ctrl_z_does_not_suspend_and_hang_up_quits_cleanly() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert any("does not suspend" in n.message for n in app._notifications)
        app.hang_up()
    assert app.return_code == 129  # 128 + SIGHUP, as shells report a hang-up
    assert app.game_screen is None


async def test_ctrl_c_says_in_plain_words_what_quits() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [(n.title, n.message) for n in app._notifications]
        assert ("Do you want to quit?", "Ctrl+Q saves the game and quits.") in said
        assert not any("[b]" in message for _title, message in said)


async def test_ascii_glyphs_on_request() -> None:
    seats = [VERA, ADA]

    def browns(game) -> None:  # type: ignore[no-untyped-def]
        game.state.deeds[1].owner = 0
        game.state.deeds[3].owner = 0
        game.state.deeds[1].level = 2
        game.state.bank.houses -= 2

    client = client_for(scripted_game(seats, arrange=browns), seats)
    options = AppOptions(theme="ansi", ascii=True, speed="instant")
    app = LandlordsApp(options, Opening(kind="client", client=client), Persistence.off())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        rendered = space_text(app, 1)
        assert "hh" in rendered and "▪" not in rendered
        assert app.theme == "landlords-ansi"


async def test_every_theme_draws_the_board_even_textuals_own() -> None:
    from playtable import showcase_client

    app = app_for(showcase_client(), theme="light")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for theme in ("landlords-light", "landlords-ansi", "nord", "textual-light"):
            app.theme = theme
            await pilot.pause()
            assert "Bordwlk" in space_text(app, 39)
            assert "Bordwlk" in app.export_screenshot()


async def test_the_command_palette_holds_the_games_commands_and_themes_alone() -> None:
    from textual.command import CommandPalette

    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Roll the dice", "Help", "Theme", "Quit"} <= titles
        assert not titles & {"Keys", "Maximize", "Minimize", "Screenshot"}
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"theme", "enter")
        await pilot.pause(0.3)
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await pilot.press("down")
        await pilot.pause(0.3)
        listed = [str(o.prompt) for o in palette.query_one("CommandList").options]  # type: ignore[attr-defined]
        assert listed == ["dark", "light", "ansi"]
        await pilot.press(*"light", "enter")
        await pilot.pause(0.3)
        assert app.theme == "landlords-light"
