"""The work of one slice of a headless run (`cli.parallel`), kept apart from the command line's own module:
a worker process loads this module to unpickle its work, and so loads the engine and nothing else (no
terminal output, no interface)."""

from __future__ import annotations

from engine.tools.simulate import Simulation, simulate
from engine.tools.tournament import Tournament, run_tournament


def simulation(players: int, seed: int, edition: str, max_turns: int, first: int, count: int) -> Simulation:
    """Games `first` .. `first + count - 1` of a run of the simple players."""
    return simulate(count, players=players, seed=seed, edition=edition, max_turns=max_turns, first=first)


def tournament(
    lineup: list[str], seed: int, edition: str, max_turns: int, first: int, count: int
) -> Tournament:
    """Games `first` .. `first + count - 1` of a tournament between bots."""
    return run_tournament(lineup, count, seed=seed, edition=edition, max_turns=max_turns, first=first)
