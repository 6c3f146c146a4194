"""A bot's reason travels with its move: the room tells it after the move's events (`ReasonGiven`), in the
log the interface shows, keeps it by the place of the command in the game's log, saves it with the game,
and a game taken up again tells the same reasons in the same places. A reason for a decision still open
(an auction, a deal others have to answer) waits until it closes, and a bot standing in for a person
speaks as a bot. Bots are not shown each other's reasons, and words from a bot from outside are made safe
to show."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

import pytest

from engine import Command, DeclineProperty, Game, GameView, PassAuction, PlaceBid, RollDice, new_game
from engine.core.commands import ProposeDeal
from engine.core.events import BuildingBought, Event, ReasonGiven
from engine.core.narration import describe
from engine.core.state import Bundle, DealPart
from room import Persistence, Room, Seat, TableSetup, Update, open_room, resume_room
from room.opponents import BotOpponent, make_opponents
from room.room import REASON_LONGEST
from saves import SaveStore
from saves.telling import AFTERWARDS, REPEAT_AFTER

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
    untold = dict(reasons)
    said_this_turn: set[tuple[int, int]] = set()
    told_when: dict[tuple[int, str], list[int]] = {}  # (player, reason) -> the turns it was told in
    turn_of: dict[int, int] = {}  # move -> the turn it was made in
    turn = 0
    missing = []
    for update in heard:
        move = update.version - 1
        cmd = log[move]
        turn_of[move] = turn
        told = [e for e in update.events if isinstance(e, ReasonGiven)]
        moves = [e for e in update.events if not isinstance(e, ReasonGiven)]
        cut = next((i for i, e in enumerate(moves) if e.kind in AFTERWARDS), len(moves))
        if told:  # after the move itself, or (released by it) after all its events; before the next turn
            at = update.events.index(told[0])
            assert list(update.events[at : at + len(told)]) == told
            assert at in (min(cut, 1), cut), (at, cut, update.events)
        for said in told:  # its own move's, or one kept back until the decision it was part of closed
            place = min(i for i, r in untold.items() if i <= move and r == said.reason)
            assert log[place].player == said.player
            del untold[place]
            said_this_turn.add((said.player, turn))
            told_when.setdefault((said.player, said.reason), []).append(turn)
        if (
            move not in reasons
            and cmd.kind in REASONED
            and not (cmd.kind in ("place_bid", "pass_auction") and (cmd.player, turn) in said_this_turn)
        ):
            missing.append((move, BOTS[cmd.player].level, cmd.kind))
        turn = room.view().turn
    assert not missing, missing[:10]
    for i, reason in untold.items():  # a decision still open at the end, or words told a little before
        turns = told_when.get((log[i].player, reason), [])
        repeated = any(0 <= turn_of[i] - t < REPEAT_AFTER for t in turns)
        assert i >= len(log) - 30 or repeated, (i, reason)
    assert told_when and any(len(turns) > 1 for turns in told_when.values())  # told again, later on
    kinds = {(BOTS[log[i].player].level, log[i].kind) for i in reasons}
    for level in ("easy", "normal", "hard"):
        assert {(level, "buy_property"), (level, "build")} <= kinds, level
    assert any(level == "random" for level, _ in kinds)
    story = [describe(e, room.names, room.board) for e in room.history() if isinstance(e, ReasonGiven)]
    assert len(story) == len(reasons) - len(untold) and all("\u201c" in line for line in story)


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


def _auction_room(tmp_path: Path | None = None) -> Room:
    """Vera (a person) at a table with two bots; her first throw lands on Oriental Avenue, $100."""
    seats = (Seat(name="Vera", kind="human"), BOTS[1], BOTS[2])
    setup = TableSetup("classic", seats, seed=11)
    if tmp_path is not None:
        return open_room(setup, Persistence(tmp_path), dice=[(2, 4)])
    game = new_game("classic", [s.name for s in seats], seed=11, dice=[(2, 4)])
    return Room(game, seats, make_opponents(seats, 11))


def _bots_until_vera(room: Room) -> None:
    while room.bot_due() is not None:
        assert room.play_bot().ok


def _said(events: Sequence[Event]) -> list[ReasonGiven]:
    return [e for e in events if isinstance(e, ReasonGiven)]


def _limits(reasons: Sequence[ReasonGiven]) -> list[ReasonGiven]:
    """The reasons that name a figure: how far a bot would go (a bid's own reason names none)."""
    return [r for r in reasons if any(c.isdigit() for c in r.reason)]


def test_a_bots_auction_limit_is_told_only_once_the_auction_closes(tmp_path: Path) -> None:
    room = _auction_room(tmp_path)
    heard: list[Update] = []
    room.subscribe(heard.append)
    assert room.submit(0, RollDice(player=0), room.version).ok
    assert room.submit(0, DeclineProperty(player=0), room.version).ok
    _bots_until_vera(room)
    while room.view().pending.kind == "auction":  # type: ignore[union-attr]
        told = [r for u in heard for r in _said(u.events)]
        assert told, "no bot said why it bids"
        assert not _limits(told), "a bot's limit told while the auction is open"
        assert not _limits(_said(room.history()))
        high = room.view().pending.high_bid  # type: ignore[union-attr]
        cmd = PlaceBid(player=0, amount=high + 1) if high < 60 else PassAuction(player=0)
        assert room.submit(0, cmd, room.version).ok
        _bots_until_vera(room)
    assert any("no more than $" in r.reason for r in _said(room.history()))
    # A game saved in the middle of an auction and taken up again keeps them back too.
    again = _auction_room()
    again.submit(0, RollDice(player=0), again.version)
    again.submit(0, DeclineProperty(player=0), again.version)
    _bots_until_vera(again)
    again.submit(0, PlaceBid(player=0, amount=again.view().pending.min_bid), again.version)  # type: ignore[union-attr]
    _bots_until_vera(again)
    assert again.view().pending.kind == "auction" and not _limits(_said(again.history()))  # type: ignore[union-attr]
    assert again.reasons()


def test_a_bots_reasons_wait_when_saved_in_the_middle_of_an_auction(tmp_path: Path) -> None:
    room = _auction_room(tmp_path)
    room.submit(0, RollDice(player=0), room.version)
    room.submit(0, DeclineProperty(player=0), room.version)
    _bots_until_vera(room)
    assert room.view().pending.kind == "auction" and room.reasons()  # type: ignore[union-attr]
    room.save_now()
    save_id = room.save_id
    room.close()
    again = resume_room(Persistence(tmp_path), save_id)
    assert not _limits(_said(again.history()))
    assert again.submit(0, PassAuction(player=0), again.version).ok
    _bots_until_vera(again)
    assert _limits(_said(again.history()))


def test_a_bot_standing_in_for_a_person_speaks_as_a_bot_not_in_their_name(tmp_path: Path) -> None:
    room = _auction_room(tmp_path)
    room.stand_in(0)
    _bots_until_vera(room)
    _play(room, 60)
    said = [e for e in _said(room.history()) if e.player == 0]
    assert said and all(e.stand_in for e in said)
    lines = [describe(e, room.names, room.board) for e in said]
    assert all(line.startswith("a bot playing for Vera: \u201c") for line in lines)
    assert not any(
        getattr(e, "reason", "")
        for e in room.history()
        if getattr(e, "player", None) == 0
        and not isinstance(e, ReasonGiven)
        and e.kind.startswith(("trade", "deal"))
    )
    room.save_now()
    save_id = room.save_id
    room.close()
    story = resume_room(Persistence(tmp_path), save_id).history()
    assert [describe(e, room.names, room.board) for e in _said(story) if e.player == 0] == lines


def settle_with(game: Game) -> Game:
    """Vera holds Park Place and Boardwalk, to give away."""
    for space in (37, 39):
        game.state.deeds[space].owner = 0
    game.initial = game.state.copy()
    return game


def test_a_bots_words_on_a_deal_others_have_still_to_answer_wait_until_it_closes() -> None:
    seats = (Seat(name="Vera", kind="human"), BOTS[1], BOTS[2])
    game = settle_with(new_game("classic", [s.name for s in seats], seed=11))
    room = Room(game, seats, make_opponents(seats, 11))
    gifts = (
        DealPart(giver=0, receiver=1, bundle=Bundle(deeds=(39,))),
        DealPart(giver=0, receiver=2, bundle=Bundle(deeds=(37,))),
    )
    assert room.submit(0, ProposeDeal(player=0, parties=(1, 2), parts=gifts), room.version).ok
    first = room.play_bot()
    agreed = [e for e in first.events if e.kind == "deal_accepted"]
    assert agreed and not getattr(agreed[0], "reason", "?") and not _said(first.events)
    last = room.play_bot()
    assert room.view().pending.kind != "deal_answer"  # type: ignore[union-attr]
    assert [e.player for e in _said(last.events)][:1] == [1]


def test_a_reason_for_a_hotel_speaks_of_a_hotel() -> None:
    seats = [Seat(name=n, kind="bot", level="normal") for n in ("Ada", "Bo", "Cy")]
    game = new_game("classic", [s.name for s in seats], seed=3)
    room = Room(game, seats, make_opponents(seats, 3))
    _play(room, 1500)
    story = room.history()
    said = {
        e.building: after.reason
        for e, after in pairwise(story)
        if isinstance(e, BuildingBought) and isinstance(after, ReasonGiven)
    }
    assert said["hotel"].startswith("a hotel on ") and said["house"].startswith("a house on "), said


def test_a_bot_says_why_it_bids_once_an_auction_and_its_limit_once_at_its_pass() -> None:
    room = _auction_room()
    assert room.submit(0, RollDice(player=0), room.version).ok
    assert room.submit(0, DeclineProperty(player=0), room.version).ok
    _bots_until_vera(room)
    while room.view().pending.kind == "auction":  # type: ignore[union-attr]
        high = room.view().pending.high_bid  # type: ignore[union-attr]
        cmd = PlaceBid(player=0, amount=high + 1) if high < 60 else PassAuction(player=0)
        assert room.submit(0, cmd, room.version).ok
        _bots_until_vera(room)
    log = room._game.log
    passed = {c.player for c in log if c.kind == "pass_auction"} - {0}
    assert passed, "no bot passed"
    said = [e.player for e in _said(room.history()) if not _limits([e])]
    assert said and sorted(said) == sorted(set(said)), said  # why it bids: once each
    limits = [e.player for e in _limits(_said(room.history()))]
    assert limits and sorted(limits) == sorted(set(limits)), limits  # how far it would go: once each
