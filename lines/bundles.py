"""One side of an offer as people type it: "Park Place and 100", "$1,200, Boardwalk and a jail card",
"2 houses from Wayback" (where houses change hands), "travel card forward 3" or "a travel card" (a card
held in hand, by its words, or one of a deck's face down).

Read into the engine's `Bundle` and written back the same way, so that an offer typed, read back and
confirmed is the offer sent.
"""

from __future__ import annotations

import re
from collections import Counter

from engine import Board, Bundle
from lines import verbs
from lines.names import Miss, space_named, space_word
from translation import _, money, pgettext

_MONEY = re.compile(r"^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+|\d{1,9})(?:\s*(?:dollars?|\$))?$")
"""`120`, `$1,200`, `1200 dollars`, and as other languages write it, `1.200 $`."""
_JAIL = re.compile(
    r"^(?:(a|an|one|\d{1,2})\s+)?(?:(?:get out of )?jail(?: free)? cards?|cards?\s+from\s+jail)$"
)
"""`a jail card`, `2 get out of jail free cards`; and as `lines.verbs` makes other languages' words
English, `one card from jail` (`una carta de cárcel`)."""
_SPLIT = re.compile(r"\s*,(?!\d{3})\s*|\s+and\s+")
_CARD_CUT = re.compile(r"[,.;:()\u201c\u201d\"]|\s+and\s+|\s+for\s+")
"""Where a card's words are cut when an offer names it: before anything an offer's line reads otherwise."""
_HOUSES = re.compile(r"^(?:(a|an|one|\d{1,2})\s+)?houses?\s+(?:from|on|off)\s+(?P<lot>.+)$")
_CARDS = re.compile(
    r"^(?:(?:a|an|one|the)\s+|(?P<count>\d{1,2})\s+)?(?P<deck>.+?)\s+cards?(?:\s+(?P<words>.+))?$"
)


def amount(text: str) -> int | None:
    """A sum of money as typed: `120`, `$1,200`, `1200 dollars`; None if it is not one."""
    found = _MONEY.match(text.strip().casefold())
    return int(found.group(1).replace(",", "").replace(".", "")) if found else None


def _count(word: str | None) -> int:
    return 1 if word in (None, "a", "an", "one") else int(word or 1)


def _held(item: str, board: Board) -> list[str] | Miss | None:
    """Cards held in hand: `travel card forward 3` (one by its words), `2 travel cards` (face down);
    None when the item names no deck of this edition."""
    found = _CARDS.match(item)
    if not found:
        return None
    decks = board.edition.decks
    deck = next((d for d, spec in decks.items() if spec.name.casefold() == found.group("deck")), None)
    if deck is None:
        return None
    words = found.group("words")
    if not words:
        return [f"{deck}/?"] * int(found.group("count") or 1)
    named = [cid for cid, card in board.cards.get(deck, {}).items() if card.text.casefold().startswith(words)]
    exact = [cid for cid in named if board.cards[deck][cid].text.casefold().rstrip(".") == words]
    if len(exact) == 1 or len(named) == 1:
        return [f"{deck}/{(exact or named)[0]}"]
    if not named:
        return Miss(_("No {deck} card begins {words!r}.", deck=decks[deck].name, words=words))
    return Miss(
        _("Several {deck} cards begin {words!r}: type more of its words.", deck=decks[deck].name, words=words)
    )


def read_bundle(text: str, board: Board) -> Bundle | Miss:
    """The items of one side, or the sentence saying which item was not understood."""
    cash = cards = 0
    deeds: list[int] = []
    houses: list[int] = []
    held: list[str] = []
    for item in _SPLIT.split(text.strip()):
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
        in_hand = _held(folded, board)
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
    """A bundle as it would be typed: its deeds, houses, cash, jail cards and cards held ("nothing" if
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
    decks = board.edition.decks
    for ref, n in Counter(bundle.cards).items():
        deck, _slash, card = ref.partition("/")
        name = decks[deck].name if deck in decks else deck
        if card == "?":
            parts.append(f"a {name} card" if n == 1 else f"{n} {name} cards")
        else:
            words = _CARD_CUT.split(board.cards[deck][card].text.casefold())[0].strip()
            parts += [f"{name} card {words}"] * n
    return f" {verbs.word('and')} ".join(parts) if parts else verbs.word("nothing")
