"""Autosave: after turns and trades, and when the terminal goes away (SIGHUP) or the process is told to
stop (SIGTERM), even in the middle of a command."""

from __future__ import annotations

import contextlib
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine import Event, Game
from engine.core.events import GameOver, TradeCompleted, TurnStarted
from saves import Autosaver, SaveStore

from saved_games import GAMES, finished, play, seats_of

CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from saved_games import GAMES, play, seats_of
    from saves import Autosaver, SaveStore

    game = GAMES["classic, 2 players"].start()
    session = SaveStore(Path({root!r})).create(game, seats_of(game), "signalled")
    autosaver = Autosaver(session, game)
    autosaver.install_signal_handlers()
    mode = {mode!r}
    if mode == "quiet":
        play(game, stop=lambda g: len(g.log) >= 7)  # no turn completes, so nothing is autosaved
        print(session.id, len(game.log), flush=True)
        time.sleep(60)
    else:
        # Commands back to back: the signal lands in the middle of one, sooner or later. The game saved
        # always has a command in its log (a fresh game is handed over after its first), so that the save
        # checked is never just the one made when the file was created.
        play(game, stop=lambda g: len(g.log) >= 1)
        print(session.id, len(game.log), flush=True)
        while True:
            play(game)
            game = GAMES["classic, 2 players"].start()
            play(game, stop=lambda g: len(g.log) >= 1)
            autosaver.game = game
    """
)


def _child(tmp_path: Path, mode: str) -> tuple[subprocess.Popen[str], str, int]:
    script = CHILD.format(tests=str(Path(__file__).parents[1] / "helpers"), root=str(tmp_path), mode=mode)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    save_id, commands = child.stdout.readline().split()
    return child, save_id, int(commands)


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_the_game_is_saved_before_the_process_exits(sig: int, status: int, tmp_path: Path) -> None:
    child, save_id, commands = _child(tmp_path, "quiet")
    store = SaveStore(tmp_path)
    assert len(store.load(save_id).game.log) == 0  # only the save made at creation so far
    child.send_signal(sig)
    assert child.wait(20) == status
    loaded = store.load(save_id)
    assert len(loaded.game.log) == commands == 7
    with store.open(save_id)[1]:  # and the lock went with the process
        pass


def test_a_signal_in_the_middle_of_a_command_still_leaves_a_good_save(tmp_path: Path) -> None:
    """The handler saves a replay of the log, never the half-changed live state."""
    store = SaveStore(tmp_path)
    rng = random.Random(7)
    for _ in range(6):
        child, save_id, _ = _child(tmp_path, "busy")
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(rng.uniform(0.05, 0.4))
        child.send_signal(signal.SIGTERM)
        assert child.wait(20) == 143
        loaded = store.load(save_id)  # raises if the save were torn or did not replay
        assert len(loaded.game.log) > 0
        store.delete(save_id)


def test_autosave_after_turns_trades_and_the_end_only(tmp_path: Path) -> None:
    game = GAMES["classic, 2 players"].start()
    store = SaveStore(tmp_path)
    session = store.create(game, seats_of(game), "auto")
    autosaver = Autosaver(session, game)
    saves = turns = trades = ends = 0

    def after(g: Game, events: list[Event]) -> None:
        nonlocal saves, turns, trades, ends
        turns += any(isinstance(e, TurnStarted) for e in events)
        trades += any(isinstance(e, TradeCompleted) for e in events)
        ends += any(isinstance(e, GameOver) for e in events)
        before = session.path.read_bytes()
        if autosaver.after_events(events):
            saves += 1
            assert session.path.read_bytes() != before
            assert store.load(session.id).game.state == g.state
        else:
            assert session.path.read_bytes() == before

    play(game, after=after)
    assert game.state.winner is not None
    assert trades > 0 and ends == 1
    assert saves == turns + trades + ends
    assert store.load(session.id).game.state == game.state
    autosaver.save_now()
    session.close()
    autosaver.save_now()  # once closed, a no-op rather than an error


def test_the_handler_can_hand_the_exit_to_the_program(tmp_path: Path) -> None:
    """A full-screen program passes its own `exit`, to restore the terminal on the way out."""
    game, _ = finished(GAMES["modern, Short Game"])
    replayed = Game.replay(game.initial, game.log[:30])
    store = SaveStore(tmp_path)
    session = store.create(replayed, seats_of(replayed), "handed over")
    autosaver = Autosaver(session, replayed)
    play(replayed, stop=lambda g: len(g.log) >= 35)
    before = signal.getsignal(signal.SIGTERM)
    statuses: list[int] = []
    autosaver.install_signal_handlers(exit=statuses.append)
    try:
        signal.raise_signal(signal.SIGTERM)
    finally:
        autosaver.remove_signal_handlers()
    assert statuses == [143]
    assert signal.getsignal(signal.SIGTERM) is before
    assert session.closed
    assert store.load(session.id).game.log == game.log[:35]
