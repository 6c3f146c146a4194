"""Several people at one keyboard: `w` hands the keyboard to another of them for what anyone may do at
any time, while the one whose turn it is still rolls and answers."""

from __future__ import annotations

from engine import Game
from room import Seat
from tui.dialogs.build import BuildDialog

from playtable import ADA, VERA, app_for, client_for, game_screen, scripted_game, settle

GRACE_HUMAN = Seat(name="Grace", kind="human")
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9


def _grace_holds_light_blue(game: Game) -> None:
    for space in (ORIENTAL, VERMONT, CONNECTICUT):
        game.state.deeds[space].owner = 1


async def test_w_acts_for_the_other_person_during_a_turn_not_theirs() -> None:
    seats = [VERA, GRACE_HUMAN, ADA]
    client = client_for(scripted_game(seats, [(1, 2)], arrange=_grace_holds_light_blue), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.acting() == 0 and "you are Vera" in str(screen.query_one("#status").render())
        await pilot.press("w")
        await pilot.pause()
        assert screen.acting() == 1
        assert "you are Grace" in str(screen.query_one("#status").render())
        assert any("Vera still answers" in n.message for n in app._notifications)
        await pilot.press("b")  # Grace builds on her own group during Vera's turn
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BuildDialog) and dialog.player == 1
        await pilot.press("enter")
        await pilot.pause()
        assert client.view(1).deeds[ORIENTAL].level == 1
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")  # the roll is still Vera's
        await settle(pilot)
        assert client.view(0).players[0].position == 3
        assert screen.acting() == 1  # still Grace, until the game waits on Grace herself


async def test_the_keyboard_follows_the_game_when_it_waits_on_another_person() -> None:
    seats = [VERA, GRACE_HUMAN, Seat(name="Carl", kind="human")]
    client = client_for(scripted_game(seats, [(4, 6)]), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("w", "w")  # Grace, then Carl
        await pilot.pause()
        assert screen.acting() == 2 and screen.turn_seat() == 0
        await pilot.press("r", "e")  # Vera: just visiting, and her turn ends
        await settle(pilot)
        assert client.view(None).pending.player == 1  # type: ignore[union-attr]
        assert screen.acting() == 1 and screen.turn_seat() == 1  # the game waits on Grace: hers
