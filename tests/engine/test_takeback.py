"""Taking back a move, never the dice: a take-back undoes only a player's own decisions since the last
throw or card, and the throws and cards that follow are exactly those that would have followed.

The property test plays random games, takes back a random number of moves at a random moment, then plays
on with other decisions: the dice thrown and the cards drawn afterwards are those the game without the
take-back throws and draws."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import BuyProperty, EndTurn, Game, PassAuction, PlaceBid, RollDice, new_game
from engine.core.events import Event
from engine.play.takeback import luck, take_back

EDITIONS = ("classic", "modern", "finance-1936", "landlords-1904", "darrow-1935", "addon")
OFFERS = {"propose_trade", "propose_loan"}


def random_step(game: Game, rnd: random.Random) -> list[Event] | None:
    """One random legal command of whoever the game waits on (offers left out); None once it is over."""
    pend = game.state.pending
    if pend is None or game.state.winner is not None:
        return None
    legal = [c for c in game.legal_commands(pend.player) if c.kind not in OFFERS]
    if not legal:
        return None
    return game.apply(rnd.choice(legal))


def play(game: Game, rnd: random.Random, steps: int) -> list[Event]:
    events: list[Event] = []
    for _ in range(steps):
        step = random_step(game, rnd)
        if step is None:
            break
        events += step
    return events


def throws(game: Game, rnd: random.Random, steps: int) -> tuple[list[tuple[int, int]], list[Event]]:
    """Play on: every throw of the dice the game makes (two dice, or the third of a triple play) and the
    events."""
    thrown: list[tuple[int, int]] = []
    real = Game.roll

    def roll(self: Game) -> tuple[int, int]:
        dice = real(self)
        if self is game:
            thrown.append(dice)
        return dice

    with patch.object(Game, "roll", roll):
        events = play(game, rnd, steps)
    return thrown, events


def draws(events: list[Event]) -> dict[str, list[str]]:
    drawn: dict[str, list[str]] = defaultdict(list)
    for e in events:
        if e.kind == "card_drawn":
            drawn[e.deck].append(e.card)
    return drawn


def same_start(a: Sequence[object], b: Sequence[object], n: int | None = None) -> bool:
    k = min(len(a), len(b)) if n is None else min(len(a), len(b), n)
    return a[:k] == b[:k]


@settings(max_examples=100, deadline=None)
@given(
    edition=st.sampled_from(EDITIONS),
    seed=st.integers(0, 2**31),
    choices=st.integers(0, 2**31),
    steps=st.integers(0, 150),
    takebacks=st.integers(1, 4),
)
def test_take_backs_leave_the_throws_and_cards_to_come_unchanged(
    edition: str, seed: int, choices: int, steps: int, takebacks: int
) -> None:
    game = new_game(edition, ["Vera", "Ada", "Grace"], seed=seed)
    rnd = random.Random(choices)
    play(game, rnd, steps)
    for _ in range(300):  # on to a moment where Vera has a decision to take back
        if take_back(game, 0) is not None or random_step(game, rnd) is None:
            break
    original = Game.replay(game.initial, game.log)
    assert take_back(game, 0) is not None or game.state.winner is not None
    later = game
    undone = 0
    for _ in range(takebacks):
        taken = take_back(later, 0)
        if taken is None:
            break
        undone += taken.commands
        later = taken.game
        assert later.log == game.log[: len(game.log) - undone]  # only the last commands are undone
        assert luck(later.state) == luck(original.state)  # the dice to come and the decks as they were
        assert all(c.kind != "roll_dice" for c in game.log[len(later.log) :])
    # play on both ways, with other decisions after the take-back
    thrown, went_on = throws(original, random.Random(choices + 1), 120)
    thrown_instead, instead = throws(later, random.Random(choices + 2), 120)
    assert same_start(thrown, thrown_instead)
    decks = {name: len(cards) for name, cards in later.state.decks.items()}
    before, after = draws(went_on), draws(instead)
    for deck, cards in decks.items():  # a card returned to the bottom comes up again only after these
        assert same_start(before[deck], after[deck], cards), deck


def _classic() -> Game:
    return new_game("classic", ["Vera", "Ada"], seed=1, dice=[(1, 2), (3, 4), (2, 2)])


def test_nothing_to_take_back_after_a_throw() -> None:
    game = _classic()
    assert take_back(game, 0) is None
    game.apply(RollDice(player=0))
    assert take_back(game, 0) is None  # the throw itself is never taken back


def test_a_purchase_and_the_end_of_a_turn_are_taken_back_one_at_a_time() -> None:
    game = _classic()
    game.apply(RollDice(player=0))  # 1 + 2: Baltic Avenue
    cash = game.state.players[0].cash
    game.apply(BuyProperty(player=0))
    game.apply(EndTurn(player=0))
    first = take_back(game, 0)
    assert first is not None and first.commands == 1
    assert first.game.state.pending is not None and first.game.state.pending.kind == "end_turn"
    second = take_back(first.game, 0)
    assert second is not None and second.game.state.pending is not None
    assert second.game.state.pending.kind == "buy"
    assert second.game.state.players[0].cash == cash and second.game.state.deeds[3].owner is None
    assert take_back(second.game, 0) is None  # the throw before it stays
    assert second.game.log == game.log[:1]


def test_a_bid_stands_once_raised_and_is_taken_back_until_then() -> None:
    game = _classic()
    game.apply(RollDice(player=0))
    game.apply(next(c for c in game.legal_commands(0) if c.kind == "decline_property"))  # to auction
    game.apply(PlaceBid(player=1, amount=10))  # Ada bids first
    assert take_back(game, 0) is None  # Vera's decline was answered by Ada's bid
    game.apply(PlaceBid(player=0, amount=20))
    taken = take_back(game, 0)
    assert taken is not None and taken.game.log == game.log[:-1]  # not yet outbid: it may go
    assert taken.game.state.pending is not None and taken.game.state.pending.player == 0
    game.apply(PlaceBid(player=1, amount=30))
    assert take_back(game, 0) is None  # outbid: Vera's bid stands
    game.apply(PassAuction(player=0))  # the auction is Ada's: Vera's pass may go, her bid stays
    passed = take_back(game, 0)
    assert passed is not None and passed.game.log == game.log[:-1]
    assert take_back(passed.game, 0) is None
