"""Gaps in the lines: what a refusal names, the words for the 1904 board, names with "and" and numbers,
the start menu's beginnings, a card's text in the debt question, a bid of any size."""

from __future__ import annotations

from engine import Bundle, DeclineProperty, Game, RollDice
from lines.local import LoopClock
from lines.menu import StartMenu
from lines.names import space_named
from lines.session import LineSession
from room import Room, Seat
from room.command_words import charge_text
from room.opponents import make_opponents

from linetable import LineTable
from magie import LOT, magie
from scenario import cash, dice, own, place, play, settle, table, turn_of

CONNECTICUT, ORIENTAL, VERMONT, B_AND_O = 9, 6, 8, 25


def _seated(game: Game) -> LineTable:
    """Seat 0 in lines at a game set up by hand, against an easy bot in seat 1."""
    names = [p.name for p in game.state.players]
    seats = [Seat(name=names[0], kind="human"), *(Seat(name=n, kind="bot", level="easy") for n in names[1:])]
    room = Room(game, seats, make_opponents(seats, 1))
    out: list[str] = []
    lt = LineTable(room, LineSession(room.join({0}), out.append), LoopClock(sleep=lambda _: None), out)
    lt.lines.start()
    return lt


def test_a_house_too_dear_names_the_lot_its_cost_and_the_cash() -> None:
    game = table(("Vera", "Ada"))
    own(game, 0, ORIENTAL, VERMONT, CONNECTICUT)
    cash(game, 0, 45)
    turn_of(game, 0)
    lt = _seated(settle(game))
    assert lt.type("build connecticut")[0] == "A house on Connecticut Avenue costs $50; you have $45."


def test_the_1904_wages_are_named_as_the_board_names_them() -> None:
    game = magie(2)
    place(game, 0, 38)
    dice(game, (1, 2))
    lt = _seated(settle(game))
    lt.type("roll")
    assert "from Wages." in lt.transcript and "the Wages" not in lt.transcript


def test_the_1904_buy_or_rent_question_names_the_lot_its_price_and_rent() -> None:
    game = magie(2)
    place(game, 0, LOT[1] - 3)
    dice(game, (1, 2))
    lt = _seated(settle(game))
    lt.type("roll")
    pend = lt.room.view(0).pending
    assert pend is not None and pend.kind == "rent_or_buy"
    price = lt.room.board.price[LOT[1]]
    assert lt.last_line.startswith(f"Lot 1 costs ${price} to buy, or ${pend.rent} to rent")


def test_names_with_and_and_spaces_by_number() -> None:
    board = table().board
    assert space_named("b and o", board) == B_AND_O
    assert space_named("B & O", board) == B_AND_O
    assert space_named("25", board) == B_AND_O  # a space by its number, as `space 25`
    game = magie(2)
    assert space_named("25", game.board) == 25  # a railroad: one of several of that name
    assert space_named("1", game.board, game.board.deeds) != 1  # `1` begins "Lot 1": names come first
    lt = _seated(settle(table(("Vera", "Ada"))))
    said = lt.type("deed b and o")
    assert said[0].startswith("B. & O. Railroad"), said


def test_a_list_parts_at_and_but_not_between_two_letters() -> None:
    from lines.bundles import read_bundle

    board = table().board
    bundle = read_bundle("100 and b and o and boardwalk", board)
    assert isinstance(bundle, Bundle), bundle
    assert bundle.cash == 100 and bundle.deeds == (B_AND_O, 39)


def test_the_start_menu_takes_a_beginning_or_a_near_word_and_completes_with_tab() -> None:
    said: list[str] = []
    menu = StartMenu(said.append, list)
    menu.start()
    menu.feed("res")
    assert said[-2] == "There are no saved games yet.\n"
    menu.feed("quik")
    assert menu.choice is not None and menu.choice.kind == "quick"
    menu = StartMenu(said.append, list)
    assert menu.completions("qu") == ["quick", "quit"] and menu.completions("le") == ["learn"]
    for typed in ("qu", "qui"):  # two choices begin so: asked again
        menu.feed(typed)
        assert menu.choice is None and said[-2] == f"{typed!r} is not one of the choices.\n"
    menu.feed("qit")
    assert menu.choice is not None and menu.choice.kind == "quit"


def test_a_card_in_the_debt_question_is_set_apart() -> None:
    board = table().board
    said = charge_text("card", "Doctor's fee. Pay $50", None, board)
    assert said == "the card “Doctor's fee. Pay $50”"


def test_a_bid_beyond_any_cash_says_the_most_he_can_bid() -> None:
    game = table(("Vera", "Ada"))
    place(game, 0, 0)
    dice(game, (1, 2))
    turn_of(game, 0)
    settle(game)
    play(game, RollDice(player=0), DeclineProperty(player=0))
    lt = _seated(game)
    while lt.room.view(0).pending.player != 0:  # type: ignore[union-attr]
        lt.room.play_bot()
    have = lt.room.view(0).players[0].cash
    said = lt.type("bid 99999999999999999999")
    assert said[0] == f"You cannot bid more than the ${have:,} you have.", said


def test_a_bankrupts_buildings_are_sold_before_he_is_said_bankrupt() -> None:
    from engine import DeclareBankruptcy

    from scenario import BOARDWALK, build

    game = table(("Vera", "Ada"))
    own(game, 1, BOARDWALK)
    own(game, 0, 1, 3)
    build(game, 1, 1)
    build(game, 3, 1)
    build(game, BOARDWALK, hotel=True)
    cash(game, 0, 20)
    place(game, 0, 36)
    dice(game, (1, 2))
    turn_of(game, 0)
    settle(game)
    play(game, RollDice(player=0))
    events = play(game, DeclareBankruptcy(player=0))
    kinds = [e.kind for e in events]
    assert kinds.index("building_sold") < kinds.index("player_bankrupt"), kinds
