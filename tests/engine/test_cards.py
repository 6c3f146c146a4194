"""Chance and Community Chest: salary by card, going back, repairs, paying and collecting from all."""

from __future__ import annotations

from engine import ChooseIncomeTax, RollDice, UseJailCard
from engine.core.events import CardDrawn, PaidToBank, PaidToPlayer, PassedGo

from scenario import (
    ADA,
    GRACE,
    JAIL,
    KEN,
    LINUS,
    build,
    cash,
    dice,
    kinds,
    of_kind,
    own,
    pending,
    place,
    play,
    replays,
    settle,
    table,
    top_card,
)

FOUR = ("Ada", "Grace", "Linus", "Ken")


def _draw(deck: str, card: str, start: int, d: tuple[int, int], players: tuple[str, ...] = FOUR):  # type: ignore[no-untyped-def]
    game = table(players)
    top_card(game, deck, card)
    place(game, ADA, start)
    dice(game, d)
    settle(game)
    return game, play(game, RollDice(player=ADA))


def test_advance_to_go_collects_the_salary() -> None:
    game, _ = _draw("chance", "advance_go", 0, (3, 4))
    assert game.state.players[ADA].position == 0
    assert game.state.players[ADA].cash == 1700


def test_passing_go_by_dice_then_drawing_advance_to_go_pays_twice() -> None:
    game, events = _draw("community_chest", "advance_go", 36, (3, 3))  # 36 -> 2, past GO, then GO again
    assert [e.salary for e in of_kind(events, PassedGo)] == [200, 200]
    assert game.state.players[ADA].cash == 1900


def test_a_card_that_sends_you_round_pays_the_salary() -> None:
    game, _ = _draw("chance", "advance_st_charles", 20, (1, 1))  # 22 -> St. Charles (11), round past GO
    assert game.state.players[ADA].position == 11
    assert game.state.players[ADA].cash == 1700
    game, _ = _draw("chance", "ride_reading", 0, (3, 4))  # 7 -> Reading: round past GO
    assert game.state.players[ADA].cash == 1700
    game, _ = _draw("chance", "advance_illinois", 0, (3, 4))  # 7 -> 24 forward, no GO
    assert game.state.players[ADA].cash == 1500


def test_go_back_three_from_the_last_chance_draws_community_chest() -> None:
    game = table(FOUR)
    top_card(game, "chance", "back_three")
    top_card(game, "community_chest", "inherit")
    place(game, ADA, 30 - 1)
    dice(game, (3, 4))  # 29 -> 36 (Chance) -> 33 (Community Chest)
    settle(game)
    events = play(game, RollDice(player=ADA))
    assert [e.deck for e in of_kind(events, CardDrawn)] == ["chance", "community_chest"]
    assert game.state.players[ADA].position == 33 and game.state.players[ADA].cash == 1600


def test_go_to_jail_card_pays_no_salary() -> None:
    game, _ = _draw("chance", "go_to_jail", 30, (3, 3))  # 36 -> jail; the route "round" is not taken
    ada = game.state.players[ADA]
    assert ada.in_jail and ada.position == JAIL and ada.cash == 1500
    assert game.state.pending.kind == "end_turn"  # doubles, but jail ends the turn


def test_the_drawn_card_goes_to_the_bottom_of_its_deck() -> None:
    game, _ = _draw("chance", "dividend", 0, (3, 4))
    assert game.state.decks["chance"][-1] == "dividend"
    assert len(game.state.decks["chance"]) == 16


def test_get_out_of_jail_free_is_kept_and_returned_to_the_bottom_of_its_deck_when_used() -> None:
    game = table(FOUR)
    top_card(game, "community_chest", "jail_free")
    dice(game, (1, 1))
    settle(game)
    play(game, RollDice(player=ADA))  # 0 -> 2, draws the card (doubles: rolls again)
    assert game.state.players[ADA].jail_cards == ["community_chest"]
    assert len(game.state.decks["community_chest"]) == 15
    game.state.players[ADA].in_jail = True
    game.state.players[ADA].position = JAIL
    events = play(game, UseJailCard(player=ADA))
    assert kinds(events) == ["jail_card_used", "left_jail"]
    assert game.state.players[ADA].jail_cards == [] and not game.state.players[ADA].in_jail
    assert game.state.decks["community_chest"][-1] == "jail_free"


def test_general_repairs_count_the_buildings_held_when_drawn() -> None:
    game = table(FOUR)
    own(game, ADA, 1, 3, 37, 39)
    build(game, 1, houses=3)
    build(game, 3, houses=3)
    build(game, 37, hotel=True)
    build(game, 39, hotel=True)
    top_card(game, "chance", "general_repairs")
    dice(game, (3, 4))
    settle(game)
    events = play(game, RollDice(player=ADA))
    paid = of_kind(events, PaidToBank)[0]
    assert paid.amount == 6 * 25 + 2 * 100


def test_street_repairs() -> None:
    game = table(FOUR)
    own(game, ADA, 1, 3)
    build(game, 1, houses=2)
    build(game, 3, hotel=True)
    top_card(game, "community_chest", "street_repairs")
    dice(game, (1, 1))
    settle(game)
    events = play(game, RollDice(player=ADA))
    assert of_kind(events, PaidToBank)[0].amount == 2 * 40 + 115


def test_chairman_of_the_board_pays_each_player() -> None:
    game, events = _draw("chance", "chairman", 0, (3, 4))
    assert [p.cash for p in game.state.players] == [1350, 1550, 1550, 1550]
    assert [e.payee for e in of_kind(events, PaidToPlayer)] == [GRACE, LINUS, KEN]


def test_grand_opera_collects_from_every_player() -> None:
    game, _ = _draw("community_chest", "opera", 0, (1, 1))
    assert [p.cash for p in game.state.players] == [1650, 1450, 1450, 1450]


def test_collecting_from_a_player_who_cannot_pay_waits_on_his_debt_then_goes_on() -> None:
    game = table(FOUR)
    cash(game, LINUS, 20)
    own(game, LINUS, 21)
    top_card(game, "community_chest", "opera")
    dice(game, (1, 1))
    settle(game)
    play(game, RollDice(player=ADA))
    debt = game.state.pending
    assert debt is not None and (debt.kind, debt.player) == ("debt", LINUS)
    assert game.state.players[KEN].cash == 1500  # Ken pays after Linus
    from engine import Mortgage

    play(game, Mortgage(player=LINUS, space=21))
    assert [p.cash for p in game.state.players] == [1650, 1450, 20 + 110 - 50, 1450]
    assert (pending(game).kind, pending(game).player) == ("roll", ADA)  # doubles: roll again
    assert replays(game)


def test_income_tax_reached_by_going_back_three() -> None:
    game, _ = _draw("chance", "back_three", 0, (3, 4))
    assert game.state.pending.kind == "income_tax"
    play(game, ChooseIncomeTax(player=ADA, option="flat"))
    assert game.state.players[ADA].cash == 1300


def test_modern_decks_have_their_own_cards() -> None:
    game = table(FOUR, edition="modern")
    cards = game.board.cards
    assert cards["community_chest"]["birthday"].effect.kind == "collect_from_each_player"
    assert cards["chance"]["speeding_fine"].effect.amount == 15  # type: ignore[union-attr]
    assert "stock_sale" in cards["community_chest"]
    assert cards["community_chest"]["stock_sale"].effect.amount == 50  # type: ignore[union-attr]
