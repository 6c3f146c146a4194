"""Deals among three: every level answers its own part with a reason, refuses a deal that is a blunder for
it (even as the last to answer), and takes one that completes its own group at no cost."""

from __future__ import annotations

import pytest

from engine import AcceptDeal, Game, RejectDeal
from engine.bots.deals import deal_reason
from engine.bots.position import Position
from engine.core.commands import Command, ProposeDeal
from engine.core.phrases import Money, Phrase, Said
from engine.core.state import AwaitingEndTurn, Bundle, DealPart

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


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
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
    """The judges' words for a proposer ("you", a price to pay) become the deal's: the other side named,
    each form a message of its own (its English as before), the reason itself kept as a phrase."""
    game = table(owners={ADA: (BOARDWALK,)}, players=3, turn=60)
    _propose(
        game, GRACE, _part(ADA, LINUS, BOARDWALK), _part(LINUS, ADA, cash=50), _part(GRACE, LINUS, cash=10)
    )
    deal = game.state.pending.deal  # type: ignore[union-attr]
    pos = Position(game.view(ADA), ADA)
    price = Phrase("I would pay {price} for it", price=Money(80))
    unfair = Phrase("{why}; {words}", why=Phrase("that gives you more than it gives me"), words=price)
    said = deal_reason(pos, deal, ADA, False, unfair)
    assert said == Phrase("that gives {name} more than it gives me", name="Linus")
    assert str(said) == "that gives Linus more than it gives me"
    orange = Phrase("{colour} group", colour=Phrase.within("edition", "orange"))
    said = deal_reason(pos, deal, ADA, False, Phrase("that would complete your {group}", group=orange))
    assert said == Phrase("that would complete {name}'s {group}", name="Linus", group=orange)
    assert str(said) == "that would complete Linus's orange group"
    easy = Phrase("that would complete your {colour} group", colour=Phrase.within("edition", "orange"))
    assert deal_reason(pos, deal, ADA, False, easy) == said
    asked = Phrase("I would take {price} for it", price=Money(450))
    assert str(deal_reason(pos, deal, ADA, False, asked)) == "that gives Linus more than it gives me"
    assert str(deal_reason(pos, deal, ADA, True, "")) == "a fair deal (weighed against Linus)"
    nothing = Phrase("you are asking for {what} for nothing", what="Boardwalk")
    assert str(deal_reason(pos, deal, ADA, False, nothing)) == (
        "I would hand over Boardwalk for nothing (weighed against Linus)"
    )
    why = Phrase("I cannot spare that much cash now")
    assert deal_reason(pos, deal, ADA, False, why) == Phrase(
        "{reason} (weighed against {name})", reason=why, name="Linus"
    )
    kept = deal_reason(pos, deal, ADA, False, "worth less to me than what I would give")  # no phrase
    assert str(kept) == "worth less to me than what I would give (weighed against Linus)"


@pytest.mark.parametrize("level", LEVELS)
def test_a_bots_answer_to_a_deal_is_told_in_spanish_with_no_english_left(level: str) -> None:
    """At a table of three, a bot turns down its part of a deal: the table tells its answer once, with
    its reason (no second line with the two-party words and their price), and a Spanish reader reads
    that reason in Spanish, the other side named, while the game keeps it in English as before."""
    from engine.core.events import DealRejected
    from room import Room, Seat
    from room.opponents import make_opponents
    from translation import language, say, use

    spanish = language("es")
    assert spanish is not None and spanish.code == "es"
    seats = [
        Seat(name="Ada", kind="bot", level=level),
        Seat(name="Grace", kind="human"),
        Seat(name="Linus", kind="human"),
    ]
    game = table(owners={ADA: (BOARDWALK,)}, players=3, turn=60)
    _propose(
        game, GRACE, _part(ADA, LINUS, BOARDWALK), _part(LINUS, ADA, cash=50), _part(GRACE, LINUS, cash=10)
    )
    room = Room(game, seats, make_opponents(seats, 3))
    assert room.submit(LINUS, AcceptDeal(player=LINUS, deal_id=1), room.version).ok
    before = len(room.history())
    assert room.play_bot().ok
    told = room.history()[before:]
    refused = [e for e in told if isinstance(e, DealRejected)]
    assert len(refused) == 1 and "Linus" in refused[0].reason, told
    assert not any(e.kind == "reason_given" for e in told), told
    english = room.narrate(refused[0])
    assert refused[0].reason in english and "weighed against" in english
    with use(spanish):
        spoken = room.narrate(refused[0])
    assert spoken.startswith("Ada rechazó el trato") and "Linus" in spoken, spoken
    with use(spanish):  # a game saved before keeps the English alone: it is read back into its message
        kept = say(Said(refused[0].reason))
    assert kept in spoken and kept.endswith("(sopesado frente a Linus)"), kept
    words = set(spoken.replace("\u201c", " ").replace("\u201d", " ").replace(":", " ").split())
    english_words = {"the", "than", "worth", "weighed", "against", "deal", "gives", "is", "me", "you", "I"}
    assert not words & english_words, spoken


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
