"""A room's pace: live, or turn-based with hours a move. A turn-based room goes on with nobody connected,
its bots at once; a person's time running out hands that one decision to a bot, or lets an offer lapse;
its deadline outlasts a restart; an auction is settled between the limits its people gave. Played over days
on a clock the test moves (`SetClock`), never by waiting."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine import DeclineProperty, Game, PassAuction, PlaceBid, ProposeTrade
from engine.core.state import Auction, Bundle, finish_roll
from room import Persistence, Seat
from room.library import AutosaveRecorder
from room.setup import TableSetup
from server.base.clock import SetClock
from server.base.config import Limits
from server.session.line_words import new_room_request
from server.tables.keeping import Keeper
from server.tables.lobby_line import TableStatus, line_of
from server.tables.making import make_plan
from server.tables.plans import Plan, RoomRequest, SeatPlan, TableError, pace_rules
from server.tables.table import Table
from server.tables.your_move import in_lobby_order, waiting_on, your_move_line

from positions import BOARDWALK, NEW_YORK, ST_JAMES, TENNESSEE, buy, end_turn
from positions import table as table_of

HOUR = 3600.0
ADA, BOB = 0, 1


def test_the_pace_is_kept_with_the_plan_bounded_and_shown_in_the_lobby() -> None:
    plan = Plan("t1", "Duo", "classic", {}, [SeatPlan("person", name="Ada", owner="a")], move_hours=24)
    back = Plan.from_json(json.loads(json.dumps(plan.to_json())))
    assert back.move_hours == 24 and back.turn_based
    assert Plan.from_json({**plan.to_json(), "move_hours": 10_000}).move_hours == 336
    assert Plan.from_json({**plan.to_json(), "move_hours": "soon"}).move_hours == 0
    live = Plan.from_json({k: v for k, v in plan.to_json().items() if k != "move_hours"})
    assert not live.turn_based, "a room kept before there were paces is live"
    line = line_of(back, TableStatus("playing", turn=2, waiting_on="Ada"), "a")
    assert line.edition_words == "Classic, turn-based, 24 h a move"
    assert line_of(live, TableStatus("resting"), "a").edition_words == "Classic"
    rules = pace_rules(24)
    assert len(rules) == 3 and "each decision may take 24 hours" in rules[0] and "lapses" in rules[2]
    assert pace_rules(0) == [], "a live room's rules are the game's own"
    from translation import language, use

    spanish = language("es")
    assert spanish is not None
    with use(spanish):
        assert "cada decisión puede llevar 24 horas" in pace_rules(24)[0]


def test_a_turn_based_room_asked_for_in_lines_and_its_bounds() -> None:
    asked = new_room_request("Duo classic 2 people 1 bots turns 24 hours", "key-a", "Ada")
    plan = make_plan([], Limits(), asked)
    assert plan.move_hours == 24 and plan.bank == 0 and len(plan.seats) == 3
    assert make_plan([], Limits(), new_room_request("Trio turns 72", "key-a", "Ada")).move_hours == 72
    assert make_plan([], Limits(), new_room_request("Live", "key-a", "Ada")).move_hours == 0
    for typed in ("Duo turns", "Duo turns 0", "Duo turns 999", "Duo turns soon"):
        with pytest.raises(TableError, match="turns 24"):
            new_room_request(typed, "key-a", "Ada")
    request = RoomRequest(
        "key-a", "Ada", "Far", "classic", {}, [SeatPlan("person")] * 2, 60, "normal", move_hours=999
    )
    with pytest.raises(TableError, match="1 to 336 hours"):
        make_plan([], Limits(), RoomRequest.from_json(request.to_json()))


def _plan(bots: int = 1, hours: int = 24) -> Plan:
    people = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob")]
    return Plan(
        "t1",
        "Duo",
        "classic",
        {"short_game": True},
        [*people, *[SeatPlan("bot", "easy")] * bots],
        move_hours=hours,
    )


class _SeededTable(Table):
    """A table whose game is dealt from a set seed, where a test needs one game and not any."""

    def __init__(self, *args: Any, seed: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seed = seed

    def setup(self) -> TableSetup:
        return replace(super().setup(), seed=self.seed)


def _table(
    tmp: Path,
    clock: SetClock,
    keeper: Keeper,
    plan: Plan,
    unload_after: float = 1e12,
    seed: int | None = None,
) -> Table:
    """A table as a worker makes one; kept loaded while it waits, unless `unload_after` says otherwise. The
    game's seed is drawn afresh unless `seed` sets it."""
    saves = Persistence(tmp / "saves")
    if seed is None:
        table = Table(plan, saves, clock, lambda: None, keeper=keeper)
    else:
        table = _SeededTable(plan, saves, clock, lambda: None, keeper=keeper, seed=seed)
    table.restore(keeper.read(plan.id, 200, 100))
    table.unload_after = unload_after
    return table


def _pending_kind(table: Table) -> tuple[int, str]:
    assert table.room is not None
    pending = table.room.view(None).pending
    assert pending is not None
    return pending.player, pending.kind


async def test_nobody_connected_the_room_waits_a_day_on_a_person_then_a_bot_makes_that_one_move(
    tmp_path: Path,
) -> None:
    clock, keeper = SetClock(asyncio.get_running_loop()), Keeper(tmp_path, asyncio.get_running_loop())
    table = _table(tmp_path, clock, keeper, _plan())
    table.start()
    clock.advance(1.0)
    assert _pending_kind(table) == (ADA, "roll"), "nobody is here, and the table waits on Ada"
    deadline = table.deadline
    assert deadline is not None and deadline.due == clock.wall() - 1.0 + 24 * HOUR
    clock.advance(23 * HOUR)
    assert _pending_kind(table) == (ADA, "roll"), "a day to decide"
    room = table.room
    assert room is not None
    clock.advance(HOUR)
    assert any(e.kind == "dice_rolled" and e.player == ADA for e in room.history()), "a bot rolled for her"
    assert "Ada's time for this move ran out: a bot makes it for Ada." in table.chat_lines[0].text
    assert ADA not in room.stand_ins, "for that one decision: the seat is hers again"
    for _day in range(30):  # the game goes on, a day at a time, with bots moving at once
        clock.advance(24 * HOUR)
    assert room.view(None).turn >= 6
    assert room.stand_ins <= set(table._for_one), "a stand-in only for a decision under way"
    table.close()
    keeper.stop()


async def test_a_deadline_that_fell_due_while_the_server_was_down_fires_when_it_starts(
    tmp_path: Path,
) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan(bots=0))
    table.start()
    clock.advance(5 * HOUR)
    assert table.deadline is not None
    due = table.deadline.due
    table.close()
    keeper.stop()

    later = SetClock(loop, wall=due + 3 * HOUR)  # the server comes back three hours after the deadline
    keeper = Keeper(tmp_path, loop)
    again = _table(tmp_path, later, keeper, Plan.from_json(table.plan.to_json()))
    room = again.open()
    assert not any(e.kind == "dice_rolled" for e in room.history())
    assert again.deadline is not None and again.deadline.due == due, "the deadline kept, not a new one"
    later.advance(1.0)
    assert any(e.kind == "dice_rolled" and e.player == ADA for e in room.history()), "it fired at once"
    assert "Ada's time for this move ran out" in again.chat_lines[-1].text
    again.close()
    keeper.stop()

    keeper = Keeper(tmp_path, loop)  # and one not yet due keeps its time
    third = _table(tmp_path, SetClock(loop, wall=due), keeper, Plan.from_json(table.plan.to_json()))
    third.open()
    kept = third.deadline
    assert kept is not None and kept.due > due
    third.close()
    keeper.stop()


async def _to_an_auction(table: Table, clock: SetClock) -> Auction:
    """Decline every deed offered until one goes to auction between the two people."""
    room = table.room
    assert room is not None
    for _step in range(200):
        pending = room.view(None).pending
        if isinstance(pending, Auction):
            for seat in (ADA, BOB):  # both come to bid: a key pressed takes a seat back from the stand-in
                table.reclaim(seat)
            pending = room.view(None).pending
            assert isinstance(pending, Auction)
            return pending
        assert pending is not None
        if pending.kind == "buy":
            assert room.submit(pending.player, DeclineProperty(player=pending.player), room.version).ok
        else:
            clock.advance(24 * HOUR)  # the bot makes it
        clock.advance(1.0)
    raise AssertionError("no auction came")


async def test_an_auction_is_settled_between_the_limits_each_person_gave_once(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    # a set game: the first auction comes while each of the two holds more than both limits
    table = _table(tmp_path, clock, keeper, _plan(bots=0), seed=1)
    table.start()
    auction = await _to_an_auction(table, clock)
    room = table.room
    assert room is not None
    first = auction.player
    other = BOB if first == ADA else ADA
    assert table.bid_up_to(first, 150, room.version).ok
    assert table.bid_limits == {first: 150}
    assert _pending_kind(table) == (other, "auction"), "the bidding waits on the other person"
    assert table.bid_up_to(other, 230, room.version).ok
    clock.advance(1.0)
    won = [e for e in room.history() if e.kind == "auction_won"]
    assert won, [e.kind for e in room.history()[-6:]]
    assert (won[-1].player, won[-1].amount) == (other, 151), "the higher limit wins at one over the lower"
    assert table.bid_limits == {}, "the limits end with their auction"
    table.close()
    keeper.stop()


async def test_an_offer_to_someone_away_lapses_when_his_time_runs_out(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan(bots=0))
    table.start()
    room = table.room
    assert room is not None
    offer = ProposeTrade(player=ADA, to=BOB, give=Bundle(cash=10), take=Bundle(cash=20))
    assert room.submit(ADA, offer, room.version).ok
    assert _pending_kind(table) == (BOB, "trade_answer")
    clock.advance(23 * HOUR)
    assert _pending_kind(table) == (BOB, "trade_answer"), "he has his day to answer"
    clock.advance(HOUR)
    kinds = [e.kind for e in room.history()]
    assert "trade_rejected" in kinds and "trade_accepted" not in kinds
    assert "Bob's time to answer ran out: the offer lapses." in table.chat_lines[-1].text
    assert _pending_kind(table) == (ADA, "roll") and BOB not in room.stand_ins
    table.close()
    keeper.stop()


async def test_the_lobby_lists_first_the_rooms_where_it_is_this_persons_move(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    duo = _table(tmp_path, clock, keeper, _plan(bots=0))
    live = _table(tmp_path, clock, keeper, replace(_plan(bots=0, hours=0), id="t3", name="Alpha"))
    seats = [SeatPlan("person", name="Cy", owner="key-Cy"), SeatPlan("person")]
    waiting = _table(tmp_path, clock, keeper, Plan("t4", "Aardvark", "classic", {}, seats, move_hours=24))
    duo.start()
    live.start()
    clock.advance(HOUR)  # Friday begins an hour after Duo: its deadline is an hour later
    friday = _table(tmp_path, clock, keeper, replace(_plan(bots=0), id="t2", name="Friday"))
    friday.start()
    friday_room = friday.room
    assert friday_room is not None
    offer = ProposeTrade(player=ADA, to=BOB, give=Bundle(cash=10))
    everyone = [live, waiting, friday, duo]
    assert [t.name for t in in_lobby_order(everyone)] == ["Aardvark", "Alpha", "Duo", "Friday"]
    assert [m.name for m in waiting_on(everyone, "key-Ada")] == ["Duo", "Friday"], "soonest deadline first"
    assert your_move_line(waiting_on(everyone, "key-Ada")) == (
        "Your move: Duo (your move in turn 1, by Wed, Nov 15, 10:13 PM UTC); "
        "Friday (your move in turn 1, by Wed, Nov 15, 11:13 PM UTC)"
    ), "what and by when, in UTC where the person's time zone is not known"
    assert [t.name for t in in_lobby_order(everyone, "key-Ada")] == ["Duo", "Friday", "Aardvark", "Alpha"]
    assert waiting_on(everyone, "key-Bob") == [] and waiting_on(everyone, "key-Cy") == []
    assert friday_room.submit(ADA, offer, friday_room.version).ok  # Friday now waits on Bob's answer
    bob = waiting_on(everyone, "key-Bob")
    assert [(m.name, m.asked, m.words()) for m in bob] == [
        ("Friday", "trade_answer", "an offer from Ada to answer, by Wed, Nov 15, 11:13 PM UTC")
    ], "the offer's sender named"
    assert bob[0].words("Europe/Madrid") == "an offer from Ada to answer, by Thu, Nov 16, 12:13 AM CET"
    assert bob[0].due == clock.wall() + 24 * HOUR
    from translation import language, use

    spanish = language("es")
    assert spanish is not None
    with use(spanish):
        said = "Te toca: Friday (una oferta de Ada que responder, antes del mié, 15 nov, 23:13 UTC)"
        assert your_move_line(bob) == said
    assert [t.name for t in in_lobby_order(everyone, "key-Ada")] == ["Duo", "Aardvark", "Alpha", "Friday"]
    for table in (duo, friday, live, waiting):
        table.close()
    keeper.stop()


async def test_days_away_move_a_persons_deadlines_past_them(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan(bots=0))
    table.start()
    clock.advance(HOUR)
    assert table.deadline is not None and table.deadline.seat == ADA
    began = table.deadline.due - 24 * HOUR
    table.declare_away(ADA, 3)
    assert table.deadline.due == clock.wall() + 3 * 24 * HOUR + 24 * HOUR, "her day starts after the three"
    assert Plan.from_json(table.plan.to_json()).away_until == {"key-Ada": clock.wall() + 3 * 24 * HOUR}
    clock.advance(3 * 24 * HOUR)
    assert _pending_kind(table) == (ADA, "roll"), "nothing was decided for her while she was away"
    table.declare_away(ADA, 0)
    assert table.plan.away_until == {} and table.deadline.due > began + 24 * HOUR, "back: the time kept"
    for bad_seat, days, reason in ((None, 1, "Only the people"), (ADA, 31, "0 to 30"), (ADA, -1, "0 to 30")):
        with pytest.raises(TableError, match=reason):
            table.declare_away(bad_seat, days)
    table.close()
    live = _table(tmp_path, clock, keeper, replace(_plan(bots=0, hours=0), id="t2"))
    with pytest.raises(TableError, match="this one is live"):
        live.declare_away(ADA, 1)
    keeper.stop()


async def test_a_room_that_only_waits_is_let_go_and_taken_up_at_its_deadline_or_when_someone_comes(
    tmp_path: Path,
) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan(), unload_after=60.0)
    table.start()
    clock.advance(30.0)
    assert table.room is not None, "not yet"
    clock.advance(60.0)
    assert table.room is None, "let go: nobody here, and it waits a day on Ada"
    status = table.status()
    assert (status.stage, status.seat, status.asked) == ("playing", ADA, "roll"), "the lobby still knows"
    assert [m.name for m in waiting_on([table], "key-Ada")] == ["Duo"]
    clock.advance(24 * HOUR)  # her deadline: loaded, the bot rolls for her, and it goes on
    assert "Ada's time for this move ran out" in table.chat_lines[0].text
    woken = 0
    for _day in range(20):
        if table.room is None:
            woken += 1
        clock.advance(24 * HOUR)
    assert woken >= 10, "it stays unloaded between deadlines"
    room = table.open()  # someone comes
    assert room.view(None).turn >= 4
    # the game (unseeded, its bots quick) may have ended in those days: then no move waits on anyone
    assert (table.deadline is None) == room.finished, "a deadline as long as the game goes on"
    table.arrive(BOB)
    clock.advance(600.0)
    assert table.room is room, "kept while someone is at it"
    table.close()
    keeper.stop()


async def test_a_bid_typed_in_lines_at_a_turn_based_auction_is_the_most_he_would_bid(tmp_path: Path) -> None:
    from lines.session import LineSession
    from room import Session
    from server.tables.seat_session import SeatSession

    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan(bots=0))
    table.start()
    auction = await _to_an_auction(table, clock)
    room = table.room
    assert room is not None
    seat = SeatSession(room, auction.player, table)
    assert seat.submit(PlaceBid(player=auction.player, amount=400), room.version).ok
    assert table.bid_limits == {auction.player: 400}
    bids = [e for e in room.history() if e.kind == "bid_placed"]
    assert bids and bids[-1].amount == auction.min_bid, "the least bid, not all of it"
    other = room.view(None).pending
    assert isinstance(other, Auction) and other.player != auction.player
    raise_to = PlaceBid(player=other.player, amount=other.next_minimum)
    assert room.submit(other.player, raise_to, room.version).ok
    again = room.view(None).pending
    assert isinstance(again, Auction) and again.player == auction.player, "his turn to bid again"
    assert seat.answered_ahead(), "the table bids for him: he is not asked"
    written: list[str] = []
    LineSession(seat, written.append)._ask()
    assert not any("Type bid" in line for line in written)
    live: list[str] = []
    LineSession(Session(room, frozenset({auction.player})), live.append)._ask()
    assert any("Type bid" in line for line in live), "a seat with no limit is asked"
    asked: list[str] = []
    LineSession(SeatSession(room, other.player, table), asked.append)._ask()
    assert not asked, "not his turn"
    table.close()
    keeper.stop()


async def test_a_person_out_of_time_has_the_rest_of_that_turn_played_for_him(tmp_path: Path) -> None:
    clock, keeper = SetClock(asyncio.get_running_loop()), Keeper(tmp_path, asyncio.get_running_loop())
    table = _table(tmp_path, clock, keeper, _plan(bots=0))
    table.start()
    clock.advance(1.0)
    room = table.room
    assert room is not None and _pending_kind(table) == (ADA, "roll")
    turn = room.view(None).turn
    for _day in range(4):  # an auction in her turn may wait a day on Bob's limit
        clock.advance(24 * HOUR)
        if room.view(None).turn != turn:
            break
    assert room.view(None).turn != turn, "her turn is over"
    ran_out = [s for s in table.chat_lines if "Ada's time for this move ran out" in s.text]
    assert len(ran_out) == 1, "one deadline for her turn, not one for each of its decisions"
    assert ADA not in room.stand_ins, "the seat is hers again at the next turn"
    table.close()
    keeper.stop()


async def test_a_stand_ins_hold_is_kept_when_the_room_is_let_go_and_taken_back_on_loading(
    tmp_path: Path,
) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    plan = _plan(bots=0)
    table = _table(tmp_path, clock, keeper, plan)
    table.start()
    clock.advance(1.0)
    room = table.room
    assert room is not None
    view = room.view(None)
    held = ("turn", ADA, view.turn)
    table._for_one[BOB] = ("turn", BOB, view.turn + 5)  # a turn of Bob's still to come: not under way
    table._for_one[ADA] = held  # as her deadline leaves it, the rest of her turn to the stand-in
    assert table.unload(), "nobody at it, a deadline running: let go"
    state = json.loads(json.dumps(table.kept_state()))
    assert {"seat": ADA, "decision": list(held)} in state["holds"]
    while keeper._writing:  # the state as let go, written off the loop
        await asyncio.sleep(0.01)
    table.close()
    again = _table(tmp_path, clock, keeper, plan)
    again.restore(keeper.read(plan.id, 200, 100))
    again.open()
    clock.advance(1.0)
    room = again.room
    assert room is not None
    rolled = [e for e in room.history() if e.kind == "dice_rolled" and e.player == ADA]
    assert rolled, "taken back: the stand-in rolled for her at once, with no day to wait on her"
    assert again.deadline is None or again.deadline.decision != (ADA, "roll", held[2], 0)
    assert BOB not in room.stand_ins, "a hold for no turn under way is dropped"
    again.close()
    keeper.stop()


def _table_from(tmp: Path, clock: SetClock, keeper: Keeper, game: Game, unload_after: float = 1e12) -> Table:
    """A turn-based room of two people, Ada and Bob (and an easy bot for a third player), whose game goes on
    from `game`'s table as a scenario builder set it (saved as a room's game is, then taken up)."""
    state = game.state.copy()
    plan = _plan(bots=len(state.players) - 2)
    seats = []
    for player, seat in zip(state.players, plan.seats, strict=True):
        player.name = seat.name = seat.name or player.name
        seats.append(
            Seat(name=player.name, kind="human" if seat.kind == "person" else "bot", level=seat.level)
        )
    recorder = Persistence(tmp / "saves").record(Game.from_state(state), seats, "Duo")
    assert isinstance(recorder, AutosaveRecorder)
    recorder.close()
    plan.save_id = recorder.save_id
    return _table(tmp, clock, keeper, plan, unload_after)


async def test_a_stand_in_playing_out_a_turn_offers_nothing_and_the_turn_ends_in_a_resting_room(
    tmp_path: Path,
) -> None:
    """At her end of turn the bot of Ada's level would offer Bob cash for New York, which completes her
    oranges. Nobody is at the room, so it is let go while it waits, and loaded at Ada's deadline: her
    stand-in ends her turn, offering nothing of hers for Bob (away too) to let lapse, again and again at each
    of his deadlines, while the room never left her turn."""
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    game = table_of(owners={ADA: (ST_JAMES, TENNESSEE), BOB: (NEW_YORK,)}, players=3, turn=200)
    end_turn(game, ADA)
    table = _table_from(tmp_path, clock, keeper, game, unload_after=60.0)
    turn = table.open().view(None).turn
    clock.advance(120.0)
    assert table.room is None, "nobody at it: let go until Ada's deadline"
    clock.advance(24 * HOUR)
    room = table.open()
    assert "Ada's time for this move ran out" in table.chat_lines[-1].text
    assert [e for e in room.history() if e.kind == "trade_proposed"] == [], "nothing of hers offered"
    assert room.view(None).turn == turn + 1 and _pending_kind(table) == (BOB, "roll"), "her turn is over"
    table.close()
    keeper.stop()


async def test_while_a_turn_played_out_by_a_stand_in_waits_on_another_person_the_seat_is_its_persons(
    tmp_path: Path,
) -> None:
    """Ada's stand-in declines a deed she cannot pay for; its auction asks Bob, away, for his limit first. The
    game waits a day on Bob, not on Ada: her seat is hers meanwhile, and the same stand-in bids for her
    when the auction comes round and ends her turn, with no day more to wait on her."""
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    game = table_of(cash=(100, 1500), players=2)
    buy(game, ADA, BOARDWALK)
    game.state.queue.append(finish_roll(ADA, False))  # her throw's end, after the purchase
    table = _table_from(tmp_path, clock, keeper, game)
    room = table.open()
    turn = room.view(None).turn
    clock.advance(24 * HOUR + 1.0)
    assert "Ada's time for this move ran out" in table.chat_lines[-1].text
    assert any(e.kind == "property_declined" for e in room.history())
    assert _pending_kind(table) == (BOB, "auction"), "the auction waits on Bob's limit"
    assert ADA not in room.stand_ins, "while the game waits on Bob, Ada's seat is hers"
    assert ADA in table._for_one, "the rest of her turn is still the stand-in's"
    clock.advance(24 * HOUR + 1.0)
    assert room.view(None).turn > turn, "Bob's day over, the auction and her turn end at once"
    assert ADA not in room.stand_ins and BOB not in room.stand_ins
    ran_out = [s for s in table.chat_lines if "Ada's time" in s.text]
    assert len(ran_out) == 1, "one deadline for her turn"
    table.close()
    keeper.stop()


async def test_a_person_who_acts_while_his_stand_in_is_aside_ends_its_hold(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    game = table_of(cash=(100, 1500), players=2)
    buy(game, ADA, BOARDWALK)
    game.state.queue.append(finish_roll(ADA, False))  # her throw's end, after the purchase
    table = _table_from(tmp_path, clock, keeper, game)
    room = table.open()
    clock.advance(24 * HOUR + 1.0)
    assert _pending_kind(table) == (BOB, "auction") and table.held(ADA)
    table.reclaim(ADA)  # a key pressed at the table
    assert not table.held(ADA) and ADA not in table._for_one
    assert "Ada plays again." in table.chat_lines[-1].text
    bid = room.view(None).pending
    assert isinstance(bid, Auction)
    assert room.submit(BOB, PassAuction(player=BOB), room.version).ok
    clock.advance(1.0)
    assert _pending_kind(table) == (ADA, "auction") and ADA not in room.stand_ins, "hers to bid"
    table.close()
    keeper.stop()
