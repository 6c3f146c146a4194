"""The work of one slice of a headless run (`cli.parallel`), kept apart from the command line's own module:
a worker process loads this module to unpickle its work, and so loads the engine and the saves and
nothing else (no terminal output, no interface)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine import Game
from engine.tools.simulate import Keep, Simulation, simulate
from engine.tools.tournament import Tournament, run_tournament


def simulation(
    players: int, seed: int, edition: str, max_turns: int, save_dir: str | None, first: int, count: int
) -> Simulation:
    """Games `first` .. `first + count - 1` of a run of the simple players."""
    return simulate(
        count,
        players=players,
        seed=seed,
        edition=edition,
        max_turns=max_turns,
        first=first,
        keep=keeper(save_dir, seed),
    )


def tournament(
    lineup: list[str], seed: int, edition: str, max_turns: int, save_dir: str | None, first: int, count: int
) -> Tournament:
    """Games `first` .. `first + count - 1` of a tournament between bots."""
    return run_tournament(
        lineup,
        count,
        seed=seed,
        edition=edition,
        max_turns=max_turns,
        first=first,
        keep=keeper(save_dir, seed),
    )


def game_file(folder: Path, index: int) -> Path:
    """Where the index-th game of a run is kept: named by its index, so the files list in playing order."""
    return folder / f"game-{index:05d}.json"


def keeper(save_dir: str | None, seed: int) -> Keep | None:
    """Writes every game of the run as an ordinary save file in `save_dir` (nothing if None)."""
    if save_dir is None:
        return None
    folder = Path(save_dir)

    def keep(index: int, game: Game, levels: Sequence[str] | None) -> None:
        from saves import Seat  # only a run that keeps its games loads the saves
        from saves.export import export

        names = [p.name for p in game.state.players]
        seats = [
            Seat(name=n, kind="bot", level=None if levels is None else levels[k]) for k, n in enumerate(names)
        ]
        export(game, seats, f"Game {index + 1} of run {seed}", game_file(folder, index))

    return keep
