"""A table's chances to win: worked out in other processes while someone watches, once for everyone at
the table, one figure at a time with the moves made meanwhile gathered into the next, and the last figure
kept on show (marked as working) while the next is on its way."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from engine import EndTurn, RollDice, new_game
from room import Room, Seat
from room.chances import ChancesPool, Figure, TableChances, figure_of, levels_of, share
from room.opponents import SimpleOpponent
from translation import language, use
from translation.context import speaking

VERA = Seat(name="Vera", kind="human")
RITA = Seat(name="Rita", kind="human")
ADA = Seat(name="Ada", kind="bot", level="hard")


def _room(
    seats: list[Seat], dice: list[tuple[int, int]] | None = None, edition: str = "finance-1936"
) -> Room:
    """Return a room of these seats: of Finance unless told, whose figure is made of playouts (the classic
    game's is its learned value's alone)."""
    game = new_game(edition, [s.name for s in seats], seed=3, dice=dice or [])
    return Room(game, seats, {i: SimpleOpponent() for i, s in enumerate(seats) if s.is_bot})


class HeldPool(ChancesPool):
    """A pool whose work waits until the test lets it through (`release`), in the order asked."""

    def __init__(self, processes: int = 2) -> None:
        super().__init__(0)
        self.processes = processes
        self.waiting: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []
        self.asked = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.waiting.append((future, fn, args))
        self.asked += 1
        return future

    def release(self) -> None:
        waiting, self.waiting = self.waiting, []
        for future, fn, args in waiting:
            future.set_result(fn(*args))


async def _turn() -> None:
    """Let the callbacks posted to the loop run."""
    for _ in range(3):
        await asyncio.sleep(0)


def test_the_playouts_are_shared_out_in_order_and_in_full() -> None:
    assert share(400, 2) == [(0, 200), (200, 200)]
    assert share(10, 3) == [(0, 4), (4, 3), (7, 3)]
    assert share(2, 8) == [(0, 1), (1, 1)]


async def test_a_watcher_sees_working_then_the_figure_of_the_table_as_it_is() -> None:
    room = _room([VERA, ADA])
    pool = HeldPool()
    chances = TableChances(room, pool, playouts=40)
    seen: list[Figure] = []
    chances.watch(seen.append)
    assert seen[0].chances is None and seen[-1].working  # nothing yet, and on its way
    assert pool.asked == 2  # the playouts shared between the pool's two processes
    pool.release()
    await _turn()
    figure = seen[-1]
    assert figure.current and figure.version == room.version and chances.worked_out == 1
    assert figure.chances is not None and figure.chances.playouts == 40
    assert sum(c.win for c in figure.chances.players) == pytest.approx(1.0)
    assert figure.chances == figure_of(room.view(None), 40, levels_of(room))  # the slices put together
    # are the figure of one run


async def test_a_table_with_a_learned_value_is_valued_alone_by_one_process() -> None:
    room = _room([VERA, ADA], edition="classic")
    pool = HeldPool()
    chances = TableChances(room, pool, playouts=40)
    seen: list[Figure] = []
    chances.watch(seen.append)
    assert pool.asked == 1  # no playouts to share out
    pool.release()
    await _turn()
    figure = seen[-1]
    assert figure.current and figure.chances is not None and figure.chances.playouts == 0
    assert sum(c.win for c in figure.chances.players) == pytest.approx(1.0)
    assert all(c.low == c.win == c.high for c in figure.chances.players)  # no luck: the model's error is all


async def test_moves_made_while_a_figure_is_worked_out_are_gathered_into_one_more() -> None:
    room = _room([VERA, RITA], [(4, 6), (3, 4)], edition="addon")
    pool = HeldPool(processes=1)
    chances = TableChances(room, pool, playouts=20)
    seen: list[Figure] = []
    chances.watch(seen.append)
    first = room.version
    room.submit(0, RollDice(player=0), room.version)
    room.submit(0, EndTurn(player=0), room.version)
    assert pool.asked == 1  # one figure at a time, whatever the table does meanwhile
    pool.release()
    await _turn()
    stale = seen[-1]
    assert stale.version == first and stale.working and stale.chances is not None  # shown, and marked
    assert pool.asked == 2  # one more, for the table as it is now: the moves between are not worked out
    pool.release()
    await _turn()
    assert seen[-1].current and seen[-1].version == room.version == first + 2
    assert chances.worked_out == 2


async def test_a_figure_is_worked_out_once_for_everyone_watching() -> None:
    room = _room([VERA, RITA])
    pool = HeldPool()
    chances = TableChances(room, pool, playouts=10)
    one: list[Figure] = []
    other: list[Figure] = []
    chances.watch(one.append)
    chances.watch(other.append)
    pool.release()
    await _turn()
    assert chances.worked_out == 1 and pool.asked == 2
    assert one[-1] is other[-1] and one[-1].current


async def test_nobody_watching_asks_for_nothing() -> None:
    room = _room([VERA, RITA], [(1, 2)])
    pool = HeldPool()
    chances = TableChances(room, pool, playouts=10)
    stop = chances.watch(lambda figure: None)
    pool.release()
    await _turn()
    stop()
    asked = pool.asked
    room.submit(0, RollDice(player=0), room.version)
    assert pool.asked == asked and not chances.watched


async def test_a_finished_game_gives_the_winner_every_chance_at_once() -> None:
    room = _room([VERA, RITA], [(1, 2)])
    room.submit(0, RollDice(player=0), room.version)
    room._game.state.winner = 1  # the game is over: nothing to play forward
    room._views.clear()
    pool = HeldPool()
    seen: list[Figure] = []
    TableChances(room, pool).watch(seen.append)
    assert pool.asked == 0
    figure = seen[-1]
    assert figure.current and figure.chances is not None
    assert [(c.win, c.low, c.high) for c in figure.chances.players] == [(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)]


async def test_a_rest_between_figures_holds_the_next_back() -> None:
    room = _room([VERA, RITA], [(1, 2)])
    pool = HeldPool(processes=1)
    chances = TableChances(room, pool, playouts=10, rest=1.0)  # longer than a figure takes to work out
    seen: list[Figure] = []
    chances.watch(seen.append)
    pool.release()
    await _turn()
    room.submit(0, RollDice(player=0), room.version)
    assert pool.asked == 1 and seen[-1].working  # too soon after the last began
    await asyncio.sleep(1.1)
    assert pool.asked == 2
    pool.release()
    await _turn()
    assert seen[-1].current and seen[-1].version == room.version


async def test_a_figure_that_fails_says_so_and_the_next_move_tries_again() -> None:
    room = _room([VERA, RITA], [(1, 2)])

    class Broken(HeldPool):
        def release(self) -> None:
            waiting, self.waiting = self.waiting, []
            for future, _fn, _args in waiting:
                future.set_exception(RuntimeError("a process died"))

    pool = Broken(processes=1)
    chances = TableChances(room, pool, playouts=10)
    seen: list[Figure] = []
    chances.watch(seen.append)
    pool.release()
    await _turn()
    assert seen[-1].problem and not seen[-1].working and seen[-1].chances is None
    room.submit(0, RollDice(player=0), room.version)
    assert pool.asked == 2 and seen[-1].working


async def test_the_pools_processes_work_the_figure_out() -> None:
    """The real thing: two processes of their own, started when first asked."""
    room = _room([VERA, ADA])
    pool = ChancesPool(2)
    try:
        chances = TableChances(room, pool, playouts=40)
        seen: list[Figure] = []
        chances.watch(seen.append)
        loop = asyncio.get_running_loop()
        end = loop.time() + 60
        while not seen[-1].current and loop.time() < end:
            await asyncio.sleep(0.05)
        figure = seen[-1]
        assert figure.current and figure.chances is not None and figure.chances.playouts == 40
        assert figure.chances == figure_of(room.view(None), 40, levels_of(room))  # as worked out here
    finally:
        pool.close()


def test_a_pool_whose_process_was_killed_starts_afresh() -> None:
    pool = ChancesPool(1)
    try:
        first = pool.submit(os.getpid).result(timeout=60)
        os.kill(first, signal.SIGKILL)
        again = None
        for _ in range(50):  # the pool learns its process is gone; the next request gets a new one
            try:
                again = pool.submit(os.getpid).result(timeout=60)
                break
            except BrokenProcessPool:
                time.sleep(0.1)
        assert again is not None and again != first
    finally:
        pool.close()


async def test_a_figure_is_told_to_each_watcher_in_the_watcher_s_language() -> None:
    """Figures come back on the pool's threads; each watcher still hears of them in the language it
    watched in (the panel's sentence in Spanish for a Spanish player), whoever else watches the table."""
    spanish = language("es")
    assert spanish is not None
    room = _room([VERA, ADA])
    pool = HeldPool()
    chances = TableChances(room, pool, playouts=40)
    heard: dict[str, list[str]] = {"es": [], "en": []}
    with use(spanish):
        chances.watch(lambda figure: heard["es"].append(speaking().code))
    chances.watch(lambda figure: heard["en"].append(speaking().code))
    back = threading.Thread(target=pool.release)  # as a pool's thread hands the slices back
    back.start()
    back.join()
    await _turn()
    assert len(heard["es"]) >= 3 and len(heard["en"]) >= 2  # at once, working, and the figure
    assert set(heard["es"]) == {"es"} and set(heard["en"]) == {"en"}
