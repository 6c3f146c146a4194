"""The command line's start-up: the CPU time of `landlords --version`, `--help`, `saves list` (an empty
saves folder, and one holding a saved game) and `analyse GAME --turn 40`, each run as a person runs it.

    python bench/startup.py [--runs 7]

Each command is run `--runs` times, the commands taking turns, in one sitting; the CPU time of each run
(user and system, of the process and anything it started) is read from the operating system, since the
machine is shared and its wall clock noisy. The medians are printed, and each command's ratio to
`--version`'s median: a command should load what it uses when it runs, never the whole game to read its
arguments (`--help` and `saves list` within three times `--version`).

A folder of saves is listed three ways: as the first list after a game (the game saved and closed before
each such run, which keeps its summary in the folder's `.summaries.cache`), as every list after that (the
summary kept used, the file unread), and with nothing kept (the cache removed before each such run, as for
a save copied in or written by another version: the file read and checked, which builds the engine's game
state). The game is saved a few seconds before the first run, as a list keeps no summary of a file that
it read changed in the last two seconds (`saves.summary_cache`).

Run it where Python may keep the bytecode it compiles (`PYTHONDONTWRITEBYTECODE` unset, and the first
sitting thrown away): otherwise every run compiles each module it loads, as no installed copy does, and
the figures are mostly the compiler's. The output says so when the variable is set.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# Run as a script, this file's folder comes first on the path, where bench/engine.py would hide the engine.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]


def cpu_of(argv: list[str]) -> float:
    """The CPU seconds one run of `landlords` with these words takes, its children included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "cli.main", *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        cwd=ROOT,
        env={**os.environ, "LANG": "C.UTF-8", "LANGUAGE": ""},
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def a_saved_game(folder: Path) -> str:
    """A game of the simple players, saved at turn 45 in `folder`: its id."""
    from engine import new_game
    from engine.lookahead.players import SimplePlayer
    from saves import SaveStore, Seat

    names = ["Ada", "Grace", "Linus", "Ken"]
    game = new_game("classic", names, seed=11)
    player = SimplePlayer()
    while game.state.turn < 45 and game.state.winner is None and game.state.pending is not None:
        game.apply(player.decide(game, game.state.pending.player))
    seats = [Seat(name=n, kind="bot", level="normal") for n in names]
    session = SaveStore(folder).create(game, seats, "bench")
    session.save(game)
    session.close()
    return session.id


def play_on(folder: Path, game: str) -> None:
    """Open the saved game, save it and close it, as a person at it does on leaving the game."""
    from saves import SaveStore

    loaded, session = SaveStore(folder).open(game)
    with session:
        session.save(loaded.game, loaded.reasons)


def main() -> None:
    from saves.summary_cache import NAME, RECENT_NS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as held:
        game = a_saved_game(Path(held))
        kept = Path(held) / NAME
        time.sleep(RECENT_NS / 1e9 + 0.5)  # the save is not kept by a list in its first seconds
        commands = {
            "--version": ["--version"],
            "--help": ["--help"],
            "saves list (empty)": ["saves", "list", "--saves-dir", empty],
            "saves list (after the game)": ["saves", "list", "--saves-dir", held],
            "saves list (a game)": ["saves", "list", "--saves-dir", held],
            "saves list (nothing kept)": ["saves", "list", "--saves-dir", held],
            "analyse --turn 40": ["analyse", game, "--turn", "40", "--saves-dir", held, "--playouts", "50"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, argv in commands.items():
                if name.endswith("(after the game)"):
                    kept.unlink(missing_ok=True)
                    play_on(Path(held), game)
                    if not kept.exists():
                        sys.exit("the game kept no summary on closing")
                if name.endswith("(nothing kept)"):
                    kept.unlink(missing_ok=True)
                times[name].append(cpu_of(argv))
    floor = statistics.median(times["--version"])
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("PYTHONDONTWRITEBYTECODE is set: a module with no bytecode kept is compiled on every run")
    print(f"CPU seconds, the median of {runs} runs each (ratio to --version):")
    for name, taken in times.items():
        median = statistics.median(taken)
        print(f"  {name:28} {median:6.3f} s  {median / floor:5.2f}x")


if __name__ == "__main__":
    main()
