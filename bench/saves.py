"""Saving and loading speed for a long game: 2,000 commands between four built-in players.

Prints the time to save (an atomic write with fsync, and the encoding alone), the time to load (reading
and checking the file, then replaying the whole log and comparing it with the snapshot), the file's size,
and the memory the loaded game holds beside the game it was saved from. Targets on the reference machine:
save under 20 ms, load under 300 ms, a loaded game no more than twice the memory of the played one.

    python bench/saves.py [--commands 2000] [--repeats 30] [--dir FOLDER]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
import types
from collections import Counter
from collections.abc import Callable
from pathlib import Path

# Run as a script, this file's folder comes first on the path and would hide the packages of the same names.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from engine import Game, new_game  # noqa: E402
from engine.core.commands import Command  # noqa: E402
from engine.lookahead.players import SimplePlayer  # noqa: E402
from saves import SaveStore, Seat  # noqa: E402
from saves.codec import decode, encode  # noqa: E402
from saves.model import SaveFile  # noqa: E402
from saves.restore import restore  # noqa: E402
from saves.store import read  # noqa: E402


class HoldingPlayer(SimplePlayer):
    """A simple player that never offers a trade: without trades nobody completes a group, so the game
    runs as long as the benchmark needs, through purchases, auctions, rents, cards, jail and mortgages."""

    def _swap(self, game: Game, player: int) -> Command | None:
        return None


def long_game(commands: int, seed: int) -> Game:
    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=seed)
    player = HoldingPlayer()
    st = game.state
    while len(game.log) < commands:
        if st.winner is not None:
            raise SystemExit(f"the game ended after {len(game.log)} commands; try another --seed")
        pend = st.pending
        assert pend is not None
        game.apply(player.decide(game, pend.player))
    return game


def timed(action: Callable[[], object], repeats: int) -> list[float]:
    """Milliseconds per run."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def line(label: str, times: list[float], target: float | None = None) -> str:
    text = (
        f"{label:<28} median {statistics.median(times):7.2f} ms   best {min(times):7.2f}   "
        f"worst {max(times):7.2f}"
    )
    if target is not None:
        verdict = "ok" if statistics.median(times) < target else "OVER"
        text += f"   (target < {target:g} ms: {verdict})"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temporary folder)")
    args = parser.parse_args()

    game = long_game(args.commands, args.seed)
    seats = [Seat(name="Ada", kind="human")] + [
        Seat(name=n, kind="bot", level="normal") for n in ("Grace", "Linus", "Ken")
    ]
    kinds = Counter(cmd.kind for cmd in game.log)
    print(
        f"game        {len(game.log):,} commands, {game.state.turn} turns; "
        + ", ".join(f"{k} {n}" for k, n in kinds.most_common(6))
    )
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        store = SaveStore(Path(folder))
        with store.create(game, seats, "benchmark") as session:
            save_times = timed(lambda: session.save(game), args.repeats)
            path = session.path
        size = path.stat().st_size
        data = path.read_bytes()
        save: SaveFile = read(path)
        encode_times = timed(lambda: encode(save), args.repeats)
        load_times = timed(lambda: store.load(session.id), args.repeats)
        decode_times = timed(lambda: decode(path, data), args.repeats)
        replay_times = timed(lambda: restore(path, save), args.repeats)
        print(f"folder      {folder}")
        print(line("save (atomic, fsync'd)", save_times, 20))
        print(line("  of which encoding", encode_times))
        print(line("load (read, check, replay)", load_times, 300))
        print(line("  of which reading", decode_times))
        print(line("  of which replay + compare", replay_times))
        print(f"file size   {size:,} bytes ({size / len(game.log):.1f} per command)")
        loaded = store.load(session.id).game
        held, played = memory_of(loaded), memory_of(game)
        print(
            f"memory      the loaded game holds {held / 1024:,.0f} KiB, the game it was saved from "
            f"{played / 1024:,.0f} KiB: {held / played:.2f}x   (target <= 2x)"
        )


def memory_of(game: Game) -> int:
    """Bytes of everything a game holds of its own (its log, state and starting state), each object once;
    what every game shares (the board, the rules, classes and functions) left out."""
    seen: set[int] = set()
    total = 0
    stack: list[object] = [game.log, game.state, game.initial]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType | types.FunctionType):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


if __name__ == "__main__":
    main()
