"""Deals among three: every level answers its own part with a reason, refuses a deal that is a blunder for
it (even as the last to answer), and takes one that completes its own group at no cost."""

from __future__ import annotations

import pytest

from engine import AcceptDeal, Game, RejectDeal
from engine.bots.deals import deal_reason
from engine.bots.position import Position
from engine.commands import Command, ProposeDeal
from engine.state import AwaitingEndTurn, Bundle, DealPart

from positions import (
    BALTIC,
    BOARDWALK,
    ILLINOIS,
    INDIANA,
    KENTUCKY,
    MEDITERRANEAN,
    NEW_YORK,
    PARK_PLACE,
    ST_JAMES,
    TENNESSEE,
    ask,
    bot,
    table,
    wait_for,
)

LEVELS = ["easy", "normal", "hard", "expert"]
ADA, GRACE, LINUS = 0, 1, 2


def _part(giver: int, receiver: int, *deeds: int, cash: int = 0) -> DealPart:
    return DealPart(giver=giver, receiver=receiver, bundle=Bundle(cash=cash, deeds=deeds))


def _propose(game: Game, proposer: int, *parts: DealPart) -> None:
    wait_for(game, AwaitingEndTurn(player=proposer))
    parties = tuple(sorted({p for pt in parts for p in (pt.giver, pt.receiver)} - {proposer}))
    game.apply(ProposeDeal(player=proposer, parties=parties, parts=parts))


def _holdings(game: Game) -> tuple[object, ...]:
    st = game.state
    return [p.cash for p in st.players], {s: d.owner for s, d in st.deeds.items()}


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_refuses_a_three_party_deal_that_hands_a_rival_his_group(level: str) -> None:
    """Grace holds two oranges; Ada (the bot) the third. Grace proposes that Ada hands her New York for
    $250 from Linus, Grace paying Linus: Linus agrees, Ada, last to answer, must not."""
    game = table(owners={ADA: (NEW_YORK,), GRACE: (ST_JAMES, TENNESSEE)}, players=3, turn=60)
    _propose(
        game, GRACE, _part(ADA, GRACE, NEW_YORK), _part(GRACE, LINUS, cash=300), _part(LINUS, ADA, cash=250)
    )
    game.apply(AcceptDeal(player=LINUS, deal_id=1))
    before = _holdings(game)
    answer: Command = ask(bot(level, seat=ADA), game, ADA)
    assert isinstance(answer, RejectDeal) and answer.reason, answer
    game.apply(answer)
    assert _holdings(game) == before
    assert game.state.deeds[NEW_YORK].owner == ADA


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_refuses_a_deal_that_completes_a_group_between_the_others(level: str) -> None:
    """Ada gains a stray lot for a stray lot while Linus hands Grace her red group: a blunder for Ada."""
    game = table(
        owners={ADA: (BOARDWALK,), GRACE: (INDIANA, ILLINOIS, PARK_PLACE), LINUS: (KENTUCKY,)},
        players=3,
        turn=60,
    )
    _propose(
        game,
        GRACE,
        _part(LINUS, GRACE, KENTUCKY),
        _part(GRACE, LINUS, cash=400),
        _part(GRACE, ADA, cash=100),
        _part(ADA, LINUS, cash=10),
    )
    assert game.state.pending.player == LINUS  # type: ignore[union-attr]
    game.apply(AcceptDeal(player=LINUS, deal_id=1))
    answer = ask(bot(level, seat=ADA), game, ADA)
    assert isinstance(answer, RejectDeal)
    assert answer.reason == "that would complete Grace's red group"


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_bot_accepts_a_deal_that_completes_its_own_group(level: str) -> None:
    """Ada holds two oranges; Linus hands her the third for a lot of his own colour from Grace, who takes
    cash from Ada: every party gains, and Ada says so."""
    game = table(
        owners={
            ADA: (ST_JAMES, TENNESSEE, BOARDWALK),
            GRACE: (KENTUCKY,),
            LINUS: (NEW_YORK, INDIANA, ILLINOIS),
        },
        players=3,
        turn=60,
    )
    _propose(
        game,
        LINUS,
        _part(LINUS, ADA, NEW_YORK),
        _part(GRACE, LINUS, KENTUCKY),
        _part(ADA, GRACE, cash=300),
    )
    assert game.state.pending.player == ADA  # type: ignore[union-attr]
    answer = ask(bot(level, seat=ADA), game, ADA)
    assert isinstance(answer, AcceptDeal), answer
    assert answer.reason


@pytest.mark.parametrize("level", LEVELS)
def test_a_bots_refusal_of_a_deal_names_its_other_side_and_no_price(level: str) -> None:
    """Grace proposes that Ada hands Linus Boardwalk for $50 from Linus. Ada refuses as she refuses a cheap
    offer, but in a deal "you" could be anyone and a counter-price is no offer anyone can answer: her reason
    names Linus, whom she weighed her part against, and asks no price."""
    game = table(owners={ADA: (BOARDWALK,)}, players=3, turn=60)
    _propose(
        game, GRACE, _part(ADA, LINUS, BOARDWALK), _part(LINUS, ADA, cash=50), _part(GRACE, LINUS, cash=10)
    )
    game.apply(AcceptDeal(player=LINUS, deal_id=1))
    answer = ask(bot(level, seat=ADA), game, ADA)
    assert isinstance(answer, RejectDeal), answer
    words = answer.reason.replace(",", " ").replace(";", " ").split()
    assert "Linus" in answer.reason, answer.reason
    assert "you" not in words and "your" not in words, answer.reason
    assert "I would take" not in answer.reason and "I would pay" not in answer.reason, answer.reason
    assert "even swap" not in answer.reason, answer.reason


def test_a_two_party_reason_is_reworded_for_a_deal() -> None:
    """The judges' words for a proposer ("you", a price to pay) become the deal's: the other side named."""
    game = table(owners={ADA: (BOARDWALK,)}, players=3, turn=60)
    _propose(
        game, GRACE, _part(ADA, LINUS, BOARDWALK), _part(LINUS, ADA, cash=50), _part(GRACE, LINUS, cash=10)
    )
    deal = game.state.pending.deal  # type: ignore[union-attr]
    pos = Position(game.view(ADA), ADA)
    said = deal_reason(pos, deal, ADA, False, "that gives you more than it gives me; I would pay $80")
    assert said == "that gives Linus more than it gives me"
    said = deal_reason(pos, deal, ADA, False, "that would complete your orange group")
    assert said == "that would complete Linus's orange group"
    assert deal_reason(pos, deal, ADA, False, "I would take $450 for it") == (
        "that gives Linus more than it gives me"
    )


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_refuses_a_weak_group_of_its_own_for_a_strong_one_completed_for_another(level: str) -> None:
    """Grace hands Ada Mediterranean, completing Ada's browns, while Linus hands Grace Boardwalk, completing
    her dark blues: Ada trades with Linus ($10), but the group completed for Grace is worth far more than
    her own, and no price in her part can make up for it."""
    game = table(
        owners={ADA: (BALTIC,), GRACE: (PARK_PLACE, MEDITERRANEAN), LINUS: (BOARDWALK,)}, players=3, turn=60
    )
    _propose(
        game,
        GRACE,
        _part(LINUS, GRACE, BOARDWALK),
        _part(GRACE, ADA, MEDITERRANEAN),
        _part(GRACE, LINUS, cash=300),
        _part(ADA, LINUS, cash=10),
    )
    game.apply(AcceptDeal(player=LINUS, deal_id=1))
    answer = ask(bot(level, seat=ADA), game, ADA)
    assert isinstance(answer, RejectDeal), answer
    assert answer.reason == "that would complete Grace's dark blue group"
