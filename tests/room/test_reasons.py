"""A bot's reason travels with its move: the room tells it after the move's events (`ReasonGiven`), in the
log the interface shows, keeps it by the place of the command in the game's log, saves it with the game,
and a game taken up again tells the same reasons in the same places. Bots are not shown each other's
reasons, and words from a bot from outside are made safe to show."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from engine import Command, Game, GameView, new_game
from engine.events import Event, ReasonGiven
from engine.narration import describe
from room import Persistence, Room, Seat, TableSetup, Update, open_room, resume_room
from room.opponents import BotOpponent, make_opponents
from room.room import REASON_LONGEST
from saves import SaveStore

BOTS = [
    Seat(name="Ada", kind="bot", level="easy"),
    Seat(name="Grace", kind="bot", level="normal"),
    Seat(name="Linus", kind="bot", level="hard"),
    Seat(name="Ken", kind="bot", level="random"),
]
REASONED = {
    "buy_property",
    "decline_property",
    "build",
    "mortgage",
    "sell_building",
    "unmortgage",
    "pay_jail_fine",
    "use_jail_card",
    "place_bid",
    "pass_auction",
}
"""The moves every level says why it made (a bid or a pass once a turn: each bid of an auction has the
same reason)."""


def _play(room: Room, moves: int) -> None:
    for _ in range(moves):
        if room.finished:
            return
        assert room.play_bot().ok


def _bot_room(seed: int = 3) -> Room:
    game = new_game("classic", [s.name for s in BOTS], seed=seed)
    return Room(game, BOTS, make_opponents(BOTS, seed))


def test_every_level_says_why_in_the_log_after_its_move() -> None:
    room = _bot_room()
    heard: list[Update] = []
    room.subscribe(heard.append)
    _play(room, 1500)
    log = room._game.log  # the commands, to see which move each reason follows
    reasons = room.reasons()
    said_this_turn: set[tuple[int, int]] = set()
    turn = 0
    missing = []
    for update in heard:
        cmd = log[update.version - 1]
        told = [e for e in update.events if isinstance(e, ReasonGiven)]
        assert len(told) <= 1 and (not told or update.events[-1] is told[0])  # after the move's events
        if told:
            assert told[0].player == cmd.player == update.seat
            assert reasons[update.version - 1] == told[0].reason
            said_this_turn.add((cmd.player, turn))
        elif cmd.kind in REASONED and not (
            cmd.kind in ("place_bid", "pass_auction") and (cmd.player, turn) in said_this_turn
        ):
            missing.append((update.version - 1, BOTS[cmd.player].level, cmd.kind))
        turn = room.view().turn
    assert not missing, missing[:10]
    kinds = {(BOTS[log[i].player].level, log[i].kind) for i in reasons}
    for level in ("easy", "normal", "hard"):
        assert {(level, "buy_property"), (level, "build")} <= kinds, level
    assert any(level == "random" for level, _ in kinds)
    story = [describe(e, room.names, room.board) for e in room.history() if isinstance(e, ReasonGiven)]
    assert len(story) == len(reasons) and all("\u201c" in line for line in story)


def test_bots_are_not_shown_the_reasons() -> None:
    room = _bot_room()
    shown: list[Event] = []
    watcher = room._opponents[0]
    assert isinstance(watcher, BotOpponent)
    original = watcher.bot.observe

    def observe(events: Sequence[Event]) -> None:
        shown.extend(events)
        original(events)

    watcher.bot.observe = observe  # type: ignore[method-assign]
    _play(room, 400)
    assert room.reasons() and shown
    assert not any(e.kind == "reason_given" for e in shown)


def test_each_bid_of_an_auction_is_explained_once() -> None:
    room = _bot_room(seed=5)
    _play(room, 3000)
    log = room._game.log
    bids = [i for i, c in enumerate(log) if c.kind == "place_bid"]
    assert bids, "no auction in the game"
    told = [i for i in bids if i in room.reasons()]
    assert 0 < len(told) < len(bids)


def test_reasons_are_saved_and_a_game_taken_up_again_tells_them_where_they_were(tmp_path: Path) -> None:
    persistence = Persistence(tmp_path)
    room = open_room(TableSetup("classic", tuple(BOTS), seed=3), persistence)
    _play(room, 600)
    room.save_now()
    before = dict(room.reasons())
    history = list(room.history())
    save_id = room.save_id
    room.close()
    assert before
    again = resume_room(persistence, save_id)
    assert dict(again.reasons()) == before
    assert list(again.history()) == history
    loaded = SaveStore(tmp_path).load(str(save_id))
    assert loaded.reasons == before
    _play(again, 100)  # and it goes on keeping them, after those it had
    again.save_now()
    after = SaveStore(tmp_path).load(str(save_id)).reasons
    assert before.items() <= after.items() and len(after) > len(before)
    again.close()


class Talker:
    """A bot from outside whose reason is whatever it was given, control characters and all."""

    def __init__(self, seed: int, seat: int) -> None:
        self.reason: object = ""

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        return legal[0]


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("it \x1b]0;pwned\x07pays\nwell", "it \ufffd]0;pwned\ufffdpays well"),
        ("x" * 500, "x" * (REASON_LONGEST - 3) + "..."),
        ("", None),
        (42, None),
    ],
)
def test_an_outside_bots_reason_is_made_safe_or_left_out(said: object, told: str | None) -> None:
    seats = [Seat(name="Out", kind="bot", level=f"{__name__}:Talker"), Seat(name="Vera", kind="human")]
    game = Game.from_state(new_game("classic", ["Out", "Vera"], seed=1).state)
    opponents = make_opponents(seats, 1)
    outside = opponents[0]
    assert isinstance(outside, BotOpponent)
    outside.bot.inner.reason = said  # type: ignore[attr-defined]
    room = Room(game, seats, opponents)
    outcome = room.play_bot()
    assert outcome.ok
    given = [e.reason for e in outcome.events if isinstance(e, ReasonGiven)]
    assert given == ([] if told is None else [told])
