"""The line session as a listener hears it: the question is always the last line and rings once when it
is new; offers are read back before they go; settings change what is said, never the game."""

from __future__ import annotations

import io

import pytest

from engine import Build, Game, Mortgage
from lines.completion import completions, vocabulary
from lines.local import BELL, LoopClock, play
from lines.parser import Table, spell
from lines.session import LineSession, involves
from room import Room, Seat
from room.opponents import make_opponents

from linetable import LineTable, line_table


def test_the_question_is_the_last_line_and_rings_when_new() -> None:
    lt = line_table("classic", 1)
    assert lt.last_line.startswith("Your turn:") and "roll" in lt.last_line
    rings = lt.rings
    lt.type("status")
    assert lt.last_line.startswith("Your turn:") and lt.rings == rings  # asked again, no second bell
    lt.type("roll")
    assert lt.rings > rings
    for line in ("who", "board", "help", "chances", "deed Boardwalk", "where Go", "history 3", "repeat"):
        said = lt.type(line)
        assert said and said[-1] == lt.last_line and lt.last_line.endswith(".")


def test_an_offer_is_read_back_and_goes_only_on_yes() -> None:
    lt = line_table("classic", 1)
    version = lt.room.version
    said = lt.type("offer ada: 100 for Boardwalk")
    assert said == ["You offer Ada $100 for Boardwalk. Type yes to send it, or no."]
    lt.type("no")
    assert lt.room.version == version and "Not sent." in lt.transcript
    lt.type("offer ada: 100 for Boardwalk")
    lt.type("yes")
    assert any(e.kind == "trade_proposed" for e in lt.room.history())
    assert lt.last_line.startswith("Your turn:")


def test_a_question_typed_before_yes_is_answered_and_the_offer_asked_about_again() -> None:
    """`help`, `status` or `deed ...` at "Type yes to send it, or no." dropped the offer ("Not sent.")."""
    lt = line_table("classic", 1)
    version = lt.room.version
    asked = "You offer Ada $100 for Boardwalk. Type yes to send it, or no."
    assert lt.type("offer ada: 100 for Boardwalk") == [asked]
    for line in ("status", "help", "deed Boardwalk", "who", "offre"):
        said = lt.type(line)
        assert len(said) > 1 and said[-1] == asked and "Not sent." not in said, (line, said)
    assert lt.room.version == version
    lt.type("yes")
    assert any(e.kind == "trade_proposed" for e in lt.room.history())
    lt.type("offer ada: 100 for Boardwalk")
    said = lt.type("roll")  # another command: the offer dropped, the command done
    assert said[0] == "Not sent." and any(line.startswith("Vera rolled") for line in said)


def test_ctrl_l_says_the_question_again() -> None:
    lt = line_table("classic", 1)
    asked = lt.last_line
    assert lt.type("\x0c") == [asked]
    lt.type("offer ada: 100 for Boardwalk")
    assert lt.type("\x0c") == ["You offer Ada $100 for Boardwalk. Type yes to send it, or no."]


def _with_a_group() -> LineTable:
    for seed in range(1, 60):
        lt = line_table("classic", seed, bots=1)
        if any(isinstance(c, Build) for c in lt.table().legal):
            return lt
    raise AssertionError("no group dealt whole in 60 seeds")


def test_a_building_plan_builds_a_group_evenly_and_asks_once_at_the_end() -> None:
    lt = _with_a_group()
    board = lt.table().board
    space = next(c.space for c in lt.table().legal if isinstance(c, Build))
    group = board.edition.groups[board.group_of[space] or ""]
    lots = board.members[board.group_of[space] or ""]
    said = lt.type(f"build {group.name.lower()} 2")
    built = [line for line in said if line.startswith("Vera built")]
    assert built and all(not line.startswith("Your turn") for line in said[:-1])
    levels = [lt.room.view(0).deeds[s].level for s in lots]
    assert max(levels) - min(levels) <= 1 and len(built) == sum(levels) == 2 * len(lots)


def test_a_plan_on_one_lot_is_refused_whole_with_the_engines_reason_and_the_way_to_do_it() -> None:
    """Done in part, it built one house and said "Done 1 of 3; then: Build evenly: ...", a state the
    person had not asked for; now none of it is done, and the sentence says what to type instead."""
    lt = _with_a_group()
    board = lt.table().board
    space = next(c.space for c in lt.table().legal if isinstance(c, Build))
    group = board.edition.groups[board.group_of[space] or ""]
    version = lt.room.version
    said = lt.type(f"build {board.name(space)} 3")
    assert said[0] == (
        f"You cannot build 3 houses on {board.name(space)}. Build evenly: every lot of the group needs as"
        f" many houses first. To build on the whole group evenly, type build {group.name.lower()} 3."
    )
    assert said[-1].startswith("Your turn:") and len(said) == 2
    assert lt.room.version == version and lt.room.view(0).deeds[space].level == 0
    said = lt.type("sell " + board.name(space))
    assert said[0] == f"There is no building on {board.name(space)}.", "a single step is refused as before"


def _rich_with_a_group(cash: int) -> tuple[LineTable, list[int]]:
    """A table where I hold a whole colour group, with `cash` dollars."""
    lt = _with_a_group()
    board = lt.table().board
    space = next(c.space for c in lt.table().legal if isinstance(c, Build))
    lots = list(board.members[board.group_of[space] or ""])
    state = lt.room._game.state  # set up as a test: the cash a plan is measured against
    state.players[0].cash = cash
    lt.room._views.clear()
    lt.room._options.clear()
    return lt, lots


def test_a_plan_beyond_the_cash_is_refused_whole_with_its_cost() -> None:
    lt, lots = _rich_with_a_group(0)
    board = lt.table().board
    cost = sum(board.house_cost[s] for s in lots) * 2
    cash = cost - 1
    lt.room._game.state.players[0].cash = cash
    lt.room._views.clear()
    lt.room._options.clear()
    version = lt.room.version
    names = [board.name(s) for s in lots]
    group = board.edition.groups[board.group_of[lots[0]] or ""].name.lower()
    said = lt.type(f"build {group} 2")
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    assert said[0] == (
        f"You cannot build 2 houses on each of {listed}. They cost ${cost:,} and you have ${cash:,}."
    )
    assert lt.room.version == version and all(lt.room.view(0).deeds[s].level == 0 for s in lots)
    said = lt.type(f"build {group} 1")  # what the cash pays for is built
    assert sum(1 for line in said if line.startswith("Vera built")) == len(lots)


def test_a_plan_selling_more_than_a_lot_has_says_what_it_has() -> None:
    lt, lots = _rich_with_a_group(5000)
    board = lt.table().board
    group = board.edition.groups[board.group_of[lots[0]] or ""].name.lower()
    lt.type(f"build {group} 2")
    version = lt.room.version
    names = [board.name(s) for s in lots]
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    said = lt.type(f"sell {group} 3")
    assert said[0] == f"You cannot sell 3 buildings from each of {listed}. {names[0]} has only 2 houses."
    said = lt.type(f"sell {names[0]} 2")
    assert said[0] == (
        f"You cannot sell 2 buildings from {names[0]}. Sell evenly: take buildings from the most built lots"
        f" first. To sell from the whole group evenly, type sell {group} 2."
    )
    said = lt.type(f"build {group} 3")
    assert said[0] == (
        f"You cannot build 3 houses on each of {listed}. {names[0]} takes only 2 more buildings."
    ), "three houses, then a hotel, in the short game: a lot takes no more"
    assert lt.room.version == version and [lt.room.view(0).deeds[s].level for s in lots] == [2] * len(lots)


def test_brief_and_mine_leave_out_what_they_say_they_do() -> None:
    lt = line_table("classic", 2)
    lt.type("brief")
    lt.type("mine")
    for _ in range(6):
        table = lt.table()
        words = [w for w in ("roll", "end", "decline", "pass") if any(w == x for x in _words(table))]
        lt.type(words[0] if words else "pass")
    tail = lt.transcript.split("> mine\n", 1)[1]
    heard = tail.split("\n")
    for event in lt.room.history()[-40:]:
        if not involves(event, 0) or event.kind == "reason_given":
            assert lt.room.narrate(event) not in heard, event
    assert any(lt.room.narrate(e) in heard for e in lt.room.history()[-40:] if involves(e, 0))


def _words(table: Table) -> list[str]:
    return [spell(c, table) for c in table.legal]


def test_a_refused_command_says_the_engines_reason_and_changes_nothing() -> None:
    lt = line_table("classic", 1)
    version = lt.room.version
    said = lt.type("buy")
    assert lt.room.version == version
    assert said[0].startswith("Not now") and said[-1].startswith("Your turn:")
    mortgage = next(c for c in lt.table().legal if isinstance(c, Mortgage))
    name = lt.table().board.name(mortgage.space)
    lt.type(f"mortgage {name}")
    lt.type(f"mortgage {name}")
    assert "already mortgaged" in lt.transcript or "is mortgaged" in lt.transcript


def test_the_local_runner_reads_lines_writes_sentences_and_rings() -> None:
    seats = [Seat(name="Vera", kind="human"), Seat(name="Ada", kind="bot", level="easy")]
    from engine import RuleOptions, new_game

    room = Room(
        new_game("classic", ["Vera", "Ada"], seed=4, rules=RuleOptions(short_game=True)),
        seats,
        make_opponents(seats, 4),
    )
    out = io.StringIO()
    code = play(room, "instant", io.StringIO("help\nroll\nfrobnicate\n"), out)
    text = out.getvalue()
    assert code == 0 and BELL in text and "Vera rolled" in text and "'frobnicate' is not a command" in text
    assert text.rstrip(BELL + "\n").endswith("Goodbye.")  # the end of input leaves as quit does
    assert "\x1b" not in text


def test_the_loop_clock_runs_what_is_due_in_order() -> None:
    slept: list[float] = []
    now = [0.0]

    def sleep(s: float) -> None:
        slept.append(s)
        now[0] += s

    clock = LoopClock(sleep, lambda: now[0])
    ran: list[str] = []
    clock.call_later(0.5, lambda: ran.append("b"))
    clock.call_later(0.2, lambda: ran.append("a"))
    clock.call_later(0.1, lambda: ran.append("never")).stop()
    assert clock.run() == 2 and ran == ["a", "b"] and slept == [0.2, 0.3]


def test_tab_completes_the_longest_tail_that_begins_a_name() -> None:
    table = line_table("classic", 1).table()
    known = vocabulary(table)
    assert completions("mortgage balt", known) == ["mortgage Baltic Avenue"]
    assert completions("offer ad", known) == ["offer Ada"]
    assert completions("deed park p", known) == ["deed Park Place"]
    assert "mortgage New York Avenue" in completions("mortgage N", known)
    assert completions("zzz", known) == [] and completions("mor", known) == ["mortgage"]


def test_undo_takes_back_my_last_decision_and_says_so() -> None:
    lt = line_table("classic", 1)
    mortgage = next(c for c in lt.table().legal if isinstance(c, Mortgage))
    lt.type(f"mortgage {lt.table().board.name(mortgage.space)}")
    assert lt.room.view(0).deeds[mortgage.space].mortgaged
    said = lt.type("undo")
    assert "A move was taken back." in said and not lt.room.view(0).deeds[mortgage.space].mortgaged
    assert lt.last_line.startswith("Your turn:")
    assert "Nothing of yours to take back" in lt.type("undo")[0]


def test_a_fault_of_ours_is_one_sentence_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    lt = line_table("classic", 1)

    def broken(seat: int) -> list[object]:
        raise RuntimeError("a fault in the room")

    monkeypatch.setattr(lt.room, "legal", broken)
    said = lt.type("roll")
    assert said == ["Something went wrong with that line; type help for the commands that work now."]


def test_the_advisor_answers_in_sentences_when_its_figure_is_in() -> None:
    from concurrent.futures import Future

    from engine.bots.advice import Advice, Option

    lt = line_table("classic", 1)
    asked: list[Future[Advice]] = []

    def advisor(seat: int) -> Future[Advice]:
        legal = lt.room.legal(seat)
        asked.append(Future())
        asked[-1].set_running_or_notify_cancel()
        pending = Advice(legal[0], "the dice are the only move", (Option(legal[0], 0.4, 0.35, 0.45),))
        asked[-1].pending = pending  # type: ignore[attr-defined]
        return asked[-1]

    lt.lines._advisor = advisor
    said = lt.type("advice")
    assert said[0] == "The expert is thinking it over; the advice follows when it is ready."
    lt.lines.poll()  # not in yet: nothing said
    assert lt.last_line.startswith("Your turn:")
    asked[0].set_result(asked[0].pending)  # type: ignore[attr-defined]
    before = len(lt.out)
    lt.lines.poll()
    told = [line.rstrip("\n") for line in lt.out[before:]]
    assert told[0] == "Best for you: Roll the dice."
    assert told[1] == "Why: the dice are the only move"
    assert told[2].startswith("Your chance to win after each: Roll the dice, about 40% (")
    assert told[3] == "To follow it, type roll." and told[-1].startswith("Your turn:")
    lt.lines._advisor = None
    assert lt.type("advice")[0] == "The advisor is not available here."


def test_chances_follow_when_worked_out_and_not_for_a_table_that_moved_on() -> None:
    from concurrent.futures import Future

    from engine.chances import Chance, Chances

    lt = line_table("classic", 1, bots=1)
    asked: list[Future[Chances]] = []

    def odds() -> Future[Chances]:
        asked.append(Future())
        return asked[-1]

    lt.lines._odds = odds
    said = lt.type("chances")
    assert said[0].startswith("Net worth, richest first: ") and "being worked out" in said[1]
    assert lt.lines.awaiting == asked
    asked[0].set_result(Chances(0, 400, (Chance(0, 0.6, 0.55, 0.65), Chance(1, 0.4, 0.35, 0.45))))
    before = len(lt.out)
    lt.lines.poll()
    told = [line.rstrip("\n") for line in lt.out[before:]]
    assert told[0].startswith("Chance to win: Vera about 60% (") and "; Ada about 40% (" in told[0]
    assert told[-1].startswith("Your turn:") and lt.lines.awaiting == []
    lt.type("chances")
    lt.type("roll")  # the table moves on before the figure is in
    asked[1].set_result(Chances(0, 400, ()))
    lt.lines.poll()
    assert "The table has moved on since; ask again for the table as it is now." in lt.transcript


def test_the_first_lines_tell_the_deal_before_the_first_turn() -> None:
    lt = line_table("classic", 1)  # the short game deals deeds before turn 1
    dealt = [e for e in lt.room.history() if e.kind == "deed_dealt"]
    assert dealt and all(lt.room.narrate(e) in lt.transcript for e in dealt)
    assert lt.transcript.index(lt.room.narrate(dealt[-1])) < lt.transcript.index("Turn 1:")


def _in_debt(deed: bool = True) -> LineTable:
    """Vera owes Ada $50 of rent with $20 and Park Place: only mortgaging raises it (without Park Place,
    nothing does)."""
    from engine import RollDice

    from scenario import BOARDWALK, PARK_PLACE, cash, dice, own, place, play, settle, table, turn_of

    game = table(("Vera", "Ada"))
    own(game, 1, BOARDWALK)
    if deed:
        own(game, 0, PARK_PLACE)
    cash(game, 0, 20)
    place(game, 0, 36)
    dice(game, (1, 2))
    turn_of(game, 0)
    settle(game)
    play(game, RollDice(player=0))
    return _seated(game)


def _seated(game: Game) -> LineTable:
    """Vera (seat 0) in lines at a game set up by hand, against a bot."""
    seats = [Seat(name="Vera", kind="human"), Seat(name="Ada", kind="bot", level="easy")]
    room = Room(game, seats, make_opponents(seats, 1))
    out: list[str] = []
    lt = LineTable(room, LineSession(room.join({0}), out.append), LoopClock(sleep=lambda _: None), out)

    def ring(signal: int) -> None:
        lt.rings += 1
        lt.signals.append(signal)

    lt.lines = LineSession(room.join({0}), out.append, ring)
    lt.lines.start()
    return lt


def test_help_in_a_debt_names_the_ways_to_raise_the_cash(caplog: pytest.LogCaptureFixture) -> None:
    lt = _in_debt()
    assert lt.room.view(0).pending.kind == "debt"  # type: ignore[union-attr]
    said = lt.type("help")
    assert said[0] == "Now: mortgage and a deed's name."
    assert not any(r.levelname == "ERROR" for r in caplog.records)
    assert said[-1].startswith("You owe $50 for ")


def test_the_end_tells_the_standings_and_the_seed_with_a_signal_of_its_own() -> None:
    lt = _in_debt(deed=False)
    assert lt.signals == [1]  # the question: one bell
    lt.type("bankrupt")
    said = lt.type("yes")
    over = next(i for i, line in enumerate(said) if line.startswith("Game over: Ada wins"))
    assert said[over + 1] == "Standings: 1. Ada, $1,920; 2. Vera, $0."  # her cash and deed, his nothing
    seed = lt.room.seed
    assert said[over + 2].startswith(f"Fair dice: the seed was {seed}, whose SHA-256 begins ")
    assert lt.room.fingerprint[:16] in said[over + 2]
    assert lt.signals[-1] == 3 and said[-1].startswith("The game is over.")


def test_refusals_write_money_as_it_is_said_in_each_language() -> None:
    from translation import language, use

    lt = line_table("classic", 1)
    assert lt.type("offer ada: 5000 for Boardwalk")[0] == "Vera does not have $5,000."
    spanish = language("es")
    assert spanish is not None
    with use(spanish):
        assert lt.type("ofrecer ada: 5000 por Boardwalk")[0] == "Vera no tiene 5.000 $."


def test_a_line_too_long_is_measured_as_typed() -> None:
    from lines.reading import LONGEST

    lt = line_table("classic", 1)
    said = lt.type("x" * (LONGEST + 1) + "\n")
    assert said[0] == f"That line is {LONGEST + 1} characters long; a command takes at most {LONGEST}."
    assert "characters long" not in lt.type("x" * LONGEST + "\n")[0]


def test_in_jail_the_question_says_so_once() -> None:
    from scenario import cash, jail, settle, table, turn_of

    game = table(("Vera", "Ada"))
    jail(game, 0)
    cash(game, 0, 20)
    turn_of(game, 0)
    lt = _seated(settle(game))
    assert lt.last_line.startswith("Your turn: you are in jail with $20. Type roll")


def test_on_the_jail_space_out_of_jail_the_question_says_just_visiting() -> None:
    from translation import language, use

    from scenario import cash, place, settle, table, turn_of

    game = table(("Vera", "Ada"))
    place(game, 0, 10)
    cash(game, 0, 20)
    turn_of(game, 0)
    lt = _seated(settle(game))
    assert lt.last_line.startswith("Your turn: you are just visiting Jail with $20. Type roll")
    spanish = language("es")
    assert spanish is not None
    with use(spanish):
        lt = _seated(settle(game))
        assert lt.last_line.startswith("Tu turno: estás de visita en Cárcel con 20 $.")


def test_in_jail_status_and_who_say_in_jail_not_on_jail() -> None:
    from scenario import cash, jail, settle, table, turn_of

    game = table(("Vera", "Ada"))
    jail(game, 0)
    cash(game, 0, 20)
    turn_of(game, 0)
    lt = _seated(settle(game))
    said = lt.type("status")
    assert said[0] == "You: $20, in jail; holds nothing.", "it said: You: $20 on Jail, in jail"
    assert "You: $20, in jail; holds nothing." in lt.type("who")


def test_the_1904_rules_say_the_wages_once() -> None:
    from engine.play.sources import sources_of

    rule = sources_of("landlords-1904").rules["salary.go"].rule
    assert rule.startswith("$100 wages each time you reach or pass Mother Earth") and rule.count("ages") == 1


def test_wages_from_the_wages_box_are_said_once() -> None:
    from engine import new_game
    from engine.core.events import PassedGo
    from engine.core.narration import describe

    game = new_game("landlords-1904", ["Vera", "Ada"], seed=1)
    event = PassedGo(player=0, salary=100, landed=False, space=0, box="wages")
    said = describe(event, ["Vera", "Ada"], game.board)
    assert said.endswith(": $100 from Wages.") and said.count("ages") == 1
