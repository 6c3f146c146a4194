"""How a game ends: the edition's ending rule (the last solvent player, the Short Game's first
bankruptcy, the Time Limit's rounds) and who wins.

Net worth is cash (and undrawn bank credit) plus each deed at its printed price (half if mortgaged) plus
buildings at cost, a hotel counting with the houses it replaced: the rule books' valuation. A lot sold
with a house counts its price once for the house and lot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from engine.core.events import GameOver
from engine.core.hooks import END_RULES

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

EndReason = Literal["last_player", "short_game", "time_limit", "circuits", "called"]


def building_cost(table: Tabletop, space: int) -> int:
    """Return what the buildings on a lot cost to put up (a hotel with the houses it replaced)."""
    return table.board.house_cost[space] * table.deeds[space].level


def net_worth(table: Tabletop, player: int) -> int:
    ps = table.players[player]
    if ps.bankrupt:
        return 0
    total = ps.cash + ps.credit
    price = table.board.price
    cost = table.board.house_cost
    with_lot = table.board.edition.houses_with_lot
    for space, deed in table.deeds.items():
        if deed.owner == player:
            total += price[space] // 2 if deed.mortgaged else price[space]
            if deed.level > with_lot:
                total += cost[space] * (deed.level - with_lot)
    return total


def standings(table: Tabletop) -> tuple[tuple[int, int], ...]:
    """Return (player, net worth), richest first; ties go to the earlier seat. The bankrupt come last."""
    players = table.players
    rows = [(p, net_worth(table, p)) for p in range(len(players))]
    rows.sort(key=lambda r: (players[r[0]].bankrupt, -r[1], r[0]))
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class Ending:
    """An ending rule: whether a bankruptcy or the end of a round ends the game, and why."""

    at_first_bankruptcy: EndReason | None = None
    after_rounds: EndReason | None = None

    def after_bankruptcy(self, table: Tabletop) -> EndReason | None:
        if sum(1 for p in table.players if not p.bankrupt) <= 1:
            return "last_player"
        return self.at_first_bankruptcy

    def after_round(self, table: Tabletop) -> EndReason | None:
        limit = table.rules.time_limit_rounds
        if self.after_rounds is not None and limit is not None and table.round >= limit:
            return self.after_rounds
        return None

    def after_move(self, table: Tabletop) -> EndReason | None:
        """Whether the move just resolved ends the game (an ending counted in circuits)."""
        return None

    def worth(self, table: Tabletop, player: int) -> int:
        """Return what a player is worth by this ending's count."""
        return net_worth(table, player)

    def standings(self, table: Tabletop) -> tuple[tuple[int, int], ...]:
        """Return (player, worth), the winner first."""
        return standings(table)


END_RULES.add("last_solvent", Ending())
END_RULES.add("first_bankruptcy", Ending(at_first_bankruptcy="short_game"))
END_RULES.add("time_limit", Ending(after_rounds="time_limit"))


def finish(game: LiveGame, reason: EndReason) -> None:
    st = game.state
    table = game.ruleset.ending.standings(game)
    winner = table[0][0]
    st.winner = winner
    st.pending = None
    st.queue.clear()
    st.suspended.clear()
    game.emit(GameOver(winner=winner, reason=reason, standings=table, rule=_ENDED[reason]))


_ENDED: dict[EndReason, RuleId] = {
    "last_player": "end.last_player",
    "short_game": "end.short_game",
    "time_limit": "end.time_limit",
    "circuits": "end.circuits",
    "called": "end.called",
}


def finish_if_over_after_bankruptcy(game: LiveGame) -> bool:
    reason = game.ruleset.ending.after_bankruptcy(game)
    if reason is not None:
        finish(game, reason)
        return True
    return False


def finish_if_round_ends_it(game: LiveGame) -> bool:
    reason = game.ruleset.ending.after_round(game)
    if reason is not None:
        finish(game, reason)
        return True
    return False
