"""One side of an offer as people type it: "Park Place and 100", "$1,200, Boardwalk and a jail card".

Read into the engine's `Bundle` and written back the same way, so that an offer typed, read back and
confirmed is the offer sent.
"""

from __future__ import annotations

import re

from engine import Board, Bundle
from engine.narration import money
from lines.names import Miss, space_named, space_word

_MONEY = re.compile(r"^\$?(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\s*dollars?)?$")
_JAIL = re.compile(r"^(?:(a|an|one|\d{1,2})\s+)?(?:get out of )?jail(?: free)? cards?$")
_SPLIT = re.compile(r"\s*,(?!\d{3})\s*|\s+and\s+")


def amount(text: str) -> int | None:
    """A sum of money as typed: `120`, `$1,200`, `1200 dollars`; None if it is not one."""
    found = _MONEY.match(text.strip().casefold())
    return int(found.group(1).replace(",", "")) if found else None


def read_bundle(text: str, board: Board) -> Bundle | Miss:
    """The items of one side, or the sentence saying which item was not understood."""
    cash = cards = 0
    deeds: list[int] = []
    for item in _SPLIT.split(text.strip()):
        item = item.strip()
        if not item or item.casefold() in ("nothing", "none"):
            continue
        sum_ = amount(item)
        if sum_ is not None:
            cash += sum_
            continue
        jail = _JAIL.match(item.casefold())
        if jail:
            count = jail.group(1)
            cards += 1 if count in (None, "a", "an", "one") else int(count)
            continue
        space = space_named(item, board, board.deeds, "deed")
        if isinstance(space, Miss):
            return space
        deeds.append(space)
    return Bundle(cash=cash, deeds=tuple(deeds), jail_cards=cards)


def bundle_words(bundle: Bundle, board: Board) -> str:
    """A bundle as it would be typed: its deeds, then its cash, then its jail cards ("nothing" if empty)."""
    parts = [space_word(s, board) for s in bundle.deeds]
    if bundle.cash:
        parts.append(money(bundle.cash))
    if bundle.jail_cards:
        parts.append("a jail card" if bundle.jail_cards == 1 else f"{bundle.jail_cards} jail cards")
    return " and ".join(parts) if parts else "nothing"


def typed_alike(bundle: Bundle) -> bool:
    """Whether a bundle can be typed in a line (houses and other held cards are offered on the full
    screen only)."""
    return not bundle.houses and not bundle.cards
