"""The patent's alternative embodiments as the add-on board's rule options O1-O10, each off by default."""

from __future__ import annotations

import pytest

from engine import (
    PayJailFine,
    RollDice,
    RollWithTravelCard,
    RuleOptions,
    SetupError,
    TakeRide,
    load_edition,
    new_game,
)
from engine.core.events import Event, PaidToBank, PassedGo, PlayerMoved, RentPaid

from addon_board import (
    BOARDWALK,
    BOYLSTON,
    FREE_PARKING,
    LOMBARD,
    MOVE_BACKWARDS,
    NEW_YORK,
    P0,
    P1,
    PASS,
    PENNSYLVANIA_AVE,
    SUBWAY,
    TAX_REFUND,
    TRIPLE_PLAY,
    VIRGINIA,
    addon_table,
    give,
)
from scenario import cash, dice, jail, of_kind, own, place, play, refusal, replays, settle, top_card


def _with(**options: int) -> RuleOptions:
    return RuleOptions(edition_rules=options)


def _path(events: list[Event]) -> tuple[int, ...]:
    return next(e for e in events if isinstance(e, PlayerMoved)).path


def test_every_option_is_off_by_default() -> None:
    game = addon_table()
    assert all(
        not v
        for k, v in game.ruleset.options.items()
        if k not in ("bridge_outer", "bridge_inner", "airplane_start")
    )


def test_o1_pool_without_fines() -> None:
    game = addon_table(rules=_with(pool_taxes_only=1))
    jail(game, P0)
    settle(game)
    play(game, PayJailFine(player=P0))
    assert game.state.pot == 0
    game = addon_table(rules=_with(pool_taxes_only=1))
    place(game, P0, 35)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))  # Luxury Tax
    assert game.state.pot == 75


@pytest.mark.parametrize(("percent", "paid"), [(0, 50), (100, 100), (25, 25)])
def test_o2_the_refund_share(percent: int, paid: int) -> None:
    game = addon_table(rules=_with(refund_percent=percent) if percent else None)
    game.state.pot = 100
    place(game, P0, TAX_REFUND - 3)
    cash(game, P0, 0)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.players[P0].cash == paid


@pytest.mark.parametrize(("throw", "each"), [((1, 2), 0), ((3, 3), 200), ((6, 6), 200), ((5, 6), 0)])
def test_o3_double_trouble_on_doubles_only(throw: tuple[int, int], each: int) -> None:
    game = addon_table(("P0", "P1"), rules=_with(double_trouble_doubles_only=1))
    place(game, P0, MOVE_BACKWARDS)
    cash(game, P1, 1000)
    dice(game, (1, 1), throw)
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.players[P1].cash == 1000 - each


@pytest.mark.parametrize(
    ("start", "throw", "default", "by_step"),
    [
        (VIRGINIA, (2, 3), NEW_YORK, BOYLSTON),  # 5: odd total, but the junction is left on step 2
        (13, (1, 3), 51, 17),  # 4: even total, but the junction is left on step 3
        (VIRGINIA, (1, 3), TRIPLE_PLAY, TRIPLE_PLAY),  # left on step 2 either way
    ],
)
def test_o4_the_ring_test_by_the_step(start: int, throw: tuple[int, int], default: int, by_step: int) -> None:
    for rules, end in ((None, default), (_with(step_parity=1), by_step)):
        game = addon_table(rules=rules)
        place(game, P0, start)
        dice(game, throw, (1, 2), (3, 4))
        settle(game)
        play(game, RollDice(player=P0))
        assert game.state.players[P0].position == end


def test_o5_a_forward_travel_card_added_to_the_throw() -> None:
    game = addon_table(rules=_with(travel_card_with_dice=1))
    give(game, P0, "travel/forward_2", "travel/back_2_a")
    place(game, P0, PENNSYLVANIA_AVE)
    dice(game, (3, 5))
    settle(game)
    assert refusal(game, RollWithTravelCard(player=P0, card="travel/back_2_a")).code == "not_a_travel_card"
    events = play(game, RollWithTravelCard(player=P0, card="travel/forward_2"))
    assert _path(events) == (35, 62, 63, 40, 41, 42, 43, 44, 45, 46)  # ten: even, up at Short Line
    assert game.state.players[P0].position == PASS
    assert game.state.decks["travel"][-1] == "forward_2"
    assert replays(game)


def test_o5_is_refused_without_the_option() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_2")
    settle(game)
    assert refusal(game, RollWithTravelCard(player=P0, card="travel/forward_2")).code == "not_in_these_rules"
    assert not any(
        c.kind == "roll_with_travel_card" for c in game.legal_commands(P0) if game.check(c) is None
    )


def test_o6_the_subway_fare_goes_to_the_bank() -> None:
    game = addon_table(rules=_with(subway_fare=50))
    place(game, P0, SUBWAY - 3)
    cash(game, P0, 1000)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    events = play(game, TakeRide(player=P0, space=BOARDWALK))
    assert game.state.players[P0].cash == 950 and game.state.pot == 0
    assert of_kind(events, PaidToBank)[0].amount == 50
    game = addon_table(rules=_with(subway_fare=50))
    place(game, P0, SUBWAY - 3)
    cash(game, P0, 1000)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0), TakeRide(player=P0, space=SUBWAY))
    assert game.state.players[P0].cash == 1000  # staying is free


def test_o7_the_airplane_flies_from_where_it_stands_and_stays_where_it_lands() -> None:
    game = addon_table(rules=_with(airplane=1, airplane_fare=20))
    place(game, P0, FREE_PARKING - 3)
    cash(game, P0, 1000)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert pend is not None and pend.kind == "ride" and pend.means == "airplane"
    events = play(game, TakeRide(player=P0, space=BOARDWALK))
    assert game.state.players[P0].position == BOARDWALK and game.state.markers == {"airplane": BOARDWALK}
    assert game.state.players[P0].cash == 980 and not of_kind(events, PassedGo)
    assert game.state.pending is not None and game.state.pending.kind == "buy"
    assert game.view(P1).markers == {"airplane": BOARDWALK}


def test_o7_a_flight_does_not_offer_another() -> None:
    game = addon_table(rules=_with(airplane=1))
    place(game, P0, FREE_PARKING - 3)
    cash(game, P0, 1000)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    events = play(game, TakeRide(player=P0, space=0))  # to GO: the salary once, and no second flight
    assert [e.salary for e in of_kind(events, PassedGo)] == [200]
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"
    assert game.state.markers == {"airplane": 0}


def test_o7_the_landing_is_settled_before_the_flight() -> None:
    game = addon_table(rules=_with(airplane=1))
    game.state.markers["airplane"] = BOARDWALK
    own(game, P1, BOARDWALK)
    place(game, P0, BOARDWALK - 3)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert of_kind(events, RentPaid)[0].amount == 50
    pend = game.state.pending
    assert pend is not None and pend.kind == "ride" and pend.means == "airplane"


def test_o7_no_airplane_without_the_option() -> None:
    game = addon_table()
    place(game, P0, FREE_PARKING - 3)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"


def test_o8_the_bridge_is_an_extra_junction() -> None:
    for rules, throw, end in (
        (_with(bridge=1), (1, 3), LOMBARD),  # 4, then across from Reading to Telephone: 44, 45
        (_with(bridge=1), (1, 2), 6),  # odd: keeps to the outer ring
        (None, (1, 3), 7),
    ):
        game = addon_table(rules=rules)
        place(game, P0, 3)
        top_card(game, "chance", "dividend")
        top_card(game, "community_chest", "services")
        dice(game, throw)
        settle(game)
        play(game, RollDice(player=P0))
        assert game.state.players[P0].position == end


def test_o8_a_bridge_may_join_other_spaces_but_one_of_each_ring() -> None:
    game = addon_table(rules=_with(bridge=1, bridge_outer=25, bridge_inner=55))
    assert {(link.at, link.to) for ring in game.ruleset.track.links for link in ring} >= {(25, 55), (55, 25)}
    with pytest.raises(SetupError, match="Bridge, outer end"):
        new_game("addon", ["A", "B"], rules=_with(bridge=1, bridge_outer=45))


def test_o9_the_rotating_board_is_not_offered() -> None:
    option = load_edition("addon").options["rotating_board"]
    assert not option.supported and "Not offered" in option.help
    with pytest.raises(SetupError, match="Not offered"):
        new_game("addon", ["A", "B"], rules=_with(rotating_board=1))


def test_o10_one_triple_play_card_each_scores_the_best() -> None:
    for rules, won in ((None, 50 + 200), (_with(single_triple_play_card=1), 200)):
        game = addon_table(rules=rules)
        give(game, P1, "triple_play/244", "triple_play/136")
        top_card(game, "triple_play", "255")
        place(game, P0, VIRGINIA)
        cash(game, P1, 0)
        dice(game, (1, 3), (6, 3), (4, 4))  # 6, 3, 4
        settle(game)
        play(game, RollDice(player=P0))
        assert game.state.players[P1].cash == won


def test_unknown_or_impossible_options_are_refused_in_a_sentence() -> None:
    with pytest.raises(SetupError, match="no rule option 'teleporter'"):
        new_game("addon", ["A", "B"], rules=_with(teleporter=1))
    with pytest.raises(SetupError, match="on \\(1\\) or off \\(0\\)"):
        new_game("addon", ["A", "B"], rules=_with(airplane=2))
    with pytest.raises(SetupError, match="from 0 to 100"):
        new_game("addon", ["A", "B"], rules=_with(refund_percent=150))
    with pytest.raises(SetupError, match="no rule option"):
        new_game("classic", ["A", "B"], rules=_with(airplane=1))
