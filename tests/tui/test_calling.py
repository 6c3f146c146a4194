"""Calling the game at one keyboard: the key proposes it on one's own turn, and the other person answers
in a dialog; agreeing ends the game with the richest the winner, refusing plays on."""

from __future__ import annotations

from engine import Game
from saves import Seat
from tui.dialogs.call import CallDialog
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen

from playtable import VERA, app_for, client_for, log_text, scripted_game, settle

BEA = Seat(name="Bea", kind="human")
LATE = 20
"""A round in which the game may be called."""


def _late_game() -> Game:
    def arrange(game: Game) -> None:
        game.state.round = LATE
        game.state.players[1].cash = 2500  # Bea the richest

    return scripted_game([VERA, BEA], [(1, 2)], arrange=arrange)


async def test_the_other_player_agreeing_ends_the_game_with_the_richest_the_winner() -> None:
    client = client_for(_late_game(), [VERA, BEA])
    app = app_for(client)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.possible("call_game")
        await pilot.press("g")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CallDialog) and dialog.player == 1
        assert "Bea would win" in str(dialog.query_one("#body").render())
        await pilot.press("y")
        await settle(pilot)
        assert client.view(None).winner == 1
        assert isinstance(app.screen, GameOverScreen)
        assert "Bea agrees to end the game." in log_text(app)


async def test_refusing_plays_on_and_the_key_waits_rounds_before_it_asks_again() -> None:
    client = client_for(_late_game(), [VERA, BEA])
    app = app_for(client)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, CallDialog)
        await pilot.press("n")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, GameScreen)
        view = client.view(None)
        assert view.winner is None and view.pending is not None and view.pending.kind == "roll"
        assert "Bea wants to play on." in log_text(app)
        assert not table.possible("call_game")
        await pilot.press("r")  # the throw Vera had not made
        await settle(pilot)
        assert client.view(None).players[0].position == 3
