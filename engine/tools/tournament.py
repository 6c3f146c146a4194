"""Tournaments: many seeded games between bot levels, seats rotating so no seat order favours a level.

Game i seats the line-up turned by i places, so over a multiple of the table size every level sits in
every seat equally often. Wins are counted per level, with a 95 % Wilson interval on the share of games
won; games stopped by the turn cap have no winner. A scorecard (`engine.tools.scorecard`) keeps what each
level did at the table besides: its offers, its auction prices, how much of its complete groups it built.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.bots import LEVELS, check_level, make_bot
from engine.core.options import RuleOptions
from engine.play.setup import new_game
from engine.tools.scorecard import Scorecard
from engine.tools.simulate import BotPlayer, Keep, Player, game_seed, play_game

PlayerMaker = Callable[[str, int, int], Player]
"""(level, game seed, seat) -> the player for that seat."""

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval for a share of `wins` in `games` (95 % by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def seating(lineup: Sequence[str], index: int) -> list[str]:
    """Return the levels by seat in game `index`: the line-up turned by `index` places."""
    n = len(lineup)
    return [lineup[(seat + index) % n] for seat in range(n)]


def check_lineup(lineup: Sequence[str]) -> None:
    """Refuse a line-up with an unknown level or bot, or fewer than two seats (the edition limits the
    most). A bot from outside is named `module:Class` or by an installed entry point."""
    if len(lineup) < 2:
        raise ValueError(f"a tournament needs at least 2 seats, not {len(lineup)}")
    problems = {lv: check_level(lv) for lv in dict.fromkeys(lineup)}
    for level, problem in problems.items():
        if problem is not None and ":" in level:
            raise ValueError(problem)
    unknown = sorted(lv for lv, problem in problems.items() if problem is not None)
    if unknown:
        raise ValueError(
            f"unknown bot level {', '.join(unknown)}; choose from {', '.join(LEVELS)}, an installed bot, "
            "or a bot of your own as module:Class"
        )


@dataclass
class Tournament:
    lineup: tuple[str, ...]
    games: int = 0
    wins_by_level: dict[str, int] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    capped: int = 0
    card: Scorecard = field(default_factory=Scorecard)

    def __post_init__(self) -> None:
        for level in self.lineup:
            self.wins_by_level.setdefault(level, 0)

    @property
    def average_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def capped_share(self) -> float:
        return self.capped / self.games if self.games else 0.0

    def seats(self, level: str) -> int:
        return self.lineup.count(level)

    def share(self, level: str) -> float:
        return self.wins_by_level[level] / self.games if self.games else 0.0

    def interval(self, level: str) -> tuple[float, float]:
        return wilson(self.wins_by_level[level], self.games)

    def merge(self, other: Tournament) -> None:
        """Add the games of another run of the same line-up (a run split across processes)."""
        self.games += other.games
        for level, wins in other.wins_by_level.items():
            self.wins_by_level[level] = self.wins_by_level.get(level, 0) + wins
        self.turns.extend(other.turns)
        self.capped += other.capped
        self.card.merge(other.card)

    def as_dict(self) -> dict[str, object]:
        levels = {}
        for level in dict.fromkeys(self.lineup):
            lo, hi = self.interval(level)
            levels[level] = {
                "seats": self.seats(level),
                "wins": self.wins_by_level[level],
                "share": round(self.share(level), 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "fair_share": round(self.seats(level) / len(self.lineup), 4),
            }
        return {
            "lineup": list(self.lineup),
            "games": self.games,
            "wins_by_level": dict(self.wins_by_level),
            "levels": levels,
            "average_turns": round(self.average_turns, 2),
            "capped": self.capped,
            "capped_share": round(self.capped_share, 4),
            "figures": self.card.as_dict(),
        }


def bot_player(level: str, seed: int, seat: int) -> Player:
    return BotPlayer(make_bot(level, seed, seat))


def run_tournament(
    lineup: Sequence[str],
    games: int,
    seed: int = 0,
    edition: str = "classic",
    rules: RuleOptions | None = None,
    max_turns: int = 1000,
    first: int = 0,
    make_player: PlayerMaker = bot_player,
    progress: Callable[[int], None] | None = None,
    keep: Keep | None = None,
) -> Tournament:
    """Play games `first` .. `first + games - 1` of the run seeded `seed` (a slice, to split a run);
    `keep` is given every game once it is over."""
    check_lineup(lineup)
    result = Tournament(tuple(lineup))
    names = [f"Bot {i + 1}" for i in range(len(lineup))]
    for i in range(first, first + games):
        s = game_seed(seed, i)
        levels = seating(lineup, i)
        game = new_game(edition, names, seed=s, rules=rules)
        seats = [make_player(level, s, seat) for seat, level in enumerate(levels)]
        result.card.begin(game, levels)
        play_game(game, seats, max_turns, watch=result.card.watch)
        result.games += 1
        result.turns.append(game.state.turn)
        winner = game.state.winner
        if winner is None:
            result.capped += 1
        else:
            result.wins_by_level[levels[winner]] += 1
        if keep is not None:
            keep(i, game, levels)
        if progress is not None:
            progress(i - first + 1)
    result.card.end()
    return result
