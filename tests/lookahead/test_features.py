"""The figures a position is valued by (each on the table's scale, so compared within one table): what a
player's complete groups bring once built with what he can pay for now, and his risk of ruin, each on a
table set up by hand."""

from __future__ import annotations

from engine import Game, new_game
from engine.lookahead.features import NAMES, STAGE_CAP, STAGE_ROUNDS, design, raw

ORANGE = (16, 18, 19)  # $100 a house
STRAYS = (5, 15, 25)  # railroads, $100 of mortgage each


def table(cash: tuple[int, int, int, int], *, orange: bool = True, strays: bool = False) -> Game:
    game = new_game("classic", ["Ada", "Bob", "Cy", "Di"], seed=1)
    st = game.state
    for p, amount in enumerate(cash):
        st.players[p].cash = amount
    for space in ORANGE if orange else ():
        st.deeds[space].owner = 0
    for space in STRAYS if strays else ():
        st.deeds[space].owner = 0
    return game


def figure(game: Game, name: str, player: int = 0) -> float:
    figures, _ = raw(game)
    return figures[player][NAMES.index(name)]


def test_a_complete_group_is_built_as_far_as_the_cash_goes() -> None:
    broke, one_round, three_rounds = (table((c, 1500, 1500, 1500)) for c in (0, 300, 900))
    assert figure(broke, "built") == figure(broke, "income") > 0
    assert figure(broke, "income") < figure(one_round, "built") < figure(three_rounds, "built")
    assert figure(three_rounds, "built") == figure(three_rounds, "promise")  # three houses a lot, as promised
    rich = table((5000, 1500, 1500, 1500))
    assert figure(rich, "built") == figure(rich, "promise")  # and no further, whatever the cash


def test_stray_deeds_mortgaged_pay_for_houses() -> None:
    without = table((0, 1500, 1500, 1500))
    strays = table((0, 1500, 1500, 1500), strays=True)
    assert figure(strays, "built") - figure(strays, "income") > figure(without, "built") - figure(
        without, "income"
    )


def test_no_houses_in_the_bank_builds_nothing() -> None:
    game = table((900, 1500, 1500, 1500))
    game.state.bank.houses = 2  # fewer than a house on every orange
    assert figure(game, "built") == figure(game, "income")


def test_a_rent_beyond_all_a_player_could_raise_is_his_risk_of_ruin() -> None:
    game = table((1500, 20, 1500, 1500))
    for space in ORANGE:
        game.state.deeds[space].level = 3
    assert figure(game, "ruin", 1) > 0  # $20 and nothing to sell: three houses on orange ruin him
    assert figure(game, "ruin", 2) == 0  # $1,500 covers any of them
    assert figure(game, "ruin", 0) == 0  # his own rents are no risk to him


def test_the_stage_stops_growing_past_the_cap() -> None:
    late, later = table((1500,) * 4), table((1500,) * 4)
    late.state.round = int(STAGE_ROUNDS * STAGE_CAP)
    later.state.round = late.state.round * 3
    assert design(late)[0] == design(later)[0]
    earlier = table((1500,) * 4)
    earlier.state.round = late.state.round - 1
    assert design(earlier)[0] != design(late)[0]
