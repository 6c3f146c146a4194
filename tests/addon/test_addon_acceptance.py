"""The ten acceptance scenarios of the add-on reference (section 8), played through `Game.apply`."""

from __future__ import annotations

from engine import (
    BuyProperty,
    ChooseIncomeTax,
    ClaimHalfWinnings,
    DeclineProperty,
    EndTurn,
    Game,
    PayJailFine,
    PlayRefundCard,
    PlayTravelCards,
    RollDice,
    TakeRide,
)
from engine.core.events import (
    CardDrawn,
    CardTaken,
    DiceRolled,
    Event,
    PassedGo,
    PlayerMoved,
    PropertyOffered,
    RentPaid,
    TriplePlayThrown,
    TriplePlayWon,
)
from engine.core.state import awaiting_roll

from addon_board import (
    BEACON,
    BOARDWALK,
    CHANCE2,
    DOUBLE_TROUBLE,
    EAST_ELEVATOR,
    ELECTRIC,
    GAS,
    INNER_CHEST,
    MOVE_BACKWARDS,
    NEW_YORK,
    NORTH_CAROLINA,
    P0,
    P1,
    P2,
    P3,
    PASS,
    PENNSYLVANIA_AVE,
    PENNSYLVANIA_RR,
    SUBWAY,
    TAX_REFUND,
    TELEPHONE,
    TRIPLE_PLAY,
    VIRGINIA,
    WATER_WORKS,
    addon_table,
    give,
)
from scenario import (
    build,
    cash,
    dice,
    jail,
    kinds,
    of_kind,
    own,
    pending,
    place,
    play,
    replays,
    settle,
    top_card,
)


def _path(events: list[Event]) -> tuple[int, ...]:
    return next(e for e in events if isinstance(e, PlayerMoved)).path


def test_1_elevator_up_on_an_even_roll() -> None:
    game = addon_table()
    place(game, P0, VIRGINIA)
    dice(game, (1, 3), (2, 2), (5, 5))  # the move, then the triple play's three dice
    settle(game)
    events = play(game, RollDice(player=P0))
    assert _path(events) == (15, 50, 51, 52)
    assert game.state.players[P0].position == TRIPLE_PLAY
    assert len(of_kind(events, CardTaken)) == 1
    assert any(r.startswith("triple_play/") for r in game.state.players[P0].hand)
    assert not of_kind(events, PassedGo)
    assert replays(game)


def test_2_odd_roll_stays_outside_and_a_start_on_a_junction_counts() -> None:
    game = addon_table()
    place(game, P0, VIRGINIA)
    dice(game, (2, 3))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].position == NEW_YORK and _path(events) == (15, 16, 17, 18, 19)

    game = addon_table()
    place(game, P1, PENNSYLVANIA_RR)
    game.state.current = P1
    game.state.pending = awaiting_roll(P1)
    dice(game, (1, 1))
    settle(game)
    play(game, RollDice(player=P1))
    assert game.state.players[P1].position == BEACON
    play(game, DeclineProperty(player=P1))
    while game.state.pending is not None and pending(game).kind == "auction":
        play(game, game.legal_commands(game.state.pending.player)[1])  # everyone passes
    assert game.state.pending == awaiting_roll(P1)  # doubles: he throws again


def test_3_entering_by_the_east_junction_and_landing_on_pass() -> None:
    game = addon_table()
    place(game, P0, PENNSYLVANIA_AVE)
    cash(game, P0, 1000)
    dice(game, (5, 5))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert _path(events) == (35, 62, 63, 40, 41, 42, 43, 44, 45, 46)
    assert game.state.players[P0].position == PASS
    assert [(e.space, e.salary) for e in events if isinstance(e, PassedGo)] == [(PASS, 200)]
    assert game.state.players[P0].cash == 1200
    assert game.state.pending == awaiting_roll(P0)
    assert not game.state.players[P0].next_roll_backward  # Move Backwards was only passed


def test_4_leaving_the_inner_ring_with_pass_on_the_way() -> None:
    game = addon_table()
    place(game, P0, INNER_CHEST)
    cash(game, P0, 1000)
    top_card(game, "chance", "dividend")
    dice(game, (6, 6))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert _path(events) == (45, 46, 47, 48, 49, 16, 17, 18, 19, 20, 21, 22)
    assert [e.space for e in events if isinstance(e, PassedGo)] == [PASS]
    assert game.state.players[P0].position == CHANCE2
    assert [e.deck for e in of_kind(events, CardDrawn)] == ["chance"]
    assert game.state.players[P0].cash == 1000 + 200 + 50
    assert game.state.pending == awaiting_roll(P0)


def test_5_move_backwards_on_the_next_turn() -> None:
    game = addon_table(("P0", "P1"))
    place(game, P0, MOVE_BACKWARDS - 5)
    own(game, P1, NORTH_CAROLINA)
    dice(game, (2, 3), (1, 2), (1, 3), (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == MOVE_BACKWARDS and game.state.players[P0].next_roll_backward
    play(game, EndTurn(player=P0), RollDice(player=P1))
    if game.state.pending is not None and game.state.pending.kind == "buy":
        play(game, BuyProperty(player=P1))
    play(game, EndTurn(player=P1))
    before = game.state.players[P0].cash
    events = play(game, RollDice(player=P0))
    assert _path(events) == (61, 34, 33, 32)
    assert game.state.players[P0].position == NORTH_CAROLINA and not of_kind(events, PassedGo)
    assert game.state.players[P0].cash == before - 26  # rent to P1, no salary
    assert not game.state.players[P0].next_roll_backward
    play(game, EndTurn(player=P0))
    while game.state.current != P0:
        pend = game.state.pending
        assert pend is not None
        legal = game.legal_commands(pend.player)
        play(
            game,
            next(c for c in legal if c.kind in ("end_turn", "roll_dice", "decline_property", "pass_auction")),
        )
    events = play(game, RollDice(player=P0))
    assert not next(e for e in events if isinstance(e, PlayerMoved)).backward


def test_5_arriving_with_doubles_the_extra_throw_is_the_backward_one() -> None:
    game = addon_table()
    place(game, P0, PENNSYLVANIA_AVE)
    give(game, P0, "travel/forward_3")
    dice(game, (1, 1), (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert _path(events) == (35, 62) and game.state.players[P0].next_roll_backward
    assert game.state.pending == awaiting_roll(P0)
    refused = game.check(PlayTravelCards(player=P0, cards=("travel/forward_3",)))
    assert refused is not None and refused.code == "not_now"
    events = play(game, RollDice(player=P0))
    assert _path(events) == (61, 60, 59)


def test_6_triple_play_payouts() -> None:
    game = addon_table()
    for p, card in zip((P0, P1, P2, P3), ("445", "246", "134", "136"), strict=True):
        give(game, p, f"triple_play/{card}")
    top_card(game, "triple_play", "224")
    place(game, P0, VIRGINIA)
    for p in (P0, P1, P2, P3):
        cash(game, p, 1500)
    dice(game, (1, 3), (6, 3), (1, 4))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].hand == ["triple_play/445", "triple_play/224"]
    assert of_kind(events, TriplePlayThrown)[0].dice == (6, 3, 1)
    assert [p.cash for p in game.state.players] == [1500, 1550, 1700, 2500]
    assert sum(e.amount for e in of_kind(events, TriplePlayWon)) == 1250

    game = addon_table()
    give(game, P0, "triple_play/136")
    top_card(game, "triple_play", "224")
    place(game, P0, VIRGINIA)
    cash(game, P0, 1500)
    dice(game, (1, 3), (6, 3), (1, 4))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.players[P0].cash == 3000

    game = addon_table()
    for p, card in zip((P0, P1, P2, P3), ("445", "246", "134", "136"), strict=True):
        give(game, p, f"triple_play/{card}")
    give(game, P1, "community_chest/half_winnings")
    place(game, P0, VIRGINIA)
    for p in (P0, P1, P2, P3):
        cash(game, p, 1500)
    dice(game, (1, 3), (6, 3), (1, 4))
    settle(game)
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert pend is not None and pend.kind == "winnings_card" and pend.player == P1
    play(game, ClaimHalfWinnings(player=P1, target=P3))
    assert game.state.players[P3].cash == 2500 - 500
    assert game.state.players[P1].cash == 1550 + 500
    assert game.state.decks["community_chest"][-1] == "half_winnings"
    assert replays(game)


def _double_trouble(throw: tuple[int, int]) -> list[int]:
    game = addon_table()
    for p in (P0, P1, P2, P3):
        cash(game, p, 500)
    place(game, P0, EAST_ELEVATOR)
    dice(game, (1, 2), throw)
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].position == DOUBLE_TROUBLE
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"
    assert "levy_thrown" in kinds(events)
    return [p.cash for p in game.state.players]


def test_7_double_trouble() -> None:
    assert _double_trouble((6, 6)) == [1100, 300, 300, 300]  # a double, yet no extra throw
    assert _double_trouble((1, 3)) == [800, 400, 400, 400]
    assert _double_trouble((3, 4)) == [650, 450, 450, 450]


def test_8_the_pool_and_tax_refund() -> None:
    game = addon_table()
    place(game, P1, 1)
    place(game, P3, 4)
    jail(game, P2)
    own(game, P2, 13)
    top_card(game, "chance", "poor_tax")
    game.state.current = P1
    game.state.pending = awaiting_roll(P1)
    dice(game, (1, 2), (1, 2), (1, 2))
    settle(game)
    play(game, RollDice(player=P1), ChooseIncomeTax(player=P1, option="flat"))
    assert game.state.pot == 200
    play(game, EndTurn(player=P1), PayJailFine(player=P2))
    assert game.state.pot == 250
    play(game, RollDice(player=P2), EndTurn(player=P2))
    play(game, RollDice(player=P3))  # to Chance 7: Pay Poor Tax of $15
    assert game.state.pot == 265
    pool = game.state.pot

    refund = addon_table()
    refund.state.pot = pool
    place(refund, P0, TAX_REFUND - 4)
    cash(refund, P0, 1000)
    dice(refund, (1, 3))
    settle(refund)
    play(refund, RollDice(player=P0))
    assert refund.state.players[P0].cash == 1132 and refund.state.pot == 133

    card = addon_table()
    card.state.pot = pool
    give(card, P0, "chance/full_refund")
    place(card, P0, TAX_REFUND - 4)
    cash(card, P0, 1000)
    dice(card, (1, 3))
    settle(card)
    play(card, RollDice(player=P0))
    assert card.state.pending is not None and card.state.pending.kind == "refund_card"
    play(card, PlayRefundCard(player=P0))
    assert card.state.players[P0].cash == 1265 and card.state.pot == 0
    assert card.state.decks["chance"][-1] == "full_refund" and not card.state.players[P0].hand
    assert replays(card)


def _subway(choice: int, boardwalk_owner: int | None = None) -> tuple[list[Event], Game]:
    game = addon_table()
    place(game, P0, SUBWAY - 3)
    cash(game, P0, 3000)
    if boardwalk_owner is not None:
        own(game, boardwalk_owner, 37, BOARDWALK)
        build(game, 37, hotel=True)
        build(game, BOARDWALK, hotel=True)
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.pending is not None and game.state.pending.kind == "ride"
    return play(game, TakeRide(player=P0, space=choice)), game


def test_9_the_subway() -> None:
    events, game = _subway(BOARDWALK)
    assert game.state.players[P0].position == BOARDWALK
    assert not of_kind(events, PassedGo)
    pend = game.state.pending
    assert pend is not None and pend.kind == "buy" and pend.space == BOARDWALK
    assert of_kind(events, PropertyOffered)[0].price == 400

    events, game = _subway(BOARDWALK, boardwalk_owner=P1)
    assert of_kind(events, RentPaid)[0].amount == 2000

    events, game = _subway(PASS)
    assert [(e.space, e.salary, e.landed) for e in of_kind(events, PassedGo)] == [(PASS, 200, True)]


def test_10_four_utilities_and_the_travel_cards() -> None:
    game = addon_table()
    own(game, P1, ELECTRIC, WATER_WORKS, GAS)
    place(game, P0, 13)
    dice(game, (3, 5))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].position == GAS
    assert of_kind(events, RentPaid)[0].amount == 160

    game = addon_table()
    own(game, P1, ELECTRIC, WATER_WORKS, GAS, TELEPHONE)
    place(game, P0, 13)
    dice(game, (3, 5))
    settle(game)
    assert of_kind(play(game, RollDice(player=P0)), RentPaid)[0].amount == 320

    game = addon_table()
    place(game, P0, PENNSYLVANIA_AVE)
    give(game, P0, "travel/forward_2", "travel/back_1_a")
    settle(game)
    events = play(game, PlayTravelCards(player=P0, cards=("travel/forward_2", "travel/back_1_a")))
    moves = of_kind(events, PlayerMoved)
    assert [m.path for m in moves] == [(35, 62), (61,)]
    assert game.state.players[P0].position == EAST_ELEVATOR
    assert not game.state.players[P0].next_roll_backward  # Move Backwards was passed through, not landed on
    assert [e.deck for e in of_kind(events, CardTaken)] == ["travel"]
    assert len(game.state.players[P0].hand) == 1
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"
    assert game.state.decks["travel"][-2:] == ["forward_2", "back_1_a"]
    assert not of_kind(events, DiceRolled)
