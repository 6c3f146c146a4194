"""Trades: cash, deeds and jail cards both ways; answered, refused with a reason, withdrawn; stale offers."""

from __future__ import annotations

import pytest

from engine import (
    AcceptTrade,
    Build,
    CancelTrade,
    DeclineProperty,
    IllegalCommand,
    Mortgage,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    RollDice,
    SellBuilding,
)
from engine.core.events import TradeRejected
from engine.core.state import Bundle, awaiting_roll

from scenario import (
    ADA,
    BOARDWALK,
    BROWN,
    GRACE,
    LINUS,
    MEDITERRANEAN,
    PARK_PLACE,
    READING,
    build,
    cash,
    dice,
    kinds,
    of_kind,
    own,
    pending,
    place,
    play,
    replays,
    settle,
    snapshot,
    table,
)


def _refused(game, cmd, code: str) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(cmd)
    assert err.value.code == code, err.value
    assert game.state == before


def _offer(give: Bundle, take: Bundle, to: int = GRACE) -> ProposeTrade:
    return ProposeTrade(player=ADA, to=to, give=give, take=take)


def test_an_accepted_trade_moves_cash_deeds_and_jail_cards() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    own(game, GRACE, PARK_PLACE)
    game.state.players[GRACE].jail_cards.append("chance")
    game.state.decks["chance"].remove("jail_free")
    settle(game)
    events = play(
        game, _offer(Bundle(cash=100, deeds=(BOARDWALK,)), Bundle(deeds=(PARK_PLACE,), jail_cards=1))
    )
    assert kinds(events) == ["trade_proposed"]
    assert (pending(game).kind, pending(game).player) == ("trade_answer", GRACE)
    events = play(game, AcceptTrade(player=GRACE, trade_id=1))
    assert kinds(events) == ["trade_completed"]
    st = game.state
    assert st.deeds[BOARDWALK].owner == GRACE and st.deeds[PARK_PLACE].owner == ADA
    assert st.players[ADA].cash == 1400 and st.players[GRACE].cash == 1600
    assert st.players[ADA].jail_cards == ["chance"] and st.players[GRACE].jail_cards == []
    assert (pending(game).kind, pending(game).player) == ("roll", ADA)  # the decision the offer interrupted
    assert replays(game)


def test_a_refusal_carries_its_reason_and_changes_nothing_else() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    settle(game)
    play(game, _offer(Bundle(deeds=(BOARDWALK,)), Bundle(cash=500)))
    events = play(game, RejectTrade(player=GRACE, trade_id=1, reason="too dear"))
    assert of_kind(events, TradeRejected)[0].reason == "too dear"
    assert game.state.deeds[BOARDWALK].owner == ADA and pending(game).kind == "roll"


@pytest.mark.parametrize("asking", [650, -40, 0, None])
def test_a_refusal_carries_its_counter_price_as_a_figure(asking: int | None) -> None:
    """The price at which the other side would agree travels as a field of the refusal, whatever its
    words say; saved and replayed with the game."""
    game = table()
    own(game, ADA, BOARDWALK)
    settle(game)
    play(game, _offer(Bundle(deeds=(BOARDWALK,)), Bundle(cash=500)))
    events = play(game, RejectTrade(player=GRACE, trade_id=1, reason="too cheap", asking=asking))
    refusal = of_kind(events, TradeRejected)[0]
    assert (refusal.asking, refusal.reason) == (asking, "too cheap")
    assert replays(game)


def test_the_proposer_may_withdraw_and_only_the_other_side_may_answer() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    settle(game)
    play(game, _offer(Bundle(deeds=(BOARDWALK,)), Bundle(cash=100)))
    _refused(game, AcceptTrade(player=ADA, trade_id=1), "not_your_turn")
    _refused(game, AcceptTrade(player=LINUS, trade_id=1), "not_your_turn")
    _refused(game, CancelTrade(player=GRACE, trade_id=1), "not_your_trade")
    _refused(game, AcceptTrade(player=GRACE, trade_id=9), "no_such_trade")
    assert CancelTrade(player=ADA, trade_id=1) in game.legal_commands(ADA)
    events = play(game, CancelTrade(player=ADA, trade_id=1))
    assert kinds(events) == ["trade_cancelled"] and pending(game).kind == "roll"


def test_a_counter_offer_is_a_refusal_and_a_new_proposal() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    settle(game)
    play(game, _offer(Bundle(deeds=(BOARDWALK,)), Bundle(cash=100)))
    play(game, RejectTrade(player=GRACE, trade_id=1))
    play(game, ProposeTrade(player=GRACE, to=ADA, give=Bundle(cash=80), take=Bundle(deeds=(BOARDWALK,))))
    assert game.state.pending.trade.id == 2  # type: ignore[union-attr]
    play(game, AcceptTrade(player=ADA, trade_id=2))
    assert game.state.deeds[BOARDWALK].owner == GRACE


def test_offers_must_be_well_formed() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    own(game, GRACE, PARK_PLACE)
    settle(game)
    _refused(game, _offer(Bundle(), Bundle()), "bad_trade")
    _refused(game, ProposeTrade(player=ADA, to=ADA, give=Bundle(cash=1)), "bad_trade")
    _refused(game, _offer(Bundle(deeds=(PARK_PLACE,)), Bundle()), "not_owner")
    _refused(game, _offer(Bundle(cash=1501), Bundle()), "insufficient_funds")
    _refused(game, _offer(Bundle(), Bundle(cash=1501)), "insufficient_funds")
    _refused(game, _offer(Bundle(jail_cards=1), Bundle()), "no_jail_card")
    _refused(game, _offer(Bundle(deeds=(BOARDWALK, BOARDWALK)), Bundle()), "bad_trade")
    _refused(game, _offer(Bundle(deeds=(7,)), Bundle()), "not_a_deed")


def test_deeds_of_a_group_with_buildings_cannot_be_traded() -> None:
    game = table()
    own(game, ADA, *BROWN)
    build(game, MEDITERRANEAN, houses=1)
    settle(game)
    _refused(game, _offer(Bundle(deeds=(3,)), Bundle(cash=10)), "has_buildings")


def test_a_stale_offer_is_refused_on_acceptance() -> None:
    game = table()
    own(game, ADA, *BROWN)
    settle(game)
    play(game, _offer(Bundle(deeds=(3,)), Bundle(cash=100)))
    play(game, Build(player=ADA, space=MEDITERRANEAN))  # building is open to anyone at any time
    _refused(game, AcceptTrade(player=GRACE, trade_id=1), "stale_trade")
    assert AcceptTrade(player=GRACE, trade_id=1) not in game.legal_commands(GRACE)
    play(game, SellBuilding(player=ADA, space=MEDITERRANEAN), AcceptTrade(player=GRACE, trade_id=1))
    assert game.state.deeds[3].owner == GRACE


def test_no_trading_during_an_auction_or_while_an_offer_is_open() -> None:
    game = table()
    dice(game, (2, 3))
    own(game, ADA, BOARDWALK)
    settle(game)
    play(game, RollDice(player=ADA), DeclineProperty(player=ADA))
    _refused(game, ProposeTrade(player=ADA, to=GRACE, give=Bundle(cash=1)), "not_now")
    play(game, PlaceBid(player=GRACE, amount=10))
    _refused(game, ProposeTrade(player=LINUS, to=GRACE, give=Bundle(cash=1)), "not_now")
    game2 = table()
    own(game2, ADA, BOARDWALK)
    settle(game2)
    play(game2, _offer(Bundle(deeds=(BOARDWALK,)), Bundle(cash=100)))
    _refused(game2, ProposeTrade(player=LINUS, to=ADA, give=Bundle(cash=5)), "not_now")


def test_trading_raises_cash_for_a_debt_and_the_debt_is_then_paid() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    own(game, GRACE, READING)
    cash(game, GRACE, 10)
    place(game, GRACE, 35)
    dice(game, (2, 2))
    game.state.current = GRACE
    game.state.pending = awaiting_roll(GRACE)
    settle(game)
    play(game, RollDice(player=GRACE))  # Boardwalk: $50
    assert pending(game).kind == "debt"
    play(game, ProposeTrade(player=GRACE, to=LINUS, give=Bundle(deeds=(READING,)), take=Bundle(cash=150)))
    events = play(game, AcceptTrade(player=LINUS, trade_id=1))
    assert kinds(events) == ["trade_completed", "rent_paid"]
    assert game.state.players[GRACE].cash == 10 + 150 - 50
    assert (game.state.pending.kind, game.state.pending.player) == ("roll", GRACE)  # doubles: roll again


def test_mortgaged_deeds_received_are_decided_one_by_one() -> None:
    game = table()
    own(game, ADA, BOARDWALK, PARK_PLACE, mortgaged=True)
    settle(game)
    play(game, _offer(Bundle(deeds=(BOARDWALK, PARK_PLACE)), Bundle(cash=50)))
    play(game, AcceptTrade(player=GRACE, trade_id=1))
    assert game.state.pending.space == BOARDWALK  # type: ignore[union-attr]
    from engine import KeepMortgage, Unmortgage

    play(game, KeepMortgage(player=GRACE, space=BOARDWALK))
    assert game.state.pending.space == PARK_PLACE  # type: ignore[union-attr]
    play(game, Unmortgage(player=GRACE, space=PARK_PLACE))
    assert game.state.players[GRACE].cash == 1500 - 50 - 20 - 193
    assert pending(game).kind == "roll"


def test_a_trade_proposed_to_a_bankrupt_player_is_refused() -> None:
    game = table()
    game.state.players[LINUS].bankrupt = True
    own(game, ADA, BOARDWALK)
    settle(game)
    _refused(game, _offer(Bundle(deeds=(BOARDWALK,)), Bundle(), to=LINUS), "bad_trade")


def test_mortgage_during_an_open_offer_is_allowed() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    own(game, GRACE, PARK_PLACE)
    settle(game)
    play(game, _offer(Bundle(deeds=(BOARDWALK,)), Bundle(cash=100)))
    play(game, Mortgage(player=GRACE, space=PARK_PLACE))
    play(game, AcceptTrade(player=GRACE, trade_id=1))
    assert game.state.players[GRACE].cash == 1500 + 175 - 100
