"""Interface speed: the CPU time from starting `landlords` to its first screen in a terminal, beside a bare
Textual app started the same way (the floor), and the time to apply a command and repaint the board.

    python bench/tui.py [--starts 9] [--commands 200] [--panel-rounds 3] [--panel-commands 80]

The first figures start the `landlords` command as a person does, in a terminal of its own (a
pseudo-terminal of 80 x 24, read by a terminal emulator), and a bare Textual app (a line of text and a
footer) the same way, alternately. Each is stopped once its first screen is on the terminal, and the CPU
time the process used until then (all its threads, user and system) is read from the operating system: the
machine is shared, so CPU time, not the wall clock, is what is compared, as a ratio of the medians. The
saves folder is a new empty one, as on a first start. The second figures play a quick game at 120 x 40 in
this process and time each command from sending it to the repainted screen.

The last figures play the same quick game again with the chances panel closed and open, alternately, in
the same sitting (`--panel-rounds` times each, `--panel-commands` commands a time): with it open, every
command asks for the table's chances again, worked out by the pool's processes while the screen goes on.
Each command's key-to-screen time is timed as above, and this process's CPU time per command beside it;
the ratios (open / closed) say whether the panel costs the interface anything.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

import pyte

# Run as a script, this file's folder comes first on the path and its name would hide the tui package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

SIZE = (80, 24)
WAIT = 30.0  # seconds a start may take before the benchmark gives up on it

LANDLORDS_SHOWS = "Carry on a saved game"  # the start screen's last choice
BARE_SHOWS = "a bare Textual app"

_BARE = f"""
from textual.app import App
from textual.widgets import Footer, Static
class Bare(App):
    def compose(self):
        yield Static({BARE_SHOWS!r})
        yield Footer()
Bare().run()
"""


def landlords_command() -> list[str]:
    """The `landlords` command installed beside this Python, as a person runs it."""
    script = shutil.which("landlords", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "cli.main"]


def first_screen(argv: list[str], shows: str, env: dict[str, str]) -> float:
    """CPU seconds the process `argv` uses, started in a terminal of its own, until `shows` is on it."""
    columns, lines = SIZE
    pid, fd = pty.fork()
    if pid == 0:  # the child: its terminal is the pseudo-terminal
        try:
            os.execvpe(argv[0], argv, env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    screen = pyte.Screen(columns, lines)
    stream = pyte.ByteStream(screen)
    deadline = time.monotonic() + WAIT
    shown = False
    try:
        while not shown and time.monotonic() < deadline:
            if not select.select([fd], [], [], 0.5)[0]:
                continue
            try:
                stream.feed(os.read(fd, 65536))
            except OSError:  # the child is gone
                break
            shown = any(shows in line for line in screen.display)
    finally:
        os.kill(pid, signal.SIGKILL)
        usage = os.wait4(pid, 0)[2]
        os.close(fd)
    if not shown:
        raise SystemExit(f"{argv[0]} showed no {shows!r} within {WAIT:.0f} s:\n" + "\n".join(screen.display))
    return usage.ru_utime + usage.ru_stime


def first_screens(starts: int) -> tuple[list[float], list[float]]:
    """`landlords` and the bare app, started alternately so that both meet the same load."""
    saves = tempfile.mkdtemp(prefix="landlords-bench-")
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", LANDLORDS_SAVES=saves)
    env.pop("TEXTUAL", None)
    ours: list[float] = []
    bare: list[float] = []
    try:
        for _ in range(starts):
            ours.append(first_screen(landlords_command(), LANDLORDS_SHOWS, env))
            bare.append(first_screen([sys.executable, "-c", _BARE], BARE_SHOWS, env))
    finally:
        shutil.rmtree(saves, ignore_errors=True)
    return ours, bare


async def command_and_repaint(
    commands: int, chances: bool = False, cpu: list[float] | None = None
) -> tuple[list[float], list[float]]:
    """Seconds per command, from sending it to the screen repainted, for commands that only change the
    board and panels, and for those that also open or close a dialog. Four people at one keyboard at
    120 x 40, each move chosen by the engine's simple player (so no bot pacing gets in the way). With
    `chances`, the chances panel is open (and its first figure in) before the first command; `cpu` is
    given this process's CPU seconds per command."""
    from engine import new_game
    from engine.lookahead.players import SimplePlayer
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
        if chances:
            screen.action_chances()
            while not client.chances().figure.current:  # the pool's processes started, the first figure in
                await asyncio.sleep(0.05)
        while len(board_only) + len(with_dialog) < commands and game.state.winner is None:
            if isinstance(app.screen, CardDialog):  # a person reads the card and closes it
                app.screen.dismiss()
                await pilot.pause()
                continue
            pending = game.state.pending
            assert pending is not None
            cmd = chooser.decide(game, pending.player)
            top = app.screen
            begin, used = time.perf_counter(), time.process_time()
            screen.play(cmd)
            await pilot._wait_for_screen()  # every widget has handled its messages
            app.screen._on_timer_update()  # and the screen is painted (the app does this each frame)
            elapsed = time.perf_counter() - begin
            if cpu is not None:
                cpu.append(time.process_time() - used)
            (board_only if app.screen is top else with_dialog).append(elapsed)
            await pilot.pause()
    return board_only, with_dialog


async def panel_closed_and_open(rounds: int, commands: int) -> dict[bool, tuple[list[float], list[float]]]:
    """Key-to-screen seconds and CPU seconds per command, with the chances panel closed and open, played
    alternately so that both meet the same load."""
    found: dict[bool, tuple[list[float], list[float]]] = {False: ([], []), True: ([], [])}
    for _ in range(rounds):
        for open_ in (False, True):
            cpu: list[float] = []
            board_only, with_dialog = await command_and_repaint(commands, open_, cpu)
            found[open_][0].extend(board_only + with_dialog)
            found[open_][1].extend(cpu)
    return found


def _figures(seconds: list[float]) -> str:
    ms = sorted(t * 1000 for t in seconds)
    if not ms:
        return "none"
    p95 = ms[max(int(len(ms) * 0.95) - 1, 0)]
    return f"median {statistics.median(ms):.1f} ms, 95th percentile {p95:.1f} ms over {len(ms)}"


def _cpu(seconds: list[float]) -> str:
    return f"CPU {1000 * statistics.mean(seconds):.1f} ms a command" if seconds else "CPU none"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--starts", type=int, default=9)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--panel-rounds", type=int, default=3)
    parser.add_argument("--panel-commands", type=int, default=80)
    args = parser.parse_args()
    starts, bare = first_screens(args.starts)
    ratio = statistics.median(starts) / statistics.median(bare)
    print(
        f"first screen     median {statistics.median(starts):.3f} s of CPU, best {min(starts):.3f} s, "
        f"over {len(starts)} starts in a {SIZE[0]} x {SIZE[1]} terminal"
    )
    print(
        f"  a bare app     median {statistics.median(bare):.3f} s of CPU, best {min(bare):.3f} s   "
        f"(the floor, started the same way)"
    )
    print(f"  ratio          {ratio:.2f}   (landlords / the bare app; target < 1.5)")
    from room.heap import keep_settled
    from tui import patches

    patches.install()  # as `landlords` does before its first screen
    keep_settled()
    board_only, with_dialog = asyncio.run(command_and_repaint(args.commands))
    print(f"command+repaint  {_figures(board_only)}   (target < 50 ms)")
    print(f"  with a dialog  {_figures(with_dialog)}   (commands that open or close a dialog)")
    rounds, commands = max(1, args.panel_rounds), max(1, args.panel_commands)
    found = asyncio.run(panel_closed_and_open(rounds, commands))
    (closed, closed_cpu), (opened, opened_cpu) = found[False], found[True]
    print(f"panel closed     {_figures(closed)}, {_cpu(closed_cpu)}")
    print(f"panel open       {_figures(opened)}, {_cpu(opened_cpu)}")
    wall = statistics.median(opened) / statistics.median(closed)
    used = statistics.mean(opened_cpu) / max(statistics.mean(closed_cpu), 1e-9)
    print(
        f"  ratio          key to screen {wall:.2f} at the median, this process's CPU {used:.2f} a command "
        f"(open / closed, {rounds} rounds of {commands} commands each, alternately; target about 1)"
    )


if __name__ == "__main__":
    main()
