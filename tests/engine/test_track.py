"""The track: rings of spaces joined by links, walked by every move, with spaces that pay when passed.

Most of it is played on the test edition `two-rings` (tests/editions): an outer ring of 32 spaces with GO,
an inner ring of 16 with Payday ($100), and one gate between them (Outer Gate 12 <-> Inner Gate 38) where
the mover chooses the way on.
"""

from __future__ import annotations

import pytest

from engine import ChooseRoute, EndTurn, Game, IllegalCommand, RollDice, board_for, new_game
from engine.bots import make_bot
from engine.core.edition import TrackData
from engine.core.events import PassedGo
from engine.core.state import RouteChoice
from engine.core.track import track_for

from invariants import check_ledger, check_state
from scenario import cash, dice, kinds, of_kind, place, play, replays, settle

OUTER_GATE, INNER_GATE, PAYDAY, LOOKOUT, QUIET = 12, 38, 32, 40, 36
POWER, DAHLIA, ELM = 11, 13, 14


def rings(*names: str, seed: int = 3) -> Game:
    return new_game("two-rings", list(names or ("Ada", "Grace")), seed=seed)


def test_the_classic_board_is_one_ring_walked_in_order() -> None:
    track = board_for("classic").track
    assert track.rings == (tuple(range(40)),)
    for start in range(40):
        for steps in range(1, 13):
            walk = track.walk(start, steps)
            assert walk.end == (start + steps) % 40
            assert walk.path == tuple((start + k) % 40 for k in range(1, steps + 1))
            assert track.walk(start, steps, direction=-1).end == (start - steps) % 40
    assert track.along(39, 0) == (0,) and track.along(5, 5) == tuple((5 + k) % 40 for k in range(1, 41))


def test_two_rings_are_two_loops_joined_at_the_gate() -> None:
    track = board_for("two-rings").track
    assert len(track.rings) == 2 and track.rings[1] == tuple(range(32, 48))
    assert track.forward[31] == 0 and track.forward[47] == 32 and track.backward[32] == 47
    assert [(link.at, link.to, link.when) for link in track.links[OUTER_GATE]] == [(12, 38, "choice")]
    assert track.along(10, 38) is None  # another ring: a card places the token there directly


def test_a_walk_stops_at_a_fork_and_goes_on_either_way() -> None:
    track = board_for("two-rings").track
    walk = track.walk(10, 5)
    assert walk.stopped and walk.end == OUTER_GATE and walk.path == (11, 12)
    assert walk.options == (OUTER_GATE, INNER_GATE) and walk.steps_left == 3
    stay = track.walk(OUTER_GATE, 3, decided=True)
    assert stay.path == (13, 14, 15) and not stay.stopped
    cross = track.walk(INNER_GATE, 3, decided=True)
    assert cross.path == (39, 40, 41)
    # landing on the gate is not passing it; a move that starts on it passes it at once
    assert not track.walk(10, 2).stopped
    assert track.walk(OUTER_GATE, 4).options == (OUTER_GATE, INNER_GATE)
    # a stand-in for the mover takes the choice without stopping
    assert track.walk(10, 5, choose=lambda at, ways: ways[1]).end == 41


def test_conditions_decide_by_the_parity_of_the_move() -> None:
    """The add-on's elevators change rings on even moves only (a link condition, not code)."""
    from engine.core.edition import load_edition

    data = load_edition("two-rings").model_copy(
        update={
            "track": TrackData.model_validate(
                {
                    "rings": [list(range(32)), list(range(32, 48))],
                    "links": [{"at": 12, "to": 38, "when": "even_steps"}],
                }
            )
        }
    )
    track = track_for(data)
    assert track.walk(10, 4).end == 40  # even: 11, 12 -> 38, 39, 40
    assert track.walk(10, 5).end == 15  # odd: stays outside


def test_a_person_chooses_the_way_and_the_move_goes_on() -> None:
    game = rings()
    place(game, 0, 10)
    dice(game, (2, 3))
    settle(game)
    events = play(game, RollDice(player=0))
    pend = game.state.pending
    assert isinstance(pend, RouteChoice)
    assert (pend.player, pend.at, pend.options, pend.steps) == (0, OUTER_GATE, (OUTER_GATE, INNER_GATE), 3)
    assert kinds(events)[-1] == "player_moved" and game.state.players[0].position == OUTER_GATE
    assert list(game.legal_commands(0)) == [
        ChooseRoute(player=0, space=OUTER_GATE),
        ChooseRoute(player=0, space=INNER_GATE),
    ]
    with pytest.raises(IllegalCommand) as refused:
        game.apply(ChooseRoute(player=0, space=13))
    assert refused.value.code == "no_such_route"
    with pytest.raises(IllegalCommand):
        game.apply(EndTurn(player=0))  # the move is not over
    events = play(game, ChooseRoute(player=0, space=INNER_GATE))
    assert kinds(events)[:2] == ["route_chosen", "player_moved"]
    assert game.state.players[0].position == 41  # Thyme Place: 39, 40, 41
    assert game.state.pending is not None and game.state.pending.kind == "buy"
    assert replays(game)


def test_passing_a_pay_space_on_the_inner_ring_pays_it() -> None:
    game = rings()
    place(game, 0, 46)
    cash(game, 0, 1000)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=0))
    paid = of_kind(events, PassedGo)
    assert [(e.space, e.salary, e.landed) for e in paid] == [(PAYDAY, 100, False)]
    assert game.state.players[0].cash == 1100 and game.state.players[0].position == 33


def test_landing_on_the_pay_space_and_going_back_over_it() -> None:
    game = rings()
    place(game, 0, 46)
    dice(game, (1, 1))
    settle(game)
    events = play(game, RollDice(player=0))
    assert [(e.space, e.landed) for e in of_kind(events, PassedGo)] == [(PAYDAY, True)]
    from engine.rules.movement import move_by

    place(game, 0, 33)
    before = game.state.players[0].cash
    game.emit = lambda e: None  # a backward card move, made directly: passing Payday pays nothing
    move_by(game, 0, -3, "card", 2)
    assert game.state.players[0].cash == before and game.state.players[0].position == 46


def test_go_still_pays_on_the_outer_ring_and_advance_to_go_crosses_nothing_else() -> None:
    game = rings()
    place(game, 0, 29)
    dice(game, (2, 2))
    settle(game)
    events = play(game, RollDice(player=0))
    assert [(e.space, e.salary) for e in of_kind(events, PassedGo)] == [(0, 200)]


def test_nearest_goes_through_a_link_when_the_ring_has_none() -> None:
    board = board_for("two-rings")
    assert board.nearest(6, "railroads") == 23  # along the outer ring
    assert board.nearest(34, "railroads") == 46  # the inner ring's own
    assert board.nearest(34, "utilities") == POWER  # none inside: out through the gate


def test_a_bot_makes_the_route_choice_and_the_view_tells_it_what_it_needs() -> None:
    for level in ("easy", "normal", "hard", "random"):
        game = rings()
        place(game, 0, 10)
        dice(game, (2, 3))
        settle(game)
        play(game, RollDice(player=0))
        view = game.view(0)
        assert isinstance(view.pending, RouteChoice) and view.pending.steps == 3
        bot = make_bot(level, 1, 0)
        cmd = bot.choose(view, game.legal_commands(0))
        assert isinstance(cmd, ChooseRoute) and cmd.space in (OUTER_GATE, INNER_GATE)
        game.apply(cmd)
        assert game.state.pending is None or game.state.pending.kind != "route"


def test_a_buying_bot_goes_where_a_deed_is_for_sale_and_away_from_rent() -> None:
    game = rings()
    place(game, 0, 10)
    for space in (13, 14, 15):  # the outer way ends on Elm Street (14)... owned by Grace, built
        game.state.deeds[space].owner = 1
    game.state.deeds[14].level = 3
    game.state.bank.houses -= 3
    dice(game, (1, 3))  # 11, 12 | 13, 14 or 39, 40
    settle(game)
    play(game, RollDice(player=0))
    cmd = make_bot("normal", 1, 0).choose(game.view(0), game.legal_commands(0))
    assert cmd == ChooseRoute(player=0, space=INNER_GATE)


@pytest.mark.parametrize("seed", range(3))
def test_whole_games_on_two_rings_keep_every_invariant(seed: int) -> None:
    game = new_game("two-rings", ["A", "B", "C"], seed=seed)
    bots = [make_bot(level, seed, s) for s, level in enumerate(("hard", "normal", "easy"))]
    choices = 0
    while game.state.winner is None and game.state.turn < 300:
        pend = game.state.pending
        assert pend is not None
        choices += pend.kind == "route"
        before = game.state.copy()
        cmd = bots[pend.player].choose(game.view(pend.player), game.legal_commands(pend.player))
        events = game.apply(cmd)
        check_ledger(before, game.state, events)
        check_state(game)
    assert choices > 0
    assert Game.replay(game.initial, game.log).state == game.state
