"""How a game ends: one solvent player left, the Short Game's first bankruptcy, or the Time Limit.

Net worth is cash (and undrawn bank credit) plus each deed at its printed price (half if mortgaged) plus
buildings at cost, a hotel counting with the houses it replaced: the rule books' valuation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.events import GameOver

if TYPE_CHECKING:
    from engine.game import Game


def building_cost(game: Game, space: int) -> int:
    """What the buildings on a lot cost to put up."""
    deed = game.state.deeds[space]
    hc = game.board.house_cost[space]
    if deed.hotel:
        return hc * (game.variant.houses_before_hotel + 1)
    return hc * deed.houses


def net_worth(game: Game, player: int) -> int:
    st = game.state
    ps = st.players[player]
    if ps.bankrupt:
        return 0
    total = ps.cash + ps.credit
    price = game.board.price
    for space, deed in st.deeds.items():
        if deed.owner == player:
            total += price[space] // 2 if deed.mortgaged else price[space]
            if deed.houses or deed.hotel:
                total += building_cost(game, space)
    return total


def standings(game: Game) -> tuple[tuple[int, int], ...]:
    """(player, net worth), richest first; ties go to the earlier seat. The bankrupt come last."""
    st = game.state
    rows = [(p, net_worth(game, p)) for p in range(len(st.players))]
    rows.sort(key=lambda r: (st.players[r[0]].bankrupt, -r[1], r[0]))
    return tuple(rows)


def finish(game: Game, reason: Literal["last_player", "short_game", "time_limit"]) -> None:
    st = game.state
    table = standings(game)
    winner = table[0][0]
    st.winner = winner
    st.pending = None
    st.queue.clear()
    st.suspended.clear()
    game.emit(GameOver(winner=winner, reason=reason, standings=table))


def finish_if_over_after_bankruptcy(game: Game) -> bool:
    st = game.state
    alive = sum(1 for p in st.players if not p.bankrupt)
    if alive <= 1:
        finish(game, "last_player")
        return True
    if st.rules.short_game:
        finish(game, "short_game")
        return True
    return False


def finish_if_time_is_up(game: Game) -> bool:
    limit = game.state.rules.time_limit_rounds
    if limit is not None and game.state.round >= limit:
        finish(game, "time_limit")
        return True
    return False
