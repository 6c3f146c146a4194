"""The hard level's own 1904 play: it chooses its way by where the stop leaves it for the throws after (the
Legacy within reach), and spends its cash down to nothing on lots, which count their price at the end."""

from __future__ import annotations

from engine import BuyLot, ChooseDirection, ChooseRoute, EndTurn, RentLot, RepayLoan, RollDice
from engine.bots import make_bot
from engine.bots.landlord import HARD_THRIFT
from engine.bots.outlook import OutlookPlay
from engine.bots.position import Position
from engine.core.commands import Command
from engine.play.game import Game

from magie import LEGACY, LOT, P0, at, magie, notes, ready
from scenario import own, play


def choice(game: Game, level: str, player: int = P0) -> Command:
    bot = make_bot(level, 1, player)
    cmd = bot.choose(game.view(player), game.legal_commands(player))
    assert bot.refused == 0  # type: ignore[attr-defined]
    return cmd


def home_and_free() -> Game:
    """P0 round the board five times and clear of debt on the railroad at 35, about to throw 3: forward
    it stops on its own lot 22 (nothing to pay, the Legacy out of a throw's reach either way); back on
    Clothing ($5), from which the Legacy is five spaces on."""
    game = magie()
    own(game, P0, LOT[22])
    game.state.players[P0].circuits = 5
    at(game, P0, 35)
    ready(game, (1, 2))
    play(game, RollDice(player=P0))
    return game


def test_hard_steps_back_to_a_stop_that_leaves_the_legacy_within_reach() -> None:
    game = home_and_free()
    assert choice(game, "normal") == ChooseDirection(player=P0, direction="forward")  # the cheaper stop
    assert choice(game, "hard") == ChooseDirection(player=P0, direction="backward")


def test_the_worth_of_a_space_counts_the_legacy_a_throw_away() -> None:
    game = home_and_free()
    pos = Position(game.view(P0), P0)
    _, worth = OutlookPlay(HARD_THRIFT).space_worth(pos, either_way=True)
    assert worth[LEGACY - 6] > worth[LEGACY + 1]  # 5 in 36 of $100 against none


def test_hard_buys_a_lot_with_its_last_dollars() -> None:
    game = magie()
    game.state.players[P0].cash = 70  # lot 6 costs $60; nothing of its own to borrow on
    ready(game, (5, 6))
    play(game, RollDice(player=P0))
    assert isinstance(choice(game, "normal"), RentLot)  # it keeps $80 in hand
    assert isinstance(choice(game, "hard"), BuyLot)


def test_hard_takes_the_legacy_before_wages_that_come_anyway() -> None:
    game = magie()
    game.state.players[P0].cash = 300
    at(game, P0, 33)
    ready(game, (2, 2))  # past the railroad at 35: stay and stop on the Legacy, or ride to 5 for wages
    play(game, RollDice(player=P0))
    assert choice(game, "normal") == ChooseRoute(player=P0, space=5)  # $100 wages and lot 4 to buy
    assert choice(game, "hard") == ChooseRoute(player=P0, space=35)  # wages only come sooner


def test_hard_repays_its_note_when_wages_are_a_throw_away() -> None:
    game = magie()
    notes(game, P0, 1, [LOT[22]])
    game.state.players[P0].cash = 300
    at(game, P0, 29)
    ready(game, (1, 2))  # on to Clothing, eight spaces short of Mother Earth, where the interest is paid
    play(game, RollDice(player=P0))
    assert isinstance(choice(game, "normal"), EndTurn)  # it keeps $250 in hand
    assert isinstance(choice(game, "hard"), RepayLoan)
