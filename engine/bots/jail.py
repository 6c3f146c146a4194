"""In jail: leave at once (card or fine) or throw for doubles and stay put.

Early on, leaving is worth it: the throw out of jail may land on deeds still for sale. Once the lots
around the board carry houses, jail is a safe place to sit while the others pay rent.
"""

from __future__ import annotations

from engine.bots.position import Position
from engine.bots.valuation import Style, deed_value

TRADING_CHIP = 0.3
"""Share of its price a deed bought early is worth beyond it: the trades it makes possible later."""


def jail_space(pos: Position) -> int:
    """Return the jail space: asked only of a player in jail, so in an edition that has one."""
    jail = pos.board.jail
    assert jail is not None
    return jail


def exit_rent(pos: Position, me: int) -> float:
    """Return the expected rent of the throw that takes me out of jail, as the board stands."""
    return sum(p * pos.rent_now(end, me) for end, p in pos.tables.odds.from_space[jail_space(pos)])


def rivals_built(pos: Position, me: int) -> bool:
    return any(pos.levels[s] and pos.owner[s] != me for s in pos.board.streets if pos.owner[s] is not None)


def rule_of_thumb(pos: Position, me: int) -> bool:
    """Leave while deeds are still for sale and the way out is cheap; once rivals have built, only while a
    quarter of the deeds are for sale and the way out costs next to nothing."""
    rent = exit_rent(pos, me)
    if rivals_built(pos, me):
        return rent < 5.0 and pos.unowned() * 4 >= len(pos.board.deeds)
    return pos.unowned() > 0 and rent < 20.0


def worth_leaving(pos: Position, style: Style, me: int, exit_cost: float) -> bool:
    """Leave when what the free moves may buy, less the rent they risk, beats the price of leaving. Staying
    still throws for doubles, so leaving changes the turn only five times in six."""
    board = pos.board
    gain = 0.0
    for end, p in pos.tables.odds.from_space[jail_space(pos)]:
        if board.price[end] and pos.owner[end] is None:
            # what the deed adds beyond its price, and its use as something to trade with
            extra = max(0.0, deed_value(pos, style, me, end) - board.price[end])
            gain += p * (extra + TRADING_CHIP * board.price[end])
    rent = exit_rent(pos, me)
    # out of jail the next throws are on open board: expected rent per throw anywhere, for the extra turn
    risk = rent + pos.board_danger(me) * (pos.rolls_per_turn() - 1.0)
    return 5.0 / 6.0 * (gain - risk) > exit_cost
