"""A whole position drawn from what a view shows: the table as it stands, and its hidden parts afresh.

What nobody at the table can see is drawn from the analysis's own seed: the dice to come (a fresh PRNG),
the order of every deck, and the cards others hold face down (drawn from the cards nobody has seen, that
is every card of their deck not held face up). The view carries no seed and no deck order, so a position
drawn from it cannot depend on them: two games that look the same to the table give the same positions
for the same seed. The cards to draw from are put in a fixed order before they are shuffled, so that the
order they happen to lie in cannot leak through either.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import engine.core.rng as rng
from engine.core.state import GameState
from engine.play.view import GameView
from engine.rules.hands import FACE_DOWN, card_ref, split_ref

SAMPLE_STREAM = 1901
"""The PCG stream of the analysis's draws: apart from the one the dice of a game use."""


@dataclass(frozen=True, slots=True)
class Unseen:
    """One deck's cards as the viewer knows them: those nobody has seen (in a fixed order), and the
    face-down places in other hands to fill from them, as (player, index in hand)."""

    deck: str
    cards: tuple[str, ...]
    places: tuple[tuple[int, int], ...]
    in_deck: int


class Sampler:
    """Samples whole positions from one view: the table copied once, its hidden parts drawn for each seed."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.template = _template(view)
        self.unseen = _unseen(view)

    def draw(self, seed: int) -> GameState:
        """Sample a position consistent with the view: its dice, deck orders and face-down cards from
        `seed`."""
        state = self.template.copy()
        unseen = self.unseen
        orders = _orders(seed, tuple(len(deck.cards) for deck in unseen))
        for deck, order in zip(unseen, orders, strict=True):
            cards = deck.cards
            pool = [cards[i] for i in order]
            for k, (player, index) in enumerate(deck.places):
                state.players[player].hand[index] = card_ref(deck.deck, pool[k])
            state.decks[deck.deck] = pool[len(deck.places) :]
        state.seed = seed
        state.rng_state, state.rng_inc = rng.seed_state(seed)
        return state


@lru_cache(maxsize=4096)
def _orders(seed: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Return the order a seed shuffles decks of these sizes into, one after another: Fisher-Yates with the
    analysis's own PCG, which the sizes alone steer (every position asks it again for the same seeds)."""
    s, inc = rng.seed_state(seed, SAMPLE_STREAM)
    out: list[tuple[int, ...]] = []
    for size in sizes:
        order = list(range(size))
        for i in range(size - 1, 0, -1):
            s, j = rng.below(s, inc, i + 1)
            order[i], order[j] = order[j], order[i]
        out.append(tuple(order))
    return tuple(out)


def _template(view: GameView) -> GameState:
    """Return the view as a state: everything public copied, the decks empty and the PRNG unset until a
    draw."""
    return GameState(
        edition=view.edition,
        rules=view.rules,
        seed=0,
        rng_state=0,
        rng_inc=1,
        players=list(view.players),
        deeds=view.deeds,
        bank=view.bank,
        decks={name: [] for name in view.deck_sizes},
        current=view.current,
        turn=view.turn,
        round=view.round,
        doubles=view.doubles,
        last_dice=view.last_dice,
        failed_jail_roll=view.failed_jail_roll,
        pot=view.pot,
        markers=view.markers,
        pending=view.pending,
        suspended=view.suspended,
        queue=view.queue,
        next_trade_id=view.next_trade_id,
        offers=view.offers,
        winner=view.winner,
        boxes=view.boxes,
        charters=view.charters,
        loans=view.loans,
        next_loan_id=view.next_loan_id,
        journey=view.journey,
    ).copy()  # deep: nothing shared with the view


def _unseen(view: GameView) -> tuple[Unseen, ...]:
    """Return, per deck, the cards nobody at the table has seen and the face-down places they may fill."""
    board = view.board
    out: list[Unseen] = []
    for name in sorted(view.deck_sizes):
        seen: Counter[str] = Counter()
        places: list[tuple[int, int]] = []
        for p, ps in enumerate(view.players):
            seen.update(
                board.jail_card[name] for deck in ps.jail_cards if deck == name and name in board.jail_card
            )
            for index, ref in enumerate(ps.hand):
                deck, card = split_ref(ref)
                if deck != name:
                    continue
                if card == FACE_DOWN:
                    places.append((p, index))
                else:
                    seen[card] += 1
        cards: list[str] = []
        for card in sorted(board.cards[name]):
            if seen[card]:
                seen[card] -= 1
            else:
                cards.append(card)
        if len(cards) != view.deck_sizes[name] + len(places):
            raise ValueError(
                f"the {name} deck does not add up: {len(cards)} cards unseen for "
                f"{view.deck_sizes[name]} in the deck and {len(places)} face down"
            )
        out.append(Unseen(name, tuple(cards), tuple(places), view.deck_sizes[name]))
    return tuple(out)
