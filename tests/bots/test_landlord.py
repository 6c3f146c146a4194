"""Bots at a 1904 table: they buy or rent by what they can spare and by payback, borrow and repay, keep
out of the poorhouse where they can, take the free ride and choose their way, and answer loans."""

from __future__ import annotations

import pytest

from engine import (
    BorrowFromBank,
    BuyLot,
    BuyLuxury,
    ChooseDirection,
    ChooseRoute,
    DeclineLuxury,
    GoToPoorhouse,
    ProposeLoan,
    RentLot,
    RepayLoan,
    RollDice,
)
from engine.bots import make_bot
from engine.bots.landlord import EASY_THRIFT, NORMAL_THRIFT, LandlordPlay
from engine.core.commands import AcceptLoan, Command, RejectLoan
from engine.play.game import Game
from engine.tools.simulate import BotPlayer, play_game
from engine.tools.tournament import run_tournament

from magie import LOT, P0, P1, at, magie, notes, ready
from scenario import own, play, settle


def choice(game: Game, level: str, player: int = P0) -> Command:
    bot = make_bot(level, 1, player)
    cmd = bot.choose(game.view(player), game.legal_commands(player))
    assert bot.refused == 0  # type: ignore[attr-defined]
    return cmd


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_lot_is_bought_when_the_cash_can_be_spared(level: str) -> None:
    game = ready(magie(), (5, 6))
    play(game, RollDice(player=P0))
    assert isinstance(choice(game, level), BuyLot)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_rented_when_it_cannot_and_there_is_nothing_to_borrow_against(level: str) -> None:
    game = magie()
    game.state.players[P0].cash = 70
    ready(game, (5, 6))
    play(game, RollDice(player=P0))
    assert isinstance(choice(game, level), RentLot)  # hard spends its last dollars: test_outlook.py


@pytest.mark.parametrize(("level", "borrows"), [("easy", False), ("normal", True), ("hard", True)])
def test_the_investors_borrow_to_buy_a_lot_that_pays_back(level: str, borrows: bool) -> None:
    game = magie()
    own(game, P0, LOT[22])
    game.state.players[P0].cash = 70
    at(game, P0, 14)
    ready(game, (2, 3))  # lot 11, often stopped on: it pays its price back in some 16 circuits
    play(game, RollDice(player=P0))
    cmd = choice(game, level)
    assert isinstance(cmd, BorrowFromBank) == borrows
    if borrows:
        play(game, cmd)
        assert isinstance(choice(game, level), BuyLot)


def test_payback_counts_the_circuits_a_lot_takes_to_earn_its_price() -> None:
    game = magie()
    from engine.bots.position import Position

    pos = Position(game.view(P0), P0)
    play_ = LandlordPlay(NORMAL_THRIFT)
    paybacks = [play_.payback(pos, LOT[n]) for n in (1, 11, 22)]
    assert all(10 < p < 30 for p in paybacks)
    assert play_.lot_income(pos, LOT[22]) > play_.lot_income(pos, LOT[1]) > 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_in_debt_they_borrow_when_they_can_and_go_to_the_poorhouse_when_not(level: str) -> None:
    game = magie()
    own(game, P1, LOT[11])
    own(game, P0, LOT[12])
    game.state.players[P0].cash = 3
    at(game, P0, 15)
    ready(game, (1, 3))
    play(game, RollDice(player=P0))
    cmd = choice(game, level)
    assert isinstance(cmd, BorrowFromBank) and cmd.notes == 1
    broke = magie()
    own(broke, P1, LOT[11])
    broke.state.players[P0].cash = 3
    at(broke, P0, 15)
    ready(broke, (1, 3))
    play(broke, RollDice(player=P0))
    assert isinstance(choice(broke, level), GoToPoorhouse | ProposeLoan)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_luxury_is_bought_when_the_moves_wages_ride_on_it(level: str) -> None:
    game = magie()
    at(game, P0, 36)
    game.state.players[P0].cash = 60
    ready(game, (6, 6))
    play(game, RollDice(player=P0), ChooseRoute(player=P0, space=5))
    assert game.state.pending.kind == "luxury"  # type: ignore[union-attr]
    assert isinstance(choice(game, level), BuyLuxury)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_without_the_cash_the_luxury_is_done_without(level: str) -> None:
    game = magie()
    at(game, P0, 36)
    game.state.players[P0].cash = 20
    ready(game, (1, 2))
    play(game, RollDice(player=P0))
    assert isinstance(choice(game, level), DeclineLuxury)


def test_the_free_ride_is_taken_past_mother_earth_for_the_wages() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (3, 3))
    play(game, RollDice(player=P0))
    cmd = choice(game, "normal")
    assert isinstance(cmd, ChooseRoute) and cmd.space == 5  # $100 wages and a luxury beat the rest


def test_the_free_ride_is_taken_away_from_a_rivals_lot() -> None:
    game = magie()
    own(game, P1, LOT[10], LOT[16], LOT[22])
    game.state.players[P0].circuits = 5  # no more wages to ride for
    notes(game, P0, 1, [LOT[1]])  # and in debt, so moving forward
    at(game, P0, 12)
    ready(game, (3, 3))  # on by the throw: lot 10 ($10 rent); a ride to 25: lot 16; to 35: lot 22
    play(game, RollDice(player=P0))
    for level in ("normal", "hard"):
        cmd = choice(game, level)
        assert isinstance(cmd, ChooseRoute) and cmd.space == 5  # the ride to 5 stops on a luxury


def test_easy_never_rides() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (3, 3))
    play(game, RollDice(player=P0))
    cmd = choice(game, "easy")
    assert isinstance(cmd, ChooseRoute) and cmd.space == 15


@pytest.mark.parametrize("level", ["normal"])
def test_after_the_last_circuit_they_move_the_cheaper_way(level: str) -> None:
    """(hard looks past the stop to the throws after it: test_outlook.py)"""
    game = magie()
    own(game, P1, LOT[2])
    game.state.players[P0].circuits = 5
    at(game, P0, 5)
    ready(game, (1, 1))  # forward: lot 4, for sale; back: lot 2, P1's
    play(game, RollDice(player=P0))
    cmd = choice(game, level)
    assert cmd == ChooseDirection(player=P0, direction="forward")
    dear = magie()
    own(dear, P1, LOT[4])
    dear.state.players[P0].circuits = 5
    at(dear, P0, 5)
    dear.state.players[P0].cash = 20
    ready(dear, (1, 1))  # forward: Lot 4, P1's; back: Lot 2, unowned, rent $2
    play(dear, RollDice(player=P0))
    assert choice(dear, level) == ChooseDirection(player=P0, direction="backward")


def test_loans_are_answered_by_the_rate() -> None:
    game = magie()
    own(game, P1, LOT[9])
    settle(game)
    play(game, ProposeLoan(player=P1, to=P0, lender=P0, principal=100, interest=8, security=(LOT[9],)))
    assert isinstance(choice(game, "hard"), AcceptLoan)  # 8 % a circuit, well secured
    assert isinstance(choice(game, "normal"), RejectLoan)  # the investor keeps its cash
    cheap = magie()
    own(cheap, P0, LOT[9])
    settle(cheap)
    play(cheap, ProposeLoan(player=P1, to=P0, lender=P1, principal=100, interest=4, security=(LOT[9],)))
    assert isinstance(choice(cheap, "normal"), AcceptLoan)  # cheaper than the bank


def test_notes_are_repaid_when_the_cash_is_plentiful() -> None:
    game = magie()
    notes(game, P0, 1, [LOT[22]])
    game.state.players[P0].cash = 900
    ready(game, (1, 1))
    play(game, RollDice(player=P0))
    assert isinstance(choice(game, "easy"), RepayLoan)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_whole_games_end_with_no_answer_refused(level: str) -> None:
    for seed in range(3):
        game = magie(seed=seed, tickets=True)
        bots = [make_bot(level, seed, seat) for seat in range(4)]
        play_game(game, [BotPlayer(b) for b in bots], max_turns=1000)
        assert game.state.winner is not None
        assert sum(b.refused for b in bots) == 0  # type: ignore[attr-defined]


def test_a_short_tournament_on_the_1904_board() -> None:
    result = run_tournament(["normal", "easy", "easy", "easy"], games=4, seed=2, edition="landlords-1904")
    assert result.games == 4 and result.capped == 0
    assert sum(result.wins_by_level.values()) == 4
    assert EASY_THRIFT.reserve > 0
