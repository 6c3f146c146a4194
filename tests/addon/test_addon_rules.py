"""The add-on board's numbered rules (reference section 4), one scenario or more for each, played through
`Game.apply`. The movement rules R5-R13 are in `test_addon_movement.py`; the acceptance scenarios in
`test_addon_acceptance.py`; the rule options in `test_addon_options.py`."""

from __future__ import annotations

import pytest

from engine import (
    Build,
    BuyProperty,
    ChooseIncomeTax,
    ClaimHalfWinnings,
    DeclareBankruptcy,
    DeclineProperty,
    KeepCard,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlayRefundCard,
    PlayTravelCards,
    RollDice,
    RuleOptions,
    SetupError,
    TakeRide,
    load_edition,
    new_game,
)
from engine.core.events import (
    CardDrawn,
    CardTaken,
    DiceRolled,
    Event,
    HeldCardKept,
    LevyThrown,
    PassedGo,
    PlayerMoved,
    PotCollected,
    PotShareCollected,
    RentPaid,
    RideDeclined,
    TriplePlayThrown,
    TriplePlayWon,
)
from engine.core.state import awaiting_roll
from engine.queries import percent_tax, rent_for

from addon_board import (
    BOARDWALK,
    BOYLSTON,
    BROADWAY,
    DOUBLE_TROUBLE,
    EAST_ELEVATOR,
    ELECTRIC,
    FIFTH_AVENUE,
    FREE_PARKING,
    GAS,
    GO,
    GO_TO_JAIL,
    INNER_A,
    INNER_B,
    INNER_C,
    INNER_CHANCE,
    INNER_CHEST,
    INNER_D,
    JAIL,
    LOMBARD,
    LUXURY_TAX,
    MOVE_BACKWARDS,
    P0,
    P1,
    P2,
    P3,
    PASS,
    PENNSYLVANIA_AVE,
    PENNSYLVANIA_RR,
    SHORT_LINE,
    SUBWAY,
    TAX_REFUND,
    TELEPHONE,
    TRIPLE_PLAY,
    UTILITIES,
    VIRGINIA,
    WALL_STREET,
    WATER_WORKS,
    WEST_ELEVATOR,
    addon_table,
    give,
)
from scenario import (
    build,
    cash,
    dice,
    houses,
    jail,
    kinds,
    of_kind,
    own,
    pending,
    place,
    play,
    refusal,
    replays,
    settle,
    top_card,
)


def _turn(game, player: int) -> None:  # type: ignore[no-untyped-def]
    game.state.current = player
    game.state.pending = awaiting_roll(player)


def _moves(events: list[Event]) -> list[PlayerMoved]:
    return [e for e in events if isinstance(e, PlayerMoved)]


# --- setup ----------------------------------------------------------------------------------------


def test_r1_the_inner_ring_lies_with_triple_play_against_free_parking() -> None:
    game = addon_table()
    track = game.ruleset.track
    assert track.rings[0] == tuple(range(40)) and track.rings[1] == tuple(range(40, 64))
    # each ring drawn as a square from its bottom right corner: Free Parking and Triple Play are both
    # the third corner, the junctions both the middle of the left and right sides
    assert track.index[FREE_PARKING] == 2 * 10 and track.index[TRIPLE_PLAY] == 2 * 6
    assert track.index[PENNSYLVANIA_RR] == 10 + 5 and track.index[WEST_ELEVATOR] == 6 + 3
    assert track.index[SHORT_LINE] == 30 + 5 and track.index[EAST_ELEVATOR] == 18 + 3
    assert {(link.at, link.to) for ring in track.links for link in ring} == {
        (15, 49),
        (49, 15),
        (35, 61),
        (61, 35),
    }


def test_r2_the_supply() -> None:
    ed = load_edition("addon")
    assert (ed.bank.houses, ed.bank.hotels) == (49, 19)
    sizes = {name: len(deck.cards) for name, deck in ed.decks.items()}
    assert sizes == {"chance": 24, "community_chest": 24, "travel": 24, "triple_play": 50}
    assert len(ed.spaces) == 64 and sum(1 for s in ed.spaces if s.is_deed) == 42
    game = addon_table()
    place(game, P0, VIRGINIA)
    dice(game, (1, 3), (1, 2), (3, 1))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert len(of_kind(events, TriplePlayThrown)[0].dice) == 3  # the third die


def test_r2_the_triple_play_cards_are_every_combination_but_the_triples() -> None:
    cards = load_edition("addon").decks["triple_play"].cards
    numbers = {tuple(c.effect.numbers) for c in cards}  # type: ignore[union-attr]
    assert len(numbers) == 50
    assert all(n == tuple(sorted(n)) and len(set(n)) > 1 for n in numbers)


def test_r3_each_player_starts_on_go_with_1500() -> None:
    game = new_game("addon", ["A", "B", "C"], seed=3)
    assert [(p.position, p.cash) for p in game.state.players] == [(GO, 1500)] * 3


def test_r4_one_travel_card_face_down_and_one_triple_play_card_face_up_each() -> None:
    game = new_game("addon", ["A", "B", "C", "D"], seed=5)
    for ps in game.state.players:
        assert sorted(r.partition("/")[0] for r in ps.hand) == ["travel", "triple_play"]
    assert len(game.state.decks["travel"]) == 20 and len(game.state.decks["triple_play"]) == 46
    taken = [e for e in game.opening if e.kind == "card_taken"]
    assert all(e.card == "" for e in taken if e.deck == "travel")
    assert all(e.card for e in taken if e.deck == "triple_play")
    view = game.view(1)
    for p, (real, seen) in enumerate(zip(game.state.players, view.players, strict=True)):
        travel = next(r for r in real.hand if r.startswith("travel/"))
        shown = next(r for r in seen.hand if r.startswith("travel/"))
        assert shown == (travel if p == 1 else "travel/?")
        assert [r for r in seen.hand if r.startswith("triple_play/")] == [
            r for r in real.hand if r.startswith("triple_play/")
        ]
    assert all(r == "travel/?" for ps in game.view(None).players for r in ps.hand if r.startswith("travel"))


# --- the inner ring's special spaces ------------------------------------------------------------


def test_r14_landing_on_an_elevator_draws_a_travel_card_face_down() -> None:
    game = addon_table()
    top_card(game, "travel", "forward_7")
    place(game, P0, WEST_ELEVATOR - 3)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].position == WEST_ELEVATOR
    assert game.state.players[P0].hand == ["travel/forward_7"]
    assert [(e.deck, e.card) for e in of_kind(events, CardTaken)] == [("travel", "")]
    assert game.view(P1).players[P0].hand == ["travel/?"]


def test_r14_passing_an_elevator_draws_nothing() -> None:
    game = addon_table()
    place(game, P0, WEST_ELEVATOR - 1)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert not of_kind(events, CardTaken) and game.state.players[P0].position == WEST_ELEVATOR + 2


def test_r15_travel_cards_in_the_chosen_order_land_only_at_the_end_and_end_the_move() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_3", "travel/forward_5")
    own(game, P1, 3)  # Baltic: passed through on the way, no rent
    place(game, P0, GO)
    settle(game)
    events = play(game, PlayTravelCards(player=P0, cards=("travel/forward_3", "travel/forward_5")))
    assert [m.path for m in _moves(events)] == [(1, 2, 3), (4, 5, 6, 7, 8)]
    assert not of_kind(events, RentPaid) and not of_kind(events, DiceRolled)
    assert game.state.pending is not None and game.state.pending.kind == "buy"  # Vermont, the last
    play(game, DeclineProperty(player=P0))
    while game.state.pending is not None and pending(game).kind == "auction":
        play(game, PassAuction(player=game.state.pending.player))
    assert game.state.pending is not None and pending(game).kind == "end_turn"  # no throw after
    assert game.state.decks["travel"][-2:] == ["forward_3", "forward_5"]
    assert replays(game)


def test_r15_forward_cards_pay_the_salaries_they_pass() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_4", "travel/forward_12")
    place(game, P0, 37)
    cash(game, P0, 100)
    settle(game)
    events = play(game, PlayTravelCards(player=P0, cards=("travel/forward_4", "travel/forward_12")))
    assert [e.space for e in of_kind(events, PassedGo)] == [GO]
    assert game.state.players[P0].position == 13


def test_r15_travel_cards_are_refused_in_jail_after_a_throw_and_when_not_held() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_3")
    jail(game, P0)
    settle(game)
    assert refusal(game, PlayTravelCards(player=P0, cards=("travel/forward_3",))).code == "not_now"
    game = addon_table()
    give(game, P0, "travel/forward_3")
    top_card(game, "community_chest", "services")
    dice(game, (1, 1))
    settle(game)
    play(game, RollDice(player=P0))  # doubles: he throws again, but may not switch to the card
    assert game.state.pending is not None and game.state.pending.kind == "roll"
    assert refusal(game, PlayTravelCards(player=P0, cards=("travel/forward_3",))).code == "not_now"
    game = addon_table()
    give(game, P0, "travel/forward_3", "triple_play/123")
    settle(game)
    assert refusal(game, PlayTravelCards(player=P0, cards=("travel/forward_4",))).code == "no_such_card"
    assert refusal(game, PlayTravelCards(player=P0, cards=())).code == "no_such_card"
    twice = PlayTravelCards(player=P0, cards=("travel/forward_3", "travel/forward_3"))
    assert refusal(game, twice).code == "no_such_card"
    assert refusal(game, PlayTravelCards(player=P0, cards=("triple_play/123",))).code == "not_a_travel_card"
    assert refusal(game, PlayTravelCards(player=P1, cards=("travel/forward_3",))).code == "not_your_turn"


def test_r15_travel_cards_are_offered_among_the_legal_commands() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_3", "travel/back_1_a", "triple_play/123")
    settle(game)
    plays = {c.cards for c in game.legal_commands(P0) if isinstance(c, PlayTravelCards)}
    assert plays == {
        ("travel/forward_3",),
        ("travel/back_1_a",),
        ("travel/forward_3", "travel/back_1_a"),
        ("travel/back_1_a", "travel/forward_3"),
    }


def test_r16_no_travel_card_while_a_backward_throw_is_owed() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_3")
    place(game, P0, MOVE_BACKWARDS)
    game.state.players[P0].next_roll_backward = True
    settle(game)
    assert "Move Backwards" in refusal(game, PlayTravelCards(player=P0, cards=("travel/forward_3",))).reason
    assert not any(isinstance(c, PlayTravelCards) for c in game.legal_commands(P0))


def test_r17_doubles_on_the_backward_throw_earn_a_forward_one() -> None:
    game = addon_table()
    place(game, P0, PENNSYLVANIA_AVE)
    top_card(game, "chance", "dividend")
    dice(game, (1, 1), (2, 2), (1, 2))
    settle(game)
    play(game, RollDice(player=P0))  # 35, 62: Move Backwards, and a throw to come
    events = play(game, RollDice(player=P0))  # backwards four: 61, 34, 33, 32; doubles
    assert _moves(events)[0].path == (61, 34, 33, 32) and _moves(events)[0].backward
    if game.state.pending is not None and game.state.pending.kind == "buy":
        play(game, BuyProperty(player=P0))
    assert game.state.pending == awaiting_roll(P0)
    events = play(game, RollDice(player=P0))  # forwards again
    assert _moves(events)[0].path == (33, 34, 35) and not _moves(events)[0].backward


def test_r17_a_third_double_to_jail_cancels_the_backward_throw() -> None:
    game = addon_table()
    place(game, P0, PENNSYLVANIA_AVE)
    game.state.doubles = 1
    dice(game, (1, 1), (3, 3))
    settle(game)
    play(game, RollDice(player=P0))  # second double: onto Move Backwards
    assert game.state.players[P0].next_roll_backward
    play(game, RollDice(player=P0))  # third double
    ps = game.state.players[P0]
    assert ps.in_jail and not ps.next_roll_backward


def test_r18_landing_by_a_travel_card_or_a_ride_sets_the_backward_throw() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_1")
    place(game, P0, EAST_ELEVATOR)
    settle(game)
    events = play(game, PlayTravelCards(player=P0, cards=("travel/forward_1",)))
    assert "backward_roll_set" in kinds(events) and game.state.players[P0].next_roll_backward
    game = addon_table()
    place(game, P0, SUBWAY - 3)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    play(game, TakeRide(player=P0, space=MOVE_BACKWARDS))
    assert game.state.players[P0].next_roll_backward


def test_r19_double_trouble_spares_the_bankrupt_and_puts_a_short_payer_in_debt() -> None:
    game = addon_table()
    game.state.players[P2].bankrupt = True
    game.state.players[P2].cash = 0
    place(game, P2, JAIL)
    cash(game, P1, 60)
    place(game, P0, MOVE_BACKWARDS)
    dice(game, (1, 1), (1, 1))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert of_kind(events, LevyThrown)[0].amount == 200
    debt = game.state.pending
    assert debt is not None and debt.kind == "debt" and debt.player == P1
    assert debt.charge.payee == P0 and debt.charge.amount == 200
    assert game.state.players[P2].cash == 0


@pytest.mark.parametrize(
    ("throw", "each"),
    [
        ((1, 1), 200),
        ((6, 6), 200),
        ((1, 2), 100),
        ((2, 2), 100),
        ((5, 5), 100),
        ((5, 6), 100),
        ((2, 3), 50),
        ((4, 5), 50),
    ],
)
def test_r19_the_levy_by_the_throw(throw: tuple[int, int], each: int) -> None:
    game = addon_table(("P0", "P1"))
    place(game, P0, MOVE_BACKWARDS)
    cash(game, P1, 1000)
    dice(game, (1, 1), throw)
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].position == DOUBLE_TROUBLE
    assert of_kind(events, LevyThrown)[0].amount == each
    assert game.state.players[P1].cash == 1000 - each


def test_r20_every_card_of_every_player_scores_and_cards_are_kept() -> None:
    game = addon_table()
    give(game, P1, "triple_play/112", "triple_play/345")
    give(game, P2, "triple_play/566")
    top_card(game, "triple_play", "226")
    place(game, P0, VIRGINIA)
    for p in (P0, P1, P2, P3):
        cash(game, p, 0)
    dice(game, (1, 3), (1, 1), (1, 4))  # the three dice: 1, 1, 1
    settle(game)
    events = play(game, RollDice(player=P0))
    won = [(e.player, e.card, e.matches, e.amount) for e in of_kind(events, TriplePlayWon)]
    assert won == [(P1, "triple_play/112", 2, 200)]  # each die and each number counted once
    assert game.state.players[P1].hand == ["triple_play/112", "triple_play/345"]
    assert game.state.players[P0].hand == ["triple_play/226"]


def test_r20_an_empty_pile_still_throws() -> None:
    game = addon_table()
    for card in list(game.state.decks["triple_play"]):
        give(game, P2, f"triple_play/{card}")
    place(game, P0, VIRGINIA)
    dice(game, (1, 3), (1, 2), (3, 4))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert not of_kind(events, CardTaken) and of_kind(events, TriplePlayThrown)


def test_r21_the_subway_may_stay_go_to_jail_or_draw_a_card() -> None:
    def ride(to: int):  # type: ignore[no-untyped-def]
        game = addon_table()
        place(game, P0, SUBWAY - 3)
        top_card(game, "chance", "dividend")
        dice(game, (1, 2))
        settle(game)
        play(game, RollDice(player=P0))
        return game, play(game, TakeRide(player=P0, space=to))

    game, events = ride(SUBWAY)
    assert game.state.players[P0].position == SUBWAY and not _moves(events)
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"
    stayed = [(e.player, e.space, e.means) for e in of_kind(events, RideDeclined)]
    assert stayed == [(P0, SUBWAY, "subway")]
    game, events = ride(GO_TO_JAIL)
    assert game.state.players[P0].in_jail and not of_kind(events, PassedGo)
    game, events = ride(INNER_CHANCE)
    assert [e.deck for e in of_kind(events, CardDrawn)] == ["chance"]
    game, events = ride(GO)
    assert [(e.space, e.landed) for e in of_kind(events, PassedGo)] == [(GO, True)]
    game, events = ride(ELECTRIC)  # no throw brought him: the utility's rent takes a fresh one
    assert game.state.pending is not None and game.state.pending.kind == "buy"


def test_r21_a_ride_to_an_owned_utility_throws_for_the_rent() -> None:
    game = addon_table()
    own(game, P1, ELECTRIC)
    place(game, P0, SUBWAY - 3)
    dice(game, (1, 2), (4, 5))
    settle(game)
    play(game, RollDice(player=P0))
    events = play(game, TakeRide(player=P0, space=ELECTRIC))
    assert [e.purpose for e in of_kind(events, DiceRolled)] == ["utility_rent"]
    assert of_kind(events, RentPaid)[0].amount == 4 * 9


def test_r21_every_space_may_be_chosen() -> None:
    game = addon_table()
    place(game, P0, SUBWAY - 3)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    rides = [c for c in game.legal_commands(P0) if isinstance(c, TakeRide)]
    assert sorted(c.space for c in rides) == list(range(64))
    assert refusal(game, TakeRide(player=P0, space=64)).code == "no_such_space"


def test_r22_pass_does_nothing_but_pay() -> None:
    game = addon_table()
    place(game, P0, PASS - 3)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert kinds(events) == ["dice_rolled", "player_moved", "passed_go"]
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"


def test_r23_taxes_fines_and_card_payments_to_the_bank_go_to_the_pool() -> None:
    game = addon_table()
    place(game, P0, 1)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0), ChooseIncomeTax(player=P0, option="percent"))
    assert game.state.pot == 150  # 10 % of $1,500

    game = addon_table()
    place(game, P0, LUXURY_TAX - 3)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.pot == 75

    game = addon_table()
    own(game, P0, *INNER_A)
    build(game, WALL_STREET, 2)
    build(game, BROADWAY, 2)
    build(game, FIFTH_AVENUE, 2)
    top_card(game, "chance", "general_repairs")
    place(game, P0, 4)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.pot == 6 * 25


def test_r23_the_forced_fine_goes_to_the_pool_and_payments_to_players_do_not() -> None:
    game = addon_table()
    jail(game, P0, turns=2)
    own(game, P0, 15)
    dice(game, (1, 4))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.pot == 50
    game = addon_table()
    top_card(game, "chance", "chairman")
    place(game, P0, 4)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.pot == 0 and game.state.players[P1].cash == 1550


def test_r23_buying_and_building_pay_the_bank_not_the_pool() -> None:
    game = addon_table()
    own(game, P0, *INNER_B)
    place(game, P0, VIRGINIA - 3)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0), BuyProperty(player=P0), Build(player=P0, space=LOMBARD))
    assert game.state.pot == 0


def test_r23_the_free_parking_pot_is_refused_on_this_board() -> None:
    with pytest.raises(SetupError, match="pool"):
        new_game("addon", ["A", "B"], rules=RuleOptions(free_parking_pot=True))


def test_r24_tax_refund_pays_half_rounded_down() -> None:
    game = addon_table()
    game.state.pot = 75
    place(game, P0, TAX_REFUND - 3)
    cash(game, P0, 0)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].cash == 37 and game.state.pot == 38
    assert of_kind(events, PotShareCollected)[0].percent == 50


def test_r24_the_refund_card_may_be_kept_for_later() -> None:
    game = addon_table()
    game.state.pot = 100
    give(game, P0, "chance/full_refund")
    place(game, P0, TAX_REFUND - 3)
    cash(game, P0, 0)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0), KeepCard(player=P0))
    assert game.state.players[P0].cash == 50 and game.state.players[P0].hand == ["chance/full_refund"]
    assert [(e.player, e.card) for e in of_kind(events, HeldCardKept)] == [(P0, "chance/full_refund")]
    assert refusal(game, PlayRefundCard(player=P0)).code == "not_now"


def test_r24_an_empty_pool_asks_nothing() -> None:
    game = addon_table()
    give(game, P0, "chance/full_refund")
    place(game, P0, TAX_REFUND - 3)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"
    assert not of_kind(events, PotShareCollected)


@pytest.mark.parametrize(("owned", "times"), [(1, 4), (2, 10), (3, 20), (4, 40)])
def test_r25_four_utilities_in_one_group(owned: int, times: int) -> None:
    game = addon_table()
    own(game, P1, *UTILITIES[:owned])
    assert rent_for(game, UTILITIES[0], 7)[0] == 7 * times


def test_r25_a_mortgaged_utility_counts_but_collects_nothing() -> None:
    game = addon_table()
    own(game, P1, ELECTRIC, WATER_WORKS, TELEPHONE)
    own(game, P1, GAS, mortgaged=True)
    assert rent_for(game, ELECTRIC, 5)[0] == 5 * 40 and rent_for(game, GAS, 5)[0] == 0


def test_r25_the_nearest_utility_card_pays_ten_times_whatever_is_owned() -> None:
    game = addon_table()
    own(game, P1, *UTILITIES)
    top_card(game, "chance", "nearest_utility")
    place(game, P0, 4)
    dice(game, (1, 2), (3, 3))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].position == ELECTRIC
    assert of_kind(events, RentPaid)[0].amount == 60


def test_r26_the_new_streets_are_streets() -> None:
    game = addon_table()
    own(game, P1, *INNER_C)
    assert rent_for(game, BOYLSTON, 7)[0] == 40  # double rent on the full group
    game.state.deeds[INNER_C[0]].mortgaged = True
    assert rent_for(game, BOYLSTON, 7)[0] == 40  # still, with a lot mortgaged
    game = addon_table()
    own(game, P0, *INNER_B)
    settle(game)
    play(game, Build(player=P0, space=LOMBARD))
    assert game.check(Build(player=P0, space=LOMBARD)) is not None  # evenly
    play(game, Build(player=P0, space=47), Build(player=P0, space=48), Build(player=P0, space=LOMBARD))
    assert houses(game, LOMBARD) == 2 and rent_for(game, LOMBARD, 7)[0] == 150


# --- cards ----------------------------------------------------------------------------------------


def _draw(deck: str, card: str, at: int, *, setup=None):  # type: ignore[no-untyped-def]
    """Land on a card space (`at`) by a throw of 1 + 2 with `card` on top of `deck`."""
    game = addon_table()
    top_card(game, deck, card)
    place(game, P0, at - 3)
    cash(game, P0, 1000)
    if setup is not None:
        setup(game)
    dice(game, (1, 2), (2, 3), (4, 1))
    settle(game)
    return game, play(game, RollDice(player=P0))


def test_r27_the_inner_bonus_pays_only_on_the_inner_ring() -> None:
    game, _ = _draw("community_chest", "inner_bonus", INNER_CHEST)
    assert game.state.players[P0].cash == 1200
    game, _ = _draw("community_chest", "inner_bonus", 33)
    assert game.state.players[P0].cash == 1000


def test_r28_a_held_card_is_played_once_then_returns_under_its_deck() -> None:
    game = addon_table()
    game.state.pot = 10
    give(game, P0, "chance/full_refund")
    place(game, P0, TAX_REFUND - 3)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0), PlayRefundCard(player=P0))
    assert game.state.decks["chance"][-1] == "full_refund" and not game.state.players[P0].hand


def test_r28_half_winnings_are_rounded_down() -> None:
    game = addon_table()
    give(game, P1, "community_chest/half_winnings")
    give(game, P2, "triple_play/123")
    top_card(game, "triple_play", "226")
    place(game, P0, VIRGINIA)
    cash(game, P2, 0)
    dice(game, (1, 3), (1, 5), (5, 5))  # 1, 5, 5: one match for 1-2-3
    settle(game)
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert pend is not None and pend.kind == "winnings_card" and pend.winners == (P2,)
    assert pend.amounts == (50,)
    play(game, ClaimHalfWinnings(player=P1, target=P2))
    assert game.state.players[P2].cash == 25


def test_r28_half_winnings_may_be_kept_for_a_bigger_prize() -> None:
    game = addon_table()
    give(game, P1, "community_chest/half_winnings")
    give(game, P2, "triple_play/123")
    top_card(game, "triple_play", "226")
    place(game, P0, VIRGINIA)
    dice(game, (1, 3), (1, 5), (5, 5))
    settle(game)
    play(game, RollDice(player=P0))
    events = play(game, KeepCard(player=P1))
    assert [(e.player, e.card) for e in of_kind(events, HeldCardKept)] == [
        (P1, "community_chest/half_winnings")
    ]
    assert game.state.players[P1].hand == ["community_chest/half_winnings"]
    assert game.state.pending is not None and game.state.pending.player == P0


@pytest.mark.parametrize(
    ("card", "at", "target", "salary"),
    [
        ("advance_boylston", 22, BOYLSTON, 0),  # outer to inner: placed there, nothing passed
        ("advance_boylston", INNER_CHANCE, BOYLSTON, 200),  # round the inner ring, by PASS
        ("advance_illinois", INNER_CHANCE, 24, 0),  # inner to outer: placed there
        ("advance_go", INNER_CHANCE, GO, 200),  # placed on GO: it pays
        ("advance_lombard", 7, LOMBARD, 0),
        ("subway_ride", 36, SUBWAY, 0),
        ("advance_double_trouble", 22, DOUBLE_TROUBLE, 0),
        ("advance_triple_play", 7, TRIPLE_PLAY, 0),
        ("nearest_utility", INNER_CHANCE, TELEPHONE, 0),
        ("nearest_railroad_1", INNER_CHANCE, SHORT_LINE, 0),
        ("forward_three", INNER_CHANCE, 59, 0),
        ("back_three", INNER_CHANCE, BOYLSTON, 0),
    ],
)
def test_r29_cards_that_move(card: str, at: int, target: int, salary: int) -> None:
    game, events = _draw("chance", card, at)
    moved = _moves(events)[1]
    assert moved.to_space == target and game.state.players[P0].position in (target, JAIL)
    assert sum(e.salary for e in of_kind(events, PassedGo)) == salary


def test_chance_and_community_chest_new_cards() -> None:
    game, _ = _draw("community_chest", "advance_pass", 33)
    assert game.state.players[P0].position == PASS and game.state.players[P0].cash == 1200
    game, _ = _draw("community_chest", "travel_card", 33)
    assert len(game.state.players[P0].hand) == 1 and game.state.players[P0].hand[0].startswith("travel/")
    for card, paid in (("beauty_first", 25), ("company_public", 200), ("invent_game", 100)):
        game, _ = _draw("community_chest", card, 33)
        assert game.state.players[P0].cash == 1000 + paid
    game, _ = _draw("community_chest", "market_crash", 33)
    assert game.state.players[P0].cash == 850 and game.state.pot == 150
    game, _ = _draw("chance", "pay_per_property", 22, setup=lambda g: own(g, P0, 1, 3, ELECTRIC, BOARDWALK))
    assert game.state.players[P0].cash == 900 and game.state.pot == 100
    game, _ = _draw("community_chest", "half_winnings", 33)
    assert game.state.players[P0].hand == ["community_chest/half_winnings"]
    assert "half_winnings" not in game.state.decks["community_chest"]


# --- classic rules carried over -------------------------------------------------------------------


def test_r30_an_inner_deed_declined_goes_to_auction() -> None:
    game = addon_table()
    place(game, P0, MOVE_BACKWARDS)  # the Double Trouble corner on the way is only passed
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0), DeclineProperty(player=P0))
    pend = game.state.pending
    assert pend is not None and pend.kind == "auction" and pend.space == BROADWAY


def test_r31_no_rent_on_a_mortgaged_inner_deed() -> None:
    game = addon_table()
    own(game, P1, LOMBARD, mortgaged=True)
    place(game, P0, LOMBARD - 3)
    dice(game, (1, 2))
    settle(game)
    assert not of_kind(play(game, RollDice(player=P0)), RentPaid)


def test_r32_hotels_after_four_houses_from_a_bank_of_49_and_19() -> None:
    game = addon_table()
    own(game, P0, *INNER_A)
    cash(game, P0, 10_000)
    settle(game)
    for _ in range(4):
        for s in INNER_A:
            play(game, Build(player=P0, space=s))
    assert game.state.bank.houses == 49 - 12
    play(game, Build(player=P0, space=WALL_STREET))
    assert game.state.bank.hotels == 18 and game.state.bank.houses == 49 - 8


def test_r33_mortgaging_an_inner_deed() -> None:
    game = addon_table()
    own(game, P0, BOYLSTON)
    cash(game, P0, 0)
    settle(game)
    play(game, Mortgage(player=P0, space=BOYLSTON))
    assert game.state.players[P0].cash == 120 and game.board.unmortgage_cost(BOYLSTON) == 132


def test_r34_the_jail_fine_goes_to_the_pool() -> None:
    game = addon_table()
    jail(game, P0)
    settle(game)
    play(game, PayJailFine(player=P0))
    assert game.state.pot == 50 and not game.state.players[P0].in_jail


def test_r35_income_tax_counts_inner_deeds_and_buildings() -> None:
    game = addon_table()
    own(game, P0, *INNER_D)
    build(game, INNER_D[0], 1)
    cash(game, P0, 1000)
    assert percent_tax(game, P0, 4) == (1000 + 300 + 300 + 320 + 200 + 5) // 10


def test_r36_free_parking_takes_no_action() -> None:
    game = addon_table()
    game.state.pot = 300
    place(game, P0, FREE_PARKING - 3)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.pot == 300 and not of_kind(events, PotCollected)


def test_r37_a_bankrupts_cards_in_hand_go_to_the_player_he_owes() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_3", "triple_play/123", "chance/full_refund")
    own(game, P1, BOARDWALK, 37)
    build(game, BOARDWALK, hotel=True)
    build(game, 37, hotel=True)
    place(game, P0, BOARDWALK - 3)
    cash(game, P0, 10)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0), DeclareBankruptcy(player=P0))
    assert game.state.players[P1].hand == ["travel/forward_3", "triple_play/123", "chance/full_refund"]
    assert not game.state.players[P0].hand


def test_r37_owing_the_bank_the_cards_go_back_under_their_decks() -> None:
    game = addon_table()
    give(game, P0, "travel/forward_3", "triple_play/123")
    place(game, P0, LUXURY_TAX - 3)
    cash(game, P0, 10)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0), DeclareBankruptcy(player=P0))
    assert "hand_transferred" in kinds(events)
    assert game.state.decks["travel"][-1] == "forward_3" and game.state.decks["triple_play"][-1] == "123"


def test_a_game_of_the_add_on_board_replays() -> None:
    game = new_game("addon", ["A", "B", "C", "D"], seed=11)
    from engine.lookahead.players import SimplePlayer

    simple = SimplePlayer()
    while game.state.winner is None and game.state.turn < 150:
        game.apply(simple.decide(game, game.state.pending.player))  # type: ignore[union-attr]
    assert replays(game)
