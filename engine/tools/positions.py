"""Positions of games between mixed bot levels, and who went on to win them: what the value of a position
is fitted on (`bench/fit_value.py`) and what the chances are judged against (`bench/analysis.py`).

Game i of a run seeded `seed` seats four bots whose levels (easy, normal or hard) are drawn from that
game's own seed, so a run is a seeded mix of tables, the same on every machine. A fitting run and a
judging run use different seeds: the figures are judged on games they were not fitted on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import engine.core.rng as rng
from engine.bots import make_bot
from engine.core.commands import Command
from engine.core.state import GameState
from engine.lookahead.features import design
from engine.lookahead.fitting import Sample
from engine.play.game import Game
from engine.play.setup import new_game
from engine.play.view import GameView
from engine.tools.simulate import BotPlayer, game_seed, play_game

MIXED = ("easy", "normal", "hard")
SEATS = 4
MAX_TURNS = 1000
"""The turns a mixed game is played to at most."""


def lineup(seed: int, seats: int = SEATS) -> list[str]:
    """Return the levels of a mixed game's seats, drawn from the game's seed."""
    state, inc = rng.seed_state(seed, 7)
    levels = []
    for _ in range(seats):
        state, k = rng.below(state, inc, len(MIXED))
        levels.append(MIXED[k])
    return levels


@dataclass(frozen=True, slots=True)
class Position:
    """A position of a finished game, as the table saw it, and how the game ended."""

    index: int  # the game's index in its run
    turn: int
    view: GameView
    levels: tuple[str, ...]
    winner: int


def mixed_game(edition: str, seed: int, index: int, max_turns: int = MAX_TURNS) -> tuple[Game, list[str]]:
    """Play game `index` of the mixed run seeded `seed` to its end (or the turn cap)."""
    s = game_seed(seed, index)
    levels = lineup(s)
    game = new_game(edition, [f"Bot {k + 1}" for k in range(len(levels))], seed=s)
    play_game(game, [BotPlayer(make_bot(level, s, k)) for k, level in enumerate(levels)], max_turns)
    return game, levels


@dataclass(frozen=True, slots=True)
class Played:
    """A finished mixed game stored as its commands: enough to replay it, and to work out figures that
    were changed after it was played (the bots call a game by the value of positions, so a change of the
    figures is fitted on games played before it: `bench/fit_value.py --keep-games` and `--from-games`)."""

    index: int
    initial: GameState
    log: tuple[Command, ...]
    levels: tuple[str, ...]
    winner: int | None


def played(edition: str, seed: int, first: int, count: int) -> list[Played]:
    """Play mixed games `first` .. `first + count - 1` of the run seeded `seed` to their end."""
    out: list[Played] = []
    for index in range(first, first + count):
        game, levels = mixed_game(edition, seed, index)
        out.append(Played(index, game.initial, tuple(game.log), tuple(levels), game.state.winner))
    return out


def positions_of(game: Game, turns: Iterable[int]) -> list[tuple[int, Game]]:
    """Return the game replayed, and a copy of it at the first moment each of `turns` turns had been played
    (turns the game never reached, or reached over, are left out)."""
    return replayed(game.initial, game.log, turns)


def replayed(initial: GameState, log: Sequence[Command], turns: Iterable[int]) -> list[tuple[int, Game]]:
    """Return `positions_of` for a game given by its first state and its commands."""
    wanted = sorted(set(turns))
    replay = Game.from_state(initial)
    st = replay.state
    out: list[tuple[int, Game]] = []
    k = 0
    for cmd in [*log, None]:
        while k < len(wanted) and st.turn >= wanted[k]:
            if st.turn == wanted[k] and st.winner is None:
                out.append((wanted[k], Game(st.copy())))
            k += 1
        if k >= len(wanted) or cmd is None:
            break
        replay.apply(cmd)
    return out


def judged(edition: str, seed: int, first: int, count: int, turns: Sequence[int]) -> list[Position]:
    """Return the positions at `turns` of mixed games `first` .. `first + count - 1` that ended with a
    winner."""
    out: list[Position] = []
    for index in range(first, first + count):
        game, levels = mixed_game(edition, seed, index)
        winner = game.state.winner
        if winner is None:
            continue
        for turn, position in positions_of(game, turns):
            out.append(Position(index, turn, position.view(None), tuple(levels), winner))
    return out


def samples(edition: str, seed: int, first: int, count: int, every: int) -> list[Sample]:
    """Return every `every` turns of mixed games `first` .. `first + count - 1` that ended with a winner: each
    player's figures (`engine.lookahead.features.design`, the seats' levels marked) and the winner."""
    return samples_of(played(edition, seed, first, count), every)


def samples_of(games: Iterable[Played], every: int) -> list[Sample]:
    """Return `samples` of games already played: each replayed, its figures worked out as they are now."""
    out: list[Sample] = []
    for game in games:
        if game.winner is None:
            continue
        for _, position in replayed(game.initial, game.log, range(every, MAX_TURNS + 1, every)):
            rows, alive = design(position, list(game.levels))
            out.append(Sample(tuple(tuple(r) for r in rows), tuple(alive), game.winner))
    return out
