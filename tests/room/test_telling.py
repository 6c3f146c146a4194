"""Reasons kept back while a decision is open are told once it closes, with the moves they explain:
never after "Game over", nor in the next player's turn."""

from __future__ import annotations

from engine import Bundle, new_game
from engine.core.events import (
    CallAnswered,
    GameOver,
    Mortgaged,
    PropertyBought,
    ReasonGiven,
    RentPaid,
    TurnStarted,
)
from saves.telling import REPEAT_AFTER, Discretion


def test_reasons_released_by_a_closing_move_come_before_game_over_and_the_next_turn() -> None:
    game = new_game("classic", ["Ada", "Grace", "Linus"], seed=1)
    kept = ReasonGiven(rule="end.called", player=1, reason="I am ahead")
    discretion = Discretion([(3, kept)])
    answered = CallAnswered(player=2, agreed=True)
    own = ReasonGiven(rule="end.called", player=2, reason="I cannot win")
    over = GameOver(winner=1, reason="called", standings=((1, 2000), (2, 1500), (0, 900)))
    told = discretion.tell([answered, over, own], game.state, 4)
    assert [e.kind for e in told] == ["call_answered", "reason_given", "reason_given", "game_over"]
    assert told[1] == kept and told[2] == own
    discretion = Discretion([(3, kept)])
    told = discretion.tell([answered, TurnStarted(player=0, turn=9)], game.state, 4)
    assert [e.kind for e in told] == ["call_answered", "reason_given", "turn_started"]


def test_a_moves_reason_comes_before_what_the_move_led_to() -> None:
    game = new_game("classic", ["Ada", "Grace", "Linus"], seed=1)
    mortgaged = Mortgaged(player=0, space=6, amount=50)
    paid = RentPaid(payer=0, owner=1, space=3, amount=450, detail="with a hotel")
    why = ReasonGiven(rule="mortgage.take", player=0, reason="to pay the $450 I owe")
    told = Discretion().tell([mortgaged, paid, why], game.state, 7)
    assert [e.kind for e in told] == ["mortgaged", "reason_given", "rent_paid"]


def test_the_same_reason_from_the_same_player_is_told_again_only_some_turns_later() -> None:
    game = new_game("classic", ["Ada", "Grace", "Linus"], seed=1)
    state = game.state.copy()
    discretion = Discretion()
    bought = PropertyBought(player=0, space=1, price=60)
    stock = ReasonGiven(rule="buy.unowned", player=0, reason="I buy every deed I land on while I keep $150")

    def told_at(turn: int, reason: ReasonGiven) -> bool:
        state.turn = turn
        return reason in discretion.tell([bought, reason], state, turn)

    assert told_at(2, stock)
    assert not told_at(5, stock)  # nothing new
    assert told_at(6, stock.model_copy(update={"player": 1}))  # another player's
    assert told_at(7, stock.model_copy(update={"reason": "I buy every deed I land on while I keep $90"}))
    assert not told_at(2 + REPEAT_AFTER - 1, stock)
    assert told_at(2 + REPEAT_AFTER, stock)


def test_the_reasons_of_an_auctions_bids_come_before_who_won_it() -> None:
    from engine.core.events import AuctionPassed, AuctionWon

    game = new_game("classic", ["Ada", "Grace", "Linus"], seed=1)
    bid = ReasonGiven(rule="auction.bids", player=1, reason="I go up to $60")
    discretion = Discretion([(5, bid)])
    passed = AuctionPassed(player=0)
    won = AuctionWon(player=2, lot="deed", space=3, amount=70)
    own = ReasonGiven(rule="auction.bids", player=0, reason="past my limit")
    told = discretion.tell([passed, won, own], game.state, 6)
    assert [e.kind for e in told] == ["auction_passed", "reason_given", "reason_given", "auction_won"]
    assert told[1] == bid and told[2] == own


def test_a_proposals_reason_is_told_with_it_and_an_answers_kept_back() -> None:
    from engine.core.events import TradeProposed
    from engine.tools.tables import offer, table

    game = table(owners={0: (39,)})
    offer(game, 1, 0, give=Bundle(cash=400), take=Bundle(deeds=(39,)))
    trade = game.state.pending.trade  # type: ignore[union-attr]
    kept = ReasonGiven(rule="trade.deeds", player=2, reason="it is worth $300 to me")
    discretion = Discretion([(3, kept)])
    why = ReasonGiven(rule="trade.deeds", player=1, reason="it would complete my dark blue group")
    told = discretion.tell([TradeProposed(trade=trade), why], game.state, 4)
    assert told == [TradeProposed(trade=trade), why]
    assert discretion.held == ((3, kept),)
