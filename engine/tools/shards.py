"""A run spread over machines: the share of its games each shard plays, and what a shard found, written
down whole so that the shards' records add up to exactly the figures of the run played in one go.

A run's games are numbered, each with its own seed (`engine.tools.simulate.game_seed`); shard I of N
plays a block of consecutive games, the blocks as equal as can be and in order. A record holds a shard's
figures as the run keeps them (every game's length, every auction price), not as a report rounds them,
and the figures merge in the order of the shards, as the slices of one run merge (`cli.parallel`).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from engine.tools.scorecard import LevelCard, Scorecard
from engine.tools.simulate import Simulation
from engine.tools.tournament import Tournament


def share(games: int, index: int, count: int) -> tuple[int, int]:
    """Return (first game, number of games) of shard `index` (1 to `count`) of a run of `games`."""
    if not 1 <= index <= count:
        raise ValueError(f"shard {index} of {count}: shards are numbered from 1 to {count}")
    first = (index - 1) * games // count
    return first, index * games // count - first


def simulation_record(result: Simulation) -> dict[str, Any]:
    return asdict(result)


def simulation_from(record: dict[str, Any]) -> Simulation:
    return Simulation(**{f.name: record[f.name] for f in fields(Simulation)})


def tournament_record(result: Tournament) -> dict[str, Any]:
    result.card.end()
    return {
        "lineup": list(result.lineup),
        "games": result.games,
        "wins_by_level": dict(result.wins_by_level),
        "turns": list(result.turns),
        "capped": result.capped,
        "card": {level: asdict(card) for level, card in result.card.levels.items()},
    }


def tournament_from(record: dict[str, Any]) -> Tournament:
    result = Tournament(tuple(record["lineup"]))
    result.games = record["games"]
    result.wins_by_level = dict(record["wins_by_level"])
    result.turns = list(record["turns"])
    result.capped = record["capped"]
    card = Scorecard()
    names = [f.name for f in fields(LevelCard)]
    card.levels = {level: LevelCard(**{n: kept[n] for n in names}) for level, kept in record["card"].items()}
    result.card = card
    return result
