"""A take-back at a room: one person against bots takes back his own decisions since the last throw or
card; the story is told anew, everyone following is told, the save counts it and holds the game as it now
stands; a table with two people never offers it."""

from __future__ import annotations

from pathlib import Path

from engine import BuyProperty, RollDice
from room import Persistence, Room, Seat, TableSetup, Update, open_room, resume_room
from room.review import Source
from saves import SaveStore

VERA = Seat(name="Vera", kind="human")
RITA = Seat(name="Rita", kind="human")
ADA = Seat(name="Ada", kind="bot", level="normal")


def _to_a_purchase(room: Room) -> None:
    """Play until Vera has bought a deed and is about to end her turn."""
    for _ in range(200):
        while room.bot_due() is not None:
            room.play_bot()
        legal = room.legal(0)
        kinds = {c.kind for c in legal}
        if "buy_property" in kinds:
            room.submit(0, BuyProperty(player=0), room.version)
            return
        cmd = next(c for c in legal if c.kind in ("roll_dice", "end_turn", "pay_jail_fine") or c is legal[-1])
        room.submit(0, cmd, room.version)
    raise AssertionError("Vera never had a deed to buy")


def test_a_purchase_is_taken_back_told_anew_counted_and_saved(tmp_path: Path) -> None:
    saves = Persistence(tmp_path)
    room = open_room(TableSetup("classic", (VERA, ADA), seed=4), saves)
    _to_a_purchase(room)
    told: list[Update] = []
    room.subscribe(told.append)
    before = list(room.history())
    bought = before[-1]
    assert bought.kind == "property_bought"
    version = room.version
    outcome = room.take_back(0)
    assert outcome.ok
    assert room.version == version + 1  # a command chosen on the table before is stale now
    assert list(room.history()) == before[:-1]  # the purchase's events are gone from the story
    assert room.view(None).pending is not None and room.view(None).pending.kind == "buy"  # type: ignore[union-attr]
    assert told and told[-1].taken_back and told[-1].events == ()
    assert room.takebacks == 1
    assert room.take_back(0).code == "nothing_to_take_back"  # the throw before it stays
    assert "taken back 1 time" in Source.of_room(room).title
    room.save_now()
    save_id = room.save_id
    room.close()
    summary = next(s for s in SaveStore(tmp_path).list() if s.id == save_id)
    assert summary.takebacks == 1
    again = resume_room(saves, save_id)
    assert again.takebacks == 1
    assert again.view(None) == room.view(None)  # the save holds the game as it stood after the take-back
    again.close()


def test_a_table_with_two_people_takes_nothing_back() -> None:
    from engine import new_game
    from room.opponents import SimpleOpponent

    game = new_game("classic", ["Vera", "Rita", "Ada"], seed=1, dice=[(1, 2)])
    room = Room(game, [VERA, RITA, ADA], {2: SimpleOpponent()})
    room.submit(0, RollDice(player=0), room.version)
    room.submit(0, BuyProperty(player=0), room.version)
    assert not room.may_take_back
    assert room.take_back(0).code == "no_takebacks" and room.version == 2
