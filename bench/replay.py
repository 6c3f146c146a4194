"""Stepping through a past game: how quickly the replay reaches a position, at the end of a long game.

A long game between four built-in players is recorded as a `room.past_game.PastGame`; the figures are the
CPU time of reaching a position one move back from the end, one turn back, and a position picked at
random, each beside replaying the game from its start to the same move (the ratio is what the checkpoints
buy). Target: a step back well under 5 ms of CPU, whatever the game's length.

    python bench/replay.py [--commands 2000] [--steps 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run as a script, this file's folder comes first on the path and would hide the packages of the same names.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from engine import Game, new_game  # noqa: E402
from engine.core.commands import Command  # noqa: E402
from engine.lookahead.players import SimplePlayer  # noqa: E402
from room.past_game import CHECKPOINT_EVERY, PastGame  # noqa: E402

NAMES = ["Ada", "Grace", "Linus", "Ken"]


class HoldingPlayer(SimplePlayer):
    """A simple player that never offers a trade: the game runs as long as the benchmark needs."""

    def _swap(self, game: Game, player: int) -> Command | None:
        return None


def recorded(commands: int, seed: int) -> tuple[Game, PastGame]:
    game = new_game("classic", NAMES, seed=seed)
    past = PastGame(game.initial, NAMES, first_events=game.opening)
    player = HoldingPlayer()
    st = game.state
    while len(game.log) < commands and st.winner is None:
        pend = st.pending
        assert pend is not None
        cmd = player.decide(game, pend.player)
        past.record(cmd, game.apply(cmd), st)
    return game, past


def cpu_ms(action: Callable[[], object], repeats: int) -> float:
    """CPU milliseconds per run."""
    start = time.process_time()
    for _ in range(repeats):
        action()
    return (time.process_time() - start) * 1000 / repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game, past = recorded(args.commands, args.seed)
    end = past.moves
    print(
        f"a game of {end:,} commands, {past.last_turn + 1} turns; a checkpoint every {CHECKPOINT_EVERY} moves"
    )
    at = [end]

    def back_a_move() -> None:
        at[0] = at[0] - 1 if at[0] > 1 else end
        past.position(at[0])

    def back_a_turn() -> None:
        turn = past.turn_at(at[0])
        at[0] = past.turn_start(turn - 1) if turn > 1 else end
        past.position(at[0])

    rng = random.Random(args.seed)

    def anywhere() -> None:
        past.position(rng.randrange(end + 1))

    from_start = cpu_ms(
        lambda: Game.replay(game.initial, game.log[: end - 1]).view(None), max(1, args.steps // 50)
    )
    print(f"{'replayed from the start':<24} {from_start:8.3f} ms CPU")
    for label, step in (("back a move", back_a_move), ("back a turn", back_a_turn), ("anywhere", anywhere)):
        ms = cpu_ms(step, args.steps)
        print(f"{label:<24} {ms:8.3f} ms CPU   {from_start / ms:6.1f} x quicker than from the start")


if __name__ == "__main__":
    main()
