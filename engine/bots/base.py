"""What every bot shares: the `Bot` protocol, the dispatch on what the game waits for, a last check that
the answer is legal, and the adapter that seats a bot in `engine.simulate`.

A bot sees only its view and its legal commands. Its randomness comes from its own PCG32 stream, seeded
from the game's seed and its seat, so the same game with the same seeds plays out the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from engine import rng
from engine.bots.position import Position
from engine.bots.proposing import TradeMemory
from engine.commands import (
    AcceptTrade,
    Command,
    DeclareBankruptcy,
    EndTurn,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    RollDice,
)
from engine.state import Auction, Bundle, Pending
from engine.trades import TRADING_OPEN
from engine.view import GameView

if TYPE_CHECKING:
    from engine.game import Game

MAX_STEPS = 80
"""Commands a bot may issue while the game waits on one decision before it moves the game on."""


class Bot(Protocol):
    level: str

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        """Called whenever the game waits for this bot. Returns one of `legal`, a `ProposeTrade` while
        trading is open, or an answer to an offer with its reason."""
        ...


class BotBase:
    """Dispatch and safety shared by the levels; each level supplies the decisions."""

    level = "base"

    def __init__(self, seed: int, seat: int) -> None:
        self.seat = seat
        self._rng = rng.seed_state(seed ^ (seat * 0x9E3779B97F4A7C15), stream=1000 + seat)
        self.trades = TradeMemory()
        self.refused = 0  # answers the last check had to replace (a bot bug if ever non-zero)
        self._streak: tuple[int, str, int] = (-1, "", 0)

    # --- randomness of its own ----------------------------------------------------------------

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound) from the bot's own stream."""
        state, inc = self._rng
        state, value = rng.below(state, inc, bound)
        self._rng = (state, inc)
        return value

    # --- the protocol -----------------------------------------------------------------------------

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        pend = view.pending
        if pend is None or pend.player != self.seat or not legal:
            raise ValueError(f"the game is not waiting for seat {self.seat}")
        pos = Position(view, self.seat)
        turn, kind, count = self._streak
        count = count + 1 if (turn, kind) == (view.turn, pend.kind) else 1
        self._streak = (view.turn, pend.kind, count)
        cmd = self.move_on(pos, pend, legal) if count > MAX_STEPS else self.decide(pos, pend, legal)
        if is_valid(pos, pend, legal, cmd):
            return cmd
        self.refused += 1
        return self.move_on(pos, pend, legal)

    def decide(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """Hand the decision to the level's `on_<kind>` method for what the game waits for (`on_roll`,
        `on_buy`, `on_auction`, `on_trade_answer`, ...)."""
        handler: Callable[[Position, Any, list[Command]], Command] = getattr(self, f"on_{pend.kind}")
        return handler(pos, pend, legal)

    def move_on(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """The command that moves the game on with the least harm: the fallback of last resort."""
        for kind in (EndTurn, RollDice, PassAuction, RejectTrade, DeclareBankruptcy):
            for cmd in legal:
                if isinstance(cmd, kind):
                    return cmd
        return legal[0]


def answer(legal: list[Command], me: int, trade_id: int, accept: bool, reason: str) -> Command:
    """The answer to an open offer, with its reason; an offer that can no longer be carried out (its
    assets have changed hands since) is turned down."""
    if accept:
        if any(isinstance(c, AcceptTrade) and c.trade_id == trade_id for c in legal):
            return AcceptTrade(player=me, trade_id=trade_id, reason=reason)
        reason = "that offer no longer stands"
    return RejectTrade(player=me, trade_id=trade_id, reason=reason)


def is_valid(pos: Position, pend: Pending, legal: list[Command], cmd: Command) -> bool:
    """Would the engine take this answer? Checked from the view alone."""
    if isinstance(cmd, ProposeTrade):
        return pend.kind in TRADING_OPEN and offer_is_sound(pos, cmd)
    if isinstance(cmd, PlaceBid):
        return (
            isinstance(pend, Auction)
            and any(isinstance(c, PlaceBid) and c.amount <= cmd.amount for c in legal)
            and cmd.amount <= pos.funds[cmd.player]
        )
    if isinstance(cmd, RejectTrade | AcceptTrade):
        return any(type(c) is type(cmd) and c.trade_id == cmd.trade_id for c in legal)
    return cmd in legal


def offer_is_sound(pos: Position, cmd: ProposeTrade) -> bool:
    """The checks the engine makes of a proposal, made on the view."""
    if cmd.player != pos.me or cmd.to == pos.me or cmd.to not in pos.players:
        return False
    if (cmd.give.empty and cmd.take.empty) or set(cmd.give.deeds) & set(cmd.take.deeds):
        return False
    return _side_ok(pos, cmd.player, cmd.give) and _side_ok(pos, cmd.to, cmd.take)


def _side_ok(pos: Position, owner: int, bundle: Bundle) -> bool:
    if bundle.cash > pos.funds[owner] or bundle.jail_cards > pos.jail_cards[owner]:
        return False
    if len(set(bundle.deeds)) != len(bundle.deeds):
        return False
    return all(
        0 <= s < len(pos.owner) and pos.owner[s] == owner and not pos.built(pos.group(s))
        for s in bundle.deeds
    )


class BotPlayer:
    """Seats a bot in `engine.simulate`: the bot gets the view and the legal commands, nothing more."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def decide(self, game: Game, player: int) -> Command:
        return self.bot.choose(game.view(player), game.legal_commands(player))
