"""Fair dice on screen: the seed's fingerprint in the help from the start, the seed itself only once the
game is over, with the way to check one against the other."""

from __future__ import annotations

import hashlib

from engine import Game
from saves import Seat
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.why import WhyScreen

from playtable import VERA, app_for, client_for, scripted_game, settle

BEA = Seat(name="Bea", kind="human")
SEED = 1234
FINGERPRINT = hashlib.sha256(b"1234").hexdigest()


def _late_game() -> Game:
    def arrange(game: Game) -> None:
        game.state.round = 20  # late enough to call the game
        game.state.players[1].cash = 2500

    return scripted_game([VERA, BEA], [(1, 2)], seed=SEED, arrange=arrange)


async def test_the_first_line_of_the_log_pledges_the_seeds_fingerprint_and_y_says_what_it_means() -> None:
    client = client_for(scripted_game([VERA, BEA], [(1, 2)], seed=SEED), [VERA, BEA])
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        first = screen._entries[0].plain
        assert first.startswith("Fair dice: ") and f"SHA-256 is {FINGERPRINT}" in first
        assert str(SEED) not in first.replace(FINGERPRINT, "")
        screen.explain_entry(0)
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen) and "landlords verify" in app.screen.text


async def test_the_help_shows_the_fingerprint_and_never_the_seed() -> None:
    client = client_for(_late_game(), [VERA, BEA])
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen._text())
        assert f"Its fingerprint (SHA-256) is {FINGERPRINT}" in text
        assert "landlords verify" in text
        assert str(SEED) not in text and client.seed is None


async def test_the_game_over_screen_shows_the_seed_and_how_to_check_it() -> None:
    client = client_for(_late_game(), [VERA, BEA])
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("g")  # call the game, and Bea agrees
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        said = str(app.screen.query_one("#winner").render())
        assert f"the seed was {SEED}, whose SHA-256 begins {FINGERPRINT[:16]}" in said
        assert "landlords verify" in said
