"""Two people at one room, each in lines, as a server's table seats them: an offer, its counter-offer and
the answer reach both; a deal among three is read back and answered part by part; the 1904 edition's loans
are offered and withdrawn in words."""

from __future__ import annotations

from engine import RuleOptions, new_game
from lines.parser import spell
from lines.session import LineSession
from room import Room, Seat

NAMES = ("Vera", "Rita", "Otto")


def _people(
    edition: str = "classic", seed: int = 7, count: int = 2
) -> tuple[Room, list[LineSession], list[list[str]]]:
    seats = [Seat(name=n, kind="human") for n in NAMES[:count]]
    short = edition == "classic"
    room = Room(
        new_game(edition, list(NAMES[:count]), seed=seed, rules=RuleOptions(short_game=short)), seats, {}
    )
    outs: list[list[str]] = [[] for _ in seats]
    sessions = [LineSession(room.join({i}), outs[i].append) for i in range(count)]
    for s in sessions:
        s.start()
    return room, sessions, outs


def _owned(room: Room, player: int) -> str:
    view = room.view(player)
    return next(room.board.name(s) for s in room.board.deeds if view.deeds[s].owner == player)


def test_an_offer_and_a_counter_offer_reach_both_people() -> None:
    room, (vera, rita), (v_out, r_out) = _people()
    mine, hers = _owned(room, 0), _owned(room, 1)
    vera.feed(f"offer rita: 50 for {hers}")
    vera.feed("yes")
    assert r_out[-1].startswith(f"Vera offers you $50 for {hers}") and "counter" in r_out[-1]
    rita.feed(f"counter: {hers} for {mine} and 300")
    assert r_out[-1].startswith(f"You refuse, and offer Vera {hers} for {mine} and $300.")
    rita.feed("yes")
    kinds = [e.kind for e in room.history()]
    assert kinds.index("trade_rejected") < len(kinds) - 1 - kinds[::-1].index("trade_proposed")
    assert v_out[-1].startswith(f"Rita offers you {hers} for {mine} and $300")
    vera.feed("accept")
    assert any(e.kind == "trade_completed" for e in room.history())
    owner = {room.board.name(s): room.view(None).deeds[s].owner for s in room.board.deeds}
    assert owner[hers] == 0 and owner[mine] == 1
    assert any(line.startswith("Trade done: Rita gave") for line in r_out[-3:]), r_out[-3:]


def test_a_deal_among_three_is_read_back_and_answered_by_each() -> None:
    room, (vera, rita, otto), outs = _people(count=3)
    hers, his = _owned(room, 1), _owned(room, 2)
    vera.feed(
        f"deal with rita and otto: I give 100 to rita; rita gives {hers} to otto; otto gives {his} to me"
    )
    assert outs[0][-1].startswith("You propose this: deal with Rita and Otto:") and "yes" in outs[0][-1]
    vera.feed("yes")
    assert any(e.kind == "deal_proposed" for e in room.history())
    for person in (rita, otto):
        person.feed("accept")
    assert any(e.kind == "deal_completed" for e in room.history()), outs[0][-6:]


def test_a_loan_between_players_is_offered_and_withdrawn_in_words() -> None:
    room, people, (v_out, r_out) = _people("landlords-1904", seed=3)
    bought = [False, False]
    for _ in range(20):  # each buys the first lot his tickets name, then no more
        pend = room.view(None).pending
        if pend is None or pend.kind != "lot_tickets":
            break
        who = pend.player
        ticket = next((c for c in room.legal(who) if c.kind == "buy_ticket_lot"), None)
        people[who].feed("done" if bought[who] or ticket is None else spell(ticket, people[who].table()))
        bought[who] = True
    lot = next(s for s in room.board.deeds if room.view(1).deeds[s].owner == 1)
    vera = people[0]
    vera.feed(f"lend rita 100 at 10 against {room.board.name(lot)}")
    assert v_out[-1].startswith(f"You offer this loan: lend Rita 100 at 10 against {room.board.name(lot)}.")
    vera.feed("yes")
    assert r_out[-1].startswith("Vera proposes a loan of $100 at $10 a wage day"), r_out[-3:]
    vera.feed("withdraw")
    assert any(e.kind == "loan_cancelled" for e in room.history())
