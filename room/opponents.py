"""Creates every opponent a room seats: a bot of `engine.bots` at its level, a bot from outside named
by its seat's level (`module:Class` or an installed entry point), or, for tests and headless play, the
engine's simple player. Bots are shown the events of every move as they happen."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Protocol

from engine import Command, Event, Game
from engine.bots import Bot, make_bot
from engine.bots.base import BotBase
from engine.bots.expert import ExpertBot
from engine.bots.position import Position
from engine.core.phrases import Phrase
from engine.lookahead.players import SimplePlayer
from room.seats import DEFAULT_LEVEL, Seat
from translation import _

log = logging.getLogger(__name__)


class Opponent(Protocol):
    """Protocol of an opponent that decides for one seat whenever the game waits on it."""

    def decide(self, game: Game, seat: int) -> Command: ...


def reason_of(opponent: Opponent) -> str:
    """Return the opponent's reason for its last decision, as text ("" if it gives none)."""
    said = getattr(opponent, "reason", "")
    return said if isinstance(said, str) else ""


def phrase_of(opponent: Opponent) -> Phrase | None:
    """Return the last reason as a translatable phrase, where the opponent is one of our bots and gave one
    (`Bot.said`): front ends render it in each player's language."""
    said = getattr(opponent, "said", None)
    return said if isinstance(said, Phrase) else None


class BotOpponent:
    """A bot from `engine.bots`: it sees only its own view and its legal commands, and the events."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def decide(self, game: Game, seat: int) -> Command:
        return self.bot.choose(game.view(seat), game.legal_commands(seat))

    @property
    def reason(self) -> str:
        """The bot's reason for its last choice (`Bot.reason`)."""
        return self.bot.reason

    @property
    def said(self) -> object:
        """The same reason as a phrase, where the bot has one (`engine.bots.reasons.Reasoning.said`)."""
        return getattr(self.bot, "said", None)

    def observe(self, events: Sequence[Event]) -> None:
        self.bot.observe(events)


def foreseer(opponent: Opponent | None) -> ExpertBot | None:
    """Return the opponent's bot if it uses look-ahead: its look-ahead may be worked out before it decides
    (`room.foresight`)."""
    bot = getattr(opponent, "bot", None)
    return bot if isinstance(bot, ExpertBot) else None


def tell_opponents(opponents: Mapping[int, Opponent], events: Sequence[Event]) -> None:
    """Pass a move's events to every bot; an exception in one bot's `observe` never reaches the table. The
    bots' own reasons are for the people at the table: a bot learns from what the rules did and the answers
    given, and a game replays to the same moves whether or not its reasons were kept."""
    if any(e.kind == "reason_given" for e in events):
        events = [e for e in events if e.kind != "reason_given"]
    for seat, opponent in opponents.items():
        if isinstance(opponent, BotOpponent):
            try:
                opponent.observe(events)
            except Exception:
                log.exception("bot %s failed to take in a move", seat)


class SimpleOpponent:
    """The engine's simple player for a seat: predictable rules of thumb (the interface's tests use it)."""

    def __init__(self, player: SimplePlayer | None = None) -> None:
        self._player = player or SimplePlayer()

    def decide(self, game: Game, seat: int) -> Command:
        return self._player.decide(game, seat)


class UnknownBot(ValueError):
    """A bot seat whose level names no bot that can be seated here (a bot from outside not installed)."""


def make_opponents(seats: Sequence[Seat], seed: int) -> dict[int, Opponent]:
    """Create one bot per bot seat of a game with this seed, at the seat's level; `UnknownBot` reports which
    seat names a bot that cannot be found, and why."""
    out: dict[int, Opponent] = {}
    for i, seat in enumerate(seats):
        if not seat.is_bot:
            continue
        try:
            out[i] = BotOpponent(make_bot(seat.level or DEFAULT_LEVEL, seed, i))
        except ValueError as exc:
            raise UnknownBot(_("{reason} (the bot at {name}'s seat)", reason=exc, name=seat.name)) from exc

    return out


OFFERS = frozenset({"propose_trade", "propose_deal", "propose_loan", "call_game"})
"""What a stand-in never does for the person whose seat it plays: an offer of his deeds or cash, or a call to
end his game, can wait for him."""

ASKED_MOST = 3
"""Times a stand-in's bot is asked again after choosing an offer, before it moves the game on."""


class StandIn(BotOpponent):
    """The bot that plays a person's seat while he is away: it makes the moves the game waits on and no
    offer (`OFFERS`). An offer it composes is withdrawn (`BotBase.withdraw`: counted as asked, not composed
    again) and the bot asked again; then the move that moves the game on with the least harm."""

    def decide(self, game: Game, seat: int) -> Command:
        view = game.view(seat)
        legal = [c for c in game.legal_commands(seat) if c.kind not in OFFERS]
        for _tries in range(ASKED_MOST):
            cmd = self.bot.choose(view, legal)
            if cmd.kind not in OFFERS:
                return cmd
            if isinstance(self.bot, BotBase):
                self.bot.withdraw()
        if isinstance(self.bot, BotBase) and view.pending is not None:
            return self.bot.move_on(Position(view, seat), view.pending, legal)
        return legal[0]


def stand_in_for(seat: int, seed: int) -> Opponent:
    """Create the stand-in bot that plays a person's seat while they are away: the default level, making no
    offer for him (`StandIn`)."""
    return StandIn(make_bot(DEFAULT_LEVEL, seed, seat))
