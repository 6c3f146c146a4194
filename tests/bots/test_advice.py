"""The advisor: what `expert` would do in a seat, from that seat's own view, with the chances of its
choice and of the other moves the rules allow now."""

from __future__ import annotations

import pytest

from engine import RuleOptions, new_game
from engine.bots.advice import advise
from engine.core.commands import BuyProperty, DeclineProperty
from engine.core.state import BuyDecision
from engine.lookahead.chances import chances

from played_games import played, until_buy


def test_advice_names_a_legal_move_its_reason_and_the_best_options() -> None:
    game = played("classic", 12, seed=3)
    st = game.state
    assert st.pending is not None
    me = st.pending.player
    legal = game.legal_commands(me)
    advice = advise(game.view(me), legal, seed=4)
    assert advice.command in legal or advice.command.kind == "propose_trade"
    assert advice.reason and advice.options[0].chance >= advice.options[-1].chance
    assert advice.command in [o.command for o in advice.options]
    for o in advice.options:
        assert 0.0 <= o.low <= o.chance <= o.high <= 1.0
    assert advise(game.view(me), legal, seed=4) == advice  # the same for the same seed


def test_a_buy_is_advised_between_buying_and_declining() -> None:
    game = until_buy(cash=400)
    pend = game.state.pending
    assert isinstance(pend, BuyDecision)
    me = pend.player
    advice = advise(game.view(me), game.legal_commands(me), seed=1)
    assert {type(o.command) for o in advice.options} == {BuyProperty, DeclineProperty}


def test_a_spectator_gets_no_advice() -> None:
    game = played("classic", 4)
    with pytest.raises(ValueError, match="spectator"):
        advise(game.view(None), [], seed=1)


def test_the_advisor_and_the_chances_panel_tell_one_figure_for_one_position() -> None:
    """The advisor said 12 % and the panel 26 % for the same position: the panel knew the bots were easy
    and the advisor did not. Given each seat's level, the advisor values positions as the panel does."""
    game = new_game("classic", ["Vera", "Ada", "Grace"], seed=3, rules=RuleOptions(short_game=True))
    levels = [None, "easy", "easy"]  # the first game that teaches, as it was dealt
    panel = chances(game.view(None), 400, seed=0, levels=levels).players[0].win
    advice = advise(game.view(0), game.legal_commands(0), seed=0, levels=levels)
    rolled = next(o for o in advice.options if o.command.kind == "roll_dice")
    assert abs(rolled.chance - panel) < 0.06, (rolled.chance, panel)
    assert rolled.low <= panel <= rolled.high
