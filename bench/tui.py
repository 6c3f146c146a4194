"""Interface speed: the CPU time from starting `landlords` to the first screen a person can use, beside a
bare Textual app started the same way (the floor), and the time to apply a command and repaint the board.

    python bench/tui.py [--starts 5] [--commands 200]

The first figures run the real entry point (`cli.main`, as the `landlords` command does) in a fresh
interpreter each time, headless, and read the process's CPU time when its start screen is ready; the
machine is shared, so CPU time, not the wall clock, is what is compared. The second plays a quick game at
120 x 40 in this process and times each command from sending it to the repainted screen.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the tui package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

_READY = """
import time
t0 = time.process_time()
from textual.app import App
_run = App.run
def _headless(self, *a, **k):
    k["headless"] = True
    return _run(self, *a, **k)
def _ready(self):
    print(f"READY {time.process_time() - t0:.4f}", flush=True)
    self.exit(0)
App.run = _headless
App.on_ready = _ready
"""

_LANDLORDS = (
    _READY
    + """
import sys
import tui.terminal
tui.terminal.missing = lambda: False  # headless here: there is no terminal to ask for
from cli.main import main
sys.exit(main([]))
"""
)

_BARE = (
    _READY
    + """
from textual.widgets import Footer, Static
class Bare(App):
    def compose(self):
        yield Static("landlords")
        yield Footer()
Bare().run()
"""
)


def first_screen(starts: int, child: str = _LANDLORDS) -> list[float]:
    """CPU seconds from launching the interpreter to the first screen being ready, per run."""
    times = []
    for _ in range(starts):
        with subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, text=True) as proc:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            proc.wait()
        if not line.startswith("READY"):
            raise SystemExit(f"the app did not report ready: {line!r}")
        times.append(float(line.split()[1]))
    return times


async def command_and_repaint(commands: int) -> tuple[list[float], list[float]]:
    """Seconds per command, from sending it to the screen repainted, for commands that only change the
    board and panels, and for those that also open or close a dialog. Four people at one keyboard at
    120 x 40, each move chosen by the engine's simple player (so no bot pacing gets in the way)."""
    from engine import new_game
    from engine.tools.players import SimplePlayer
    from room import Persistence, Room, Seat
    from tui.app import AppOptions, LandlordsApp, Opening
    from tui.client import LocalClient
    from tui.dialogs.card import CardDialog
    from tui.screens.game import GameScreen

    names = ["Ada", "Grace", "Alan", "Linus"]
    game = new_game("classic", names, seed=7)
    client = LocalClient(Room(game, [Seat(name=n, kind="human") for n in names], {}))
    app = LandlordsApp(AppOptions(theme="dark"), Opening(kind="client", client=client), Persistence.off())
    chooser = SimplePlayer()
    board_only: list[float] = []
    with_dialog: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        assert isinstance(screen, GameScreen)
        while len(board_only) + len(with_dialog) < commands and game.state.winner is None:
            if isinstance(app.screen, CardDialog):  # a person reads the card and closes it
                app.screen.dismiss()
                await pilot.pause()
                continue
            pending = game.state.pending
            assert pending is not None
            cmd = chooser.decide(game, pending.player)
            top = app.screen
            begin = time.perf_counter()
            screen.play(cmd)
            await pilot._wait_for_screen()  # every widget has handled its messages
            app.screen._on_timer_update()  # and the screen is painted (the app does this each frame)
            elapsed = time.perf_counter() - begin
            (board_only if app.screen is top else with_dialog).append(elapsed)
            await pilot.pause()
    return board_only, with_dialog


def _figures(seconds: list[float]) -> str:
    ms = sorted(t * 1000 for t in seconds)
    if not ms:
        return "none"
    p95 = ms[max(int(len(ms) * 0.95) - 1, 0)]
    return f"median {statistics.median(ms):.1f} ms, 95th percentile {p95:.1f} ms over {len(ms)}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--commands", type=int, default=200)
    args = parser.parse_args()
    starts: list[float] = []
    bare: list[float] = []
    for _ in range(args.starts):  # alternating, so that both meet the same load
        starts += first_screen(1)
        bare += first_screen(1, _BARE)
    print(
        f"first screen     median {statistics.median(starts):.3f} s of CPU, best {min(starts):.3f} s, "
        f"over {len(starts)} cold starts   (target < 0.5 s)"
    )
    print(
        f"  a bare app     median {statistics.median(bare):.3f} s of CPU, best {min(bare):.3f} s   "
        f"(the floor; landlords takes {statistics.median(starts) / statistics.median(bare):.2f}x)"
    )
    from room.heap import keep_settled
    from tui import patches

    patches.install()  # as `landlords` does before its first screen
    keep_settled()
    board_only, with_dialog = asyncio.run(command_and_repaint(args.commands))
    print(f"command+repaint  {_figures(board_only)}   (target < 50 ms)")
    print(f"  with a dialog  {_figures(with_dialog)}   (commands that open or close a dialog)")


if __name__ == "__main__":
    main()
