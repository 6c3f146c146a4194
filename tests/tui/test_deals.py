"""Deals among three through the keyboard at 80 x 24: composed part by part in the deal negotiator and
answered by the bots; a person's part answered in the deal's own dialog, accepted or turned down with a
reason."""

from __future__ import annotations

from engine import AcceptDeal, Bundle, DealPart, Game, ProposeDeal
from room import Seat
from tui.dialogs.deal import DealScreen
from tui.dialogs.deal_answer import DealAnswerDialog

from playtable import ADA, GRACE, VERA, app_for, client_for, log_text, scripted_game, settle

BALTIC, ORIENTAL, VERMONT = 3, 6, 8
GRACE_HUMAN = Seat(name="Grace", kind="human")


def _bots_hold_a_deed_each(game: Game) -> None:
    game.state.deeds[BALTIC].owner = 1  # Ada
    game.state.deeds[ORIENTAL].owner = 2  # Grace


async def _compose(pilot, app, grace_cash: str) -> DealScreen:  # type: ignore[no-untyped-def]
    """Vera buys Baltic from Ada for $150 and Oriental from Grace, all in one deal, by keys alone."""
    await settle(pilot)
    await pilot.press("t", "n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, DealScreen)
    await pilot.press("g")  # Ada gives Vera
    await pilot.pause()
    assert (screen.giver, screen.receiver) == (1, 0)
    await pilot.press("d", "space", "a")  # Baltic
    await pilot.press("g")  # Grace gives Vera Oriental
    await pilot.pause()
    assert (screen.giver, screen.receiver) == (2, 0)
    await pilot.press("d", "space", "a")
    await pilot.press("g")  # Vera pays Ada, then Grace
    await pilot.pause()
    assert (screen.giver, screen.receiver) == (0, 1)
    await pilot.press("c", "1", "5", "0", "a", "t", "c", *grace_cash, "a")
    await pilot.pause()
    assert [(p.giver, p.receiver) for p in screen.draft.parts] == [(1, 0), (2, 0), (0, 1), (0, 2)]
    shares = str(screen.query_one("#shares").render())
    assert "Vera gives $" in shares and "Ada gives Baltic Avenue; gets $150" in shares
    await pilot.press("ctrl+s")
    await settle(pilot)
    return screen


async def test_a_three_party_deal_composed_by_keys_is_answered_and_carried_out() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_bots_hold_a_deed_each), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _compose(pilot, app, "250")
        assert screen.mode == "answered"
        assert "the deal is done" in str(screen.query_one("#status").render())
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 0 and view.deeds[ORIENTAL].owner == 0
        assert [p.cash for p in view.players] == [1500 - 400, 1650, 1750]
        assert "Deal done among Vera, Ada, Grace" in log_text(app)


async def test_a_deal_refused_by_its_third_party_changes_nothing() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_bots_hold_a_deed_each), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _compose(pilot, app, "20")  # too little for Grace, who answers last
        assert screen.mode == "answered"
        assert "Grace turned it down" in str(screen.query_one("#status").render())
        assert any(e.kind == "deal_accepted" and e.player == 1 for e in client.history())
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 1 and view.deeds[ORIENTAL].owner == 2
        assert [p.cash for p in view.players] == [1500, 1500, 1500]


def _deal_from_grace() -> ProposeDeal:
    """Grace offers Ada $150 for Baltic, which goes to Vera, who pays Grace $100."""
    return ProposeDeal(
        player=1,
        parties=(0, 2),
        parts=(
            DealPart(giver=1, receiver=2, bundle=Bundle(cash=150)),
            DealPart(giver=2, receiver=0, bundle=Bundle(deeds=(BALTIC,))),
            DealPart(giver=0, receiver=1, bundle=Bundle(cash=100)),
        ),
    )


def _ada_holds_baltic(game: Game) -> None:
    game.state.deeds[BALTIC].owner = 2


async def _answer_dialog(pilot, app, client) -> DealAnswerDialog:  # type: ignore[no-untyped-def]
    await settle(pilot)
    assert client.send(_deal_from_grace(), client.version).refusal is None
    await settle(pilot)
    dialog = app.screen
    assert isinstance(dialog, DealAnswerDialog) and dialog.player == 0
    body = str(dialog.query_one("#body").render())
    assert "Grace proposes a deal with you and Ada." in body
    assert "You give: $100" in body and "You get:  Baltic Avenue" in body
    assert "Agreed so far: Ada." in body
    return dialog


async def test_a_person_accepts_his_part_and_the_deal_is_done() -> None:
    seats = [VERA, GRACE_HUMAN, ADA]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await _answer_dialog(pilot, app, client)
        await pilot.press("a")
        await settle(pilot)
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 0
        assert [p.cash for p in view.players] == [1400, 1450, 1650]
        assert not isinstance(app.screen, DealAnswerDialog)


async def test_a_person_turns_his_part_down_with_a_reason() -> None:
    seats = [VERA, GRACE_HUMAN, ADA]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await _answer_dialog(pilot, app, client)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"too dear", "enter")
        await settle(pilot)
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 2
        assert [p.cash for p in view.players] == [1500, 1500, 1500]
        assert "Vera turned the deal down: \u201ctoo dear\u201d" in log_text(app)
        assert AcceptDeal(player=0, deal_id=1) not in client.legal(0)
