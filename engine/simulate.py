"""Headless play: many complete games between built-in players, with the figures a rules check needs.

Every game goes through `Game.apply`, like any other; a turn cap makes every run end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.bots.base import Bot
from engine.commands import Command, EndTurn, RollDice
from engine.events import Event
from engine.game import Game
from engine.options import RuleOptions
from engine.players import SimplePlayer
from engine.setup import new_game


class Player(Protocol):
    def decide(self, game: Game, player: int) -> Command: ...


Watch = Callable[[Command, list[Event]], None]
"""Told of every command applied and the events it caused, as they happen."""


class BotPlayer:
    """Seats a bot (`engine.bots`) in headless play: it gets its view and the legal commands, nothing more,
    and is shown the events of every move as they happen."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def decide(self, game: Game, player: int) -> Command:
        return self.bot.choose(game.view(player), game.legal_commands(player))

    def observe(self, cmd: Command, events: list[Event]) -> None:
        self.bot.observe(events)


def watchers(players: Sequence[object]) -> list[Watch]:
    """The `observe` of every distinct player that has one, in seat order."""
    out: list[Watch] = []
    seen: set[int] = set()
    for p in players:
        watch = getattr(p, "observe", None)
        if watch is not None and id(p) not in seen:
            seen.add(id(p))
            out.append(watch)
    return out


PlayerFactory = Callable[[int, int], Player]
"""(game seed, seat) -> a player for that seat of that game."""


@dataclass
class Simulation:
    games: int = 0
    rolls: int = 0
    wins: list[int] = field(default_factory=list)  # by seat
    turns: list[int] = field(default_factory=list)  # length of each game, in turns
    capped: int = 0  # games stopped by the turn cap
    landings: list[int] = field(default_factory=list)  # by space: rolls that ended there

    @property
    def average_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def longest(self) -> int:
        return max(self.turns, default=0)

    def as_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "rolls": self.rolls,
            "wins": self.wins,
            "turns": {"average": round(self.average_turns, 2), "longest": self.longest},
            "capped": self.capped,
            "landings": self.landings,
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of the index-th game of a run: distinct, and the same on every machine."""
    return (seed * 1_000_003 + index) & ((1 << 63) - 1)


def play_game(
    game: Game,
    players: Sequence[Player],
    max_turns: int,
    landings: list[int] | None = None,
    watch: Watch | None = None,
) -> int:
    """Play until someone wins or `max_turns` turns are done; return the number of dice rolls.

    `landings` counts, per space, where each roll ended once its cards and jail were resolved. Players
    with an `observe(command, events)` (bots) and `watch` are shown every move as it happens.
    """
    st = game.state
    apply = game.apply
    told = watchers(players)
    if watch is not None:
        told.append(watch)
    rolls = 0
    open_roll = -1  # the roller whose landing is not yet counted
    while st.winner is None and st.turn < max_turns:
        p = st.pending.player  # type: ignore[union-attr]
        cmd = players[p].decide(game, p)
        cls = cmd.__class__
        if cls is RollDice or cls is EndTurn:
            if open_roll >= 0 and landings is not None:
                landings[st.players[open_roll].position] += 1
            open_roll = -1
            if cls is RollDice:
                rolls += 1
                open_roll = p
        events = apply(cmd)
        for tell in told:
            tell(cmd, events)
    if open_roll >= 0 and landings is not None:
        landings[st.players[open_roll].position] += 1
    return rolls


def simulate(
    games: int,
    players: int = 4,
    seed: int = 0,
    edition: str = "classic",
    rules: RuleOptions | None = None,
    max_turns: int = 1000,
    make_player: PlayerFactory | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play `games` games; `make_player` defaults to the simple players, one fresh set per game."""
    result = Simulation(wins=[0] * players)
    names = [f"Player {i + 1}" for i in range(players)]
    for i in range(games):
        s = game_seed(seed, i)
        game = new_game(edition, names, seed=s, rules=rules)
        if not result.landings:
            result.landings = [0] * game.board.size
        if make_player is None:
            simple = SimplePlayer()
            seats: list[Player] = [simple] * players
        else:
            seats = [make_player(s, seat) for seat in range(players)]
        result.rolls += play_game(game, seats, max_turns, result.landings)
        result.games += 1
        result.turns.append(game.state.turn)
        if game.state.winner is None:
            result.capped += 1
        else:
            result.wins[game.state.winner] += 1
        if progress is not None:
            progress(i + 1)
    return result
