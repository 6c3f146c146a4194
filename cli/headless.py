"""The work of one slice of a headless run (`cli.parallel`), in a module separate from the command line's:
a worker process loads this module to unpickle its work, and so loads the engine and the saves and
nothing else (no terminal output, no interface)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from engine import Game
from engine.tools.simulate import Keep, Simulation, simulate
from engine.tools.tournament import Tournament, run_tournament

R = TypeVar("R")


@dataclass(frozen=True)
class Keeping:
    """Output options of a run's games: as save files (`--save-games`), as event logs (`--events`)."""

    saves: str | None = None
    events: str | None = None


def simulation(
    players: int, seed: int, edition: str, max_turns: int, keeping: Keeping, first: int, count: int
) -> Simulation:
    """Play games `first` .. `first + count - 1` of a run of the simple players."""
    return simulate(
        count,
        players=players,
        seed=seed,
        edition=edition,
        max_turns=max_turns,
        first=first,
        keep=keeper(keeping, seed),
    )


def tournament(
    lineup: list[str], seed: int, edition: str, max_turns: int, keeping: Keeping, first: int, count: int
) -> Tournament:
    """Play games `first` .. `first + count - 1` of a tournament between bots."""
    return run_tournament(
        lineup,
        count,
        seed=seed,
        edition=edition,
        max_turns=max_turns,
        first=first,
        keep=keeper(keeping, seed),
    )


def shifted(start: int, work: Callable[[int, int], R], first: int, count: int) -> R:
    """Wrap `work` so that games are counted from `start`: a shard's games are those of the whole run from its
    first."""
    return work(start + first, count)


def game_file(folder: Path, index: int, suffix: str = ".json") -> Path:
    """Return the file name of the index-th game of a run: named by its index, so the files list in playing
    order."""
    return folder / f"game-{index:05d}{suffix}"


def keeper(keeping: Keeping, seed: int) -> Keep | None:
    """Return a callback that writes every game of the run as an ordinary save file and as an event log
    (`.jsonl`), each in its folder if given (nothing if neither is)."""
    if keeping.saves is None and keeping.events is None:
        return None

    def keep(index: int, game: Game, levels: Sequence[str] | None) -> None:
        from saves import Seat  # only a run that keeps its games loads the saves
        from saves.eventlog import write_event_log
        from saves.export import export

        names = [p.name for p in game.state.players]
        seats = [
            Seat(name=n, kind="bot", level=None if levels is None else levels[k]) for k, n in enumerate(names)
        ]
        if keeping.saves is not None:
            export(game, seats, f"Game {index + 1} of run {seed}", game_file(Path(keeping.saves), index))
        if keeping.events is not None:
            write_event_log(game_file(Path(keeping.events), index, ".jsonl"), game, seats)

    return keep
