"""Tables for the interface tests: scripted games with real players at the bot seats.

Bot seats are played by the engine's simple players (real players with fixed rules of thumb), so the
scripted games come out the same whichever bots are installed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from engine import Game, RuleOptions, new_game
from engine.lookahead.players import SimplePlayer
from room import Persistence, Room, Seat
from room.library import Recorder
from room.opponents import Opponent, SimpleOpponent
from tui.app import AppOptions, LandlordsApp, Opening
from tui.client import LocalClient
from tui.dialogs.trade import TradeScreen
from tui.screens.game import GameScreen

VERA = Seat(name="Vera", kind="human")
ADA = Seat(name="Ada", kind="bot", level="normal")
GRACE = Seat(name="Grace", kind="bot", level="normal")
ALAN = Seat(name="Alan", kind="bot", level="normal")


def scripted_game(
    seats: Sequence[Seat],
    dice: Sequence[tuple[int, int]] = (),
    *,
    edition: str = "classic",
    rules: RuleOptions | None = None,
    seed: int = 1,
    arrange: Callable[[Game], None] | None = None,
) -> Game:
    """A new game whose first throws are `dice`; `arrange` may set the table up (deeds, cash) first."""
    game = new_game(edition, [s.name for s in seats], seed=seed, rules=rules, dice=list(dice))
    if arrange is not None:
        arrange(game)
        game.initial = game.state.copy()
    return game


def simple_opponents(seats: Sequence[Seat]) -> dict[int, Opponent]:
    shared = SimplePlayer()
    return {i: SimpleOpponent(shared) for i, s in enumerate(seats) if s.is_bot}


def client_for(game: Game, seats: Sequence[Seat], recorder: Recorder | None = None) -> LocalClient:
    return LocalClient(Room(game, seats, simple_opponents(seats), recorder))


def app_for(
    client: LocalClient,
    *,
    speed: str = "instant",
    theme: str = "dark",
    persistence: Persistence | None = None,
) -> LandlordsApp:
    options = AppOptions(theme=theme, ascii=False, speed=speed)
    return LandlordsApp(options, Opening(kind="client", client=client), persistence or Persistence.off())


def game_screen(app: LandlordsApp) -> GameScreen:
    screen = app.game_screen
    assert isinstance(screen, GameScreen)
    return screen


async def click_space(pilot: Pilot[int], space: int) -> None:
    """Click the middle of a space of the board on show, as a person does with the mouse."""
    board = game_screen(pilot.app).board  # type: ignore[arg-type]
    await pilot.click(board.face, offset=board.offset_of(space))


def space_text(app: LandlordsApp, space: int) -> str:
    """The words a space of the board shows (its lines at its size), as plain text."""
    from tui.widgets.board import space_lines

    board = game_screen(app).board
    state = board.state_of(space)
    assert state is not None
    width, height = board.face.cell_size
    return "\n".join(line.plain for line in space_lines(state, width, height))


def burst(app: LandlordsApp, *keys: str) -> None:
    """Keys arriving together, as a slow link delivers them: posted at once, none waits for the last."""
    from textual import events

    names = {"backspace": "\x7f", "enter": "\r", "tab": "\t"}
    for key in keys:
        char = names.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))


async def settle(pilot: Pilot[int], timeout: float = 10.0) -> None:
    """Wait until the bots have made every move they can and the screens have caught up."""
    app = pilot.app
    assert isinstance(app, LandlordsApp)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await pilot.pause()
        screen = app.game_screen
        if isinstance(screen, GameScreen) and screen.bots_settled():
            await pilot.pause()
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the bots did not settle")


async def quiet(pilot: Pilot[int], screen: Screen[Any], timeout: float = 10.0) -> None:
    """Settle, then wait until nothing on `screen` waits to be drawn again (a scrollbar whose layout came
    late on a busy machine, say): a test that counts the rows one change draws starts from a still screen."""
    await settle(pilot, timeout)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    still = 0
    while loop.time() < end:
        await pilot.pause()
        busy = screen._compositor._dirty_regions or any(
            widget._repaint_required or widget._layout_required for widget in screen.walk_children(Widget)
        )
        still = 0 if busy else still + 1
        if still == 3:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the screen did not come to rest")


async def made_ahead(pilot: Pilot[int], timeout: float = 5.0) -> list[Screen[Any]]:
    """Until the table on top has made ahead what it makes (`Underlay.ahead`: it waits `PREPARE_AFTER`
    once drawn, on the wall clock) and laid it out; what it keeps then."""
    app = pilot.app
    assert isinstance(app, LandlordsApp)
    table = game_screen(app)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        kept = [app.get_screen(name) for name in sorted(table.router._kept)]
        if table._made_ahead and all(s.is_running and s._size == app.size for s in kept):
            return kept
        await pilot.pause(0.02)
    raise AssertionError("the table made nothing ahead")


async def trade_dialog_over_table(app: LandlordsApp, pilot: Pilot[int]) -> tuple[GameScreen, TradeScreen]:
    """The table settled, then the trade dialog opened over it and settled: the table and the dialog."""
    await settle(pilot)
    table = app.screen
    assert isinstance(table, GameScreen)
    dialog = TradeScreen(table, 0)
    app.push_screen(dialog)
    await settle(pilot)
    return table, dialog


def log_text(app: LandlordsApp) -> str:
    return "\n".join(e.plain for e in game_screen(app)._entries)


async def play_until(pilot: Pilot[int], done: Callable[[], bool], steps: int = 40) -> None:
    """Play the person's turns the plain way (roll, end the turn, read cards, decline deeds and pass in
    auctions, turn offers down, pay taxes flat, throw for doubles in jail) until `done()` holds."""
    from tui.dialogs.auction import AuctionDialog
    from tui.dialogs.buy import BuyDialog
    from tui.dialogs.card import CardDialog
    from tui.dialogs.income_tax import IncomeTaxDialog
    from tui.dialogs.jail import JailDialog
    from tui.dialogs.trade import TradeScreen

    app = pilot.app
    assert isinstance(app, LandlordsApp)
    await settle(pilot)
    for _ in range(steps):
        if done():
            return
        screen = app.screen
        if isinstance(screen, CardDialog):
            await pilot.press("enter")
        elif isinstance(screen, BuyDialog):
            await pilot.press("a")
        elif isinstance(screen, AuctionDialog):
            await pilot.press("p")
        elif isinstance(screen, TradeScreen) and screen.mode == "received":
            await pilot.press("ctrl+r")
        elif isinstance(screen, IncomeTaxDialog):
            await pilot.press("f")
        elif isinstance(screen, JailDialog):
            await pilot.press("r")
        elif isinstance(screen, GameScreen) and screen is app.game_screen:
            me = game_screen(app).acting()
            kinds = {c.kind for c in game_screen(app).client.legal(me)} if me is not None else set()
            await pilot.press("r" if "roll_dice" in kinds else "e" if "end_turn" in kinds else "enter")
        else:
            await pilot.press("escape")
        await settle(pilot)
    assert done(), "the game did not get there"


def showcase_client() -> LocalClient:
    """A game some turns in, for pictures: groups, houses, a hotel, a mortgage, someone in jail."""
    from engine import BuyProperty, EndTurn, RollDice

    seats = [VERA, ADA, GRACE, ALAN]

    def arrange(game: Game) -> None:
        st = game.state
        owners = {1: 0, 3: 0, 6: 1, 26: 1, 16: 2, 18: 2, 19: 2, 37: 3, 39: 3, 5: 0, 15: 3, 12: 2, 24: 0}
        for space, owner in owners.items():
            st.deeds[space].owner = owner
        st.deeds[1].level = st.deeds[3].level = 2
        for space in (16, 18, 19):
            st.deeds[space].level = 3
        st.deeds[39].level = game.ruleset.max_level  # a hotel
        st.deeds[37].level = 4
        st.bank.houses -= 2 + 2 + 9 + 4
        st.bank.hotels -= 1
        st.deeds[15].mortgaged = True
        st.players[2].position = 10
        st.players[2].in_jail = True
        st.players[1].position = 24
        st.players[3].position = 31
        st.players[0].jail_cards = ["chance"]
        st.decks["chance"].remove(game.board.jail_card["chance"])

    game = scripted_game(seats, [(5, 6), (1, 3), (4, 5), (2, 3)], seed=2, arrange=arrange)
    events = list(game.opening)
    for cmd in (RollDice(player=0), BuyProperty(player=0), EndTurn(player=0)):
        events += game.apply(cmd)
    room = Room(game, seats, simple_opponents(seats), history=events)
    # the three bots take their turns
    while room.bot_due() is not None:
        room.play_bot()
    return LocalClient(room)


def crowded_client() -> LocalClient:
    """Six at the table, a few turns in: the board's centre lists them two to a line."""
    seats = [
        VERA,
        ADA,
        GRACE,
        ALAN,
        Seat(name="Linus", kind="bot", level="normal"),
        Seat(name="Ken", kind="bot", level="normal"),
    ]
    game = scripted_game(seats, [(5, 6), (1, 3), (4, 5), (2, 3), (3, 3), (6, 1), (2, 5)], seed=3)
    events = list(game.opening)
    room = Room(game, seats, simple_opponents(seats), history=events)
    from engine import EndTurn, RollDice

    for cmd in (RollDice(player=0),):
        room.submit(0, cmd, room.version)
    while room.view(None).pending is not None and room.view(None).pending.player == 0:  # type: ignore[union-attr]
        legal = room.legal(0)
        end = next((c for c in legal if isinstance(c, EndTurn)), None)
        room.submit(0, end if end is not None else legal[0], room.version)
    while room.bot_due() is not None:
        room.play_bot()
    return LocalClient(room)


def debtor_client() -> LocalClient:
    """Vera is about to land on Ada's built-up Boardwalk with $20: a debt to raise."""
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        st = game.state
        for space in (37, 39):
            st.deeds[space].owner = 1
            st.deeds[space].level = 2
        st.bank.houses -= 4
        for space in (1, 3, 6, 8, 9):
            st.deeds[space].owner = 0
        st.players[0].cash = 20
        st.players[0].position = 35

    return client_for(scripted_game(seats, [(1, 3)], arrange=arrange), seats)


def magie_showcase_client() -> LocalClient:
    """A 1904 game some turns in, for pictures: lots owned and one pledged, a charter, the boxes filled,
    someone in jail and someone in the poorhouse, Vera about to throw."""
    from engine import Loan

    seats = [VERA, ADA, GRACE, ALAN]
    game = new_game("landlords-1904", [s.name for s in seats], seed=21)
    simple = SimplePlayer()
    events = list(game.opening)
    while game.state.turn < 14 or game.state.current != 0 or game.state.pending.kind != "roll":  # type: ignore[union-attr]
        pend = game.state.pending
        assert pend is not None
        events += game.apply(simple.decide(game, pend.player))
    st = game.state
    assert st.current == 0 and st.winner is None
    vera = [s for s in game.board.deeds if st.deeds[s].owner == 0]
    loan = Loan(id=st.next_loan_id, borrower=0, lender=None, principal=100, interest=5, security=(vera[-1],))
    st.next_loan_id += 1
    st.loans.append(loan)
    st.players[0].cash += 100
    st.boxes["bank"] -= 100
    st.players[2].position, st.players[2].in_jail = 10, True
    st.players[3].position, st.players[3].in_poorhouse, st.players[3].poorhouse_pips = 20, True, 7
    st.players[1].luxuries = 1
    room = Room(game, seats, simple_opponents(seats), history=events)
    return LocalClient(room)
