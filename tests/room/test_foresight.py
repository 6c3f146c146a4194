"""A bot that looks ahead thinks on the pool, not on the table's own thread: a copy of it makes the decision
there, the bot is handed what its look-ahead worked out, and it then decides at once exactly as it would
have alone."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import Any

import pytest

import engine.bots.expert as expert_module
from engine import Event, new_game
from engine.bots.expert import ExpertBot
from room import BotDriver, Room, Seat, Update
from room.chances import ChancesPool
from room.foresight import Thinking
from room.opponents import make_opponents

EXPERTS = [Seat(name=n, kind="bot", level="expert") for n in ("Ada", "Grace", "Linus", "Ken")]


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Count the look-aheads the expert works out itself (the pool's copies included)."""
    judged = [0]
    real = expert_module.judge  # type: ignore[attr-defined]

    def judge(*args: Any, **kwargs: Any) -> Any:
        judged[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(expert_module, "judge", judge)
    yield judged


def test_a_decision_foreseen_on_a_copy_is_the_one_made_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tables from one seed, four experts each: one thinks alone, the other foresees each decision on
    a copy of the bot first. Every move and every reason is the same, and the bots that were handed their
    look-ahead worked none out themselves."""
    names = [s.name for s in EXPERTS]
    alone_game, heeding_game = new_game("classic", names, seed=5), new_game("classic", names, seed=5)
    alone = [ExpertBot(5, s) for s in range(4)]
    heeding = [ExpertBot(5, s) for s in range(4)]
    looked_ahead = 0
    with counting(monkeypatch) as judged:
        for _ in range(400):
            pend = alone_game.state.pending
            if pend is None or alone_game.state.winner is not None:
                break
            p = pend.player
            view, legal = alone_game.view(p), alone_game.legal_commands(p)
            chosen = alone[p].choose(view, legal)
            copy = pickle.loads(pickle.dumps(heeding[p]))
            before = judged[0]
            foresight = copy.foresee(heeding_game.view(p), heeding_game.legal_commands(p))
            looked_ahead += judged[0] - before
            assert len(foresight.answers) == judged[0] - before
            heeding[p].heed(foresight)
            before = judged[0]
            heeded = heeding[p].choose(heeding_game.view(p), heeding_game.legal_commands(p))
            assert judged[0] == before, "a foreseen decision worked its look-ahead out again"
            assert heeded == chosen and heeding[p].reason == alone[p].reason
            for game, bots, cmd in ((alone_game, alone, chosen), (heeding_game, heeding, heeded)):
                events = game.apply(cmd)
                for bot in bots:
                    bot.observe(events)
    assert looked_ahead > 0  # the game reached decisions the expert looks ahead on


def test_a_look_ahead_foreseen_for_another_table_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """At its first decision that looks ahead, an expert handed a look-ahead worked out for another table
    works its own out, and decides as it would have alone."""
    game = new_game("classic", [s.name for s in EXPERTS], seed=5)
    bots = [ExpertBot(5, s) for s in range(4)]
    wrong = expert_module.Foresight((((0, 1, (("{}",),), ()), ()),))
    with counting(monkeypatch) as judged:
        for _ in range(2000):
            pend = game.state.pending
            assert pend is not None
            p = pend.player
            view, legal = game.view(p), game.legal_commands(p)
            alone = pickle.loads(pickle.dumps(bots[p]))
            before = judged[0]
            chosen = alone.choose(view, legal)
            if judged[0] > before:  # it looks ahead here: now with the wrong answers handed to it
                bots[p].heed(wrong)
                before = judged[0]
                assert bots[p].choose(view, legal) == chosen
                assert judged[0] > before  # worked out again, the wrong answers not taken
                return
            events = game.apply(bots[p].choose(view, legal))
            for b in bots:
                b.observe(events)
    raise AssertionError("the game reached no decision the expert looks ahead on")


class HandClock:
    """Timers and callbacks from other threads, run when the test says."""

    def __init__(self) -> None:
        self.due: list[Callable[[], None]] = []
        self.posted: list[Callable[[], None]] = []

    def call_later(self, delay: float, callback: Callable[[], None]) -> HandClock.Timer:
        self.due.append(callback)
        return HandClock.Timer(self, callback)

    def post(self, callback: Callable[[], None]) -> None:
        self.posted.append(callback)

    def run(self) -> bool:
        """The next posted callback, else the next timer; False if there is neither."""
        queue = self.posted or self.due
        if not queue:
            return False
        queue.pop(0)()
        return True

    class Timer:
        def __init__(self, clock: HandClock, callback: Callable[[], None]) -> None:
            self.clock, self.callback = clock, callback

        def stop(self) -> None:
            if self.callback in self.clock.due:
                self.clock.due.remove(self.callback)


class HeldPool(ChancesPool):
    """Work waits until the test lets it through."""

    def __init__(self) -> None:
        super().__init__(0)
        self.waiting: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.waiting.append((future, fn, args))
        return future

    def release(self) -> None:
        waiting, self.waiting = self.waiting, []
        for future, fn, args in waiting:
            future.set_result(fn(*args))


def _experts_room() -> tuple[Room, list[tuple[Event, ...]]]:
    game = new_game("classic", [s.name for s in EXPERTS], seed=7)
    room = Room(game, EXPERTS, make_opponents(EXPERTS, 7))
    told: list[tuple[Event, ...]] = []

    def keep(update: Update) -> None:
        told.append(update.events)

    room.subscribe(keep)
    return room, told


def _play(room: Room, clock: HandClock, pool: HeldPool | None, turns: int) -> None:
    while room.view(None).turn < turns:
        if not clock.run():
            assert pool is not None and pool.waiting, "the table stalled"
            pool.release()


def test_the_driver_lets_an_expert_move_only_once_its_thoughts_are_in() -> None:
    """The same game, move for move, whether the experts think on the pool or on the table's thread; and
    while a look-ahead is out, no bot moves."""
    room_alone, told_alone = _experts_room()
    clock_alone = HandClock()
    BotDriver(room_alone, clock_alone, "fast").poke()
    _play(room_alone, clock_alone, None, 14)

    room, told = _experts_room()
    clock, pool = HandClock(), HeldPool()
    driver = BotDriver(room, clock, "fast", thinking=Thinking(room, lambda: pool, clock.post))
    driver.poke()
    thought = 0
    while room.view(None).turn < 14:
        if clock.run():
            continue
        assert pool.waiting and driver.waiting and not driver.settled()
        version = room.version
        clock.run()  # nothing is due: the bot waits for its thoughts
        assert room.version == version
        pool.release()
        thought += 1
    assert thought > 0
    assert told[: len(told_alone)] == told_alone[: len(told)]
    driver.stop()


def test_a_driver_stopped_while_its_bot_thinks_moves_no_more() -> None:
    room, _ = _experts_room()
    clock, pool = HandClock(), HeldPool()
    driver = BotDriver(room, clock, "fast", thinking=Thinking(room, lambda: pool, clock.post))
    driver.poke()
    while not pool.waiting:
        assert clock.run()
    version = room.version
    driver.stop()
    pool.release()
    while clock.run():
        pass
    assert room.version == version
