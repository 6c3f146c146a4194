"""Whole games of every seed edition played in lines, from typed lines against bots, to the end: the lines
are chosen from what `help` offers (the legal commands' spellings), with a trade, an auction, building, a
mortgage and a debt on the way where the edition has them; the transcript says each of them."""

from __future__ import annotations

import re

import pytest

from engine import Build, Mortgage, PlaceBid
from engine.core.events import Event
from lines import verbs
from lines.parser import Table
from lines.prompts import question
from translation import ENGLISH, Language, language, use

from linetable import LineTable, line_table, words_now

BOX_DRAWING = re.compile("[\u2500-\u259f]")


SPARED = frozenset({"bankrupt", "call", "mortgage", "unmortgage", "borrow", "repay", "sell"})
"""Words the script types only when it means to (a debt, its one mortgage), never as a default."""


class Script:
    """Types a line for each question: the first deed offered goes to auction; bids up to half the price;
    builds all it can; offers a bot a generous price for a deed that completes a group; mortgages once;
    in debt, mortgages and sells, and goes bankrupt only when nothing else is left. A plan the game
    refused (two houses on a lot whose group is behind, more than the cash pays for) is not typed again
    on the same table: it builds one house instead, as a person told why would."""

    def __init__(self, lt: LineTable) -> None:
        self.lt = lt
        self.declined = False
        self.offers = 0
        self.mortgaged = False
        self.turns_seen = 0
        self.refused: set[tuple[int, str]] = set()  # (the table's version, a line that changed nothing)

    def type(self, line: str, typed: str | None = None) -> None:
        """Type `line` (as `typed`, in the person's language), noting it if the table did not move."""
        before = self.lt.room.version
        self.lt.type(line if typed is None else typed)
        if self.lt.room.version == before and self.lt.lines._confirm is None:
            self.refused.add((before, line))

    def _not_refused(self, lines: list[str]) -> str | None:
        version = self.lt.room.version
        return next((line for line in lines if (version, line) not in self.refused), None)

    def line(self, table: Table) -> str:
        words = words_now(table)
        pend = table.view.pending
        kind = "" if pend is None else pend.kind
        first = {w.split(" ")[0]: w for w in reversed(words)}
        if kind == "debt":
            for word in ("mortgage", "sell", "borrow"):
                if word in first:
                    return first[word]
            return first.get("poorhouse", "bankrupt")
        if kind == "buy":
            if not self.declined:
                self.declined = True
                return "decline"
            return "buy" if "buy" in words else "decline"
        if kind == "auction":
            bid = next((c for c in table.legal if isinstance(c, PlaceBid)), None)
            space = getattr(pend, "space", 0)
            price = table.board.price[space] if space < len(table.board.price) else 0
            if bid is not None and bid.amount <= price // 2 and getattr(pend, "lot", "deed") == "deed":
                return f"bid {bid.amount}"
            return "pass"
        if kind in ("trade_answer", "deal_answer", "loan_answer"):
            return "accept"
        if kind == "call_answer":
            return "refuse"
        builds = [c for c in table.legal if isinstance(c, Build)]
        if builds and kind == "place_building":
            return words[0]
        if builds and kind in ("roll", "end_turn"):
            lot = table.board.name(builds[0].space)
            plan = self._not_refused([f"build {lot} 2", f"build {lot}"])
            if plan is not None:
                return plan
        if kind == "roll" and self.offers < 4 and (offer := self._offer(table)):
            self.offers += 1
            return offer
        mortgages = [c for c in table.legal if isinstance(c, Mortgage)]
        if kind == "end_turn" and not self.mortgaged and mortgages:
            self.mortgaged = True
            return f"mortgage {table.board.name(mortgages[-1].space)}"
        if kind == "lot_tickets":
            return words[0]
        for word in words:
            if word.split(" ")[0] not in (
                "bankrupt",
                "call",
                "mortgage",
                "unmortgage",
                "borrow",
                "repay",
                "sell",
            ):
                return word
        return words[0] if words else "help"

    def _offer(self, table: Table) -> str | None:
        """A generous offer for a bot's deed in a group I hold part of."""
        view, board, me = table.view, table.board, table.me
        cash = view.players[me].cash
        for group in board.street_groups:
            owners = {view.deeds[s].owner for s in group}
            if me in owners and len(owners) == 2 and None not in owners:
                wanted = [s for s in group if view.deeds[s].owner != me]
                bot = next(o for o in owners if o is not None and o != me)
                price = sum(board.price[s] for s in wanted) * 2
                if price + 100 <= cash and all(view.deeds[s].level == 0 for s in wanted):
                    deeds = " and ".join(board.name(s) for s in wanted)
                    return f"offer {table.names[bot]}: {price} for {deeds}"
        return None


def play_out(lt: LineTable, most: int = 3000) -> Script:
    script = Script(lt)
    for _ in range(most):
        lt.clock.run()
        if lt.room.finished:
            break
        table = lt.table()
        asked = question(table)
        if asked is not None:  # the game waits on me: its question is the last thing written
            assert lt.last_line == asked, lt.transcript[-600:]
        line = script.line(table)
        script.type(line)
        if lt.lines._confirm is not None:
            lt.type("yes")
    assert lt.room.finished, lt.transcript[-3000:]
    return script


def told(lt: LineTable, kind: str) -> list[Event]:
    """The events of this kind in the game, each checked to be said in the transcript."""
    events = [e for e in lt.room.history() if e.kind == kind]
    for event in events:
        assert lt.room.narrate(event) in lt.transcript
    return events


def _plain_output(lt: LineTable) -> None:
    text = lt.transcript
    assert "\x1b" not in text and not BOX_DRAWING.search(text)
    assert all(ch >= " " or ch == "\n" for ch in text)  # no control character but the newline
    assert "Traceback" not in text


@pytest.mark.parametrize(("edition", "seed"), [("classic", 3), ("addon", 3)])
def test_a_whole_game_with_a_trade_an_auction_building_a_mortgage_and_a_debt(edition: str, seed: int) -> None:
    lt = line_table(edition, seed)
    play_out(lt)
    _plain_output(lt)
    for kind in (
        "trade_proposed",
        "trade_completed",
        "auction_won",
        "building_bought",
        "mortgaged",
        "debt_incurred",
        "game_over",
    ):
        assert told(lt, kind), f"no {kind} in the game"
    assert "> decline" in lt.transcript and "> yes" in lt.transcript  # the offer was read back and confirmed
    assert re.search(r"\$\d{1,3},\d{3}", lt.transcript)  # money as a screen reader says it


def test_a_whole_game_of_1904_with_tickets_lots_and_loans() -> None:
    lt = line_table("landlords-1904", 2)
    play_out(lt)
    _plain_output(lt)
    for kind in ("property_bought", "route_chosen", "loan_taken", "debt_incurred", "game_over"):
        assert told(lt, kind), f"no {kind} in the game"


def test_a_whole_game_of_finance_with_lots_auctions_and_building() -> None:
    lt = line_table("finance-1936", 2)
    play_out(lt)
    _plain_output(lt)
    for kind in ("auction_won", "building_bought", "lot_sold", "debt_incurred", "game_over"):
        assert told(lt, kind), f"no {kind} in the game"


def _spanish() -> Language:
    found = language("es")
    assert found is not None, "the Spanish catalogue is shipped"
    return found


SPANISH = _spanish()


def in_spanish(line: str) -> str:
    """An English line the script chose, as a Spanish player types it: the command's word and the words
    inside it (deed and player names stay as printed)."""
    head, _space, rest = line.partition(" ")
    inside = [
        verbs.word(w) if w in ("and", "for", "fine", "card", "lot", "game", "with") else w
        for w in rest.split(" ")
    ]
    return " ".join([verbs.word(head), *inside]).strip()


def test_a_whole_game_typed_in_spanish() -> None:
    with use(SPANISH):
        _spanish_game()


def _spanish_game() -> None:
    lt = line_table("classic", 3)
    script = Script(lt)
    for _turn in range(3000):
        lt.clock.run()
        if lt.room.finished:
            break
        table = lt.table()
        asked = question(table)
        if asked is not None:
            assert lt.last_line == asked
        with use(ENGLISH):  # the script chooses among the English words; the person types them in Spanish
            line = script.line(lt.table())
        script.type(line, in_spanish(line))
        if lt.lines._confirm is not None:
            lt.type("sí")
    assert lt.room.finished, lt.transcript[-3000:]
    _plain_output(lt)
    for kind in ("trade_proposed", "auction_won", "building_bought", "mortgaged", "game_over"):
        assert told(lt, kind), f"no {kind} in the game"
    typed = {t.split(" ")[0] for t in lt.typed}
    assert {
        "tirar",
        "comprar",
        "declinar",
        "pasar",
        "construir",
        "hipotecar",
        "ofrecer",
        "terminar",
        "sí",
    } <= typed
    assert not typed & {"roll", "buy", "bid", "build", "mortgage", "offer"}
    assert "Escribe tirar" in lt.transcript and "Type roll" not in lt.transcript
    assert "no es una orden" not in lt.transcript  # every line typed was read
    with use(ENGLISH):  # the same game as typed in English, move for move
        english = line_table("classic", 3)
        play_out(english)
    assert [e.kind for e in lt.room.history()] == [e.kind for e in english.room.history()]
