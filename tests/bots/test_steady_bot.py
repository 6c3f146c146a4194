"""SteadyBot, the second example bot written from the published interface alone: it plays whole games by
the rules against every level, and makes the plain decisions a steady player makes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import (
    Build,
    BuyProperty,
    Command,
    Game,
    Mortgage,
    PayJailFine,
    RejectTrade,
    RollDice,
    UseJailCard,
    new_game,
)
from engine.bots import make_bot
from engine.bots.outside import OutsideBot, find_bot
from engine.core.state import Bundle
from engine.tools.simulate import BotPlayer, play_game

from positions import (
    BOARDWALK,
    MEDITERRANEAN,
    NEW_YORK,
    ORANGE,
    PARK_PLACE,
    ST_JAMES,
    TENNESSEE,
    buy,
    debt,
    end_turn,
    offer,
    roll,
    table,
)

ROOT = Path(__file__).resolve().parents[2]
NAME = "examples.steady_bot:SteadyBot"


@pytest.fixture
def steady(monkeypatch: pytest.MonkeyPatch) -> type[Any]:
    """The bot's class, found by its name as the command line finds it from the project's folder."""
    monkeypatch.syspath_prepend(str(ROOT))
    return find_bot(NAME)


def _answer(cls: type[Any], game: Game, seat: int = 0) -> Command:
    """The bot's answer, which the interface must take as it is and the rules must accept."""
    bot = OutsideBot(NAME, cls, game.state.seed, seat)
    cmd = bot.choose(game.view(seat), game.legal_commands(seat))
    assert bot.refused == 0, cmd
    assert game.check(cmd) is None, (cmd, game.check(cmd))
    return cmd


@pytest.mark.parametrize(("seed", "level"), [(1, "hard"), (2, "normal"), (3, "easy"), (4, "hard")])
def test_it_plays_whole_classic_games_with_none_refused(steady: type[Any], seed: int, level: str) -> None:
    bots = [
        OutsideBot(NAME, steady, seed, seat) if seat % 2 else make_bot(level, seed, seat) for seat in range(4)
    ]
    game = new_game("classic", ["A", "B", "C", "D"], seed=seed)
    play_game(game, [BotPlayer(b) for b in bots], 300)
    outside = [b for b in bots if isinstance(b, OutsideBot)]
    assert len(outside) == 2
    assert all(b.refused == 0 for b in outside)
    assert game.state.winner is not None or game.state.turn >= 300


def test_it_buys_a_deed_it_can_afford_early(steady: type[Any]) -> None:
    game = table(turn=3)
    buy(game, 0, ST_JAMES)
    assert isinstance(_answer(steady, game), BuyProperty)


def test_it_refuses_a_trade_that_hands_a_rival_a_group_for_a_little_cash(steady: type[Any]) -> None:
    game = table(owners={0: [NEW_YORK], 1: [ST_JAMES, TENNESSEE]})
    pend = offer(game, 1, 0, give=Bundle(cash=300), take=Bundle(deeds=(NEW_YORK,)))
    cmd = _answer(steady, game)
    assert isinstance(cmd, RejectTrade) and cmd.trade_id == pend.trade.id
    assert "orange" in cmd.reason


def test_it_builds_on_a_complete_group_when_it_has_the_money(steady: type[Any]) -> None:
    game = table(owners={0: list(ORANGE)}, cash=(1500, 1500, 1500, 1500))
    end_turn(game, 0)
    cmd = _answer(steady, game)
    assert isinstance(cmd, Build) and cmd.space in ORANGE


def test_it_keeps_its_cash_when_the_board_is_dangerous(steady: type[Any]) -> None:
    game = table(owners={0: list(ORANGE), 1: [PARK_PLACE, BOARDWALK]}, hotels=(PARK_PLACE, BOARDWALK))
    game.state.players[0].cash = 400
    end_turn(game, 0)
    assert not isinstance(_answer(steady, game), Build)


def test_it_leaves_jail_at_once_early_in_the_game(steady: type[Any]) -> None:
    game = table(turn=4)
    roll(game, 0)
    game.state.players[0].in_jail = True
    assert isinstance(_answer(steady, game), PayJailFine | UseJailCard)


def test_it_stays_in_jail_when_rivals_have_built(steady: type[Any]) -> None:
    game = table(owners={1: [PARK_PLACE, BOARDWALK]}, houses={PARK_PLACE: 3, BOARDWALK: 3}, turn=80)
    for deed in game.state.deeds.values():  # late in the game: every deed has an owner
        if deed.owner is None:
            deed.owner = 2
    roll(game, 0)
    game.state.players[0].in_jail = True
    assert isinstance(_answer(steady, game), RollDice)


def test_in_debt_it_mortgages_a_stray_lot_before_selling_a_house(steady: type[Any]) -> None:
    game = table(
        owners={0: [*ORANGE, MEDITERRANEAN], 1: [BOARDWALK]},
        houses={ST_JAMES: 1, TENNESSEE: 1, NEW_YORK: 1},
        cash=(20, 1500, 1500, 1500),
    )
    debt(game, 0, 50)
    cmd = _answer(steady, game)
    assert isinstance(cmd, Mortgage) and cmd.space == MEDITERRANEAN
