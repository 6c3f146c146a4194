"""The Landlord's Game, 1904: the poorhouse, five times round, either way, and the count (L9, L28-L33)."""

from __future__ import annotations

import pytest

from engine import (
    AcceptLoan,
    BorrowFromBank,
    BuyLuxury,
    ChooseDirection,
    DeclareBankruptcy,
    EndTurn,
    Game,
    GoToPoorhouse,
    IllegalCommand,
    PayJailFine,
    ProposeLoan,
    RentLot,
    RollDice,
    RuleOptions,
)
from engine.bots import make_bot
from engine.bots.base import BotBase
from engine.core.events import GameOver, PlayerMoved, PoorhouseThrow, WentToPoorhouse
from engine.core.state import Debt, DirectionChoice, LoanAnswer
from engine.queries import count_up, may_turn_back

from magie import LOT, LUXURIES, MOTHER_EARTH, P0, P1, P2, P3, PARK, at, boxes, magie, notes, ready
from scenario import kinds, of_kind, own, pending, play, replays, settle, turn_of


def test_l28_unable_to_pay_or_borrow_he_pays_what_he_has_and_goes_to_the_poorhouse() -> None:
    game = magie()
    own(game, P2, LOT[11])
    game.state.players[P1].cash = 3
    at(game, P1, LOT[11] - 4)
    turn_of(game, P1)
    ready(game, (1, 3))
    events = play(game, RollDice(player=P1))
    assert isinstance(game.state.pending, Debt) and "debt_incurred" in kinds(events)
    with pytest.raises(IllegalCommand) as exc:
        game.apply(DeclareBankruptcy(player=P1))
    assert exc.value.code == "no_bankruptcy"
    events = play(game, GoToPoorhouse(player=P1))
    (went,) = of_kind(events, WentToPoorhouse)
    assert (went.creditor, went.paid, went.forgiven) == (P2, 3, 8)
    p1 = game.state.players[P1]
    assert (p1.cash, p1.in_poorhouse, p1.position) == (0, True, PARK)
    assert game.state.players[P2].cash == 503 and not p1.bankrupt
    assert pending(game).kind == "end_turn"
    assert replays(game)


def test_l28_who_can_borrow_must_borrow_and_the_debt_is_paid_at_once() -> None:
    game = magie()
    own(game, P2, LOT[11])
    own(game, P1, LOT[12])  # $120: one note
    game.state.players[P1].cash = 3
    at(game, P1, LOT[11] - 4)
    turn_of(game, P1)
    ready(game, (1, 3))
    play(game, RollDice(player=P1))
    with pytest.raises(IllegalCommand) as exc:
        game.apply(GoToPoorhouse(player=P1))
    assert exc.value.code == "can_borrow"
    events = play(game, BorrowFromBank(player=P1, notes=1, security=(LOT[12],)))
    assert [e.kind for e in events][:2] == ["loan_taken", "rent_paid"]
    assert game.state.players[P1].cash == 92 and game.state.pending.kind == "end_turn"  # type: ignore[union-attr]


def _owing_more_than_the_bank_lends() -> Game:
    """P0 owes P1 $400 of interest on a loan, with $101 in hand and a free lot ($220) that the bank
    lends two notes on: more than his cash, and more than all he could borrow."""
    game = magie()
    own(game, P0, LOT[9])
    own(game, P0, LOT[22])  # $220: two notes
    at(game, P0, 38)
    settle(game)
    play(game, ProposeLoan(player=P0, to=P1, lender=P1, principal=200, interest=400, security=(LOT[9],)))
    offer = game.state.pending
    assert isinstance(offer, LoanAnswer)
    play(game, AcceptLoan(player=P1, offer=offer.offer.id))
    game.state.players[P0].cash = 2
    ready(game, (1, 2))
    play(game, RollDice(player=P0), RentLot(player=P0))  # wages 100, rent 1, then 400 interest to P1
    debt = game.state.pending
    assert isinstance(debt, Debt) and debt.amount == 400 and game.state.players[P0].cash == 101
    return game


def test_l28_the_poorhouse_only_once_nothing_is_left_to_borrow_on() -> None:
    """The patent: "if at stay time a player has no money with which to meet expenses and has no property
    upon which he can borrow, he must go to the poorhouse". Owing more than the bank would lend, he still
    borrows all it will lend first, and his creditor is paid that too."""
    game = _owing_more_than_the_bank_lends()
    with pytest.raises(IllegalCommand) as exc:
        game.apply(GoToPoorhouse(player=P0))
    assert exc.value.code == "can_borrow" and "$200" in exc.value.reason
    assert GoToPoorhouse(player=P0) not in game.legal_commands(P0)
    play(game, BorrowFromBank(player=P0, notes=2, security=(LOT[22],)))
    assert isinstance(game.state.pending, Debt) and game.state.players[P0].cash == 301
    assert GoToPoorhouse(player=P0) in game.legal_commands(P0)
    events = play(game, GoToPoorhouse(player=P0))
    (went,) = of_kind(events, WentToPoorhouse)
    assert (went.creditor, went.paid, went.forgiven) == (P1, 301, 99)
    assert game.state.players[P0].in_poorhouse and game.state.players[P1].cash == 500 - 200 + 301
    assert replays(game)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_l28_a_bot_owing_more_than_the_bank_lends_borrows_it_all_before_the_poorhouse(level: str) -> None:
    game = _owing_more_than_the_bank_lends()
    bot = make_bot(level, seed=3, seat=P0)
    assert isinstance(bot, BotBase)
    cmd = bot.choose(game.view(P0), game.legal_commands(P0))
    assert cmd == BorrowFromBank(player=P0, notes=2, security=(LOT[22],)) and bot.refused == 0


def test_l28_optional_payments_never_send_anyone_to_the_poorhouse() -> None:
    game = magie()
    game.state.players[P0].cash = 10
    at(game, P0, LUXURIES[0] - 3)
    ready(game, (1, 2))
    play(game, RollDice(player=P0))
    with pytest.raises(IllegalCommand):
        game.apply(BuyLuxury(player=P0))
    assert not game.state.players[P0].in_poorhouse
    jailed = magie()
    ps = jailed.state.players[P0]
    ps.cash, ps.position, ps.in_jail = 10, 10, True
    settle(jailed)
    with pytest.raises(IllegalCommand):
        jailed.apply(PayJailFine(player=P0))


def test_l29_throws_in_the_poorhouse_add_up_to_20_and_lead_to_mother_earth_with_wages() -> None:
    game = magie()
    notes(game, P1, 1, [LOT[22]])
    ps = game.state.players[P1]
    ps.in_poorhouse, ps.position, ps.cash = True, PARK, 0
    turn_of(game, P1)
    ready(game, (3, 5), (3, 4), (4, 5))
    events = play(game, RollDice(player=P1))
    assert [e.total for e in of_kind(events, PoorhouseThrow)] == [8]
    assert ps.in_poorhouse and ps.position == PARK and game.state.pending.kind == "end_turn"  # type: ignore[union-attr]
    for _ in range(2):
        play(game, EndTurn(player=P1))
        turn_of(game, P1)
        events = play(game, RollDice(player=P1))
    assert not ps.in_poorhouse and ps.position == MOTHER_EARTH
    assert ps.cash == 95 and ps.circuits == 1  # wages, less $5 on the note
    assert "left_poorhouse" in kinds(events)


def test_l29_in_the_poorhouse_nobody_moves_nor_pays() -> None:
    game = magie()
    ps = game.state.players[P1]
    ps.in_poorhouse, ps.position, ps.cash = True, PARK, 0
    turn_of(game, P1)
    ready(game, (1, 1))
    events = play(game, RollDice(player=P1))
    assert "player_moved" not in kinds(events) and ps.position == PARK


def test_l9_l30_after_five_circuits_a_player_clear_of_debt_chooses_the_way() -> None:
    game = magie()
    ps = game.state.players[P0]
    ps.circuits = 5
    at(game, P0, 3)
    ready(game, (1, 2))
    assert may_turn_back(game, P0)
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert isinstance(pend, DirectionChoice) and pend.steps == 3
    events = play(game, ChooseDirection(player=P0, direction="backward"))
    assert ps.position == MOTHER_EARTH and of_kind(events, PlayerMoved)[0].backward
    assert "passed_go" not in kinds(events) and ps.circuits == 5  # backward moves never pay
    assert replays(game)


def test_l30_no_more_wages_after_five_circuits_and_no_choice_while_in_debt() -> None:
    game = magie()
    notes(game, P0, 1, [LOT[22]])
    ps = game.state.players[P0]
    ps.circuits = 5
    at(game, P0, 38)
    ready(game, (1, 2))
    assert not may_turn_back(game, P0)
    events = play(game, RollDice(player=P0))
    assert ps.position == 1 and "passed_go" not in kinds(events) and ps.circuits == 6
    assert boxes(game)["bank"] == 0  # no wages, no interest


def test_l31_the_game_ends_once_the_last_players_last_circuit_is_resolved() -> None:
    game = magie(rules=RuleOptions(circuits=1))
    for p in (P1, P2, P3):
        game.state.players[p].circuits = 1
    at(game, P0, 38)
    ready(game, (1, 2))
    events = play(game, RollDice(player=P0))
    assert game.state.winner is None and game.state.pending.kind == "rent_or_buy"  # type: ignore[union-attr]
    events = play(game, RentLot(player=P0))
    (over,) = of_kind(events, GameOver)
    assert over.reason == "circuits" and game.state.winner is not None
    assert [p for p, _ in over.standings] == sorted(range(4), key=lambda p: -dict(over.standings)[p])


def test_l31_the_game_goes_on_while_anyone_has_circuits_to_make() -> None:
    game = magie(rules=RuleOptions(circuits=1))
    for p in (P1, P2):
        game.state.players[p].circuits = 1
    at(game, P0, 38)
    ready(game, (1, 2))
    play(game, RollDice(player=P0), RentLot(player=P0))
    assert game.state.winner is None


def test_l32_the_count_lots_cash_luxuries_less_debts_plus_loans_made() -> None:
    game = magie()
    own(game, P0, LOT[3], LOT[22])
    notes(game, P0, 1, [LOT[22]])
    ps = game.state.players[P0]
    ps.cash, ps.luxuries, ps.legacies = 420, 2, 3
    game.state.charters[13] = P0
    count = count_up(game, P0)
    assert (count.lots, count.cash, count.luxuries, count.debts, count.total) == (250, 420, 120, 100, 690)


def test_l33_a_rule_cannot_be_broken_the_command_is_refused_and_nothing_changes() -> None:
    game = ready(magie(), (5, 6))
    play(game, RollDice(player=P0))
    before = game.state.copy()
    with pytest.raises(IllegalCommand):
        game.apply(EndTurn(player=P0))  # the lot must be bought or rented first
    assert game.state == before
