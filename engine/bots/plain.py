"""The plain reckoning of a deal, as anyone at the table can do it: printed prices, and what completing a
group is worth by the rent tables. The newcomer judges by it, and the other levels open their offers
with it: it is the price a plain partner expects.
"""

from __future__ import annotations

from engine.bots.cards import card_worth
from engine.bots.position import Position
from engine.bots.valuation import full_monopoly_value
from engine.play.odds import ROLLS_PER_TURN

FAIR_ROUNDS = 10.0
"""Rounds of rent that make a group's fair worth: the plain reckoning of what completing it is worth."""


def face_value(
    pos: Position, deeds: tuple[int, ...], cash: int = 0, jail_cards: int = 0, cards: tuple[str, ...] = ()
) -> float:
    """Return a bundle's printed value: cash, deeds at their price (half if mortgaged), a jail card at the
    jail fine, other cards in hand at what they should bring over the rounds of a fair reckoning."""
    board = pos.board
    total = sum(board.price[s] // (2 if pos.mortgaged[s] else 1) for s in deeds)
    jail = board.edition.jail
    held = sum(card_worth(pos, ref, FAIR_ROUNDS) for ref in cards)
    return cash + total + (jail.fine * jail_cards if jail is not None else 0) + held


def fair_worth(pos: Position, groups: list[str]) -> float:
    """Return what completing these groups is worth to whoever gets them, by the rent tables alone."""
    k = FAIR_ROUNDS * ROLLS_PER_TURN * max(1, len(pos.players) - 1)
    return sum(full_monopoly_value(pos, g, k) for g in groups)


def plain_price(
    pos: Position, give: tuple[int, ...], take: tuple[int, ...], gets: list[str], yields: list[str]
) -> int:
    """Return the cash to add to `give` for `take` at a plain fair price: even by printed prices, plus half
    the worth of the groups the taker completes (`gets`) less half of those the other side does (`yields`); a
    group for a group is even by printed prices alone."""
    price = face_value(pos, take) - face_value(pos, give)
    if not yields:
        price += 0.5 * fair_worth(pos, gets)
    return int(price)
