"""Rolling and moving: doubles, the third double, the GO salary, Go To Jail."""

from __future__ import annotations

from engine import EndTurn, RollDice, RuleOptions
from engine.core.events import PassedGo, SentToJail

from scenario import (
    ADA,
    CHANCE1,
    CHEST1,
    GO,
    GO_TO_JAIL,
    GRACE,
    INCOME_TAX,
    JAIL,
    LUXURY_TAX,
    NORTH_CAROLINA,
    PENNSYLVANIA_AVE,
    ST_JAMES,
    TENNESSEE,
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


def test_a_roll_moves_by_the_sum_of_the_dice() -> None:
    game = table()
    top_card(game, "chance", "dividend")
    dice(game, (3, 4))
    settle(game)
    events = play(game, RollDice(player=ADA))
    assert game.state.players[ADA].position == 7
    assert kinds(events) == ["dice_rolled", "player_moved", "card_drawn", "paid_by_bank"]
    assert replays(game)


def test_passing_go_pays_the_salary() -> None:
    game = table()
    place(game, ADA, 35)
    dice(game, (5, 3))  # 35 -> 3 (Baltic)
    settle(game)
    events = play(game, RollDice(player=ADA))
    assert game.state.players[ADA].cash == 1700
    (go,) = of_kind(events, PassedGo)
    assert go.salary == 200 and not go.landed


def test_landing_exactly_on_go_pays_the_salary_once() -> None:
    game = table()
    place(game, ADA, 34)
    dice(game, (2, 4))
    settle(game)
    events = play(game, RollDice(player=ADA))
    assert game.state.players[ADA].position == GO
    assert game.state.players[ADA].cash == 1700
    assert of_kind(events, PassedGo)[0].landed


def test_house_rule_double_salary_on_landing_on_go() -> None:
    game = table(rules=RuleOptions(double_go_salary=True))
    place(game, ADA, 34)
    dice(game, (2, 4))
    settle(game)
    play(game, RollDice(player=ADA))
    assert game.state.players[ADA].cash == 1900


def test_doubles_roll_again_and_the_turn_ends_after_a_plain_roll() -> None:
    game = table()
    top_card(game, "community_chest", "inherit")
    dice(game, (1, 1), (5, 4))
    settle(game)
    play(game, RollDice(player=ADA))  # 0 -> 2, doubles
    assert game.state.pending is not None
    assert (game.state.pending.kind, game.state.pending.player) == ("roll", ADA)
    play(game, RollDice(player=ADA))  # 2 -> 11, St. Charles Place: offered for sale
    assert game.state.players[ADA].position == 11
    assert (game.state.pending.kind, game.state.pending.player) == ("buy", ADA)


def test_the_turn_passes_after_end_turn() -> None:
    game = table()
    own(game, ADA, ST_JAMES)
    place(game, ADA, 10)
    dice(game, (2, 4))
    settle(game)
    play(game, RollDice(player=ADA))
    assert pending(game).kind == "end_turn"
    events = play(game, EndTurn(player=ADA))
    assert kinds(events) == ["turn_started"]
    assert game.state.current == GRACE and game.state.turn == 1
    assert (pending(game).kind, pending(game).player) == ("roll", GRACE)


def test_the_third_double_goes_to_jail_without_moving() -> None:
    game = table()
    own(game, ADA, ST_JAMES, TENNESSEE)
    place(game, ADA, 8)
    dice(game, (1, 1), (3, 3), (4, 4))  # 8 -> 10 (visiting) -> 16 (her own) -> third double
    settle(game)
    play(game, RollDice(player=ADA), RollDice(player=ADA))
    assert game.state.players[ADA].position == ST_JAMES
    events = play(game, RollDice(player=ADA))
    assert kinds(events) == ["dice_rolled", "sent_to_jail"]
    ada = game.state.players[ADA]
    assert ada.position == JAIL and ada.in_jail and ada.cash == 1500
    assert of_kind(events, SentToJail)[0].reason == "third_double"
    assert pending(game).kind == "end_turn"
    assert replays(game)


def test_the_third_double_never_pays_the_salary_even_when_its_throw_would_pass_go() -> None:
    game = table()
    own(game, ADA, NORTH_CAROLINA, PENNSYLVANIA_AVE)  # her own lots: the first two stops ask nothing
    place(game, ADA, GO_TO_JAIL)  # standing on the corner (as if just placed there), not jailed
    dice(game, (1, 1), (1, 1), (6, 6))
    settle(game)
    play(game, RollDice(player=ADA))  # 30 -> 32 (her own)
    play(game, RollDice(player=ADA))  # 32 -> 34 (her own)
    events = play(game, RollDice(player=ADA))  # third double: 34 + 12 would pass GO
    assert "passed_go" not in kinds(events)
    assert game.state.players[ADA].cash == 1500 and game.state.players[ADA].in_jail


def test_doubles_count_only_within_one_turn() -> None:
    game = table(("Ada", "Grace"))
    top_card(game, "community_chest", "inherit")
    top_card(game, "chance", "dividend")
    dice(game, (1, 1), (2, 3))  # Ada: 0 -> 2 (chest), doubles; 2 -> 7 (chance)
    settle(game)
    play(game, RollDice(player=ADA), RollDice(player=ADA), EndTurn(player=ADA))
    assert game.state.doubles == 0
    assert game.state.current == GRACE


def test_go_to_jail_sends_to_jail_without_salary_and_ends_the_turn_even_on_doubles() -> None:
    game = table()
    place(game, ADA, 24)
    dice(game, (3, 3))
    settle(game)
    events = play(game, RollDice(player=ADA))
    ada = game.state.players[ADA]
    assert ada.in_jail and ada.position == JAIL and ada.cash == 1500
    assert of_kind(events, SentToJail)[0].reason == "go_to_jail"
    assert pending(game).kind == "end_turn"


def test_a_backward_card_move_never_pays_the_salary() -> None:
    game = table()
    top_card(game, "chance", "back_three")
    dice(game, (3, 4))  # 0 -> 7 (chance) -> back 3 to 4 (income tax)
    settle(game)
    play(game, RollDice(player=ADA))
    assert game.state.players[ADA].position == INCOME_TAX
    assert pending(game).kind == "income_tax"
    assert game.state.players[ADA].cash == 1500


def test_the_board_has_its_spaces_where_the_figures_put_them() -> None:
    game = table()
    assert game.board.kinds[CHANCE1] == "card" and game.board.kinds[CHEST1] == "card"
    assert game.board.kinds[LUXURY_TAX] == "tax" and game.board.kinds[JAIL] == "jail"
