"""Same seed and commands, same game: a few seeded games, of each edition and every bot level, still make
exactly the events and the final state they made when these digests were taken.

A change that only makes the engine faster must leave them as they are. A change of the rules or of a bot's
play changes them on purpose: take the new digests then (`bench/identical_games.py` compares many more
games between two versions of the code).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots import make_bot
from engine.core.commands import Command
from engine.core.events import Event
from engine.lookahead.players import SimplePlayer
from engine.play.setup import new_game
from engine.tools.simulate import BotPlayer, Player, game_seed, play_game

GAMES = [
    ("classic", "simple,simple,simple,simple", 0, "f46ac0fc6fd52bb7406b9923a489694d"),
    ("addon", "random,easy,normal,hard", 1, "23ea80787aeda57c94af2a55b6888724"),
    ("landlords-1904", "expert,hard,easy,random", 2, "4262f1abff1a4aaf5bbf875d0e068a2e"),
    ("finance-1936", "hard,normal,easy,random", 3, "4291e31c509508bf826c08a0157c87fd"),
    ("classic", "expert,normal,hard,easy", 4, "894c9efec542fbaf1bb3ce4c695fef50"),
]
"""Edition, the bot level of each seat ("simple": the simple players of `landlords simulate`), the index of
the game in the run seeded 94, and the start of the sha256 the game made."""


def played(edition: str, lineup: str, index: int) -> str:
    """Play game `index` of the run seeded 94 (300 turns at most) and return the start of the sha256 of its
    opening events, its commands, the events each returned and its final state."""
    seed = game_seed(94, index)
    levels = lineup.split(",")
    game = new_game(edition, [f"Player {k + 1}" for k in range(len(levels))], seed=seed)
    players: list[Player] = [
        SimplePlayer() if level == "simple" else BotPlayer(make_bot(level, seed, seat))
        for seat, level in enumerate(levels)
    ]
    h = hashlib.sha256()
    for e in game.opening:
        h.update(e.model_dump_json().encode() + b"\n")

    def watch(cmd: Command, events: list[Event]) -> None:
        h.update(cmd.model_dump_json().encode())
        for e in events:
            h.update(b"\n" + e.model_dump_json().encode())
        h.update(b"\n\n")

    play_game(game, players, 300, watch=watch)
    h.update(game.state.to_json().encode())
    return h.hexdigest()[:32]


@pytest.mark.parametrize(("edition", "lineup", "index", "expected"), GAMES)
def test_a_seeded_game_makes_the_same_events_and_state_as_before(
    edition: str, lineup: str, index: int, expected: str
) -> None:
    assert played(edition, lineup, index) == expected


def test_a_bot_game_is_the_same_whatever_the_string_hashing() -> None:
    """Python orders a set of strings by their hashes, which change from one process to the next: a bot that
    went through a set of group names told its reasons (and summed its figures) in another order each time.
    The same game, played in two processes hashing strings differently, makes the same digest."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from test_identical_games import played; "
        "print(played('classic', 'normal,hard,random,easy', 2))"
    )
    here = str(Path(__file__).resolve().parent)
    root = str(Path(__file__).resolve().parents[2])
    digests = set()
    for hashing in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashing, "PYTHONPATH": root}
        run = subprocess.run(
            [sys.executable, "-c", code, here], env=env, capture_output=True, text=True, check=True
        )
        digests.add(run.stdout.strip())
    assert len(digests) == 1, digests
