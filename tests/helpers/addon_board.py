"""The add-on board's spaces by name, and a table of the `addon` edition, for readable tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game, RuleOptions

from scenario import settle, table

GO, JAIL, PENNSYLVANIA_RR, FREE_PARKING, GO_TO_JAIL, SHORT_LINE = 0, 10, 15, 20, 30, 35
ELECTRIC, WATER_WORKS, VIRGINIA, NEW_YORK, CHANCE2, CHANCE3, BOARDWALK = 12, 28, 14, 19, 22, 36, 39
INCOME_TAX, LUXURY_TAX, NORTH_CAROLINA, PENNSYLVANIA_AVE, VENTNOR, BALTIC, VERMONT = 4, 38, 32, 34, 27, 3, 8
(
    DOUBLE_TROUBLE,
    BROADWAY,
    FIFTH_AVENUE,
    TELEPHONE,
    INNER_CHEST,
    LOMBARD,
    PASS,
    MARKET,
    VAN_NESS,
    WEST_ELEVATOR,
    NEWBURY,
    BEACON,
    TRIPLE_PLAY,
    BOYLSTON,
    TAX_REFUND,
    GAS,
    INNER_CHANCE,
    MICHIGAN,
    SUBWAY,
    STATE_STREET,
    LAKE_SHORE,
    EAST_ELEVATOR,
    MOVE_BACKWARDS,
    WALL_STREET,
) = range(40, 64)

INNER_A = (WALL_STREET, BROADWAY, FIFTH_AVENUE)
INNER_B = (LOMBARD, MARKET, VAN_NESS)
INNER_C = (NEWBURY, BEACON, BOYLSTON)
INNER_D = (MICHIGAN, STATE_STREET, LAKE_SHORE)
UTILITIES = (ELECTRIC, WATER_WORKS, TELEPHONE, GAS)

P0, P1, P2, P3 = 0, 1, 2, 3
FOUR = ("P0", "P1", "P2", "P3")


def addon_table(
    players: Sequence[str] = FOUR, rules: RuleOptions | None = None, *, empty_hands: bool = True
) -> Game:
    """A game of the add-on board; by default the dealt travel and triple play cards go back under
    their decks, so that each test deals exactly the cards it is about."""
    game = table(players, edition="addon", rules=rules)
    if empty_hands:
        for ps in game.state.players:
            for ref in ps.hand:
                deck, _, card = ref.partition("/")
                game.state.decks[deck].append(card)
            ps.hand = []
    return settle(game)


def give(game: Game, player: int, *refs: str) -> None:
    """Put cards ("deck/card") into a player's hand, taking them out of their decks."""
    for ref in refs:
        deck, _, card = ref.partition("/")
        game.state.decks[deck].remove(card)
        game.state.players[player].hand.append(ref)
