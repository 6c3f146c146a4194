"""Raising cash for a debt: the cheapest assets first, and bankruptcy only when nothing can cover it."""

from __future__ import annotations

import pytest

from engine import DeclareBankruptcy, Game, Mortgage

from positions import (
    B_AND_O,
    BOARDWALK,
    MEDITERRANEAN,
    ORANGE,
    READING,
    ask,
    bot,
    debt,
    play_decision,
    table,
)


def houses(game: Game) -> int:
    return sum(game.ruleset.houses(game.state.deeds[s].level) for s in ORANGE)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_that_owes_money_mortgages_before_it_sells_houses_when_that_is_cheaper(level: str) -> None:
    game = table(
        owners={0: (*ORANGE, READING, B_AND_O)}, cash=(50, 1500, 1500, 1500), houses=dict.fromkeys(ORANGE, 3)
    )
    debt(game, 0, 200)
    commands = play_decision(bot(level), game, 0)
    assert all(isinstance(c, Mortgage) for c in commands)
    assert houses(game) == 9
    assert game.state.pending is None or game.state.pending.kind != "debt"  # paid
    assert game.state.players[1].cash == 1700


def test_the_newcomer_sells_its_houses_first() -> None:
    game = table(
        owners={0: (*ORANGE, READING, B_AND_O)}, cash=(50, 1500, 1500, 1500), houses=dict.fromkeys(ORANGE, 3)
    )
    debt(game, 0, 200)
    play_decision(bot("easy"), game, 0)
    assert houses(game) < 9


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_small_debt_is_met_with_the_smallest_mortgage_that_covers_it(level: str) -> None:
    game = table(owners={0: (MEDITERRANEAN, BOARDWALK, READING)}, cash=(10, 1500, 1500, 1500))
    debt(game, 0, 30)
    assert play_decision(bot(level), game, 0) == [Mortgage(player=0, space=MEDITERRANEAN)]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_houses_are_sold_when_mortgages_cannot_cover_the_debt(level: str) -> None:
    game = table(owners={0: ORANGE}, cash=(0, 1500, 1500, 1500), houses=dict.fromkeys(ORANGE, 3))
    debt(game, 0, 120)
    play_decision(bot(level), game, 0)
    assert houses(game) < 9
    assert not game.state.players[0].bankrupt


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_no_bot_goes_bankrupt_while_selling_and_mortgaging_could_cover_the_debt(level: str) -> None:
    # everything, sold and mortgaged, raises exactly the debt: 3 x 3 houses at $50, three mortgages
    game = table(owners={0: ORANGE}, cash=(0, 1500, 1500, 1500), houses=dict.fromkeys(ORANGE, 3))
    debt(game, 0, 9 * 50 + 90 + 90 + 100)
    for _ in range(30):
        pend = game.state.pending
        if pend is None or pend.kind != "debt":
            break
        cmd = ask(bot(level), game, 0)
        assert not isinstance(cmd, DeclareBankruptcy)
        game.apply(cmd)
    assert not game.state.players[0].bankrupt
    assert game.state.players[1].cash == 1500 + 730


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bankruptcy_is_declared_when_nothing_can_cover_the_debt(level: str) -> None:
    game = table(owners={0: (BOARDWALK,)}, cash=(100, 1500, 1500, 1500))
    debt(game, 0, 2000)
    assert ask(bot(level), game, 0) == DeclareBankruptcy(player=0)
