"""Jail: doubles on any of three turns, the fine, the card, the forced fine; life goes on inside."""

from __future__ import annotations

import pytest

from engine import (
    Build,
    DeclineProperty,
    EndTurn,
    Game,
    IllegalCommand,
    Mortgage,
    PayJailFine,
    PlaceBid,
    ProposeTrade,
    RollDice,
    RuleOptions,
)
from engine.core.events import JailFinePaid, JailRollFailed, RentPaid
from engine.core.state import Bundle

from scenario import (
    ADA,
    BROWN,
    GRACE,
    JAIL,
    KENTUCKY,
    LINUS,
    cash,
    dice,
    houses,
    jail,
    kinds,
    of_kind,
    own,
    pending,
    play,
    replays,
    settle,
    table,
    turn_of,
)


def _jailed(
    turns: int = 0, edition: str = "classic", rules: RuleOptions | None = None, *throws: tuple[int, int]
) -> Game:
    game = table(edition=edition, rules=rules)
    jail(game, ADA, turns)
    dice(game, *throws)
    return settle(game)


def test_doubles_release_and_move_by_that_throw_without_another_roll() -> None:
    game = _jailed(0, "classic", None, (3, 3))
    events = play(game, RollDice(player=ADA))
    assert kinds(events)[:3] == ["dice_rolled", "left_jail", "player_moved"]
    ada = game.state.players[ADA]
    assert not ada.in_jail and ada.position == JAIL + 6
    assert pending(game).kind in ("buy", "end_turn")
    if pending(game).kind == "buy":
        play(game, DeclineProperty(player=ADA))
        while pending(game).kind == "auction":
            from engine import PassAuction

            play(game, PassAuction(player=pending(game).player))
    assert pending(game).kind == "end_turn"  # no extra roll for those doubles


def test_a_failed_throw_keeps_you_in_and_ends_the_turn() -> None:
    game = _jailed(0, "classic", None, (1, 2))
    events = play(game, RollDice(player=ADA))
    assert of_kind(events, JailRollFailed)[0].attempt == 1
    assert game.state.players[ADA].in_jail and game.state.players[ADA].position == JAIL
    assert pending(game).kind == "end_turn"


def test_the_fine_may_be_paid_before_rolling_on_the_first_two_turns() -> None:
    for turns in (0, 1):
        game = _jailed(turns)
        events = play(game, PayJailFine(player=ADA))
        assert kinds(events) == ["jail_fine_paid", "left_jail"]
        assert game.state.players[ADA].cash == 1450 and not game.state.players[ADA].in_jail
        assert pending(game).kind == "roll"  # then roll as usual


def test_classic_third_turn_you_must_throw_first() -> None:
    game = _jailed(2)
    with pytest.raises(IllegalCommand) as err:
        game.apply(PayJailFine(player=ADA))
    assert err.value.code == "must_roll"
    assert PayJailFine(player=ADA) not in game.legal_commands(ADA)


def test_modern_lets_you_pay_at_the_start_of_any_jail_turn() -> None:
    game = _jailed(2, "modern")
    play(game, PayJailFine(player=ADA))
    assert not game.state.players[ADA].in_jail


def test_after_the_third_failure_the_fine_is_forced_and_you_move_by_that_throw() -> None:
    game = _jailed(2, "classic", None, (1, 2))
    events = play(game, RollDice(player=ADA))
    assert kinds(events)[:5] == [
        "dice_rolled",
        "jail_roll_failed",
        "jail_fine_paid",
        "left_jail",
        "player_moved",
    ]
    assert of_kind(events, JailFinePaid)[0].forced
    ada = game.state.players[ADA]
    assert not ada.in_jail and ada.position == JAIL + 3 and ada.cash <= 1450
    assert replays(game)


def test_a_forced_fine_beyond_your_cash_is_a_debt_and_you_move_once_it_is_paid() -> None:
    game = table()
    jail(game, ADA, 2)
    cash(game, ADA, 10)
    own(game, ADA, KENTUCKY)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=ADA))
    assert (pending(game).kind, pending(game).player) == ("debt", ADA)
    assert game.state.players[ADA].position == JAIL
    events = play(game, Mortgage(player=ADA, space=KENTUCKY))
    assert "jail_fine_paid" in kinds(events) and "player_moved" in kinds(events)
    assert game.state.players[ADA].position == 13 and game.state.players[ADA].cash == 70


def test_jailed_players_collect_rent_build_trade_and_bid() -> None:
    game = table()
    jail(game, GRACE)
    own(game, GRACE, *BROWN)
    own(game, GRACE, KENTUCKY)
    dice(game, (4, 5))  # Ada 0 -> 9 (Connecticut, unowned)
    settle(game)
    play(game, Build(player=GRACE, space=1))  # builds while in jail
    assert houses(game, 1) == 1
    play(game, RollDice(player=ADA), DeclineProperty(player=ADA))
    play(game, PlaceBid(player=GRACE, amount=30))  # bids while in jail
    from engine import PassAuction

    play(game, PassAuction(player=LINUS), PassAuction(player=ADA))
    assert game.state.deeds[9].owner == GRACE
    play(
        game, ProposeTrade(player=GRACE, to=ADA, give=Bundle(cash=10), take=Bundle())
    )  # trades while in jail
    assert pending(game).kind == "trade_answer"


def test_an_owner_in_jail_collects_rent() -> None:
    game = table()
    jail(game, GRACE)
    own(game, GRACE, KENTUCKY)
    dice(game, (3, 3))
    game.state.players[ADA].position = 15
    settle(game)
    events = play(game, RollDice(player=ADA))
    assert of_kind(events, RentPaid)[0].owner == GRACE


def test_short_game_lets_you_pay_and_move_after_a_failed_throw() -> None:
    game = _jailed(0, "classic", RuleOptions(short_game=True), (1, 2))
    play(game, RollDice(player=ADA))
    assert pending(game).kind == "end_turn"
    assert PayJailFine(player=ADA) in game.legal_commands(ADA)
    events = play(game, PayJailFine(player=ADA))
    assert "player_moved" in kinds(events)
    assert game.state.players[ADA].position == JAIL + 3 and not game.state.players[ADA].in_jail


def test_the_classic_game_does_not_allow_paying_after_a_failed_throw() -> None:
    game = _jailed(0, "classic", None, (1, 2))
    play(game, RollDice(player=ADA))
    with pytest.raises(IllegalCommand):
        game.apply(PayJailFine(player=ADA))
    play(game, EndTurn(player=ADA))
    assert game.state.current == GRACE


def test_only_the_jailed_player_on_his_turn_pays_the_fine() -> None:
    game = table()
    turn_of(game, GRACE)
    settle(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(PayJailFine(player=GRACE))
    assert err.value.code == "not_in_jail"
