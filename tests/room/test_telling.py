"""Reasons kept back while a decision is open are told once it closes, with the moves they explain:
never after "Game over", nor in the next player's turn."""

from __future__ import annotations

from engine import Bundle, new_game
from engine.core.events import CallAnswered, GameOver, ReasonGiven, TurnStarted
from saves.telling import Discretion


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
