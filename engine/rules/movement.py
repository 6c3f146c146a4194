"""Moving tokens along the track: by the dice, by a card, backwards; paid for passing GO and its like.

A move walks the track space by space. Spaces that pay (GO's salary) pay a token that enters them going
forward, landing included; backward moves never pay. Where the track forks and the mover chooses, the
move stops for the choice (`RouteChoice`) and goes on (`MoveOn`) once it is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.core.commands import ChooseRoute
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import PassedGo, PlayerMoved, RouteChosen, interned
from engine.core.phrases import N_, Phrase
from engine.core.registry import command, effect
from engine.core.state import MoveOn, RideOn, RouteChoice
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.landing import land

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId

_unchecked_player_moved = unchecked(PlayerMoved)
_route_chosen = unchecked(RouteChosen)
_unchecked_move_on = unchecked(MoveOn)

Via = Literal["dice", "card"]

_player_moved = interned(PlayerMoved, "player", "from_space", "to_space", "via", "backward", "path", "rule")
_passed_go = interned(PassedGo, "player", "salary", "landed", "space", "rule")


def move_by(
    game: LiveGame,
    player: int,
    steps: int,
    via: Via,
    dice_total: int,
    land_there: bool = True,
    rule: RuleId | None = None,
) -> None:
    """Move `steps` (negative: backwards, never paid for passing), then resolve the space reached
    (unless `land_there` is False: the token only passes through, as with a travel card before the last).
    `rule` is the rule that moves the token, when neither the dice nor a card's instruction is."""
    if steps >= 0:
        _walk(game, player, steps, steps, 1, via, dice_total, False, land_there, rule)
    else:
        _walk(game, player, -steps, -steps, -1, via, dice_total, False, land_there, rule)


def _walk(
    game: LiveGame,
    player: int,
    steps: int,
    total: int,
    direction: int,
    via: Via,
    dice_total: int,
    decided: bool,
    land_there: bool = True,
    rule: RuleId | None = None,
) -> None:
    ps = game.state.players[player]
    start = ps.position
    track = game.ruleset.track  # the edition's, as its own rule options change it
    # the rule that moves the token, when the mover names none of its own: the card's or the throw's
    moving = rule if rule is not None else "cards.draw" if via == "card" else "turn.throw"
    hop = track.glide(start, steps, direction)
    if hop is not None:  # one ring, no links: the commonest move, with no walk to record
        end, path = hop
        ps.position = end
        game.emit(_player_moved(player, start, end, via, direction < 0, path, moving))
        if direction > 0:
            for space in game.board.pay_spaces:
                if space in path:
                    _salary(game, player, space, landed=space == end)
        if land_there:
            land(game, player, end, dice_total)
        return
    walk = track.walk(start, steps, direction, via, total, decided)
    ps.position = walk.end
    game.emit(_player_moved(player, start, walk.end, via, direction < 0, walk.path, moving))
    if direction > 0:
        path = walk.path
        payers = game.board.pay_spaces
        if len(payers) == 1:  # most boards: one space (GO) to look for in the path
            if payers[0] in path:
                _salary(game, player, payers[0], landed=payers[0] == walk.end and not walk.options)
        else:
            pays = game.board.pays
            for space in path:
                if pays[space]:
                    _salary(game, player, space, landed=space == walk.end and not walk.options)
    if walk.options:
        game.state.pending = RouteChoice(
            player=player, at=walk.end, options=walk.options, steps=walk.steps_left, direction=direction
        )
        game.push_front(
            [
                _unchecked_move_on(
                    player=player,
                    steps=walk.steps_left,
                    total=total,
                    direction=direction,
                    via=via,
                    dice_total=dice_total,
                    land=land_there,
                    rule=rule,
                )
            ]
        )
        return
    if land_there:
        land(game, player, walk.end, dice_total)


def advance_to(
    game: LiveGame,
    player: int,
    target: int,
    dice_total: int,
    rent_multiplier: int = 1,
    dice_multiplier: int | None = None,
    salary: bool = True,
) -> None:
    """Advance forward to `target` (a card) along the token's ring, paid for what it passes; on another
    ring, the token is placed there directly and paid only if that space pays. Without `salary` ("do not
    collect $200") nothing is paid on the way."""
    ps = game.state.players[player]
    start = ps.position
    path = game.ruleset.track.along(start, target)
    ps.position = target
    game.emit(_player_moved(player, start, target, "card", False, path or (), "cards.draw"))
    pays = game.board.pays
    passed = path if path is not None else (target,)
    for space in passed if salary else ():
        if pays[space]:
            _salary(game, player, space, landed=space == target)
    land(game, player, target, dice_total, rent_multiplier, dice_multiplier)


def jump_to(game: LiveGame, player: int, target: int, via: Literal["subway", "airplane"]) -> None:
    """Move a token straight to `target` by no path at all (the subway, the airplane): nothing is passed, so
    only a space that pays and is landed on pays; then the space is resolved. No throw moved the token, so a
    rent that multiplies the dice takes a fresh throw."""
    ps = game.state.players[player]
    start = ps.position
    ps.position = target
    ps.next_roll_backward = False  # the backward throw was for the space it leaves
    rule: RuleId = "addon.subway" if via == "subway" else "addon.airplane"
    game.emit(_unchecked_player_moved(player=player, from_space=start, to_space=target, via=via, rule=rule))
    if game.board.pays[target]:
        _salary(game, player, target, landed=True)
    land(game, player, target, 0)


def _salary(game: LiveGame, player: int, space: int, landed: bool) -> None:
    """Pay for landing on or passing a space that pays (GO's salary)."""
    st = game.state
    salary = game.board.pays[space]
    if landed and st.rules.double_go_salary:
        salary *= 2
    ps = st.players[player]
    ps.cash += salary
    ps.circuits += 1
    doubled = landed and st.rules.double_go_salary
    game.emit(_passed_go(player, salary, landed, space, "salary.double" if doubled else "salary.go"))


# --- where the track forks ------------------------------------------------------------------------


def _check_route(game: LiveGame, cmd: ChooseRoute) -> Refusal:
    refusal = awaited(game, cmd.player, "route")
    if refusal is not None:
        return refusal
    pend = game.state.pending
    assert isinstance(pend, RouteChoice)
    if cmd.space not in pend.options:
        names = " or ".join(game.board.name(s) for s in pend.options)
        return IllegalCommand(
            "no_such_route",
            Phrase(N_("From {space} the way on is {names}."), space=game.board.name(pend.at), names=names),
        )
    return None


@command(ChooseRoute, _check_route)
def _choose_route(game: LiveGame, cmd: ChooseRoute) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, RouteChoice)
    st.pending = None
    st.players[cmd.player].position = cmd.space
    riding = bool(st.queue) and isinstance(st.queue[0], RideOn)  # Magie's free ride on a double
    rule: RuleId = "railroad.pass" if riding else "addon.bridge"
    game.emit(_route_chosen(player=cmd.player, at=pend.at, to=cmd.space, rule=rule))


@effect(MoveOn)
def _move_on(game: LiveGame, eff: MoveOn) -> None:
    _walk(
        game,
        eff.player,
        eff.steps,
        eff.total,
        eff.direction,
        eff.via,
        eff.dice_total,
        True,
        eff.land,
        eff.rule,
    )
