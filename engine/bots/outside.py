"""Bots from outside: the interface a bot of anyone's making plays through, and seating one by its name.

The interface is small. A bot is a class; landlords makes one for each seat it plays, `MyBot(seed, seat)`
(the game's seed and the seat, for a bot's own random stream: the same game replays the same). Then:

- `choose(view, legal) -> Command` is called whenever the game waits for the bot's seat. `view` is a
  `engine.GameView`, the table as that seat sees it (every deed, every player's cash, what the game waits
  for, the offers made this turn), never the dice to come. `legal` lists the commands the rules take now.
  The answer is one of `legal`; or, while trading is open, any `ProposeTrade` the rules would take (check
  it first with `engine.queries.proposal_problem`); or a higher `PlaceBid` than the least in `legal`; or an
  `AcceptTrade` / `RejectTrade` with a `reason` in words (and, refusing, the price at which the bot would
  agree as `asking`, if it names one). Every rule figure (rent, what a sale brings, worth, tax) can be
  asked of `engine.queries` on the view.
- `reason`, if the bot has it: a string attribute saying in one line why it made its last choice, which
  the table's log shows after the move (a bot without one says nothing).
- `observe(events) -> None`, if the bot has it, is called after every move at the table, anyone's, with
  the `engine.Event`s it caused, in order: how each offer was answered (`trade_completed`,
  `trade_rejected` with the reason) is here. A refusal that would agree at another price carries it in
  `asking`: the cash from the proposer (negative: to him) for the deeds as offered, or None. The built-in
  bots say it in their reason too ("I would take $1,400 for it"), which `asking_price(reason)` reads.

A bot is named `package.module:ClassName` (any importable module), or by the name of an installed
package's entry point in the group `landlords.bots`. An answer the rules would refuse is replaced by the
least harmful legal move (ending the turn, rolling, passing, refusing) and counted in `refused`, so an
outside bot cannot stall a table.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Sequence
from typing import Any, Protocol

from engine.bots.talk import asking_price
from engine.core.commands import (
    AcceptDeal,
    AcceptTrade,
    AgreeToCall,
    Command,
    DeclareBankruptcy,
    EndTurn,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RefuseCall,
    RejectDeal,
    RejectTrade,
    RollDice,
)
from engine.core.events import Event
from engine.core.state import Auction
from engine.play.view import GameView
from engine.queries import funds, proposal_problem

ENTRY_POINTS = "landlords.bots"
"""The entry-point group in which an installed package names its bots."""

__all__ = ["ENTRY_POINTS", "OutsideBot", "SeatBot", "asking_price", "find_bot", "installed_bots"]


class SeatBot(Protocol):
    """The protocol a bot from outside must implement. It may also have `observe(events: Sequence[Event]) ->
    None`."""

    def choose(self, view: GameView, legal: list[Command]) -> Command: ...


class BotNotFound(ValueError):
    """Raised for a bot name that names no bot; the message explains why, for people."""


def installed_bots() -> list[str]:
    """Return the names of the bots installed packages offer (entry points in `landlords.bots`), sorted."""
    return sorted({ep.name for ep in importlib.metadata.entry_points(group=ENTRY_POINTS)})


def find_bot(name: str) -> type[Any]:
    """Return the class a bot name stands for: `module:Class`, or an installed entry point's name."""
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:  # a module of anyone's making may fail in any way as it loads
            raise BotNotFound(f"cannot import {module_name!r} for the bot {name!r}: {exc}") from exc
        found: Any = module
        for part in attr.split("."):
            found = getattr(found, part, None)
            if found is None:
                raise BotNotFound(f"{module_name!r} has no {attr!r} for the bot {name!r}")
    else:
        points = [ep for ep in importlib.metadata.entry_points(group=ENTRY_POINTS) if ep.name == name]
        if not points:
            raise BotNotFound(f"no installed bot is named {name!r}")
        try:
            found = points[0].load()
        except Exception as exc:
            raise BotNotFound(f"the installed bot {name!r} failed to load: {exc}") from exc
    if not isinstance(found, type) or not callable(getattr(found, "choose", None)):
        raise BotNotFound(f"{name!r} is not a bot class with a choose(view, legal) method")
    return found


class OutsideBot:
    """A bot from outside at a seat: made as `cls(seed, seat)`, its answers checked before they go on."""

    def __init__(self, name: str, cls: type[Any], seed: int, seat: int) -> None:
        self.level = name
        self.seat = seat
        self.inner = cls(seed, seat)
        self.refused = 0  # answers the rules would have refused, replaced by the least harmful move
        self._replaced = False  # the last answer was replaced: the bot's reason was for another
        self._observe = getattr(self.inner, "observe", None)

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        self._replaced = False
        cmd = self.inner.choose(view, legal)
        if _acceptable(view, legal, cmd):
            return cmd  # type: ignore[no-any-return]
        self.refused += 1
        self._replaced = True
        return least_harm(legal)

    @property
    def reason(self) -> str:
        """The bot's own reason for its last choice, if it keeps one as `reason` (a string); "" if not.
        The table makes it safe to show."""
        said = getattr(self.inner, "reason", "")
        return said if isinstance(said, str) and not self._replaced else ""

    def observe(self, events: Sequence[Event]) -> None:
        if self._observe is not None:
            self._observe(events)


def _acceptable(view: GameView, legal: list[Command], cmd: object) -> bool:
    """Whether the rules would accept this answer now, checked from the view alone."""
    if getattr(cmd, "player", None) != view.me:
        return False
    if isinstance(cmd, ProposeTrade):
        return proposal_problem(view, cmd.player, cmd.to, cmd.give, cmd.take) is None
    if isinstance(cmd, PlaceBid):
        pend = view.pending
        return (
            isinstance(pend, Auction)
            and any(isinstance(c, PlaceBid) and c.amount <= cmd.amount for c in legal)
            and cmd.amount <= funds(view, cmd.player)
        )
    if isinstance(cmd, AcceptTrade | RejectTrade):
        return any(type(c) is type(cmd) and c.trade_id == cmd.trade_id for c in legal)
    if isinstance(cmd, AcceptDeal | RejectDeal):
        return any(type(c) is type(cmd) and c.deal_id == cmd.deal_id for c in legal)
    if isinstance(cmd, AgreeToCall | RefuseCall):  # with a reason of its own
        return any(type(c) is type(cmd) for c in legal)
    return cmd in legal


def least_harm(legal: list[Command]) -> Command:
    """Return the command that moves the game on with the least harm: the fallback of last resort."""
    for kind in (EndTurn, RollDice, PassAuction, RejectTrade, RejectDeal, RefuseCall, DeclareBankruptcy):
        for cmd in legal:
            if isinstance(cmd, kind):
                return cmd
    return legal[0]
