"""Same seeds and commands, same games: a digest of every seeded game, to compare two versions of the engine.

Plays `--games` seeded games of every edition with every line-up (the simple players of `landlords
simulate`, and bot tournaments that seat every level) and prints one line a game: edition, line-up, game
index, turns, and the sha256 of everything the game made, in order: each command, the events each command
returned as `Game.apply` returned them, the events of setting up, the final state, and the open event log
(`saves.eventlog`, which plays the game again from its start). Write the lines of the code before a change
to a file, then those of the code after it, and compare:

    python bench/identical_games.py > /tmp/before.txt      # on the code before
    python bench/identical_games.py > /tmp/after.txt       # on the code after
    python bench/identical_games.py --compare /tmp/before.txt

`--compare FILE` plays the games and prints the lines that differ from FILE, then how many games matched;
it exits 1 when any differs.

The digests do not depend on Python's string hashing (`PYTHONHASHSEED`): a run in any process gives the
same lines.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))  # this checkout's packages, before any installed copy

from engine.bots import make_bot  # noqa: E402
from engine.core.commands import Command  # noqa: E402
from engine.core.events import Event  # noqa: E402
from engine.lookahead.players import SimplePlayer  # noqa: E402
from engine.play.setup import new_game  # noqa: E402
from engine.tools.simulate import BotPlayer, Player, game_seed, play_game  # noqa: E402
from engine.tools.tournament import seating  # noqa: E402
from saves import Seat  # noqa: E402
from saves.eventlog import event_lines  # noqa: E402

EDITIONS = ("classic", "addon", "landlords-1904", "finance-1936")
LINEUPS: dict[str, tuple[str, ...]] = {
    "simple": ("simple",) * 4,
    "bots": ("random", "easy", "normal", "hard"),
    "expert": ("expert", "hard", "easy", "random"),
}
"""The line-ups played, by name; seats turn by the game's index, as in a tournament."""
MAX_TURNS = 1000


def digest(edition: str, lineup: str, index: int, seed: int) -> tuple[int, str]:
    """Play one game and return its turns and the sha256 of all it made."""
    s = game_seed(seed, index)
    levels = seating(LINEUPS[lineup], index)
    game = new_game(edition, [f"Player {k + 1}" for k in range(len(levels))], seed=s)
    players: list[Player] = [
        SimplePlayer() if level == "simple" else BotPlayer(make_bot(level, s, seat))
        for seat, level in enumerate(levels)
    ]
    h = hashlib.sha256()

    def watch(cmd: Command, events: list[Event]) -> None:
        h.update(cmd.model_dump_json().encode())
        for e in events:
            h.update(b"\n" + e.model_dump_json().encode())
        h.update(b"\n\n")

    for e in game.opening:
        h.update(e.model_dump_json().encode() + b"\n")
    play_game(game, players, MAX_TURNS, watch=watch)
    h.update(game.state.to_json().encode())
    seats = [Seat(name=p.name, kind="bot", level=None) for p in game.state.players]
    for line in event_lines(game, seats):
        if not line.startswith('{"type":"game"'):  # the header names the program's version
            h.update(line.encode() + b"\n")
    return game.state.turn, h.hexdigest()


def lines(games: int, seed: int, editions: Sequence[str], lineups: Sequence[str]) -> Iterator[str]:
    for edition in editions:
        for lineup in lineups:
            for i in range(games):
                turns, hexdigest = digest(edition, lineup, i, seed)
                yield f"{edition} {lineup} {i} turns={turns} {hexdigest}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=6, help="games per edition and line-up (default 6)")
    parser.add_argument("--seed", type=int, default=94)
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--lineups", default=",".join(LINEUPS), help=f"of {', '.join(LINEUPS)}")
    parser.add_argument("--compare", type=Path, help="a file of lines printed before, to compare with")
    args = parser.parse_args()
    expected = set(args.compare.read_text().splitlines()) if args.compare else None
    same = differ = 0
    for line in lines(args.games, args.seed, args.editions.split(","), args.lineups.split(",")):
        if expected is None:
            print(line, flush=True)
        elif line in expected:
            same += 1
        else:
            differ += 1
            print(f"differs: {line}", flush=True)
    if expected is not None:
        print(f"games identical  {same} of {same + differ}")
        if differ:
            sys.exit(1)


if __name__ == "__main__":
    main()
