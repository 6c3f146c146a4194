"""Engine speed: the workload of `landlords simulate` (complete 4-player classic games between the
simple players, landings counted, turn cap 1000), in CPU seconds, beside the reference loop and the floor.

The machine is shared, so wall-clock figures are noise: this prints rolls and games per CPU second, best
of a few repeats, and their ratio to `bench/reference_loop.py` (a bare command-driven loop of reduced
rules) and to the floor (`bench/floor.py`'s last line: those rules played the engine's way, every part of
its design on), each run in the same process, alternating with it. The first ratio is the target and the
guard against slipping back: at least 0.2 (aim 0.3); the second says how near the engine is to what its
design allows. The last three lines split the workload: the same games' commands applied again from their
first states (`Game.replay`'s work, no player deciding anything), so the rules' own share of the time is
told from the rest; the same again with each command's rule check asked a second time before it is
applied (`Game.check_rules`), so the checks' own share is told from the rest of the rules; and the same
commands fed through `simulate`'s own loop by players that only give them back, so the simple players'
decisions are told from the loop around them.

    python bench/engine.py [--games 300] [--repeats 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from engine.core.commands import Command, RollDice  # noqa: E402
from engine.core.state import GameState  # noqa: E402
from engine.play.game import Game  # noqa: E402
from engine.tools.simulate import Tally, play_game, simulate  # noqa: E402

sys.path.append(str(HERE))
import floor  # noqa: E402
import reference_loop  # noqa: E402

MAX_TURNS = 1000
"""`simulate`'s turn cap."""


def engine_run(games: int, seed: int) -> tuple[float, int, int, int]:
    """CPU seconds, rolls, games and games capped for `games` games of `landlords simulate`."""
    start = time.process_time()
    result = simulate(games, players=4, seed=seed)
    return time.process_time() - start, result.rolls, result.games, result.capped


Played = list[tuple[GameState, list[Command]]]
"""Games of `landlords simulate`: each one's first state and its commands."""


def played(games: int, seed: int) -> Played:
    """Return the first states and commands of `games` games of `landlords simulate`, played once for the
    runs that apply them again."""
    kept: Played = []
    simulate(
        games, players=4, seed=seed, keep=lambda _i, game, _levels: kept.append((game.initial, game.log))
    )
    return kept


def replay_run(kept: Played) -> tuple[float, int]:
    """CPU seconds and rolls of applying the games' commands again, from each game's first state: the rules
    alone."""
    rolls = sum(1 for _, log in kept for cmd in log if type(cmd) is RollDice)
    start = time.process_time()
    for initial, log in kept:
        apply = Game.from_state(initial).apply
        for cmd in log:
            apply(cmd)
    return time.process_time() - start, rolls


def checked_run(kept: Played) -> tuple[float, int]:
    """CPU seconds and rolls of applying the games' commands again with each one's rule check asked once
    more before it is applied: beside `replay_run`, the checks' own cost."""
    rolls = sum(1 for _, log in kept for cmd in log if type(cmd) is RollDice)
    start = time.process_time()
    for initial, log in kept:
        game = Game.from_state(initial)
        check, apply = game.check_rules, game.apply
        for cmd in log:
            check(cmd)
            apply(cmd)
    return time.process_time() - start, rolls


class Recorded:
    """A player that gives a game's recorded commands back in order: the loop of `simulate` with nobody
    deciding anything."""

    def __init__(self, log: list[Command]) -> None:
        self.next = iter(log).__next__

    def decide(self, game: Game, player: int) -> Command:
        return self.next()


def loop_run(kept: Played) -> tuple[float, int]:
    """CPU seconds and rolls of the games' commands fed through `simulate`'s loop (`play_game`, the landings
    and the tally of deeds bought included) by players that only give them back: the rules and the loop,
    without the decisions."""
    rolls = 0
    start = time.process_time()
    for initial, log in kept:
        game = Game.from_state(initial)
        player = Recorded(log)
        rolls += play_game(game, [player] * 4, MAX_TURNS, [0] * game.board.size, watch=Tally(4))
    return time.process_time() - start, rolls


def reference_run(games: int) -> tuple[float, int]:
    start = time.process_time()
    rolls = reference_loop.play(games)
    return time.process_time() - start, rolls


def floor_run(games: int) -> tuple[float, int]:
    """CPU seconds and rolls of the floor: the reference's rules with every layer of the engine's design."""
    _, play = floor.STAGES[-1]
    start = time.process_time()
    rolls, _ = play(games)
    return time.process_time() - start, rolls


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine_best = reference_best = floor_best = replay_best = checked_best = loop_best = 0.0
    games_best = 0.0
    capped = rolls = 0
    kept = played(args.games, args.seed)
    for _ in range(args.repeats):
        ref_cpu, ref_rolls = reference_run(max(args.games // 2, 1))
        reference_best = max(reference_best, ref_rolls / ref_cpu)
        floor_cpu, floor_rolls = floor_run(max(args.games // 2, 1))
        floor_best = max(floor_best, floor_rolls / floor_cpu)
        cpu, rolls, games, capped = engine_run(args.games, args.seed)
        engine_best = max(engine_best, rolls / cpu)
        games_best = max(games_best, games / cpu)
        replay_cpu, replay_rolls = replay_run(kept)
        replay_best = max(replay_best, replay_rolls / replay_cpu)
        checked_cpu, checked_rolls = checked_run(kept)
        checked_best = max(checked_best, checked_rolls / checked_cpu)
        loop_cpu, loop_rolls = loop_run(kept)
        loop_best = max(loop_best, loop_rolls / loop_cpu)
    print(f"games            {args.games} (4 simple players, classic, turn cap 1000; {capped} capped)")
    print(f"rolls per CPU s  {engine_best:,.0f}   ({rolls:,} rolls)")
    print(f"games per CPU s  {games_best:,.1f}")
    print(f"reference loop   {reference_best:,.0f} rolls per CPU s")
    share = floor_best / reference_best
    print(f"floor            {floor_best:,.0f} rolls per CPU s ({share:.2f} of the reference)")
    print(f"ratio            {engine_best / reference_best:.2f} of the reference   (target >= 0.2, aim 0.3)")
    print(f"to the floor     {engine_best / floor_best:.2f}")
    print(
        f"rules alone      {replay_best:,.0f} rolls per CPU s ({replay_best / reference_best:.2f} of the "
        f"reference): the same games' commands applied again; the players' decisions and the loop take "
        f"{1 - engine_best / replay_best:.0%} of `simulate`"
    )
    # each share of a roll's time in `simulate`: 1/speed is the CPU time of a roll
    checks = 1 / checked_best - 1 / replay_best
    print(
        f"checked twice    {checked_best:,.0f} rolls per CPU s: the same, each command's rule check asked "
        f"once more; the checks take {checks * engine_best:.0%} of `simulate`"
    )
    decide = 1 / engine_best - 1 / loop_best
    loop = 1 / loop_best - 1 / replay_best
    print(
        f"through the loop {loop_best:,.0f} rolls per CPU s: the same commands fed through `simulate`'s "
        f"loop; the players' decisions take {decide * engine_best:.0%} of `simulate`, the loop and its "
        f"tally {loop * engine_best:.0%}"
    )


if __name__ == "__main__":
    main()
