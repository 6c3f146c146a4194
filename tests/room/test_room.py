"""A room owns one game at one table: it takes people's commands for the seats their sessions hold, on the
table as it stands, steps its bots, tells everyone following of every change, and saves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine import Build, BuyProperty, Command, EndTurn, Game, RollDice, new_game
from engine.core.events import Event
from engine.tools.tables import NAMES
from room import BotDriver, Persistence, Room, Seat, TableSetup, Update, open_room, resume_room
from room.opponents import SimpleOpponent, make_opponents

from positions import orange_position

VERA = Seat(name="Vera", kind="human")
RITA = Seat(name="Rita", kind="human")
ADA = Seat(name="Ada", kind="bot", level="normal")
GRACE = Seat(name="Grace", kind="bot", level="hard")
BALTIC = 3


def _room(seats: list[Seat], dice: list[tuple[int, int]] | None = None, **kw: object) -> Room:
    game = new_game("classic", [s.name for s in seats], seed=1, dice=dice or [])
    opponents = {i: SimpleOpponent() for i, s in enumerate(seats) if s.is_bot}
    return Room(game, seats, opponents, **kw)  # type: ignore[arg-type]


def test_a_person_acts_for_their_seat_on_the_table_as_it_stands() -> None:
    room = _room([VERA, RITA], [(1, 2)])
    assert room.version == 0
    stale = room.submit(0, RollDice(player=0), version=5)
    assert stale.code == "stale_table" and "look again" in (stale.refusal or "") and room.version == 0
    taken = room.submit(0, RollDice(player=0), version=0)
    assert taken.ok and taken.events[0].kind == "dice_rolled" and room.version == 1
    refused = room.submit(1, RollDice(player=1), version=1)
    assert refused.code == "not_now" and room.version == 1  # a refusal changes nothing


def test_a_session_acts_for_its_own_seat_whatever_the_command_claims() -> None:
    room = _room([VERA, RITA], [(1, 2)])
    rita = room.join({1})
    claimed = rita.submit(RollDice(player=0), room.version)  # claims to be Vera
    assert claimed.code == "not_your_turn" and room.view(None).players[0].position == 0
    both = room.join({0, 1})  # hot seat: one keyboard, two people
    assert both.submit(RollDice(player=0), room.version).ok
    three = _room([VERA, RITA, ADA])
    with pytest.raises(ValueError, match="played by a bot"):
        three.join({2})
    assert three.submit(2, RollDice(player=2), 0).code == "bot_seat"


def test_everyone_following_hears_of_every_change_in_order() -> None:
    room = _room([VERA, ADA], [(1, 2), (4, 6)])
    heard: list[Update] = []
    stop = room.subscribe(heard.append)
    room.submit(0, RollDice(player=0), 0)
    room.submit(0, BuyProperty(player=0), 1)
    room.submit(0, EndTurn(player=0), 2)
    while room.bot_due() is not None:
        room.play_bot()
    assert [u.version for u in heard] == list(range(1, room.version + 1))
    assert [u.seat for u in heard[:3]] == [0, 0, 0] and all(u.seat == 1 for u in heard[3:])
    opening = len(room._game.opening)  # the pledge of fair dice and the first turn
    assert [e for u in heard for e in u.events] == list(room.history())[opening:]
    stop()
    room.submit(0, RollDice(player=0), room.version)
    assert len(heard) == room.version - 1


def test_a_listener_that_fails_does_not_stop_the_table() -> None:
    room = _room([VERA, RITA], [(1, 2)])

    def broken(update: Update) -> None:
        raise RuntimeError("a client went away")

    seen: list[int] = []
    room.subscribe(broken)
    room.subscribe(lambda u: seen.append(u.version))
    assert room.submit(0, RollDice(player=0), 0).ok and seen == [1]


class _Stubborn:
    """An opponent that keeps asking for something the rules refuse."""

    def decide(self, game: Game, seat: int) -> Command:
        return Build(player=seat, space=BALTIC)


def test_a_bot_that_errs_does_not_stall_the_table() -> None:
    game = new_game("classic", ["Ada", "Vera"], seed=1, dice=[(1, 2)])
    room = Room(game, [ADA, VERA], {0: _Stubborn()})
    outcome = room.play_bot()
    assert outcome.ok and room.view(None).players[0].position == BALTIC


class _Clock:
    """A clock the test turns by hand."""

    def __init__(self) -> None:
        self.due: list[tuple[float, Callable[[], None]]] = []

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Clock.Timer:
        entry = (delay, callback)
        self.due.append(entry)
        return _Clock.Timer(self, entry)

    def tick(self) -> None:
        _delay, callback = self.due.pop(0)
        callback()

    class Timer:
        def __init__(self, clock: _Clock, entry: tuple[float, Callable[[], None]]) -> None:
            self.clock, self.entry = clock, entry

        def stop(self) -> None:
            if self.entry in self.clock.due:
                self.clock.due.remove(self.entry)


def test_the_driver_steps_the_bots_at_the_pace_and_hurries_when_asked() -> None:
    room = _room([VERA, ADA, GRACE], [(4, 6), (1, 2), (3, 4)])
    clock = _Clock()
    held = [False]
    driver = BotDriver(room, clock, "slow", may_move=lambda: not held[0])
    room.submit(0, RollDice(player=0), 0)  # Vera visits the jail
    room.submit(0, EndTurn(player=0), 1)
    assert room.bot_due() == 1 and [d for d, _ in clock.due] == [1.4]  # one move at a time, slowly
    clock.tick()
    assert room.version == 3 and len(clock.due) == 1
    held[0] = True  # a person is busy composing an offer: the bots wait
    clock.tick()
    assert room.version == 3 and not clock.due and driver.settled()
    held[0] = False
    driver.hurry()
    assert [d for d, _ in clock.due] == [0.01]
    clock.tick()  # a burst: every bot move until a person is needed
    assert room.bot_due() is None and room.view(None).pending.player == 0  # type: ignore[union-attr]
    assert not driver.hurrying
    driver.stop()
    room.submit(0, RollDice(player=0), room.version)
    assert not clock.due


def test_a_saved_game_is_taken_up_again_in_one_replay(tmp_path: Path) -> None:
    """The story, the bots' memories and the game itself come from the one replay that checks the save."""
    saves = Persistence(tmp_path)
    setup = TableSetup("classic", (VERA, ADA, GRACE), seed=9)
    first = open_room(setup, saves)
    whole: list[Event] = list(first.history())
    first.subscribe(lambda u: whole.extend(u.events))
    for _ in range(40):
        while first.bot_due() is not None:
            first.play_bot()
        legal = first.legal(0)
        cmd = next((c for c in legal if c.kind in ("roll_dice", "end_turn", "buy_property")), legal[0])
        first.submit(0, cmd, first.version)
    first.save_now()
    first.close()
    again = resume_room(saves, None)
    assert again.version == first.version
    assert [e.kind for e in again.history()] == [e.kind for e in whole]
    assert again.view(None) == first.view(None)
    applied: list[int] = []
    real_apply = Game.apply

    def counting_apply(self: Game, cmd: Command) -> list[Event]:
        applied.append(1)
        return real_apply(self, cmd)

    again.close()
    Game.apply = counting_apply  # type: ignore[method-assign]
    try:
        resume_room(saves, None).close()
    finally:
        Game.apply = real_apply  # type: ignore[method-assign]
    assert len(applied) == first.version  # every command once: one replay, however many uses


def test_while_a_bot_plays_a_persons_seat_the_table_waits_on_that_bot_not_the_person() -> None:
    room = _room([VERA, ADA], [(1, 2)])
    assert room.waiting_for() == "Vera to roll"
    room.stand_in(0)
    assert room.waiting_for() == "a bot playing for Vera to roll"
    room.hand_back(0)
    assert room.waiting_for() == "Vera to roll"


def test_a_bot_playing_for_a_person_is_named_in_one_place_that_every_face_reaches() -> None:
    """The table's wait and a stand-in's reasons both name the bot with `engine.core.narration.played_for`;
    no other module spells the words out, so no face can name the person instead."""
    from engine.core.narration import played_for

    room = _room([VERA, ADA], [(1, 2)])
    room.stand_in(0)
    assert room.waiting_for() == f"{played_for('Vera')} to roll"
    root = Path(__file__).resolve().parents[2]
    spelt = sorted(
        str(path.relative_to(root))
        for package in ("engine", "room", "saves", "tui", "server", "cli")
        for path in (root / package).rglob("*.py")
        if "a bot playing for" in path.read_text(encoding="utf-8")
    )
    assert spelt == ["engine/core/narration.py"]


def test_a_stand_in_makes_the_move_the_game_waits_on_and_no_offer_of_the_persons_holdings() -> None:
    """Where the bot of its level, in its own seat, would offer cash for the deed that completes its group,
    the bot standing in for a person away ends his turn: an offer of his deeds or cash can wait for him."""
    bots = [Seat(name=n, kind="bot", level="normal") for n in NAMES]
    game = orange_position()
    own = Room(game, bots, make_opponents(bots, game.state.seed)).play_bot()
    assert [e.kind for e in own.events][:1] == ["trade_proposed"], "its own seat: it offers"
    seats = [Seat(name=NAMES[0], kind="human"), *bots[1:]]
    game = orange_position()
    room = Room(game, seats, make_opponents(seats, game.state.seed))
    room.stand_in(0)
    played = room.play_bot()
    assert played.ok and "trade_proposed" not in [e.kind for e in played.events]
    assert room.view(None).turn == 201 and room.view(None).current == 1, "Ada's turn is over"
