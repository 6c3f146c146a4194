"""What changed on the table reaches the terminal even when a notice comes or goes in the same moment.

A notice drawn (or taken away) as the table changed used to repaint only the rows under its box: the
rest of the screen stayed as it was a move before. After a person passed in an auction that a bot's
landing had opened, the auction's notice coincided with the bots moving the game on, and the header kept
the old turn, the footer offered "Skip ahead" instead of Roll, until a key was pressed."""

from __future__ import annotations

import pytest

from engine import Game
from engine.core.state import AwaitingRoll

from playtable import ADA, GRACE, VERA, app_for, client_for, game_screen, scripted_game, settle
from terminal import watch


async def test_a_notice_given_as_the_status_line_changes_leaves_the_new_line_on_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats), speed="normal")
    terminal = watch(monkeypatch, 80, 24)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        assert "bot pace normal" in terminal.lines()[0]
        await pilot.press("plus")  # a notice ("Bots move at fast speed.") and a new status line
        await pilot.pause(0.3)
        assert "bot pace fast" in terminal.lines()[0]


async def test_after_a_pass_in_a_bots_auction_the_terminal_shows_the_persons_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Finance: Grace lands on Lonely Lane and cannot pay; Vera passes, Ada outbids Grace, and the turn
    comes to Vera. The auction's notice goes just as the bots' last move is shown."""
    from tui.dialogs.auction import AuctionDialog
    from tui.screens.game import GameScreen

    seats = [VERA, ADA, GRACE]

    def arrange(game: Game) -> None:
        game.state.players[2].cash = 40
        game.state.current = 2
        game.state.pending = AwaitingRoll(player=2)

    game = scripted_game(seats, [(1, 2)], edition="finance-1936", arrange=arrange)
    app = app_for(client_for(game, seats), speed="fast")
    after = GameScreen.after

    def with_the_notice_going(screen: GameScreen, *args: object, **kwargs: object) -> None:
        after(screen, *args, **kwargs)  # type: ignore[arg-type]
        screen.app.notify("Ada won Lonely Lane for $150.", timeout=0.01)  # comes and goes at once

    monkeypatch.setattr(GameScreen, "after", with_the_notice_going)
    terminal = watch(monkeypatch, 80, 24)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(app.screen, AuctionDialog):
                break
        assert isinstance(app.screen, AuctionDialog)
        await pilot.press("p")
        await settle(pilot)
        await pilot.pause(0.3)
        assert game_screen(app).acting() == 0
        lines = terminal.lines()
        assert "turn 2" in lines[0]
        assert "Roll" in lines[-1] and "Skip" not in lines[-1]
        assert "Vera's turn: waiting for Vera to roll." in terminal.text()
