"""The Landlord's Game, 1904: bank notes against pledged lots, interest, and loans between players
(L24-L27)."""

from __future__ import annotations

import pytest

from engine import (
    AcceptLoan,
    AcceptTrade,
    BorrowFromBank,
    CancelLoan,
    IllegalCommand,
    ProposeLoan,
    ProposeTrade,
    RejectLoan,
    RentLot,
    RepayLoan,
    RollDice,
)
from engine.core.events import FeePaid, LoanRejected, LoanRepaid, LoanTaken
from engine.core.state import Bundle, LoanAnswer
from engine.queries import borrowing_capacity, count_up

from magie import LOT, P0, P1, P2, at, boxes, magie, notes, ready
from scenario import kinds, of_kind, own, play, replays, settle


def test_l24_a_bank_loan_of_n_notes_needs_lots_worth_100n_plus_10() -> None:
    game = magie()
    own(game, P0, LOT[5], LOT[6], LOT[10], LOT[22])
    settle(game)
    with pytest.raises(IllegalCommand) as exc:
        game.apply(BorrowFromBank(player=P0, notes=1, security=(LOT[10],)))
    assert exc.value.code == "too_little_security"
    events = play(game, BorrowFromBank(player=P0, notes=1, security=(LOT[5], LOT[6])))
    (taken,) = of_kind(events, LoanTaken)
    loan = taken.loan
    assert (loan.lender, loan.principal, loan.interest, loan.security) == (None, 100, 5, (LOT[5], LOT[6]))
    assert game.state.players[P0].cash == 600 and boxes(game)["bank"] == -100
    play(game, BorrowFromBank(player=P0, notes=2, security=(LOT[22],)))
    assert game.state.players[P0].cash == 800 and len(game.state.loans) == 2
    assert replays(game)


def test_l24_a_lot_is_pledged_only_once_and_only_by_its_owner() -> None:
    game = magie()
    own(game, P0, LOT[22])
    own(game, P1, LOT[21])
    notes(game, P0, 1, [LOT[22]])
    settle(game)
    for security, code in (((LOT[22],), "pledged"), ((LOT[21],), "not_owner"), ((), "no_security")):
        with pytest.raises(IllegalCommand) as exc:
            game.apply(BorrowFromBank(player=P0, notes=1, security=security))
        assert exc.value.code == code


def test_l24_pledged_lots_still_earn_their_rent_and_count_at_the_end() -> None:
    game = magie()
    notes(game, P1, 1, [LOT[6], LOT[7]])
    ready(game, (5, 6))
    play(game, RollDice(player=P0))
    assert game.state.players[P1].cash == 506
    count = count_up(game, P1)
    assert (count.lots, count.debts, count.total) == (130, 100, 506 + 130 - 100)


def test_l24_the_most_a_player_can_borrow() -> None:
    game = magie()
    own(game, P0, LOT[5], LOT[6])
    assert borrowing_capacity(game, P0) == 100
    own(game, P0, LOT[22])
    assert borrowing_capacity(game, P0) == 300  # 50 + 60 + 220 = 330: three notes
    assert borrowing_capacity(game, P1) == 0


def test_l25_a_note_repaid_before_the_wages_costs_no_interest() -> None:
    game = magie()
    notes(game, P0, 2, [LOT[22]])
    at(game, P0, 36)
    ready(game, (1, 3))
    loan = game.state.loans[0]
    events = play(game, RepayLoan(player=P0, loan=loan.id))
    assert [(e.amount, e.left) for e in of_kind(events, LoanRepaid)] == [(100, 100)]
    assert game.state.loans[0].interest == 5 and game.state.players[P0].cash == 400
    play(game, RollDice(player=P0))
    assert game.state.players[P0].cash == 495  # wages 100, interest on the one note left
    play(game, RepayLoan(player=P0, loan=loan.id))
    assert game.state.loans == [] and boxes(game)["bank"] == 205
    assert replays(game)


def test_l25_repaying_needs_the_cash() -> None:
    game = magie()
    loan = notes(game, P0, 1, [LOT[22]])
    game.state.players[P0].cash = 99
    settle(game)
    with pytest.raises(IllegalCommand) as exc:
        game.apply(RepayLoan(player=P0, loan=loan.id))
    assert exc.value.code == "insufficient_funds"
    with pytest.raises(IllegalCommand) as exc:
        game.apply(RepayLoan(player=P1, loan=loan.id))
    assert exc.value.code == "no_such_loan"


def test_l26_players_lend_to_each_other_on_any_terms() -> None:
    game = magie()
    own(game, P1, LOT[9])
    settle(game)
    events = play(
        game, ProposeLoan(player=P0, to=P1, lender=P0, principal=150, interest=12, security=(LOT[9],))
    )
    assert "loan_proposed" in kinds(events)
    pend = game.state.pending
    assert isinstance(pend, LoanAnswer) and pend.player == P1 and pend.offer.borrower == P1
    events = play(game, AcceptLoan(player=P1, offer=pend.offer.id, reason="thank you"))
    assert [p.cash for p in game.state.players[:2]] == [350, 650]
    (loan,) = game.state.loans
    assert (loan.lender, loan.borrower, loan.interest, loan.security) == (P0, P1, 12, (LOT[9],))
    assert game.state.pending.kind == "roll" and game.state.pending.player == P0  # type: ignore[union-attr]
    assert count_up(game, P0).lent == 150 and count_up(game, P1).debts == 150
    assert replays(game)


def test_l26_interest_to_a_lender_is_paid_at_the_borrowers_wages_and_repaid_any_time() -> None:
    game = magie()
    own(game, P0, LOT[9])
    at(game, P0, 38)
    settle(game)
    play(game, ProposeLoan(player=P0, to=P1, lender=P1, principal=200, interest=20, security=(LOT[9],)))
    offer = game.state.pending.offer  # type: ignore[union-attr]
    play(game, AcceptLoan(player=P1, offer=offer.id))
    ready(game, (1, 2))
    events = play(game, RollDice(player=P0))  # past Mother Earth to lot 1: wages, then buy or rent
    assert not of_kind(events, FeePaid)  # the interest is owed once the move is resolved
    events = play(game, RentLot(player=P0))
    assert [(e.payer, e.payee, e.amount) for e in of_kind(events, FeePaid)] == [(P0, P1, 20)]
    loan = game.state.loans[0]
    play(game, RepayLoan(player=P0, loan=loan.id))
    assert game.state.loans == [] and game.state.players[P1].cash == 500 - 200 + 20 + 200
    assert game.state.players[P0].cash == 500 + 200 + 100 - 1 - 20 - 200


def test_l26_an_offer_is_answered_like_a_trade_and_may_be_refused_or_withdrawn() -> None:
    game = magie()
    own(game, P1, LOT[9])
    settle(game)
    offer = ProposeLoan(player=P0, to=P1, lender=P0, principal=50, interest=5, security=(LOT[9],))
    play(game, offer)
    pend = game.state.pending
    assert isinstance(pend, LoanAnswer)
    with pytest.raises(IllegalCommand):
        game.apply(RollDice(player=P0))  # the game waits for the answer
    events = play(game, RejectLoan(player=P1, offer=pend.offer.id, reason="not now"))
    assert of_kind(events, LoanRejected)[0].reason == "not now"
    assert game.state.pending.kind == "roll" and not game.state.loans  # type: ignore[union-attr]
    play(game, offer)
    pend = game.state.pending
    assert isinstance(pend, LoanAnswer)
    play(game, CancelLoan(player=P0, offer=pend.offer.id))
    assert game.state.pending.kind == "roll" and [p.cash for p in game.state.players] == [500] * 4  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("lender", "principal", "security", "code"),
    [
        (P2, 50, (LOT[9],), "bad_loan"),  # the lender must be one of the two
        (P0, 600, (LOT[9],), "insufficient_funds"),
        (P0, 50, (), "no_security"),
        (P0, 50, (LOT[10],), "not_owner"),  # a lot of the borrower's
    ],
)
def test_l26_a_loan_offer_must_make_sense(
    lender: int, principal: int, security: tuple[int, ...], code: str
) -> None:
    game = magie()
    own(game, P1, LOT[9])
    settle(game)
    with pytest.raises(IllegalCommand) as exc:
        game.apply(
            ProposeLoan(player=P0, to=P1, lender=lender, principal=principal, interest=0, security=security)
        )
    assert exc.value.code == code


def test_l27_a_pledged_lot_cannot_change_hands_an_unpledged_one_can() -> None:
    game = magie()
    own(game, P0, LOT[9], LOT[10])
    notes(game, P0, 1, [LOT[22]])
    settle(game)
    with pytest.raises(IllegalCommand) as exc:
        game.apply(ProposeTrade(player=P0, to=P1, give=Bundle(deeds=(LOT[22],)), take=Bundle(cash=100)))
    assert exc.value.code == "pledged"
    with pytest.raises(IllegalCommand) as exc:
        game.apply(ProposeLoan(player=P1, to=P0, lender=P1, principal=10, interest=1, security=(LOT[22],)))
    assert exc.value.code == "pledged"
    play(game, ProposeTrade(player=P0, to=P1, give=Bundle(deeds=(LOT[9],)), take=Bundle(cash=120)))
    trade = game.state.pending.trade  # type: ignore[union-attr]
    play(game, AcceptTrade(player=P1, trade_id=trade.id))
    assert game.state.deeds[LOT[9]].owner == P1


def test_no_borrowing_in_the_middle_of_a_move() -> None:
    game = magie()
    own(game, P0, LOT[22])
    at(game, P0, 12)
    ready(game, (3, 3))
    play(game, RollDice(player=P0))
    assert game.state.pending.kind == "route"  # type: ignore[union-attr]
    with pytest.raises(IllegalCommand) as exc:
        game.apply(BorrowFromBank(player=P0, notes=1, security=(LOT[22],)))
    assert exc.value.code == "not_now"
    assert not any(c.kind == "borrow_from_bank" for c in game.legal_commands(P0))
