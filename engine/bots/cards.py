"""What a card in hand is worth to a bot, in dollars: a travel card for the move it may save, a triple play
card for the prizes it should win over the horizon, a card kept in hand for the pool or the prize it may
claim. The same figures value the cards in a trade.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import product
from typing import cast

from engine.bots.position import Position
from engine.core.board import Board, board_for
from engine.play.odds import ROLLS_PER_TURN

TRAVEL_WORTH = 40.0
"""A travel card: a move of one's own choosing, once, at the right moment."""
FACE_DOWN = "?"


@cache
def expected_prize(numbers: tuple[int, ...], figures: tuple[int, ...]) -> float:
    """Return a triple play card's average prize on a throw of three dice by another player."""
    total = 0
    for dice in product(range(1, 7), repeat=3):
        total += figures[sum((Counter(numbers) & Counter(dice)).values())]
    return total / 216


def _triple_play(board: Board) -> tuple[int, tuple[int, ...]] | None:
    """Return (the triple play space, its prizes), if the board has one; every card valued asks it."""
    return _triple_play_of(board.edition.id)


@cache
def _triple_play_of(edition: str) -> tuple[int, tuple[int, ...]] | None:
    spaces = enumerate(board_for(edition).spaces)
    return next(((s, tuple(sp.figures)) for s, sp in spaces if sp.kind == "triple_play" and sp.figures), None)


def prize_of(pos: Position, ref: str) -> float:
    """Return a held triple play card's average prize on one throw (0 for any other card)."""
    found = _triple_play(pos.board)
    deck, _, card_id = ref.partition("/")
    card = pos.board.cards.get(deck, {}).get(card_id)
    if found is None or card is None or card.effect.kind != "triple_play_numbers":
        return 0.0
    return expected_prize(tuple(getattr(card.effect, "numbers", ())), found[1])


def throws_per_round(pos: Position, space: int) -> float:
    """Return how often, per round of the table, some player stops on `space`."""
    return pos.tables.odds.land[space] * ROLLS_PER_TURN * len(pos.players)


def card_worth(pos: Position, ref: str, horizon: float) -> float:
    """Return a held card's value to its holder over `horizon` rounds."""
    deck, _, card_id = ref.partition("/")
    if card_id == FACE_DOWN:
        return TRAVEL_WORTH
    card = pos.board.cards.get(deck, {}).get(card_id)
    if card is None:
        return 0.0
    kind = card.effect.kind
    if kind == "travel":
        return TRAVEL_WORTH
    if kind == "triple_play_numbers":
        found = _triple_play(pos.board)
        if found is None:
            return 0.0
        return horizon * throws_per_round(pos, found[0]) * prize_of(pos, ref)
    if kind == "keep":
        return _kept_worth(pos, getattr(card.effect, "use", ""), horizon)
    return 0.0


def _kept_worth(pos: Position, use: str, horizon: float) -> float:
    board = pos.board
    if use == "full_refund":
        refund = next((s for s, sp in enumerate(board.spaces) if sp.kind == "tax_refund"), None)
        if refund is None:
            return 0.0
        mine = pos.tables.odds.land[refund] * ROLLS_PER_TURN * horizon
        return min(1.0, mine) * 0.5 * max(pos.view.pot, 200)
    if use == "half_winnings":
        found = _triple_play(board)
        if found is None:
            return 0.0
        space, figures = found
        cards = sum(1 for p in pos.view.players for r in p.hand if r.startswith("triple_play/"))
        prize = expected_prize((1, 2, 3), figures) * max(cards, len(pos.players))
        return min(1.0, horizon * throws_per_round(pos, space)) * prize / 2
    return 0.0


def hand_worth(pos: Position, hand: Iterable[str], horizon: float) -> float:
    """Return a hand's value to its holder; each card's figure is worked out once a decision (a trade's every
    price tried values both hands again, and late in a game a hand holds a score of cards)."""
    memo = pos.memo
    total = 0.0
    for ref in hand:
        key = ("card", ref, horizon)
        worth = cast("float | None", memo.get(key))
        if worth is None:
            worth = memo[key] = card_worth(pos, ref, horizon)
        total += worth
    return total


def after_trade(hand: list[str], gives: Iterable[str], gets: Iterable[str]) -> list[str]:
    """Return a hand after a trade has taken `gives` from it and added `gets` (a face-down card given is one
    of that deck's, whichever)."""
    left = list(hand)
    for ref in gives:
        if ref in left:
            left.remove(ref)
            continue
        deck = ref.partition("/")[0]
        same = next((r for r in left if r.partition("/")[0] == deck), None)
        if same is not None:
            left.remove(same)
    return left + list(gets)
