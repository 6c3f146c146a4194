"""Parsing and formatting one side of a typed offer.

Examples: "Park Place and 100", "$1,200, Boardwalk and a jail card", "2 houses from Wayback" (where houses
change hands), "travel card forward 3" or "a travel card" (a held card, by its text, or an unspecified card
of a deck).

Read into the engine's `Bundle` and written back the same way, so that an offer typed, read back and
confirmed is the offer sent.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from engine import Board, Bundle
from lines import verbs
from lines.held_cards import held_words, read_held
from lines.names import Miss, space_named, space_word
from translation import money, pgettext

_MONEY = re.compile(r"^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+|\d+)(?:\s*(?:dollars?|\$))?$")
"""`120`, `$1,200`, `1200 dollars`, and as other languages write it, `1.200 $`; a sum of any size (the rules
refuse one beyond a player's cash, saying what he has)."""
_JAIL = re.compile(
    r"^(?:(a|an|one|\d{1,2})\s+)?(?:(?:get out of )?jail(?: free)? cards?|cards?\s+from\s+jail)$"
)
"""`a jail card`, `2 get out of jail free cards`; and as `lines.verbs` makes other languages' words
English, `one card from jail` (`una carta de cárcel`)."""
PARTS = re.compile(r"\s*,(?!\d{3})\s*|\s+and\s+(?![^\W\d_]\b)|(?<!\b[^\W\d_])\s+and\s+")
"""Items are parted by commas and by "and", except an "and" between two letters (`B and O` is one name)."""
_HOUSES = re.compile(r"^(?:(a|an|one|\d{1,2})\s+)?houses?\s+(?:from|on|off)\s+(?P<lot>.+)$")


def amount(text: str) -> int | None:
    """Parse a typed sum of money: `120`, `$1,200`, `1200 dollars`; None if it is not one."""
    found = _MONEY.match(text.strip().casefold())
    return int(found.group(1).replace(",", "").replace(".", "")) if found else None


def _count(word: str | None) -> int:
    return 1 if word in (None, "a", "an", "one") else int(word or 1)


def read_bundle(text: str, board: Board, hand: Sequence[str] = ()) -> Bundle | Miss:
    """Parse the items of one side; return them, or an error message naming the item not understood; `hand` is
    the cards its giver holds (a card named as several alike are is the one he holds)."""
    cash = cards = 0
    deeds: list[int] = []
    houses: list[int] = []
    held: list[str] = []
    for item in PARTS.split(text.strip()):
        item = item.strip()
        if not item or item.casefold() in ("nothing", "none"):
            continue
        sum_ = amount(item)
        if sum_ is not None:
            cash += sum_
            continue
        folded = item.casefold()
        jail = _JAIL.match(folded)
        if jail:
            cards += _count(jail.group(1))
            continue
        house = _HOUSES.match(folded)
        if house:
            lot = space_named(house.group("lot"), board, board.deeds, "lot")
            if isinstance(lot, Miss):
                return lot
            houses += [lot] * _count(house.group(1))
            continue
        in_hand = read_held(item, board, [card for card in hand if card not in held])
        if isinstance(in_hand, Miss):
            return in_hand
        if in_hand is not None:
            held += in_hand
            continue
        space = space_named(item, board, board.deeds, "deed")
        if isinstance(space, Miss):
            return space
        deeds.append(space)
    return Bundle(cash=cash, deeds=tuple(deeds), jail_cards=cards, houses=tuple(houses), cards=tuple(held))


def bundle_words(bundle: Bundle, board: Board) -> str:
    """Format a bundle as it would be typed: its deeds, houses, cash, jail cards and cards held ("nothing" if
    empty)."""
    parts = [space_word(s, board) for s in bundle.deeds]
    for lot, n in Counter(bundle.houses).items():
        lot_word = space_word(lot, board)
        if n == 1:
            parts.append(pgettext("command", "1 house from {lot}", lot=lot_word))
        else:
            parts.append(pgettext("command", "{n} houses from {lot}", n=n, lot=lot_word))
    if bundle.cash:
        parts.append(money(bundle.cash))
    if bundle.jail_cards:
        if bundle.jail_cards == 1:
            parts.append(pgettext("command", "a jail card"))
        else:
            parts.append(pgettext("command", "{n} jail cards", n=bundle.jail_cards))
    for ref, n in Counter(bundle.cards).items():
        deck, _slash, card = ref.partition("/")
        parts += held_words(deck, card, n, board)
    return f" {verbs.word('and')} ".join(parts) if parts else verbs.word("nothing")
