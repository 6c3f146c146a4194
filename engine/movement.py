"""Moving tokens: by the dice, by a card, backwards; the salary for landing on or passing GO."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.events import PassedGo, PlayerMoved, interned
from engine.landing import SPACE_ACTIONS, land

if TYPE_CHECKING:
    from engine.game import Game

Via = Literal["dice", "card"]

_player_moved = interned(PlayerMoved, "player", "from_space", "to_space", "via")
_passed_go = interned(PassedGo, "player", "salary", "landed")


def move_by(game: Game, player: int, steps: int, via: Via, dice_total: int) -> None:
    """Move `steps` (negative: backwards, never paying the salary), then resolve the space reached."""
    ps = game.state.players[player]
    start = ps.position
    target, past_go = game.board.walk(start, steps)
    ps.position = target
    game.emit(_player_moved(player, start, target, via))
    if past_go:
        _salary(game, player, target)
    SPACE_ACTIONS[game.board.kinds[target]](game, player, target, dice_total, 1, None)


def advance_to(
    game: Game,
    player: int,
    target: int,
    dice_total: int,
    rent_multiplier: int = 1,
    dice_multiplier: int | None = None,
) -> None:
    """Advance forward to `target` (a card): passing GO on the way pays the salary."""
    ps = game.state.players[player]
    start = ps.position
    steps = (target - start) % game.board.size or game.board.size
    ps.position = target
    game.emit(_player_moved(player, start, target, "card"))
    if game.board.walk(start, steps)[1]:
        _salary(game, player, target)
    land(game, player, target, dice_total, rent_multiplier, dice_multiplier)


def _salary(game: Game, player: int, target: int) -> None:
    """The salary for landing on or passing GO (the caller saw the move cross it)."""
    go = game.board.go
    st = game.state
    salary = game.board.edition.salary
    landed = target == go
    if landed and st.rules.double_go_salary:
        salary *= 2
    ps = st.players[player]
    ps.cash += salary
    ps.circuits += 1
    game.emit(_passed_go(player, salary, landed))
