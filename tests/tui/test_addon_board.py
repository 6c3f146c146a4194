"""The add-on board in the interface: two rings drawn one inside the other at 80 x 24 and 120 x 40 with the
elevators joined across the gap and the last move marked, every token in view, the travel cards played
from a dialog, the Subway's ride, the kept cards, the hand in the holdings, the edition's options in the
new-game form and the help."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, OptionList, SelectionList

from engine import Game, board_for
from room import Seat
from tui.dialogs.any_space import AnySpaceDialog
from tui.dialogs.card import CardDialog
from tui.dialogs.refund_card import RefundCardDialog
from tui.dialogs.travel import TravelDialog
from tui.dialogs.winnings_card import WinningsCardDialog
from tui.models.board_layout import layout_of, link_cells, neighbour
from tui.screens.help import HelpScreen
from tui.screens.new_game import NewGameScreen

from playtable import (
    ADA,
    ALAN,
    GRACE,
    VERA,
    app_for,
    client_for,
    game_screen,
    log_text,
    scripted_game,
    settle,
)

Compare = Callable[..., bool]
PENNSYLVANIA_RR, WEST_ELEVATOR, SHORT_LINE, EAST_ELEVATOR = 15, 49, 35, 61
FREE_PARKING, TRIPLE_PLAY, SUBWAY, TAX_REFUND = 20, 52, 58, 54


def _hand(game: Game, player: int, *refs: str) -> None:
    for ref in refs:
        deck, _, card = ref.partition("/")
        game.state.decks[deck].remove(card)
        game.state.players[player].hand.append(ref)


def _empty_hands(game: Game) -> None:
    for ps in game.state.players:
        for ref in ps.hand:
            deck, _, card = ref.partition("/")
            game.state.decks[deck].append(card)
        ps.hand = []


def _addon(dice: list[tuple[int, int]], arrange: Callable[[Game], None], seats: list[Seat] | None = None):  # type: ignore[no-untyped-def]
    def both(game: Game) -> None:
        _empty_hands(game)
        arrange(game)

    seats = seats or [VERA, ADA, GRACE]
    return client_for(scripted_game(seats, dice, edition="addon", arrange=both), seats)


def test_the_inner_ring_is_drawn_inside_the_outer_one() -> None:
    board = board_for("addon")
    layout = layout_of(board)
    assert layout.side == 11 and layout.centre == (3, 3, 5)
    assert len(set(layout.cells.values())) == 64
    # Triple Play in the corner beside Free Parking, each elevator beside its junction
    assert layout.cells[FREE_PARKING] == (0, 0) and layout.cells[TRIPLE_PLAY] == (2, 2)
    assert layout.cells[PENNSYLVANIA_RR] == (5, 0) and layout.cells[WEST_ELEVATOR] == (5, 2)
    assert layout.cells[SHORT_LINE] == (5, 10) and layout.cells[EAST_ELEVATOR] == (5, 8)
    links = [(15, 49), (49, 15), (35, 61), (61, 35)]
    assert link_cells(layout, links) == {(5, 1): True, (5, 9): True}
    assert neighbour(board, PENNSYLVANIA_RR, 0, 1) == WEST_ELEVATOR
    assert neighbour(board, EAST_ELEVATOR, 0, 1) == SHORT_LINE


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_every_token_is_on_the_board_and_the_elevators_are_joined(size: tuple[int, int]) -> None:
    def arrange(game: Game) -> None:
        game.state.players[0].position = 14
        game.state.players[1].position = 56
        game.state.players[2].position = 3

    client = _addon([(1, 3), (2, 2), (3, 3)], arrange)
    app = app_for(client)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        face = screen.board.face
        spaces = range(len(client.board.spaces))
        assert all(face.size.region.contains_region(face.region_of(s)) for s in spaces)
        assert len({face.region_of(s) for s in spaces}) == 64  # no space drawn over another
        assert screen.board.state_of(14).tokens == (0,) and screen.board.state_of(56).tokens == (1,)  # type: ignore[union-attr]
        picture = [strip.text for strip in app.screen._compositor.render_strips()]
        joined = [cell for cell, across in face.links.items() if across]
        assert len(face.links) == 2 and len(joined) == 2
        for row, col in joined:  # the line across the gap between the elevator and its junction
            width, height = face.cell_size
            x, y = face.region.x + col * (width + 1), face.region.y + row * height + height // 2
            assert picture[y][x : x + width] == "═" * width
        await pilot.press("r")  # 4 from Virginia Avenue: up the West Elevator to Triple Play
        await settle(pilot)
        states = {s: screen.board.state_of(s) for s in spaces}
        trail = {s for s, c in states.items() if c is not None and c.trail}
        assert {15, 50, 51, 52} <= trail
        assert client.view(0).players[0].position == TRIPLE_PLAY
        assert "Vera took Triple play" in log_text(app)


async def test_travel_cards_are_played_from_their_dialog() -> None:
    def arrange(game: Game) -> None:
        game.state.players[0].position = 34
        _hand(game, 0, "travel/forward_2", "travel/back_1_a")

    client = _addon([], arrange)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TravelDialog)
        cards = dialog.query_one("#cards", SelectionList)
        cards.select("travel/forward_2")
        cards.select("travel/back_1_a")
        await pilot.pause()
        assert "ends on East Elevator" in str(dialog.query_one("#where").render())
        await pilot.press("p")
        await settle(pilot)
        assert client.view(0).players[0].position == EAST_ELEVATOR
        assert isinstance(app.screen, CardDialog)  # the travel card drawn on the elevator, shown to Vera
        assert "played travel cards: Forward 2 and Backward 1" in log_text(app)


async def test_the_travel_preview_of_a_move_ending_on_a_space_that_pays_counts_its_salary_once() -> None:
    """It promised $200 twice ("ends on PASS (pays $200), collecting $200 on the way") for $200 paid."""
    pass_space = 46

    def arrange(game: Game) -> None:
        game.state.players[0].position = pass_space - 3
        _hand(game, 0, "travel/forward_3")

    client = _addon([], arrange)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TravelDialog)
        dialog.query_one("#cards", SelectionList).select("travel/forward_3")
        await pilot.pause()
        where = str(dialog.query_one("#where").render())
        assert where == f"The move ends on {client.board.name(pass_space)}, collecting $200 in all."
        before = client.view(0).players[0].cash
        await pilot.press("p")
        await settle(pilot)
        assert client.view(0).players[0].cash == before + 200


async def test_the_travel_key_says_why_when_there_is_no_card() -> None:
    client = _addon([], lambda game: None)
    app = app_for(client)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        assert not isinstance(app.screen, TravelDialog)
        assert any("no travel cards" in n.message for n in app._notifications)


async def test_the_subway_rides_anywhere_from_a_list() -> None:
    def arrange(game: Game) -> None:
        game.state.players[0].position = SUBWAY - 3

    client = _addon([(1, 2)], arrange)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, AnySpaceDialog)
        spaces = dialog.query_one("#spaces", OptionList)
        assert spaces.option_count == 64
        texts = [str(spaces.get_option_at_index(i).prompt) for i in range(spaces.option_count)]
        assert texts[0] == "Stay on Subway" and any("Boardwalk" in t and "for sale, $400" in t for t in texts)
        assert any(t.startswith("PASS") and "pays $200" in t for t in texts)
        spaces.highlighted = next(i for i, t in enumerate(texts) if t.startswith("Go "))
        await pilot.press("enter")
        await settle(pilot)
        assert client.view(0).players[0].position == 0
        assert "Vera took the subway to Go." in log_text(app)


async def test_staying_on_the_subway_closes_the_dialog_and_is_told() -> None:
    def arrange(game: Game) -> None:
        game.state.players[0].position = SUBWAY - 3

    client = _addon([(1, 2)], arrange)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, AnySpaceDialog)
        await pilot.press("enter")  # the list opens on staying put
        await settle(pilot)
        assert not isinstance(app.screen, AnySpaceDialog)
        assert client.view(0).players[0].position == SUBWAY
        assert "Vera stayed on Subway and took no ride." in log_text(app)


async def test_the_refund_card_is_played_or_kept_in_a_dialog() -> None:
    def arrange(game: Game) -> None:
        game.state.pot = 300
        game.state.players[0].position = TAX_REFUND - 3
        _hand(game, 0, "chance/full_refund")

    client = _addon([(1, 2)], arrange)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RefundCardDialog)
        assert "The pool holds $300" in str(app.screen.query_one("#body").render())
        await pilot.press("p")
        await settle(pilot)
        assert client.view(0).players[0].cash == 1800 and client.view(0).pot == 0


def _winnings_table(game: Game) -> None:
    from engine.core.state import awaiting_roll

    game.state.players[1].position = 14  # Ada rolls 4: up to Triple Play
    game.state.current = 1
    game.state.pending = awaiting_roll(1)
    _hand(game, 0, "community_chest/half_winnings")
    _hand(game, 2, "triple_play/136")
    game.state.decks["triple_play"].remove("224")
    game.state.decks["triple_play"].insert(0, "224")


async def test_the_half_winnings_card_kept_closes_the_dialog() -> None:
    client = _addon([(1, 3), (6, 3), (1, 4)], _winnings_table)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, WinningsCardDialog)
        await pilot.press("k")
        await settle(pilot)
        assert not isinstance(app.screen, WinningsCardDialog)
        assert "Vera kept the Community Chest card" in log_text(app)
        assert client.view(0).players[0].hand == ["community_chest/half_winnings"]


async def test_the_half_winnings_card_claims_from_the_chosen_winner() -> None:
    client = _addon([(1, 3), (6, 3), (1, 4)], _winnings_table)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, WinningsCardDialog)
        await pilot.press("1")
        await settle(pilot)
        assert "Vera played the Community Chest card" in log_text(app)
        assert "Grace paid Vera $500." in log_text(app)


async def test_the_holdings_show_the_hand_and_hide_the_others_travel_cards() -> None:
    def arrange(game: Game) -> None:
        _hand(game, 0, "travel/forward_5", "triple_play/136")
        _hand(game, 1, "travel/back_2_a", "triple_play/224")

    app = app_for(_addon([], arrange))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = "\n".join(game_screen(app).query_one("#holdings").plain_lines)  # type: ignore[attr-defined]
        assert "Travel: Fwd 5" in text and "Triple Play: 1-3-6" in text
        assert "Travel: 1 face down" in text and "Triple Play: 2-2-4" in text
        assert "Back 2" not in text


async def test_the_new_game_form_offers_the_editions_own_options() -> None:
    from tui.app import AppOptions, LandlordsApp, Opening

    app = LandlordsApp(AppOptions(theme="dark", ascii=False), Opening(kind="new", edition="addon"))
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.pause()
        assert not screen.query_one("#free_parking_pot", Checkbox).display  # the pool takes its place
        screen.query_one("#opt-airplane", Checkbox).value = True
        screen.query_one("#opt-subway_fare", Input).value = "50"
        await pilot.pause()
        setup = screen.setup()
        assert not isinstance(setup, str)
        assert dict(setup.rules.edition_rules) == {"airplane": 1, "subway_fare": 50}
        assert not list(screen.query("#opt-rotating_board"))  # not offered
        notes = " ".join(str(w.render()) for w in screen.query("#edition-rules .note"))
        assert "Rotating inner board: Not offered" in notes


async def test_the_help_explains_the_add_on_rules_and_its_options() -> None:
    app = app_for(_addon([], lambda game: None))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen._text())
        assert "Elevators: a move whose number of steps is even" in text
        assert "Triple Play" in text and "Subway" in text and "Tax Refund" in text
        assert "Rotating inner board: Not offered" in text
        assert "The airplane (off)" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_addon_board_picture(snap_compare: Compare, size: tuple[int, int]) -> None:
    def arrange(game: Game) -> None:
        game.state.players[0].position = 14
        game.state.players[1].position = 44
        game.state.players[2].position = 61
        game.state.pot = 265
        game.state.deeds[57].owner = 1
        game.state.deeds[59].owner = 1
        game.state.deeds[60].owner = 1
        game.state.deeds[5].owner = 2
        _hand(game, 0, "travel/forward_5", "triple_play/136")

    async def up_the_elevator(pilot: Pilot[int]) -> None:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()

    app = app_for(_addon([(1, 3), (2, 2), (5, 5)], arrange))
    assert snap_compare(app, terminal_size=size, run_before=up_the_elevator)


async def test_the_travel_dialog_draws_an_unticked_card_with_an_empty_box() -> None:
    from tui.widgets.ticks import EMPTY

    def arrange(game: Game) -> None:
        game.state.players[0].position = 34
        _hand(game, 0, "travel/forward_2", "travel/back_1_a")

    app = app_for(_addon([], arrange))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TravelDialog)
        cards = dialog.query_one("#cards", SelectionList)
        await pilot.press("space")
        await pilot.pause()
        assert cards.selected == ["travel/forward_2"]
        assert cards.render_line(0).text[1] != EMPTY and cards.render_line(1).text[1] == EMPTY


@pytest.mark.parametrize("players", [3, 4])
async def test_at_80_by_24_the_centre_keeps_each_player_to_a_line_and_says_whose_move_it_is(
    players: int,
) -> None:
    from tui.widgets.centre import CentrePanel

    seats = [VERA, ADA, GRACE, ALAN][:players]

    def arrange(game: Game) -> None:
        game.state.players[0].position = 14
        game.state.players[1].position = 44  # Community Chest, on the inner ring
        game.state.players[2].position = 61  # East Elevator
        _hand(game, 0, "travel/forward_5")

    app = app_for(_addon([(1, 3), (2, 2), (5, 5)], arrange, seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        centre = game_screen(app).board.centre
        assert isinstance(centre, CentrePanel)
        lines = [line.plain for line in centre.render().split()]
        names = [seat.name for seat in seats]
        rows = [line for line in lines if any(line[3:].startswith(f"{name} ") for name in names)]  # "▶● Vera"
        assert len(rows) == players  # each player on a line of his own, none wrapped onto the next
        assert all(len(line) <= centre.size.width - 2 for line in lines)
        # whose turn, on one row: the whole sentence where it fits, what the game waits for where it does not
        assert any(line.startswith(("Vera's turn", "Waiting for Vera to roll.")) for line in lines)
        assert any(line.startswith("Vera, your move") for line in lines)
