"""The jail decision, the income-tax choice, and what to do with a mortgaged deed received in a trade."""

from __future__ import annotations

import pytest

from engine import Bundle, ChooseIncomeTax, Game
from engine.core.state import IncomeTaxDecision

from positions import (
    B_AND_O,
    DARK_BLUE,
    ELECTRIC,
    GREEN,
    LIGHT_BLUE,
    MEDITERRANEAN,
    ORANGE,
    PENNSYLVANIA_RR,
    PINK,
    READING,
    RED,
    SHORT_LINE,
    TENNESSEE,
    WATER_WORKS,
    YELLOW,
    ask,
    bot,
    offer,
    roll,
    table,
    wait_for,
)


def jailed(game: Game, seat: int = 0) -> Game:
    assert game.board.jail is not None
    game.state.players[seat].in_jail = True
    game.state.players[seat].position = game.board.jail
    roll(game, seat)
    return game


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_leave_jail_early_while_deeds_are_for_sale(level: str) -> None:
    game = jailed(table(turn=8))
    assert ask(bot(level), game, 0).kind == "pay_jail_fine"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_get_out_of_jail_card_is_used_before_paying(level: str) -> None:
    game = jailed(table(turn=8, jail_cards={0: 1}))
    assert ask(bot(level), game, 0).kind == "use_jail_card"


def built_up_board() -> Game:
    rest = (*DARK_BLUE, *LIGHT_BLUE, MEDITERRANEAN, READING, PENNSYLVANIA_RR, B_AND_O, SHORT_LINE, ELECTRIC)
    return table(
        owners={1: PINK + ORANGE, 2: RED + YELLOW + GREEN, 3: (*rest, WATER_WORKS)},
        houses=dict.fromkeys(PINK + ORANGE, 3),
        turn=200,
    )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_stay_in_jail_when_the_board_is_built_up(level: str) -> None:
    assert ask(bot(level), jailed(built_up_board()), 0).kind == "roll_dice"


def test_the_newcomer_leaves_jail_whatever_the_board() -> None:
    assert ask(bot("easy"), jailed(built_up_board()), 0).kind == "pay_jail_fine"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_income_tax_is_paid_the_cheaper_way(level: str) -> None:
    poor = table(owners={0: (MEDITERRANEAN,)}, cash=(300, 1500, 1500, 1500))
    wait_for(poor, IncomeTaxDecision(player=0, space=4))
    assert ask(bot(level), poor, 0) == ChooseIncomeTax(player=0, option="percent")  # 10 % of $360
    rich = table(owners={0: ORANGE}, cash=(2500, 1500, 1500, 1500))
    wait_for(rich, IncomeTaxDecision(player=0, space=4))
    assert ask(bot(level), rich, 0) == ChooseIncomeTax(player=0, option="flat")  # 10 % would be $306


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_mortgaged_deed_received_is_lifted_when_cash_allows_and_kept_otherwise(level: str) -> None:
    for cash, lifted in ((2000, True), (40, False)):
        game = table(owners={1: (TENNESSEE,)}, cash=(cash, 1500, 1500, 1500), mortgaged=(TENNESSEE,))
        pend = offer(game, 1, 0, give=Bundle(deeds=(TENNESSEE,)))
        game.apply(ask(bot(level), game, 0))  # a gift: accepted
        assert game.state.pending is not None and game.state.pending.kind == "mortgage_decision", pend
        cmd = ask(bot(level), game, 0)
        assert cmd.kind == ("unmortgage" if lifted else "keep_mortgage")
