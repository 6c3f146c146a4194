"""The Finance board (edition `finance-1936`) for readable tests: its spaces by name and a table builder.

Tokens are set apart on quiet lots by default, so that no test is caught out by the forced move (every
token starts on CASH HERE, where a card may send another).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game, RuleOptions, new_game

from scenario import build, own

EDITION = "finance-1936"

(CASH_HERE, GOAT_ALLEY, OVERDRAWN, LONELY_LANE, RUBEVILLE, SOUTH_RR, WAYBACK, CHANCE_A, RICKETY_ROW) = range(
    9
)
(BOOMTOWN, ROWBOAT, COTTAGE, REBATE, MARKET, SYLVAN, WEST_RR, EASY_STREET, CHANCE_B, VENETIAN) = range(9, 19)
(WHARF, CARNIVAL, FAIRHOPE, BALL_GAME, JOHNSON, MAIN_LINE, NORTH_RR, CHEVY_CHASE, SWEEPSTAKES) = range(19, 28)
(GROSSE_POINT, MADISON, MISSED_TRAIN, COMMONWEALTH, GAYETY, RITTENHOUSE, LEGACY, EAST_RR) = range(28, 36)
(CHANCE_C, FIFTH_AVENUE, WALL_STREET, UNION_SQUARE) = range(36, 40)

RAILROADS = (SOUTH_RR, WEST_RR, NORTH_RR, EAST_RR)
CHANCES = (CHANCE_A, CHANCE_B, CHANCE_C)

P0, P1, P2, P3 = 0, 1, 2, 3
FOUR = ("P0", "P1", "P2", "P3")
START = 1925

QUIET = (WAYBACK, BOOMTOWN, JOHNSON, FIFTH_AVENUE, RUBEVILLE)
"""Where tokens wait out of the way unless a test puts them elsewhere: lots nobody owns in these tests."""


def finance(
    players: Sequence[str] = FOUR, rules: RuleOptions | None = None, apart: bool = True, seed: int = 7
) -> Game:
    """A Finance table; with `apart`, the tokens of P1.. wait on quiet lots, P0's on CASH HERE."""
    game = new_game(EDITION, list(players), seed=seed, rules=rules)
    if apart:
        for p in range(1, len(players)):
            game.state.players[p].position = QUIET[p - 1]
    return game


def lot(game: Game, player: int | None, space: int, houses: int = 1) -> None:
    """Give a lot to a player with this many houses (from the bank's stock); None returns it to the bank."""
    own(game, player, space)
    build(game, space, houses=houses if player is not None else 0)


def rounded(game: Game, *players: int) -> None:
    """These players have been round the board once (they may build)."""
    for p in players:
        game.state.players[p].circuits = 1
