"""Scenario builders for rule tests: set a table up by hand, script the dice, then play commands.

Setting up writes the state directly (it is a test fixture, not play); afterwards `Game.initial` is
reset so that replaying the log from it reproduces the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from engine import Game, GameState, RuleOptions, new_game
from engine.core.commands import Command, ProposeDeal
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.core.state import Bundle, DealPart, Pending, awaiting_roll

E = TypeVar("E")

# Spaces by name, for readable tests.
GO, MEDITERRANEAN, CHEST1, BALTIC, INCOME_TAX, READING, ORIENTAL, CHANCE1, VERMONT, CONNECTICUT = range(10)
JAIL, ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENNSYLVANIA_RR, ST_JAMES, CHEST2, TENNESSEE, NEW_YORK = range(
    10, 20
)
FREE_PARKING, KENTUCKY, CHANCE2, INDIANA, ILLINOIS, BO_RR, ATLANTIC, VENTNOR, WATER_WORKS, MARVIN = range(
    20, 30
)
(
    GO_TO_JAIL,
    PACIFIC,
    NORTH_CAROLINA,
    CHEST3,
    PENNSYLVANIA_AVE,
    SHORT_LINE,
    CHANCE3,
    PARK_PLACE,
    LUXURY_TAX,
    BOARDWALK,
) = range(30, 40)

BROWN = (MEDITERRANEAN, BALTIC)
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)
PINK = (ST_CHARLES, STATES, VIRGINIA)
ORANGE = (ST_JAMES, TENNESSEE, NEW_YORK)
RED = (KENTUCKY, INDIANA, ILLINOIS)
YELLOW = (ATLANTIC, VENTNOR, MARVIN)
GREEN = (PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE)
DARK_BLUE = (PARK_PLACE, BOARDWALK)
RAILROADS = (READING, PENNSYLVANIA_RR, BO_RR, SHORT_LINE)
UTILITIES = (ELECTRIC, WATER_WORKS)

ADA, GRACE, LINUS, KEN = 0, 1, 2, 3


def table(
    players: Sequence[str] = ("Ada", "Grace", "Linus"),
    edition: str = "classic",
    rules: RuleOptions | None = None,
    seed: int = 7,
) -> Game:
    return new_game(edition, list(players), seed=seed, rules=rules)


def settle(game: Game) -> Game:
    """End of setup: what has been arranged becomes the game's starting point."""
    game.initial = game.state.copy()
    game.log.clear()
    return game


def dice(game: Game, *pairs: tuple[int, int]) -> None:
    game.state.scripted_dice.extend(pairs)


def own(game: Game, player: int | None, *spaces: int, mortgaged: bool = False) -> None:
    for s in spaces:
        deed = game.state.deeds[s]
        deed.owner = player
        deed.mortgaged = mortgaged


def build(game: Game, space: int, houses: int = 0, hotel: bool = False) -> None:
    """Put buildings on a lot, taking them from the bank's stock."""
    deed = game.state.deeds[space]
    bank = game.state.bank
    rules = game.ruleset
    bank.houses += rules.houses(deed.level)
    bank.hotels += rules.hotels_at(deed.level)
    deed.level = rules.max_level if hotel else houses
    bank.houses -= rules.houses(deed.level)
    bank.hotels -= rules.hotels_at(deed.level)


def houses(game: Game, space: int) -> int:
    """Houses standing on a lot (none under a hotel)."""
    return game.ruleset.houses(game.state.deeds[space].level)


def hotel(game: Game, space: int) -> bool:
    return game.ruleset.is_hotel(game.state.deeds[space].level)


def cash(game: Game, player: int, amount: int) -> None:
    game.state.players[player].cash = amount


def place(game: Game, player: int, space: int) -> None:
    game.state.players[player].position = space


def jail(game: Game, player: int, turns: int = 0) -> None:
    p = game.state.players[player]
    assert game.board.jail is not None, "this edition has no jail"
    p.position = game.board.jail
    p.in_jail = True
    p.jail_turns = turns


def turn_of(game: Game, player: int) -> None:
    """Make it `player`'s turn, about to roll."""
    game.state.current = player
    game.state.pending = awaiting_roll(player)


def top_card(game: Game, deck: str, *card_ids: str) -> None:
    """Put these cards on top of a deck, in this order."""
    order = game.state.decks[deck]
    for cid in card_ids:
        order.remove(cid)
    order[0:0] = list(card_ids)


def play(game: Game, *commands: Command) -> list[Event]:
    events: list[Event] = []
    for cmd in commands:
        events.extend(game.apply(cmd))
    return events


def pending(game: Game) -> Pending:
    """What the game waits for now; the test fails here if it waits for nothing (the game is over)."""
    waiting = game.state.pending
    assert waiting is not None, "the game waits for nothing"
    return waiting


def refusal(game: Game, cmd: Command) -> IllegalCommand:
    """Why the game would refuse `cmd` now; the test fails here if it would take it."""
    refused = game.check(cmd)
    assert refused is not None, f"{cmd!r} would be taken"
    return refused


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one kind, typed as that kind: `of_kind(events, RentPaid)[0].amount`."""
    return [e for e in events if isinstance(e, kind)]


def replays(game: Game) -> bool:
    """Replaying the log from the arranged start gives the same state."""
    return Game.replay(game.initial, game.log).state == game.state


def snapshot(game: Game) -> GameState:
    return game.state.copy()


def part(
    giver: int, receiver: int, *deeds: int, cash: int = 0, jail_cards: int = 0, houses: tuple[int, ...] = ()
) -> DealPart:
    """One part of a deal: `giver` hands `receiver` these deeds, cash, jail cards, houses."""
    bundle = Bundle(cash=cash, deeds=deeds, jail_cards=jail_cards, houses=houses)
    return DealPart(giver=giver, receiver=receiver, bundle=bundle)


def deal(proposer: int, *parts: DealPart, parties: Iterable[int] | None = None) -> ProposeDeal:
    """`proposer` offers a deal of these parts; the parties are everyone the parts name unless given."""
    named = {p for pt in parts for p in (pt.giver, pt.receiver)} if parties is None else set(parties)
    return ProposeDeal(player=proposer, parties=tuple(sorted(named - {proposer})), parts=parts)
