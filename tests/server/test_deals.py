"""A deal among three people, each over their own SSH connection at 80 x 24: the proposer composes it by
keys, each other party answers his own part from his own session; all accept and it is carried out, or the
third party turns it down with a reason and nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.network.main import Running
from server.tables.table import Table
from tui.dialogs.deal import DealScreen
from tui.dialogs.deal_answer import DealAnswerDialog
from tui.dialogs.trade import TradeScreen

from sshplay import Person, make_key, seated, start_server

pytestmark = pytest.mark.slow

ADA, BOB, CY = 0, 1, 2


async def _three_at_a_table(running: Running, tmp_path: Path) -> tuple[Table, list[Person]]:
    people = [Person(running, make_key(tmp_path, n), n) for n in ("Ada", "Bob", "Cy")]
    table = await seated(running, people, "Deals", bots=0)
    for p in people:
        await p.connect("Deals", size=(80, 24), term="xterm")
        await p.wait_until(lambda p: (app := p.app_now()) is not None and app.game_screen is not None)
    return table, people


def _holdings(table: Table) -> tuple[list[int], dict[int, int | None]]:
    room = table.room
    assert room is not None
    view = room.view(None)
    return [p.cash for p in view.players], {s: d.owner for s, d in view.deeds.items()}


async def _propose(ada: Person, table: Table) -> int:
    """Ada hands Bob her first deed, Bob hands Cy $100, Cy hands Ada $50: composed by keys alone. The
    deed she gives."""
    room = table.room
    assert room is not None
    view = room.view(None)
    first = min(s for s, d in view.deeds.items() if d.owner == ADA)
    await ada.press("t")  # as a person does: the trade dialog seen, then "more players" in it
    await ada.wait_until(lambda p: isinstance(p.app().screen, TradeScreen))
    await ada.press("n")
    await ada.wait_until(lambda p: isinstance(p.app().screen, DealScreen))
    await ada.wait_for("gives Bob (t)")
    await ada.press("d", "space", "a")  # Ada's first deed, to Bob
    await ada.press("g", "t")  # Bob gives Cy
    await ada.wait_for("Part: Bob")
    await ada.wait_for("gives Cy (t)")
    await ada.press("c", "1", "0", "0", "a")
    await ada.press("g")  # Cy gives Ada
    await ada.wait_for("gives Ada (t)")
    await ada.press("c", "5", "0", "a")
    await ada.wait_for("Ready to send.")
    await ada.press("ctrl+s")
    return first


async def _bob_accepts(bob: Person) -> None:
    await bob.wait_until(lambda p: isinstance(p.app().screen, DealAnswerDialog))
    await bob.wait_for("Bob: a deal from Ada")
    await bob.wait_for("You give: $100")
    await bob.press("a")


async def test_a_three_party_deal_over_ssh_completes(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        table, (ada, bob, cy) = await _three_at_a_table(running, tmp_path)
        cash_before, _ = _holdings(table)
        given = await _propose(ada, table)
        await _bob_accepts(bob)
        await cy.wait_until(lambda p: isinstance(p.app().screen, DealAnswerDialog))
        await cy.wait_for("You give: $50")
        await cy.wait_for("Agreed so far: Bob.")
        await cy.press("a")
        await ada.wait_for("the deal is done")
        cash, owners = _holdings(table)
        assert owners[given] == BOB
        assert cash == [cash_before[0] + 50, cash_before[1] - 100, cash_before[2] + 100 - 50]
        for p in (bob, cy):
            await p.wait_for("Deal done among Ada, Bob, Cy")
    finally:
        await running.stop()


async def test_a_three_party_deal_refused_over_ssh_by_its_third_party_changes_nothing(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        table, (ada, bob, cy) = await _three_at_a_table(running, tmp_path)
        before = _holdings(table)
        await _propose(ada, table)
        await _bob_accepts(bob)
        await cy.wait_until(lambda p: isinstance(p.app().screen, DealAnswerDialog))
        await cy.wait_for("Agreed so far: Bob.")
        await cy.press("r")
        await cy.type("not today")
        await cy.press("enter")
        await ada.wait_for("Cy turned it down: not today")
        assert _holdings(table) == before
        await bob.wait_for("Cy turned the deal down")
    finally:
        await running.stop()
