"""A throw under Magie's 1904 rules, and the move it makes.

One throw a turn, doubles giving no other: in the poorhouse the throws are added up; in jail a double lets
the player out and he moves by it; otherwise he moves forward, or, once past the circuits that earn wages
and clear of debt, the way he chooses (`DirectionChoice`). On a double, a move that passes over a railroad
may ride free from the first railroad passed to any other (`RouteChoice` at that railroad, answered with
`ChooseRoute`; the rest of the throw counts from where he gets off). Passing Mother Earth going forward,
by the dice or on the ride, is a wage day. The move under way is recorded (`Journey`) so that a luxury
declined can take it back; once it is resolved, the ending rule may end the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import ChooseDirection
from engine.core.events import DiceRolled, DirectionChosen, JailRollFailed, LeftJail, PlayerMoved, interned
from engine.core.hooks import THROW_RULES
from engine.core.registry import command, effect
from engine.core.state import (
    CHECK_ENDING,
    CheckEnding,
    DirectionChoice,
    Journey,
    RideOn,
    RouteChoice,
    awaiting_end_turn,
    finish_roll,
)
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.endings import finish
from engine.rules.landing import land
from engine.rules.landlords_1904.loans import owes
from engine.rules.landlords_1904.poorhouse import throw_in_poorhouse
from engine.rules.landlords_1904.wages import wage_day

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

RAILROAD = "fare"
"""The kind of space between which a double gives a free ride."""

_dice_rolled = interned(DiceRolled, "player", "dice", "doubles", "purpose", "rule")
_jail_roll_failed = unchecked(JailRollFailed)
_left_jail = unchecked(LeftJail)
_direction_choice = unchecked(DirectionChoice)
_journey = unchecked(Journey)
_route_choice = unchecked(RouteChoice)
_ride_on_due = unchecked(RideOn)
_player_moved = interned(PlayerMoved, "player", "from_space", "to_space", "via", "backward", "rule")
_direction_chosen = unchecked(DirectionChosen)


def may_turn_back(table: Tabletop, player: int) -> bool:
    """Whether a player may move either way: past the circuits that earn wages, and clear of debt."""
    limit = table.ruleset.circuits
    ps = table.players[player]
    return limit is not None and ps.circuits >= limit and not owes(table, player)


@THROW_RULES.register("rail_pass_either_way")
def _throw(game: LiveGame, player: int, d1: int, d2: int) -> None:
    st = game.state
    ps = st.players[player]
    double = d1 == d2
    if ps.in_poorhouse:
        game.emit(_dice_rolled(player, (d1, d2), double, "poorhouse", "debt.poorhouse"))
        throw_in_poorhouse(game, player, d1 + d2)
        return
    if ps.in_jail:
        game.emit(_dice_rolled(player, (d1, d2), double, "jail", "jail.throw"))
        if not double:
            ps.jail_turns += 1
            game.emit(_jail_roll_failed(player=player, attempt=ps.jail_turns))
            st.pending = awaiting_end_turn(player)
            return
        ps.in_jail = False
        ps.jail_turns = 0
        game.emit(_left_jail(player=player, how="doubles"))
    else:
        game.emit(_dice_rolled(player, (d1, d2), double, "move", "turn.throw"))
    game.push_front([CHECK_ENDING, finish_roll(player, False)])
    if may_turn_back(game, player):
        st.pending = _direction_choice(player=player, steps=d1 + d2, double=double)
        return
    set_out(game, player, d1 + d2, 1, double)


def set_out(game: LiveGame, player: int, steps: int, direction: int, double: bool) -> None:
    """Move `steps` the given way, stopping at the first railroad passed to offer the free ride on a
    double; then resolve the space reached."""
    st = game.state
    start = st.players[player].position
    st.journey = _journey(player=player, start=start, direction=direction)
    path = game.board.track.walk(start, steps, direction=direction).path
    if double:
        kinds = game.board.kinds
        for k in range(len(path) - 1):
            if kinds[path[k]] == RAILROAD:
                here = path[k]
                left = steps - k - 1
                _go_along(game, player, start, path[: k + 1], direction)
                st.pending = _route_choice(
                    player=player,
                    at=here,
                    options=rides_from(game, here, direction),
                    steps=left,
                    direction=direction,
                )
                game.push_front(
                    [_ride_on_due(player=player, at=here, steps=left, direction=direction, dice_total=steps)]
                )
                return
    _go_along(game, player, start, path, direction)
    land(game, player, path[-1] if path else start, steps)


def rides_from(table: Tabletop, railroad: int, direction: int) -> tuple[int, ...]:
    """Return where a free ride from `railroad` may go: staying there first, then every other railroad in the
    order the ride would reach them."""
    track = table.board.track
    kinds = table.board.kinds
    out = [railroad]
    here = track.step(railroad, direction)
    while here != railroad:
        if kinds[here] == RAILROAD:
            out.append(here)
        here = track.step(here, direction)
    return tuple(out)


def _go_along(game: LiveGame, player: int, start: int, path: Sequence[int], direction: int) -> None:
    """Put the token at the end of `path`, paying a wage day for each paying space entered going forward."""
    end = path[-1] if path else start
    game.state.players[player].position = end
    rule: RuleId = "turn.throw" if direction > 0 else "turn.either_way"
    game.emit(_player_moved(player, start, end, "dice", direction < 0, rule))
    if direction > 0:
        pays = game.board.pays
        for space in path:
            if pays[space]:
                wage_day(game, player, space, landed=space == end)


@effect(RideOn)
def _ride_on(game: LiveGame, eff: RideOn) -> None:
    """Continue the move after the ride is taken (the token now stands on the railroad chosen) or not: a wage
    day for passing Mother Earth on the ride, then the rest of the throw from there."""
    ps = game.state.players[eff.player]
    here = ps.position
    track = game.board.track
    if here != eff.at and eff.direction > 0:
        pays = game.board.pays
        space = eff.at
        while space != here:
            space = track.step(space, eff.direction)
            if pays[space]:
                wage_day(game, eff.player, space, landed=False)
    path = track.walk(here, eff.steps, direction=eff.direction).path
    _go_along(game, eff.player, here, path, eff.direction)
    land(game, eff.player, path[-1] if path else here, eff.dice_total)


@command(ChooseDirection, lambda game, cmd: awaited(game, cmd.player, "direction"))
def _choose(game: LiveGame, cmd: ChooseDirection) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, DirectionChoice)
    st.pending = None
    backward = cmd.direction == "backward"
    game.emit(_direction_chosen(player=cmd.player, backward=backward))
    set_out(game, cmd.player, pend.steps, -1 if backward else 1, pend.double)


@effect(CheckEnding)
def _check_ending(game: LiveGame, eff: CheckEnding) -> None:
    game.state.journey = None
    reason = game.ruleset.ending.after_move(game)
    if reason is not None:
        finish(game, reason)
