"""Movement across the two rings (reference section 3 and rules R5-R13): every worked example of
section 3.4 played through `Game.apply` with scripted dice, and the rules around it."""

from __future__ import annotations

import pytest

from engine import Game, PlayTravelCards, RollDice
from engine.core.events import Event, PassedGo, PlayerMoved

from addon_board import (
    BEACON,
    CHANCE2,
    CHANCE3,
    DOUBLE_TROUBLE,
    EAST_ELEVATOR,
    GO,
    GO_TO_JAIL,
    INNER_CHANCE,
    INNER_CHEST,
    JAIL,
    LAKE_SHORE,
    MOVE_BACKWARDS,
    NEW_YORK,
    NEWBURY,
    NORTH_CAROLINA,
    P0,
    P1,
    PASS,
    PENNSYLVANIA_AVE,
    PENNSYLVANIA_RR,
    SHORT_LINE,
    STATE_STREET,
    TRIPLE_PLAY,
    VAN_NESS,
    VENTNOR,
    VIRGINIA,
    WEST_ELEVATOR,
    addon_table,
    give,
)
from scenario import dice, jail, of_kind, own, place, play, replays, settle, top_card

BALTIC, VERMONT = 3, 8


def _harmless_cards(game: Game) -> None:
    """Cards that neither move nor pay salaries on top of both decks."""
    top_card(game, "chance", "dividend")
    top_card(game, "community_chest", "services")


def _first_move(events: list[Event]) -> tuple[tuple[int, ...], int, int]:
    """(path, where the move ended, salary paid on the way) of the first move among `events`."""
    moved = next(e for e in events if isinstance(e, PlayerMoved))
    i = events.index(moved)
    salary = 0
    for e in events[i + 1 :]:
        if isinstance(e, PassedGo):
            salary += e.salary
        elif e.kind in ("card_drawn", "player_moved", "property_offered", "levy_thrown"):
            break
    return moved.path, moved.to_space, salary


def _roll_from(
    start: int, pair: tuple[int, int], *, backward: bool = False
) -> tuple[tuple[int, ...], int, int]:
    game = addon_table()
    _harmless_cards(game)
    place(game, P0, start)
    game.state.players[P0].next_roll_backward = backward
    dice(game, pair)
    settle(game)
    events = play(game, RollDice(player=P0))
    assert replays(game)
    return _first_move(events)


# (start, dice, backward, path, lands on, salary): the table of section 3.4
WORKED = [
    (VIRGINIA, (1, 3), False, (15, 50, 51, 52), TRIPLE_PLAY, 0),
    (VIRGINIA, (2, 3), False, (15, 16, 17, 18, 19), NEW_YORK, 0),
    (PENNSYLVANIA_RR, (1, 1), False, (50, 51), BEACON, 0),
    (INNER_CHANCE, (2, 4), False, (57, 58, 59, 60, 61, 36), CHANCE3, 0),
    (PENNSYLVANIA_AVE, (4, 6), False, (35, 62, 63, 40, 41, 42, 43, 44, 45, 46), PASS, 200),
    (PENNSYLVANIA_AVE, (6, 6), False, (35, 62, 63, 40, 41, 42, 43, 44, 45, 46, 47, 48), VAN_NESS, 200),
    (INNER_CHEST, (6, 6), False, (45, 46, 47, 48, 49, 16, 17, 18, 19, 20, 21, 22), CHANCE2, 200),
    (WEST_ELEVATOR, (6, 6), False, tuple(range(16, 28)), VENTNOR, 0),
    (EAST_ELEVATOR, (3, 5), False, (36, 37, 38, 39, 0, 1, 2, 3), BALTIC, 200),
    (SHORT_LINE, (6, 6), False, (62, 63, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49), WEST_ELEVATOR, 200),
    (NEWBURY, (5, 6), False, tuple(range(51, 62)), EAST_ELEVATOR, 0),
    (LAKE_SHORE, (1, 1), False, (61, 36), CHANCE3, 0),
    (MOVE_BACKWARDS, (1, 3), True, (61, 34, 33, 32), NORTH_CAROLINA, 0),
    (MOVE_BACKWARDS, (1, 2), True, (61, 60, 59), STATE_STREET, 0),
    (CHANCE3, (6, 6), False, (37, 38, 39, 0, 1, 2, 3, 4, 5, 6, 7, 8), VERMONT, 200),
]


@pytest.mark.parametrize(("start", "pair", "backward", "path", "end", "salary"), WORKED)
def test_each_worked_example_of_section_3_4(
    start: int, pair: tuple[int, int], backward: bool, path: tuple[int, ...], end: int, salary: int
) -> None:
    assert _roll_from(start, pair, backward=backward) == (path, end, salary)


def test_worked_example_out_of_jail_by_doubles_goes_up_the_west_elevator() -> None:
    game = addon_table()
    jail(game, P0)
    dice(game, (3, 3))
    settle(game)
    path, end, salary = _first_move(play(game, RollDice(player=P0)))
    assert (path, end, salary) == ((11, 12, 13, 14, 15, 50), NEWBURY, 0)
    assert game.state.pending is not None and game.state.pending.kind == "buy"


def test_r5_a_throw_moves_by_the_walk_of_its_total() -> None:
    path, end, _ = _roll_from(GO, (2, 1))
    assert path == (1, 2, 3) and end == BALTIC


def test_r6_doubles_throw_again_and_the_third_goes_to_jail_without_moving() -> None:
    game = addon_table()
    _harmless_cards(game)
    own(game, P0, 6)
    dice(game, (1, 1), (2, 2), (3, 3))
    settle(game)
    play(game, RollDice(player=P0))  # to Community Chest 2, then throws again
    assert game.state.pending is not None and game.state.pending.kind == "roll"
    play(game, RollDice(player=P0))  # to Oriental Avenue 6, his own
    assert game.state.players[P0].position == 6
    events = play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert ps.in_jail and ps.position == JAIL and not of_kind(events, PlayerMoved)


def test_r7_tokens_share_a_space() -> None:
    game = addon_table()
    place(game, P1, BEACON)
    place(game, P0, PENNSYLVANIA_RR)
    dice(game, (1, 1))
    settle(game)
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == game.state.players[P1].position == BEACON


def test_r8_an_odd_move_passing_a_junction_keeps_to_its_ring() -> None:
    path, _, _ = _roll_from(SHORT_LINE - 1, (1, 2))
    assert path == (35, 36, 37)


def test_r8_an_even_move_takes_the_junction_it_passes() -> None:
    """From Lake Shore Drive twelve steps pass the East Elevator and go down to the outer ring."""
    game = addon_table()
    give(game, P0, "travel/forward_12")
    place(game, P0, LAKE_SHORE)
    settle(game)
    events = play(game, PlayTravelCards(player=P0, cards=("travel/forward_12",)))
    moved = of_kind(events, PlayerMoved)[0]
    assert moved.path == (61, 36, 37, 38, 39, 0, 1, 2, 3, 4, 5, 6)  # 61 passed: back to the outer ring


def test_r9_a_move_that_starts_on_a_junction_passes_it() -> None:
    assert _roll_from(WEST_ELEVATOR, (1, 1))[0] == (16, 17)
    assert _roll_from(SHORT_LINE, (2, 2))[0] == (62, 63, 40, 41)


def test_r10_landing_on_a_junction_does_not_change_rings() -> None:
    path, end, _ = _roll_from(VIRGINIA - 1, (1, 1))
    assert end == PENNSYLVANIA_RR and path == (14, 15)
    _, end, _ = _roll_from(LAKE_SHORE - 1, (1, 1))
    assert end == EAST_ELEVATOR


def test_r11_go_pays_on_landing_and_passing_by_dice() -> None:
    assert _roll_from(CHANCE3, (1, 1))[2] == 0  # to Luxury Tax: GO not reached
    assert _roll_from(38, (1, 1))[1:] == (GO, 200)  # lands on GO
    assert _roll_from(38, (1, 2))[1:] == (1, 200)  # passes it


def test_r11_advance_to_go_after_passing_it_pays_twice() -> None:
    game = addon_table()
    place(game, P0, 38)
    top_card(game, "community_chest", "advance_go")
    dice(game, (1, 3))  # 39, 0 (GO), 1, 2: passes GO onto Community Chest 2
    settle(game)
    events = play(game, RollDice(player=P0))
    assert [e.salary for e in of_kind(events, PassedGo)] == [200, 200]


def test_r12_pass_pays_on_landing_and_passing_and_only_once() -> None:
    _path, end, salary = _roll_from(PENNSYLVANIA_AVE, (5, 5))
    assert end == PASS and salary == 200
    assert _roll_from(PASS - 1, (1, 2))[2] == 200


def test_r13_backward_moves_never_pay() -> None:
    game = addon_table()
    give(game, P0, "travel/back_2_a")
    place(game, P0, 47)
    settle(game)
    events = play(game, PlayTravelCards(player=P0, cards=("travel/back_2_a",)))
    assert game.state.players[P0].position == 45 and not of_kind(events, PassedGo)
    path, _end, salary = _roll_from(MOVE_BACKWARDS, (2, 2), backward=True)
    assert path == (61, 34, 33, 32) and salary == 0


def test_backward_travel_card_past_go_pays_nothing() -> None:
    game = addon_table()
    give(game, P0, "travel/back_3_a")
    place(game, P0, 1)
    settle(game)
    events = play(game, PlayTravelCards(player=P0, cards=("travel/back_3_a",)))
    assert game.state.players[P0].position == 38 and not of_kind(events, PassedGo)


def test_double_trouble_corner_is_reached_round_the_inner_ring() -> None:
    path, end, _ = _roll_from(INNER_CHANCE + 5, (1, 2))
    assert path == (62, 63, 40) and end == DOUBLE_TROUBLE


def test_go_to_jail_from_the_outer_ring_pays_nothing() -> None:
    game = addon_table()
    place(game, P0, GO_TO_JAIL - 2)
    dice(game, (1, 1))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].in_jail and not of_kind(events, PassedGo)
