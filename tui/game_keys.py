"""The game screen's key bindings, defined once: each key, what it does, its footer label, and what makes
it possible now. The screen's bindings, its hints for a key that does nothing, the prompt in the board's
centre and the footer's refresh all read this one table.

The turn keys (roll, end the turn, pay the fine, use a card) each play the first legal command of their
kinds, through one action (`play`); the others run an action of their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from textual.binding import Binding, BindingType

from translation import N_


@dataclass(frozen=True)
class GameKey:
    """One key of the game screen.

    `name` is what the key does (the action's name, and the word the hints and the prompt look up);
    `args` its action's arguments, if any. A key with `kinds` is possible only while one of those command
    kinds is legal for its `seat` (the one whose turn it is, or the one the keyboard acts for); with
    `plays` as well, pressing it plays the first of them. A `hinted` key pressed when it can do nothing
    says why, and the board's centre offers it when it can.
    """

    key: str
    name: str
    description: str
    show: bool = True
    hinted: bool = False
    kinds: frozenset[str] = frozenset()
    plays: bool = False
    seat: Literal["turn", "acting"] = "turn"
    args: str = ""

    @property
    def action(self) -> str:
        """The Textual action name the key runs."""
        if self.plays:
            return f"play({self.name!r})"
        return f"{self.name}({self.args})" if self.args else self.name

    def binding(self) -> Binding:
        return Binding(self.key, self.action, self.description, show=self.show)


def _turn(key: str, name: str, description: str, *kinds: str) -> GameKey:
    """Define a turn key, which plays the first legal command of its kinds."""
    return GameKey(key, name, description, hinted=True, kinds=frozenset(kinds), plays=True)


def _dialog(
    key: str, name: str, description: str, *kinds: str, seat: Literal["turn", "acting"] = "turn"
) -> GameKey:
    """Define a key that opens a dialog; with kinds, possible only while one of them is legal."""
    return GameKey(key, name, description, hinted=True, kinds=frozenset(kinds), seat=seat)


KEYS: tuple[GameKey, ...] = (
    _turn("r", "roll", N_("Roll"), "roll_dice"),
    _turn("e", "end_turn", N_("End turn"), "end_turn"),
    _turn("p", "pay_fine", N_("Pay fine"), "pay_jail_fine"),
    _turn("c", "use_card", N_("Use card"), "use_jail_card"),
    _turn("g", "call_game", N_("Call game"), "call_game"),
    GameKey("enter", "decide", N_("Decide"), hinted=True),
    _dialog("b", "build", N_("Build"), "build", "sell_building", "sell_lot", seat="acting"),
    _dialog("m", "mortgage", N_("Mortgage"), "mortgage", "unmortgage", seat="acting"),
    _dialog("t", "trade", N_("Trade")),
    GameKey("j", "deal", N_("Deal"), show=False, hinted=True),  # among several: told in the help and palette
    _dialog("v", "travel", N_("Travel cards"), "play_travel_cards", "roll_with_travel_card"),
    _dialog("k", "bank", N_("Bank"), "borrow_from_bank", "repay_loan"),
    _dialog("i", "loan", N_("Loan")),
    GameKey("space", "skip", N_("Skip ahead"), hinted=True),
    GameKey("o", "results", N_("Results")),
    GameKey("y", "why", N_("Why?"), show=False),  # told on the log's and the deed card's borders
    GameKey("u", "take_back", N_("Take back"), show=False),  # told on the log's and the deed card's borders
    GameKey("h", "panel", N_("Holdings"), args="'holdings'"),
    GameKey("d", "panel", N_("Deed"), args="'deed'"),
    GameKey("l", "panel", N_("Log"), args="'log'"),
    GameKey("s", "chances", N_("Chances")),
    GameKey("z", "advise", N_("Advisor"), show=False),
    GameKey("escape", "close_panel", N_("Close"), show=False),
    GameKey("w", "switch_seat", N_("Switch seat"), show=False),
    GameKey("plus,equals_sign", "faster", N_("Faster"), show=False),
    GameKey("minus", "slower", N_("Slower"), show=False),
    GameKey("left", "move_selection", N_("Left"), show=False, args="0, -1"),
    GameKey("right", "move_selection", N_("Right"), show=False, args="0, 1"),
    GameKey("up", "move_selection", N_("Up"), show=False, args="-1, 0"),
    GameKey("down", "move_selection", N_("Down"), show=False, args="1, 0"),
    GameKey("n", "step_selection", N_("Next space"), show=False, args="1"),
    GameKey("home", "select_current", N_("My space"), show=False),
)
"""Every key of the game screen, in the footer's order."""


def bindings(keys: Iterable[GameKey]) -> list[BindingType]:
    return [k.binding() for k in keys]


def by_kinds(keys: Iterable[GameKey]) -> Mapping[str, GameKey]:
    """Return the keys enabled by legal command kinds, by name."""
    return {k.name: k for k in keys if k.kinds}


def hinted(keys: Iterable[GameKey]) -> Mapping[str, GameKey]:
    """Return the keys that show a hint when they do nothing, by key."""
    return {k.key: k for k in keys if k.hinted}
