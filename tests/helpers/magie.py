"""Scenario helpers for The Landlord's Game, 1904 (edition `landlords-1904`): the board's spaces by name,
and a table set up by hand with the lot tickets already dealt with."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game, Loan, RuleOptions, new_game
from engine.core.state import awaiting_roll

from scenario import settle

EDITION = "landlords-1904"

MOTHER_EARTH, BREAD, NO_TRESPASSING, COAL, LIGHT, SHELTER, PARK = 0, 2, 4, 10, 13, 17, 20
WATER, BLUEBLOOD, CLOTHING, LEGACY = 27, 30, 32, 37
RAILROADS = (5, 15, 25, 35)
LUXURIES = (8, 22, 39)
LOT_SPACES = (1, 3, 6, 7, 9, 11, 12, 14, 16, 18, 19, 21, 23, 24, 26, 28, 29, 31, 33, 34, 36, 38)
LOT = dict(enumerate(LOT_SPACES, start=1))
"""Lot number -> its space: LOT[13] is space 23."""

P0, P1, P2, P3 = 0, 1, 2, 3


def magie(players: int = 4, rules: RuleOptions | None = None, seed: int = 11, tickets: bool = False) -> Game:
    """A 1904 table of `players` with $500 each; unless `tickets`, the lot tickets are put back unused
    and the first player is about to throw."""
    game = new_game(EDITION, [f"P{i}" for i in range(players)], seed=seed, rules=rules)
    if not tickets:
        for ps in game.state.players:
            ps.tickets = []
        game.state.pending = awaiting_roll(0)
        settle(game)
    return game


def notes(game: Game, player: int, count: int, security: Sequence[int]) -> Loan:
    """Put a bank loan of `count` notes on the table, secured by `security` (owned by `player`)."""
    st = game.state
    for s in security:
        st.deeds[s].owner = player
    loan = Loan(
        id=st.next_loan_id,
        borrower=player,
        lender=None,
        principal=100 * count,
        interest=5 * count,
        security=tuple(security),
    )
    st.next_loan_id += 1
    st.loans.append(loan)
    return loan


def boxes(game: Game) -> dict[str, int]:
    return dict(game.state.boxes)


def cash_of(game: Game) -> list[int]:
    return [p.cash for p in game.state.players]


def ready(game: Game, *pairs: tuple[int, int]) -> Game:
    """Script the dice to come and make the table as arranged the game's start (so that it replays)."""
    game.state.scripted_dice.extend(pairs)
    return settle(game)


def at(game: Game, player: int, space: int) -> None:
    game.state.players[player].position = space
