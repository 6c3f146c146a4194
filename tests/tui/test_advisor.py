"""The advisor: `z` (on the table or over a decision's dialog, and in the command palette) shows what
`expert` would do in the seat of the person at the keyboard, why, and his chance after each of the best
options; Enter makes that move. It is asked only of the seat the game waits on, and it speaks only from
that seat's own view."""

from __future__ import annotations

import asyncio

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from engine import BuyProperty, DeclineProperty, RuleOptions, new_game
from engine.bots.advice import advise
from engine.chances import chances
from room import Seat
from room.advice import AdvisorOff
from tui.app import LandlordsApp
from tui.dialogs.buy import BuyDialog
from tui.dialogs.trade import TradeScreen
from tui.screens.advice import AdviceScreen

from played_games import hard_game_at_seat_0
from playtable import ADA, VERA, app_for, client_for, scripted_game, settle


async def advice_in(pilot: Pilot[int], timeout: float = 60.0) -> AdviceScreen:
    """Wait until the advice screen on top shows its advice."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await pilot.pause(0.05)
        screen = app.screen
        if isinstance(screen, AdviceScreen) and screen.advice is not None:
            return screen
    raise AssertionError(f"no advice within {timeout} s (on top: {app.screen!r})")


def body(screen: AdviceScreen) -> str:
    return str(screen.query_one("#body", Static).render())


async def test_over_a_buy_the_advisor_names_a_move_its_reason_and_chances_and_enter_makes_it() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 2)]), seats)  # Vera throws 3: Baltic Avenue
    app = app_for(client)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, BuyDialog)
        await pilot.press("z")
        screen = await advice_in(pilot)
        advice = screen.advice
        assert advice is not None
        assert advice.command in (BuyProperty(player=0), DeclineProperty(player=0))
        assert {type(o.command) for o in advice.options} == {BuyProperty, DeclineProperty}
        text = body(screen)
        assert ("Best for you:" in text or "Too close to call" in text) and "Why:" in text
        assert "Vera's chance to win" in text and "you" in text.split("Why:")[1]
        assert "Buy Baltic Avenue for $60" in text and "Decline" in text
        await pilot.press("enter")
        await settle(pilot)
        view = client.view(None)
        if advice.command == BuyProperty(player=0):
            assert view.deeds[3].owner == 0
        else:
            assert view.deeds[3].owner is None and view.pending is not None
            assert view.pending.kind == "auction"


async def test_escape_closes_the_advice_and_nothing_is_played() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 2)]), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        version = client.version
        await pilot.press("z")  # on the table: Vera's throw is the decision
        await advice_in(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AdviceScreen)
        assert client.version == version


def test_the_advisor_speaks_only_to_the_seat_the_game_waits_on() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 2)]), seats)
    with pytest.raises(AdvisorOff, match="only to the players at this keyboard"):
        client.advice(1)
    client.send(client.legal(0)[0], client.version)  # Vera throws: her buy decision
    assert client.advice(0).result(timeout=60).command.player == 0


async def test_the_palette_offers_the_advisor() -> None:
    seats = [VERA, ADA]
    app: LandlordsApp = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        names = [entry[0] for entry in app.screen.palette_commands()]  # type: ignore[attr-defined]
        assert "Ask the advisor" in names


def test_the_advisor_at_a_table_counts_its_bots_levels_as_the_chances_panel_does() -> None:
    """The first game that teaches, as it was once dealt: the panel, knowing its two bots easy, said 26 %
    where the advisor said 12 %. The table hands the advisor who sits where, as it hands the panel."""
    easy = [Seat(name=n, kind="bot", level="easy") for n in ("Ada", "Grace")]
    seats = [VERA, *easy]
    game = new_game("classic", [s.name for s in seats], seed=3, rules=RuleOptions(short_game=True))
    client = client_for(game, seats)
    panel = chances(client.view(None), 400, seed=0, levels=[None, "easy", "easy"]).players[0].win
    advice = client.advice(0).result(timeout=120)
    rolled = next(o for o in advice.options if o.command.kind == "roll_dice")
    assert abs(rolled.chance - panel) < 0.06, (rolled.chance, panel)


async def test_enter_on_a_trade_suggested_opens_the_negotiator_with_its_terms_and_sends_nothing() -> None:
    """The advisor once sent "Oriental Avenue for Pennsylvania Railroad and $170" on Enter, unseen. A trade it
    suggests now opens in the negotiator, its terms filled in, for the player to change or send."""
    seats = [VERA, *(Seat(name=n, kind="bot", level="hard") for n in ("Ada", "Grace", "Alan"))]
    for game, _ in hard_game_at_seat_0(3, 24):
        if advise(game.view(0), game.legal_commands(0), seed=0, levels=["hard"] * 4).draft is not None:
            break
    else:
        raise AssertionError("no trade suggested at this table")
    client = client_for(game, seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        version = client.version
        await pilot.press("z")
        screen = await advice_in(pilot)
        draft = screen.advice.draft if screen.advice is not None else None
        assert draft is not None and "negotiator" in str(screen.query_one("#keys", Static).render())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TradeScreen)
        assert app.screen.draft.command() == draft
        assert client.version == version  # nothing sent
