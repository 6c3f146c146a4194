"""Self-play games for the learned value (`engine.learned`): bots that sometimes deviate on purpose.

A value that judges a search's candidates must have seen the positions a search asks about: a trade at
another price, an offer accepted that the bot would refuse, a deed let go at auction. So each seat of a
self-play game is a built-in bot wrapped in an `Explorer`, which at a decision that matters (buying,
bidding, answering an offer, the price of its own offer, building) now and then makes another of the legal
moves instead of the bot's own. The bot goes on from what the table shows, as after any surprise.

Game i of a run seeded `seed` draws its line-up (mostly `hard`, some `normal` and `easy`) and its
deviations from its own seed, so a run is the same on every machine and a game can be played again from
its index alone. Games are kept as their first state and commands (`engine.tools.positions.Played`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import engine.core.rng as rng
from engine.bots import make_bot
from engine.bots.base import Bot, offer_is_sound
from engine.bots.position import Position
from engine.core.commands import (
    AcceptTrade,
    Build,
    Command,
    EndTurn,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    simple,
)
from engine.core.events import Event
from engine.core.state import Auction
from engine.play.game import Game
from engine.play.setup import new_game
from engine.play.view import GameView
from engine.tools.positions import Played
from engine.tools.simulate import BotPlayer, game_seed, play_game

LEVEL_SHARES = (("hard", 14), ("normal", 4), ("easy", 2))
"""How often each level takes a seat, out of the sum: mostly the strong player a search plays against."""
DEVIATE = 0.08
"""The chance an explorer makes another move at a decision that matters."""
PRICE_FACTORS = (0.5, 0.7, 0.85, 1.2, 1.5, 2.0)
"""What a deviating offer's cash, or a deviating bid's limit, is scaled by."""
MAX_TURNS = 1000
SEATS = 4


class Explorer:
    """A bot that now and then makes another legal move where a decision matters (`DEVIATE`)."""

    def __init__(self, bot: Bot, seed: int, seat: int, deviate: float = DEVIATE) -> None:
        self.bot = bot
        self.level = bot.level
        self.seat = seat
        self.deviate = deviate
        self._rng = rng.seed_state(seed ^ (0x5DEECE66D * (seat + 1)), stream=7000 + seat)
        self.deviations = 0

    def _below(self, bound: int) -> int:
        state, inc = self._rng
        state, value = rng.below(state, inc, bound)
        self._rng = (state, inc)
        return value

    def _roll(self) -> bool:
        return self._below(1_000_000) < self.deviate * 1_000_000

    @property
    def reason(self) -> str:
        return self.bot.reason

    def observe(self, events: Sequence[Event]) -> None:
        self.bot.observe(events)

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        cmd = self.bot.choose(view, legal)
        if not self._roll():
            return cmd
        other = self.other_move(view, legal, cmd)
        if other is None or other == cmd:
            return cmd
        self.deviations += 1
        return other

    def other_move(self, view: GameView, legal: list[Command], cmd: Command) -> Command | None:
        """Return another move for the same decision than `cmd`, or None where there is none worth trying."""
        me = self.seat
        kinds = {c.kind for c in legal}
        if cmd.kind == "buy_property" and "decline_property" in kinds:
            return next(c for c in legal if c.kind == "decline_property")
        if cmd.kind == "decline_property" and "buy_property" in kinds:
            return next(c for c in legal if c.kind == "buy_property")
        if isinstance(cmd, AcceptTrade | RejectTrade):
            flip = RejectTrade if isinstance(cmd, AcceptTrade) else AcceptTrade
            return next((c for c in legal if isinstance(c, flip) and c.trade_id == cmd.trade_id), None)
        pend = view.pending
        if isinstance(pend, Auction) and pend.lot == "deed":
            if isinstance(cmd, PlaceBid):
                return simple(PassAuction, me)
            price = view.board.price[pend.space]
            limit = int(price * PRICE_FACTORS[self._below(len(PRICE_FACTORS))])
            bid = max(pend.next_minimum, 1)
            may_bid = any(isinstance(c, PlaceBid) for c in legal)  # not at Finance's lot limit, say
            if may_bid and bid <= limit and bid <= view.players[me].cash:
                return PlaceBid(player=me, amount=bid)
            return None
        if isinstance(cmd, ProposeTrade):
            return self._repriced(view, cmd)
        if isinstance(cmd, Build):
            end = simple(EndTurn, me)
            return end if end in legal else None
        return None

    def _repriced(self, view: GameView, cmd: ProposeTrade) -> Command | None:
        """Return the same offer with its cash scaled, either side's, if the engine would take it."""
        factor = PRICE_FACTORS[self._below(len(PRICE_FACTORS))]
        give, take = cmd.give, cmd.take
        if give.cash:
            give = replace(give, cash=max(0, int(give.cash * factor)))
        elif take.cash:
            take = replace(take, cash=max(0, int(take.cash * factor)))
        else:
            return None
        other = cmd.model_copy(update={"give": give, "take": take})
        return other if offer_is_sound(Position(view, self.seat), other) else None


def lineup(seed: int, seats: int = SEATS) -> list[str]:
    """Return the levels of a self-play game's seats, drawn from the game's seed."""
    state, inc = rng.seed_state(seed, 11)
    total = sum(share for _, share in LEVEL_SHARES)
    levels = []
    for _ in range(seats):
        state, k = rng.below(state, inc, total)
        for level, share in LEVEL_SHARES:
            if k < share:
                levels.append(level)
                break
            k -= share
    return levels


def selfplay_game(edition: str, seed: int, index: int, deviate: float = DEVIATE) -> Played:
    """Play game `index` of the self-play run seeded `seed` to its end (or the turn cap)."""
    s = game_seed(seed, index)
    levels = lineup(s)
    game = new_game(edition, [f"Bot {k + 1}" for k in range(len(levels))], seed=s)
    seats = [BotPlayer(Explorer(make_bot(level, s, k), s, k, deviate)) for k, level in enumerate(levels)]
    play_game(game, seats, MAX_TURNS)
    return Played(index, game.initial, tuple(game.log), tuple(levels), game.state.winner)


def replay(played: Played) -> Game:
    """Replay a stored game from its commands, to its end."""
    game = Game.from_state(played.initial)
    for cmd in played.log:
        game.apply(cmd)
    return game
