"""The named rule hooks: every name an edition file uses (a space's action, a card's effect, a rent model,
a rule hook) resolves to one function registered here by the rule area that implements it.

The tables need nothing of the game, so that the track and the board, which resolve names too, sit below
everything that plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def register_once(table: dict[Any, Any], key: Any, what: str) -> None:
    """Register a name once: two rule areas registering one name would silently replace each other, so refuse
    it at import."""
    if key in table:
        name = getattr(key, "__name__", key)
        raise ValueError(f"{what} {name!r} is registered twice")


class Hooks:
    """A table of named functions for one kind of rule hook ("building", "ending", ...).

    Edition files name the function; `resolve` gives it, or says in a sentence that no such name exists.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.table: dict[str, Any] = {}

    def register(self, name: str) -> Callable[[F], F]:
        def add(fn: F) -> F:
            register_once(self.table, name, self.kind)
            self.table[name] = fn
            return fn

        return add

    def add(self, name: str, value: Any) -> None:
        register_once(self.table, name, self.kind)
        self.table[name] = value

    def __contains__(self, name: object) -> bool:
        return name in self.table

    def resolve(self, name: str) -> Any:
        try:
            return self.table[name]
        except KeyError:
            known = ", ".join(sorted(self.table)) or "none"
            raise KeyError(f"no {self.kind} named {name!r} (known: {known})") from None


SPACE_ACTIONS = Hooks("space action")
"""Space kind -> (game, player, space, dice_total, rent_multiplier, dice_multiplier) -> None."""
ARRIVAL_ACTIONS = Hooks("arrival rule")
"""What happens when a token comes to rest, before the space's own action."""
CARD_EFFECTS = Hooks("card effect")
"""Card effect kind -> (game, player, effect, card) -> None."""
RENT_MODELS = Hooks("rent model")
"""Group rent model -> a `RentModel` (engine.rules.rent)."""
BUILD_RULES = Hooks("building rule")
"""When a lot may take its next building level."""
BUILD_ROOM = Hooks("building room")
"""Per building rule (by the same name): how many buildings each player could put up now, for the
shortage auction. A rule that registers none is reckoned as the complete-group rule."""
END_RULES = Hooks("ending rule")
"""How a game ends and who wins."""
THROW_AGAIN = Hooks("throw-again rule")
"""Which throws earn another throw in the same turn."""
LINK_CONDITIONS = Hooks("link condition")
"""When a move along the track takes a link to another ring."""
POT_RULES = Hooks("pot rule")
"""(edition, rules, the edition's options) -> the reasons of payments to the bank that go to the pot."""
TRACK_RULES = Hooks("track rule")
"""(edition, the edition's options) -> the track data the game is played on."""
THROW_RULES = Hooks("throw rule")
"""What a throw of the dice does: "standard" is the classic throw of `engine.rules.turns` (registered as
None)."""
OPENINGS = Hooks("opening")
"""What happens before the first throw of a game (a deal of lot tickets), returning its events."""

HOOK_KINDS: dict[str, Hooks] = {
    "space_action": SPACE_ACTIONS,
    "arrival": ARRIVAL_ACTIONS,
    "card_effect": CARD_EFFECTS,
    "rent_model": RENT_MODELS,
    "building": BUILD_RULES,
    "building_room": BUILD_ROOM,
    "ending": END_RULES,
    "throw_again": THROW_AGAIN,
    "link": LINK_CONDITIONS,
    "pot": POT_RULES,
    "track": TRACK_RULES,
    "throw": THROW_RULES,
    "opening": OPENINGS,
}
