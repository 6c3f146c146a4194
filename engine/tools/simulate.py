"""Headless play: many complete games between built-in players, with the figures a rules check needs.

Every game goes through `Game.apply`, like any other; a turn cap makes every run end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.bots.base import Bot
from engine.core.commands import Command, EndTurn, RollDice
from engine.core.events import AuctionWon, Event, PropertyBought, WentToPoorhouse
from engine.core.options import RuleOptions
from engine.lookahead.players import SimplePlayer
from engine.play.game import Game
from engine.play.setup import new_game


class Player(Protocol):
    def decide(self, game: Game, player: int) -> Command: ...


Watch = Callable[[Command, list[Event]], None]
"""Told of every command applied and the events it caused, as they happen."""


class BotPlayer:
    """Adapter that seats a bot (`engine.bots`) in headless play: it gets its view and the legal commands,
    nothing more, and is shown the events of every move as they happen."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def decide(self, game: Game, player: int) -> Command:
        return self.bot.choose(game.view(player), game.legal_commands(player))

    def observe(self, cmd: Command, events: list[Event]) -> None:
        self.bot.observe(events)


def watchers(players: Sequence[object]) -> list[Watch]:
    """Return the `observe` of every distinct player that has one, in seat order."""
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
Keep = Callable[[int, Game, "Sequence[str] | None"], None]
"""(index of the game in its run, the game once it is over, each seat's bot level or None for the simple
players): told of every game a run plays, to keep it (`landlords simulate --save-games`)."""


@dataclass
class Simulation:
    games: int = 0
    rolls: int = 0
    wins: list[int] = field(default_factory=list)  # by seat
    turns: list[int] = field(default_factory=list)  # length of each game, in turns
    capped: int = 0  # games stopped by the turn cap
    landings: list[int] = field(default_factory=list)  # by space: rolls that ended there
    worth: list[int] = field(default_factory=list)  # by seat: final worth (the edition's count), summed
    winners_worth: int = 0  # the winners' final worth, summed
    poorhouse: bool = False  # the edition has a poorhouse (so its visits are counted)
    poorhouse_games: int = 0  # games in which somebody went to the poorhouse
    poorhouse_visits: int = 0
    top_buyer_games: int = 0  # finished games in which one player bought more deeds than any other
    top_buyer_wins: int = 0  # ... and that player won

    @property
    def average_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def longest(self) -> int:
        return max(self.turns, default=0)

    def merge(self, other: Simulation) -> None:
        """Add the games of another part of the same run, played after these (a run split across
        processes comes together exactly as if it had been played in one)."""
        self.games += other.games
        self.rolls += other.rolls
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.turns.extend(other.turns)
        self.capped += other.capped
        if not self.landings:
            self.landings = list(other.landings)
        elif other.landings:
            self.landings = [a + b for a, b in zip(self.landings, other.landings, strict=True)]
        self.worth = [a + b for a, b in zip(self.worth, other.worth, strict=True)]
        self.winners_worth += other.winners_worth
        self.poorhouse = self.poorhouse or other.poorhouse
        self.poorhouse_games += other.poorhouse_games
        self.poorhouse_visits += other.poorhouse_visits
        self.top_buyer_games += other.top_buyer_games
        self.top_buyer_wins += other.top_buyer_wins

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "games": self.games,
            "rolls": self.rolls,
            "wins": self.wins,
            "turns": {"average": round(self.average_turns, 2), "longest": self.longest},
            "capped": self.capped,
            "landings": self.landings,
        }
        games = max(self.games, 1)
        finished = max(self.games - self.capped, 1)
        out["scores"] = {
            "average_by_seat": [round(w / games, 1) for w in self.worth],
            "average": round(sum(self.worth) / games / max(len(self.worth), 1), 1),
            "winner_average": round(self.winners_worth / finished, 1),
        }
        out["top_buyer"] = {
            "games": self.top_buyer_games,
            "wins": self.top_buyer_wins,
            "share": round(self.top_buyer_wins / max(self.top_buyer_games, 1), 4),
        }
        if self.poorhouse:
            out["poorhouse"] = {
                "games": self.poorhouse_games,
                "share": round(self.poorhouse_games / games, 4),
                "visits": self.poorhouse_visits,
            }
        return out


def game_seed(seed: int, index: int) -> int:
    """Return the seed of the index-th game of a run: distinct, and the same on every machine."""
    return (seed * 1_000_003 + index) & ((1 << 63) - 1)


class Tally:
    """Counts from one game's events that its final state does not record: deeds bought and poorhouse
    visits."""

    def __init__(self, players: int) -> None:
        self.bought = [0] * players
        self.poorhouse = 0

    def __call__(self, cmd: Command, events: list[Event]) -> None:
        for e in events:
            kind = type(e)  # called after every command of every game: the exact type, not isinstance
            if kind not in _TALLIED:
                continue  # nearly every event: one set lookup
            if kind is PropertyBought or (kind is AuctionWon and e.lot == "deed"):  # type: ignore[union-attr]
                self.bought[e.player] += 1  # type: ignore[union-attr]
            elif kind is WentToPoorhouse:
                self.poorhouse += 1


_TALLIED = frozenset({PropertyBought, AuctionWon, WentToPoorhouse})


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
    decide = [player.decide for player in players]  # bound once: this loop runs for every command
    told = watchers(players)
    if watch is not None:
        told.append(watch)
    rolls = 0
    open_roll = -1  # the roller whose landing is not yet counted
    while st.winner is None and st.turn < max_turns:
        p = st.pending.player  # type: ignore[union-attr]
        cmd = decide[p](game, p)
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
    first: int = 0,
    keep: Keep | None = None,
) -> Simulation:
    """Play games `first` .. `first + games - 1` of the run seeded `seed` (a slice, to split a run);
    `make_player` defaults to the simple players, one fresh set per game. `keep` is given every game
    once it is over."""
    result = Simulation(wins=[0] * players, worth=[0] * players)
    names = [f"Player {i + 1}" for i in range(players)]
    for i in range(first, first + games):
        s = game_seed(seed, i)
        game = new_game(edition, names, seed=s, rules=rules)
        if not result.landings:
            result.landings = [0] * game.board.size
        if make_player is None:
            simple = SimplePlayer()
            seats: list[Player] = [simple] * players
        else:
            seats = [make_player(s, seat) for seat in range(players)]
        tally = Tally(players)
        result.rolls += play_game(game, seats, max_turns, result.landings, watch=tally)
        result.games += 1
        result.turns.append(game.state.turn)
        _count(result, game, tally)
        if game.state.winner is None:
            result.capped += 1
        else:
            result.wins[game.state.winner] += 1
        if keep is not None:
            keep(i, game, None)
        if progress is not None:
            progress(i - first + 1)
    return result


def _count(result: Simulation, game: Game, tally: Tally) -> None:
    """Add one game's final worth, poorhouse visits and top buyer to the figures."""
    ending = game.ruleset.ending
    for seat in range(len(result.worth)):
        result.worth[seat] += ending.worth(game, seat)
    result.poorhouse = game.board.edition.poorhouse is not None
    result.poorhouse_visits += tally.poorhouse
    result.poorhouse_games += tally.poorhouse > 0
    winner = game.state.winner
    if winner is None:
        return
    result.winners_worth += ending.worth(game, winner)
    most = max(tally.bought)
    if tally.bought.count(most) == 1:
        result.top_buyer_games += 1
        result.top_buyer_wins += tally.bought.index(most) == winner
