"""Deals among three through the keyboard at 80 x 24: composed part by part in the deal negotiator (opened
from the trade negotiator or with `a` on the game screen) and answered by the bots; cards in hand and houses
in a part where the edition has them; five parties' parts scrolling within the screen; a person's part
answered in the deal's own dialog, accepted or turned down with a reason."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Input

from engine import AcceptDeal, Bundle, DealPart, Game, ProposeDeal, board_for
from room import Seat
from room.lesson import EXPLANATIONS
from tui.dialogs.deal import DealScreen
from tui.dialogs.deal_answer import DealAnswerDialog
from tui.dialogs.trade import TradeScreen
from tui.screens.help import keys_for
from tui.widgets.lesson_note import LessonNote
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.ticks import TickList

from playtable import (
    ADA,
    ALAN,
    GRACE,
    VERA,
    app_for,
    burst,
    client_for,
    game_screen,
    log_text,
    scripted_game,
    settle,
)

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


async def test_a_deal_turned_down_is_kept_to_change_and_send_again() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_bots_hold_a_deed_each), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _compose(pilot, app, "20")
        sent = [(p.giver, p.receiver, p.bundle) for p in screen.draft.parts]
        assert "e changes it" in str(screen.query_one("#status").render())
        await pilot.press("escape")  # closed: `j` opens it again as it was, not empty
        await settle(pilot)
        await pilot.press("j")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, DealScreen) and again.mode == "compose"
        assert [(p.giver, p.receiver, p.bundle) for p in again.draft.parts] == sent
        await pilot.press("x", "g", "g", "g", "t", "c", "2", "5", "0", "a", "ctrl+s")  # more for Grace
        await settle(pilot)
        assert str(again.mode) == "answered" and "the deal is done" in str(
            again.query_one("#status").render()
        )
        assert client.view(0).deeds[ORIENTAL].owner == 0


async def test_e_after_a_refusal_goes_back_to_the_same_deal() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_bots_hold_a_deed_each), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _compose(pilot, app, "20")
        parts = list(screen.draft.parts)
        await pilot.press("e")
        await pilot.pause()
        assert screen.mode == "compose" and screen.draft.parts == parts


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


async def test_a_person_answers_a_deal_with_a_counter_offer_from_the_same_parts() -> None:
    seats = [VERA, GRACE_HUMAN, ADA]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await _answer_dialog(pilot, app, client)
        await pilot.press("o")
        await settle(pilot)
        assert "Vera turned the deal down: \u201ca counter-offer follows\u201d" in log_text(app)
        screen = app.screen
        assert isinstance(screen, DealScreen) and screen.mode == "compose" and screen.player == 0
        assert tuple(screen.draft.parts) == _deal_from_grace().parts and screen.draft.proposer == 0


def _addon_hand(game: Game) -> None:
    """Vera holds a travel card (the add-on board's cards are kept in hand), every other hand empty."""
    for ps in game.state.players:
        for ref in ps.hand:
            deck, _, card = ref.partition("/")
            game.state.decks[deck].append(card)
        ps.hand = []
    game.state.decks["travel"].remove("forward_2")
    game.state.players[0].hand.append("travel/forward_2")


async def _open_deal(pilot, app) -> DealScreen:  # type: ignore[no-untyped-def]
    await settle(pilot)
    await pilot.press("t", "n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, DealScreen)
    return screen


async def test_a_card_held_in_hand_goes_in_a_part_on_the_addon_board() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, edition="addon", arrange=_addon_hand), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_deal(pilot, app)
        assert "tick deeds and cards (d)" in str(screen.query_one("#who").render())
        assert not screen.query_one("#houses").display  # no house sales on the add-on board
        await pilot.press("d", "space", "a")  # Vera's only holding: the card, to Ada
        await pilot.press("g", "t", "c", "2", "0", "a")  # Ada pays Grace $20 (Grace is in it too)
        await pilot.press("g", "t", "t", "c", "3", "0", "a")  # Grace pays Vera $30
        await pilot.pause()
        assert screen.draft.parts[0].bundle.cards == ("travel/forward_2",)
        assert (
            screen.query_one("#deeds", TickList).option_count == 0
        )  # the card is in a part: not offered again
        shares = str(screen.query_one("#shares").render())
        assert "Vera gives Forward 2 (travel card); gets $30" in shares
        assert "Ready to send." in str(screen.query_one("#status").render())
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen.mode == "answered"


def _finance_houses(game: Game) -> None:
    """Finance: Vera holds Madison Square with four houses, Ada a lot of her own."""
    st = game.state
    for space, owner, houses in ((29, 0, 4), (39, 1, 1), (1, 2, 1)):
        st.deeds[space].owner = owner
        st.deeds[space].level = houses
        st.bank.houses -= houses
    for ps in st.players:
        ps.circuits = 1


async def test_houses_go_in_a_part_where_the_edition_sells_them() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, edition="finance-1936", arrange=_finance_houses), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_deal(pilot, app)
        assert screen.query_one("#houses").display
        await pilot.press("h", "2", "a")  # two houses from Vera to Ada
        await pilot.press("t", "h", "1", "a")  # and one to Grace
        await pilot.pause()
        assert [p.bundle.houses for p in screen.draft.parts] == [(29, 29), (29,)]
        assert "3 houses" not in str(screen.query_one("#parts").render())
        assert "2 houses (from Madison Square)" in str(screen.query_one("#parts").render())
        await pilot.press("g", "t", "t", "c", "5", "0", "0", "a")  # Ada pays Vera
        await pilot.pause()
        assert "Ready to send." in str(screen.query_one("#status").render()), screen.query_one(
            "#status"
        ).render()


def _vera_holds_a_jail_card(game: Game) -> None:
    game.state.players[0].jail_cards = ["chance"]
    game.state.decks["chance"].remove(game.board.jail_card["chance"])


async def test_digits_typed_away_from_the_fields_go_to_the_field_chosen_last() -> None:
    """A digit typed on the deeds list goes into the part's cash; one that arrives with a field's key,
    ahead of the focus, goes into that field (j: the jail cards), never into the cash."""
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_vera_holds_a_jail_card), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_deal(pilot, app)
        cash, cards = screen.query_one("#cash", Input), screen.query_one("#cards", Input)
        await pilot.press("d", "4", "0")
        await pilot.pause()
        assert cash.value == "40" and cash.has_focus
        await pilot.press("d")
        burst(app, "j", "1")
        for _ in range(6):  # past every focus the keys asked for
            await pilot.pause()
        assert (cash.value, cards.value) == ("40", "1") and cards.has_focus
        await pilot.press("a")
        await pilot.pause()
        assert screen.draft.parts[0].bundle == Bundle(cash=40, jail_cards=1)


def _footer(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one(SteadyFooter).render().plain)


async def test_j_on_the_game_screen_opens_the_deal_negotiator_when_a_deal_can_be_made() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert game_screen(app).possible("deal")
        palette = [entry[0] for entry in game_screen(app).palette_commands()]
        assert "Make a deal among several" in palette
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, DealScreen) and app.screen.player == 0


async def test_with_one_other_player_no_deal_is_offered() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert game_screen(app).possible("trade") and not game_screen(app).possible("deal")
        palette = [entry[0] for entry in game_screen(app).palette_commands()]
        assert "Propose a trade" in palette and "Make a deal among several" not in palette
        await pilot.press("j")
        await pilot.pause()
        assert not isinstance(app.screen, DealScreen)
        notices = [n.message for n in app._notifications]
        assert "A deal among several needs three players still in the game." in notices


async def test_the_trade_negotiators_footer_shows_the_deal_key_at_80_columns() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TradeScreen)
        line = _footer(app)
        assert len(line) <= 80 and "n More players" in line and "^s Send" in line, line


LINUS = Seat(name="Linus", kind="bot", level="normal")


async def test_five_parties_parts_scroll_within_80_by_24_with_the_keys_on_show() -> None:
    seats = [VERA, ADA, GRACE, ALAN, LINUS]
    client = client_for(scripted_game(seats), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_deal(pilot, app)
        for _ in range(4):  # each giver pays the next two players: eight parts among all five
            await pilot.press("c", "1", "0", "a", "t", "c", "2", "0", "a", "g")
        await pilot.pause()
        assert len(screen.draft.parts) == 8
        assert len({p for part in screen.draft.parts for p in (part.giver, part.receiver)}) == 5
        summary = screen.query_one("#summary", VerticalScroll)
        dialog = screen.query_one("#dialog")
        assert dialog.region.bottom <= 23  # above the footer
        assert summary.max_scroll_y > 0 and summary.scroll_y == summary.max_scroll_y  # the newest in view
        assert screen.query_one("#send").region.bottom <= 22
        assert "a Add part" in _footer(app) and "^s Send" in _footer(app)
        await pilot.press("pageup")
        await pilot.pause()
        assert summary.scroll_y < summary.max_scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        assert summary.scroll_y == summary.max_scroll_y


def test_the_help_tells_the_deal_key_with_the_editions_own_parts() -> None:
    classic = dict(keys_for(board_for("classic")))
    finance = dict(keys_for(board_for("finance-1936")))
    assert "make a deal among three or more players" in classic["j"]
    assert "j jail cards" in classic["j"] and "h houses" not in classic["j"]
    assert "h houses" in finance["j"] and "jail" not in finance["j"] and "jail" not in finance["t"]
    assert "n a deal among several instead" in classic["t"]
    assert "v" not in classic and "v" not in finance and "v" in dict(keys_for(board_for("addon")))


async def test_the_deal_negotiator_opens_at_its_first_field_with_the_lesson_at_its_foot() -> None:
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_bots_hold_a_deed_each), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game_screen(app)._teach(EXPLANATIONS["group"])  # as the lesson does when a group is completed
        await pilot.press("t", "n")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DealScreen)
        assert app.focused is screen.query_one("#cash", Input)  # Vera gives first and holds no deed
        notes = list(screen.query(LessonNote))
        assert len(notes) == 1 and EXPLANATIONS["group"].title in str(notes[0].render())
