"""The interface as a client of a room: changes that arrive without being asked for, the guard rails
(the seat a command acts for, a stale table, the seed kept back), and a board of two rings with a route
chosen at the fork by a person and by a bot."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from engine import BuyProperty, ChooseRoute, EndTurn, RollDice, board_for
from room import Room, Seat
from room.opponents import BotOpponent
from tui.client import LocalClient
from tui.dialogs.buy import BuyDialog
from tui.dialogs.route import RouteDialog
from tui.models.board_layout import layout_of, neighbour

from playtable import ADA, VERA, app_for, game_screen, log_text, scripted_game, settle, simple_opponents

RITA = Seat(name="Rita", kind="human")
OUTER_GATE, INNER_GATE = 12, 38
Compare = Callable[..., bool]


async def test_another_persons_moves_arrive_unasked_and_are_shown() -> None:
    """Rita plays from another client at the same room; Vera's screen follows without asking."""
    seats = [VERA, RITA]
    game = scripted_game(seats, [(4, 6), (2, 3)])
    room = Room(game, seats, {})
    vera = LocalClient(room, {0})
    rita = room.join({1})
    app = app_for(vera)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # Vera is just visiting the jail
        await settle(pilot)
        assert rita.submit(RollDice(player=1), room.version).code == "not_now"  # Vera ends her turn first
        await pilot.press("e")
        await settle(pilot)
        screen = game_screen(app)
        before = screen._shown
        assert rita.submit(RollDice(player=1), room.version).ok  # from Rita's own terminal
        await settle(pilot)
        assert screen._shown == before + 1 == room.version
        assert "Rita rolled 2 and 3." in log_text(app)
        assert "Rita moved to Reading Railroad." in log_text(app)
        assert rita.submit(BuyProperty(player=1), room.version).ok
        await settle(pilot)
        assert "Rita bought Reading Railroad for $200." in log_text(app)
        assert screen.board.state_of(5).owner == 1  # type: ignore[union-attr]


async def test_a_command_chosen_on_a_stale_table_is_refused_and_the_screen_catches_up() -> None:
    seats = [VERA, RITA]
    room = Room(scripted_game(seats, [(1, 2)]), seats, {})
    vera = LocalClient(room, {0})
    app = app_for(vera, speed="instant")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        seen = screen._shown
        room.submit(0, RollDice(player=0), room.version)  # the table moves on (Vera's roll, elsewhere)
        assert vera.send(BuyProperty(player=0), seen).code == "stale_table"
        await settle(pilot)
        assert screen._shown == room.version
        assert screen.play(BuyProperty(player=0))
        await settle(pilot)
        assert room.view(0).deeds[3].owner == 0


def test_the_room_decides_which_seat_a_command_acts_for() -> None:
    seats = [VERA, RITA]
    room = Room(scripted_game(seats, [(1, 2)]), seats, {})
    rita = room.join({1})
    vera = room.join({0})
    # Rita claims to be Vera: her session acts for Rita, whose turn it is not
    refused = rita.submit(RollDice(player=0), room.version)
    assert not refused.ok and refused.code == "not_your_turn"
    assert vera.submit(RollDice(player=1), room.version).ok  # Vera's session acts for Vera
    assert room.view(None).players[0].position == 3
    with pytest.raises(ValueError, match="played by a bot"):
        Room(scripted_game([VERA, ADA]), [VERA, ADA], simple_opponents([VERA, ADA])).join({1})


def test_the_seed_is_kept_back_until_the_game_is_over() -> None:
    seats = [VERA, RITA]
    room = Room(scripted_game(seats, seed=42), seats, {})
    assert room.seed is None and room.view(0).seed is None and "seed" not in room.view(0).model_dump()
    game = room._game
    game.state.players[1].bankrupt = True  # arranged: the game ends at the next bankruptcy check
    from engine.rules.endings import finish

    finish(game, "last_player")
    room._views.clear()
    assert room.seed == 42 and room.view(0).seed == 42


def test_the_two_ring_board_is_laid_out_ring_inside_ring() -> None:
    board = board_for("two-rings")
    layout = layout_of(board)
    assert layout.side == 9 and layout.centre == (3, 3, 3)
    assert len(set(layout.cells.values())) == 48
    assert layout.cells[0] == (8, 8) and layout.cells[32] == (6, 6) and layout.cells[36] == (6, 2)
    assert layout.cells[OUTER_GATE] == (4, 0) and layout.cells[INNER_GATE] == (4, 2)
    # the arrow keys follow the track, and cross at the gate
    assert neighbour(board, OUTER_GATE, 0, 1) == INNER_GATE
    assert neighbour(board, INNER_GATE, 0, -1) == OUTER_GATE
    assert neighbour(board, OUTER_GATE, -1, 0) == 13  # up the left side, the way play goes
    classic = layout_of(board_for("classic"))
    assert classic.centre == (1, 1, 9) and classic.cells[20] == (0, 0)


def _rings_client(seats: list[Seat], bots: dict[int, BotOpponent] | None = None) -> LocalClient:
    game = scripted_game(seats, [(2, 3)], edition="two-rings")
    game.state.players[0].position = 10
    game.initial = game.state.copy()
    return LocalClient(Room(game, seats, bots if bots is not None else simple_opponents(seats)))


async def test_a_person_chooses_the_way_at_the_fork_in_a_dialog() -> None:
    client = _rings_client([VERA, ADA])
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RouteDialog)
        body = str(dialog.query_one("#body").render())
        assert (
            "3 steps still to go" in body and "ends on Fern Street" in body and "ends on Thyme Place" in body
        )
        await pilot.press("g")
        await settle(pilot)
        assert client.view(0).players[0].position == 41
        assert "Vera took the way from Outer Gate to Inner Gate." in log_text(app)
        assert isinstance(app.screen, BuyDialog)  # Thyme Place is for sale


async def test_a_bot_chooses_the_way_at_the_fork_on_its_own() -> None:
    from engine.bots import make_bot

    seats = [ADA, VERA]
    client = _rings_client(seats, {0: BotOpponent(make_bot("normal", 1, 0))})
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = log_text(app)
        assert "Ada kept to this ring at Outer Gate." in text or "Ada took the way" in text
        assert client.view(None).players[0].position != 10


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_two_rings_picture(snap_compare: Compare, size: tuple[int, int]) -> None:
    async def to_the_fork(pilot: Pilot[int]) -> None:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)

    app = app_for(_rings_client([VERA, ADA]))
    assert snap_compare(app, terminal_size=size, run_before=to_the_fork)


def test_a_scripted_table_is_played_through_the_room() -> None:
    """The room steps the bots; nothing else does."""
    seats = [VERA, ADA]
    room = Room(scripted_game(seats, [(1, 2), (1, 1), (2, 3)]), seats, simple_opponents(seats))
    heard: list[int] = []
    room.subscribe(lambda update: heard.append(update.version))
    room.submit(0, RollDice(player=0), 0)
    room.submit(0, BuyProperty(player=0), 1)
    room.submit(0, EndTurn(player=0), 2)
    assert room.bot_due() == 1
    while room.bot_due() is not None:
        assert room.play_bot().ok
    assert heard == list(range(1, room.version + 1))
    assert not room.submit(0, ChooseRoute(player=0, space=3), room.version).ok
