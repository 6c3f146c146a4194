"""The prompt in the board's middle takes one line at 120 x 40 and 80 x 24, whatever it offers: when it
wrapped to two, the log under it moved down a line as the prompt came and up as it went."""

from __future__ import annotations

import pytest

from engine import Game
from tui.widgets.centre import CentrePanel

from playtable import ADA, GRACE, VERA, app_for, client_for, game_screen, scripted_game, settle
from scenario import jail, own, turn_of

HEAD = 7
"""The centre's lines above its rule at a table of three: the dice, whose turn, the three players, the
prompt and the space in view."""


def _jailed(game: Game) -> None:
    """Vera in jail with a card to leave it and deeds to mortgage: five keys to offer."""
    own(game, 0, 1, 3)
    jail(game, 0)
    game.state.players[0].jail_cards = ["chance"]
    turn_of(game, 0)


def _rows(centre: CentrePanel) -> list[str]:
    return centre.render().plain.splitlines()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_prompt_takes_one_line_with_every_key_it_offers(size: tuple[int, int]) -> None:
    seats = [VERA, ADA, GRACE]
    app = app_for(client_for(scripted_game(seats, arrange=_jailed), seats))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        centre = game_screen(app).query_one(CentrePanel)  # under the jail's dialog
        rows = _rows(centre)
        prompt = rows[HEAD - 2]
        assert "[p] pay fine" in prompt and "your move" in prompt.lower(), rows
        assert set(rows[HEAD]) == {"─"}, rows  # the rule right under the space's line: nothing wrapped
        assert len(prompt) <= centre.content_region.width


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_whose_turn_takes_one_line_while_the_game_waits_on_a_long_choice(size: tuple[int, int]) -> None:
    """Whose turn it is keeps to one row while the game waits on a long choice, and so does the space in view:
    "Vera's turn: waiting for Vera to choose how to pay income tax." is wider than the board's middle at
    80 x 24, and wrapped, it pushed the log down a line while the choice lasted and let it back up after."""
    seats = [VERA, ADA, GRACE]
    app = app_for(client_for(scripted_game(seats, [(1, 3)]), seats))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        centre = game_screen(app).query_one(CentrePanel)  # under the income tax's dialog
        rows = _rows(centre)
        waiting = rows[1]
        assert "income tax" in waiting and waiting.rstrip().endswith("."), rows
        assert set(rows[HEAD]) == {"─"}, rows[HEAD - 2 : HEAD + 2]  # nothing above the rule wrapped
        assert len(waiting) <= centre.content_region.width
