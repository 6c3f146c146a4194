"""The advisor: what `expert` would do in a seat, from that seat's own view, with the chances of its
choice and of the other moves the rules allow now."""

from __future__ import annotations

import pytest

from engine import RuleOptions, new_game
from engine.bots.advice import advise
from engine.bots.advice_options import Refusal, refusals, within_named
from engine.chances import SHOWN_PLAYOUTS, chances, estimate
from engine.core.commands import BuyProperty, DeclineProperty, ProposeTrade, RejectTrade
from engine.core.state import Bundle, BuyDecision
from room.chance_words import reading

from played_games import hard_game_at_seat_0, played, until_buy
from scenario import ORIENTAL, PENNSYLVANIA_RR, VERMONT


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
    # the advisor values the position as it stands, with no playouts' luck: the ranges shown, each widened
    # by the model's error, tell one story
    figure = chances(game.view(None), 400, seed=0, levels=levels).players[0]
    theirs = reading(figure.win, figure.low, figure.high, "classic")
    mine = reading(rolled.chance, rolled.low, rolled.high, "classic")
    assert mine.low <= theirs.high and theirs.low <= mine.high, (mine, theirs)


def test_the_move_picked_is_the_option_shown_with_the_highest_chance() -> None:
    """On main a quarter of the answers picked an option shown below another (23.8 % beside 50.7 % once):
    the expert's move was picked whatever the figures said."""
    for game, history in hard_game_at_seat_0(3, 24):
        view, legal = game.view(0), game.legal_commands(0)
        advice = advise(view, legal, seed=0, levels=["hard"] * 4, refused=refusals(history))
        top = max(o.chance for o in advice.options)
        assert advice.command == advice.options[0].command
        assert advice.options[0].chance == top
        assert len({o.command for o in advice.options}) == len(advice.options)  # no option shown twice


def test_options_within_the_estimates_error_are_too_close_to_call() -> None:
    """An offer of $1 for nothing: accepting and refusing leave the same chance within a point, and the
    advice says so rather than pointing at one as better."""
    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=5)
    game.apply(ProposeTrade(player=0, to=1, give=Bundle(cash=1), take=Bundle()))
    pend = game.state.pending
    assert pend is not None and pend.kind == "trade_answer"
    advice = advise(game.view(1), game.legal_commands(1), seed=0, levels=[None, "hard", "hard", "hard"])
    assert advice.close
    assert {o.command.kind for o in advice.options} == {"accept_trade", "reject_trade"}
    assert advice.command == advice.options[0].command
    assert "within the estimate's error" in advice.reason and "you" in advice.reason


def test_a_trade_suggested_is_carried_as_a_draft_and_not_made() -> None:
    """The expert proposes trades at this table (four `hard`, seed 3): the advice carries the terms for the
    player to see, change or send; nothing is applied to the game."""
    for game, _ in hard_game_at_seat_0(3, 24):
        version = len(game.log)
        advice = advise(game.view(0), game.legal_commands(0), seed=0, levels=["hard"] * 4)
        if advice.draft is not None:
            assert advice.draft.player == 0 and advice.draft.give.deeds + advice.draft.take.deeds
            assert "you" in advice.reason
            assert len(game.log) == version and game.state.pending is not None
            assert game.state.pending.kind in ("roll", "end_turn")
            return
    raise AssertionError("no trade suggested at this table")


def test_a_price_named_in_a_refusal_is_met_or_nothing_is_suggested() -> None:
    """Grace refused Oriental Avenue and $170 for Pennsylvania Railroad, naming $510; the same offer is not
    suggested again at $170: it is raised to her price where Ada can pay it, and dropped where she cannot."""
    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=5)
    game.state.deeds[ORIENTAL].owner = 0
    game.state.deeds[PENNSYLVANIA_RR].owner = 1
    offer = ProposeTrade(
        player=0, to=1, give=Bundle(cash=170, deeds=(ORIENTAL,)), take=Bundle(deeds=(PENNSYLVANIA_RR,))
    )
    history = list(game.apply(offer))
    trade_id = game.state.pending.trade.id  # type: ignore[union-attr]
    history += game.apply(RejectTrade(player=1, trade_id=trade_id, asking=510))
    refused = refusals(history)
    assert refused == (Refusal(0, 1, (ORIENTAL,), (PENNSYLVANIA_RR,), 510),)
    view = game.view(0)
    again = within_named(view, offer, refused)
    assert again is not None and again.give.cash == 510 and again.give.deeds == (ORIENTAL,)
    # a deed thrown in counts at its printed price: Vermont ($100) for $100 of the cash asked
    more = ProposeTrade(player=0, to=1, give=Bundle(cash=170, deeds=(ORIENTAL, VERMONT)), take=offer.take)
    assert within_named(view, more, refused).give.cash == 410  # type: ignore[union-attr]
    game.state.players[0].cash = 300
    assert within_named(game.view(0), offer, refused) is None
    elsewhere = offer.model_copy(update={"to": 2})
    assert within_named(game.view(0), elsewhere, refused) == elsewhere


@pytest.mark.parametrize(
    ("edition", "rules"),
    [("finance-1936", None), ("classic", RuleOptions(short_game=True)), ("addon", None), ("classic", None)],
)
def test_moving_on_shows_the_panels_own_figure_in_every_edition(
    edition: str, rules: RuleOptions | None
) -> None:
    """Where the panel plays its figure out (Finance, a Short Game), the advisor plays its options out the
    same way: the option of moving on is the panel's figure, not the fitted value of the position alone
    (21.6 % beside the panel's 22.5 % in Finance before)."""
    game = new_game(edition, ["Ada", "Grace", "Linus", "Ken"], seed=3, rules=rules)
    levels = [None, "hard", "hard", "hard"]
    advice = advise(game.view(0), game.legal_commands(0), seed=0, levels=levels)
    rolled = next(o for o in advice.options if o.command.kind == "roll_dice")
    panel = estimate(game.view(None), SHOWN_PLAYOUTS, seed=0, levels=levels).players[0].win
    assert rolled.chance == pytest.approx(panel, abs=1e-9)
