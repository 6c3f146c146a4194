"""The advisor: what `expert` would do in a seat, from that seat's own view, with the chances of its
choice and of the other moves the rules allow now."""

from __future__ import annotations

import pytest

from engine.bots.advice import advise
from engine.commands import BuyProperty, DeclineProperty
from engine.state import BuyDecision

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
