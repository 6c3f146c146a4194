"""Where a bot would rather stop: the worth of ending a move on each space, and the choices built on it:
whether to play travel cards instead of throwing, and where to ride when any space may be chosen.

A stop is worth the rent it costs (a rival's deed), what a deed still for sale is worth beyond its price
(the level's own reckoning), the salary the move collects on the way, and the average of what the
special spaces hand out: a card's money, a share of the pool, a levy on the others, a prize, a card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from engine.bots.cards import TRAVEL_WORTH, expected_prize, prize_of
from engine.bots.position import Position
from engine.core.board import board_for
from engine.core.commands import Command, PlayTravelCards
from engine.core.edition import Collect, Pay
from engine.core.state import RideChoice
from engine.queries import fare, share_of, steps_of

DeedWorth = Callable[[Position, int], float]
"""(position, space) -> what a deed still for sale there is worth to the bot beyond its price."""

JAIL_COST = 50.0  # a stop in jail, early on: the fine, or the turns lost
RIDE_WORTH = 200.0  # a ride anywhere: at least a salary
MARGIN = 30.0  # how much better than a throw travel cards must do to be played


@cache
def card_money(edition: str, deck: str) -> float:
    """Return the average cash a card drawn from `deck` brings (payments negative, moves counted as
    nothing)."""
    cards = board_for(edition).edition.decks[deck].cards
    total = 0
    for card in cards:
        if isinstance(card.effect, Collect):
            total += card.effect.amount
        elif isinstance(card.effect, Pay):
            total -= card.effect.amount
    return total / len(cards)


@cache
def average_levy(figures: tuple[int, ...]) -> float:
    """Return what each other player pays on average for a throw of two dice."""
    return sum(figures[a + b - 2] for a in range(1, 7) for b in range(1, 7)) / 36


def stop_value(pos: Position, space: int, deed_worth: DeedWorth) -> float:
    """Return the worth of ending a move on `space`, in dollars, for the bot."""
    board = pos.board
    me = pos.me
    sp = board.spaces[space]
    kind = sp.kind
    if sp.is_deed:
        owner = pos.owner[space]
        if owner is None:
            affordable = pos.funds[me] >= board.price[space]
            return max(0.0, deed_worth(pos, space)) if affordable else 0.0
        return -float(pos.rent_now(space, me))
    if kind == "tax" and sp.tax is not None:
        return -float(board.edition.taxes[sp.tax].flat)
    if kind == "go_to_jail":
        return -JAIL_COST
    if kind == "card" and sp.deck is not None:
        return card_money(board.edition.id, sp.deck)
    if kind == "tax_refund":
        return pos.view.pot * share_of(pos.view, space) / 100
    if kind == "double_trouble" and sp.figures:
        return average_levy(tuple(sp.figures)) * len(pos.rivals)
    if kind == "triple_play" and sp.figures:
        # the bank pays every card on the table: my prizes (with the card I draw) less what an average
        # rival takes, for what counts is standing against the others
        mine = sum(prize_of(pos, r) for r in pos.hands[me]) + expected_prize((1, 2, 3), tuple(sp.figures))
        theirs = sum(prize_of(pos, r) for p in pos.rivals for r in pos.hands[p])
        return mine - theirs / max(1, len(pos.rivals))
    if kind == "elevator":
        return TRAVEL_WORTH
    if kind == "subway":
        return RIDE_WORTH
    return 0.0


def move_value(pos: Position, start: int, steps: int, deed_worth: DeedWorth, via: str = "dice") -> float:
    """Return the salary on the way and the worth of the stop, for a move of `steps` (negative: back)."""
    end, paid = _walk(pos, start, steps, via)
    return paid + stop_value(pos, end, deed_worth)


def _walk(pos: Position, start: int, steps: int, via: str) -> tuple[int, float]:
    track = pos.rules.track
    walk = track.walk(
        start,
        abs(steps),
        direction=1 if steps > 0 else -1,
        via="card" if via == "card" else "dice",
        choose=lambda at, options: options[0],
    )
    pays = pos.board.pays
    paid = float(sum(pays[s] for s in walk.path)) if steps > 0 else 0.0
    return walk.end, paid


def throw_value(pos: Position, deed_worth: DeedWorth) -> float:
    """Return the average worth of throwing the dice from where the bot stands (one throw, doubles aside)."""
    me = pos.me
    start = pos.view.players[me].position
    sign = -1 if pos.view.players[me].next_roll_backward else 1
    values: dict[int, float] = {}
    total = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            n = a + b
            if n not in values:
                values[n] = move_value(pos, start, sign * n, deed_worth)
            total += values[n]
    return total / 36


def travel_value(pos: Position, cards: Sequence[str], deed_worth: DeedWorth) -> float:
    """Return the worth of playing these travel cards in this order: the salaries on the way, the stop, less
    the cards spent."""
    here = pos.view.players[pos.me].position
    paid = 0.0
    for ref in cards:
        steps = steps_of(pos.view, ref)
        if not steps:
            return float("-inf")
        here, salary = _walk(pos, here, steps, "card")
        paid += salary
    return paid + stop_value(pos, here, deed_worth) - TRAVEL_WORTH * len(cards)


def travel_play(pos: Position, legal: list[Command], deed_worth: DeedWorth) -> Command | None:
    """Return the travel cards to play instead of throwing, when they do clearly better than the dice."""
    plays = [c for c in legal if isinstance(c, PlayTravelCards)]
    if not plays:
        return None
    best = max(plays, key=lambda c: travel_value(pos, c.cards, deed_worth))
    if travel_value(pos, best.cards, deed_worth) > throw_value(pos, deed_worth) + MARGIN:
        return best
    return None


def ride_to(pos: Position, pend: RideChoice, deed_worth: DeedWorth) -> int:
    """Return the space to ride to: the best stop of the board, salary included and any fare paid; staying
    when none beats it."""
    board = pos.board
    best, best_value = pend.at, float(fare(pos.view, pend.means))
    for space in range(board.size):
        if space == pend.at or board.kinds[space] in ("subway",):
            continue
        value = stop_value(pos, space, deed_worth) + board.pays[space]
        if value > best_value:
            best, best_value = space, value
    return best
