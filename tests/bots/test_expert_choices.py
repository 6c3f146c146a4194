"""`expert` looks ahead on the choices of every edition, not only the classic game's: wherever the game
offers a choice that matters, it weighs the shark's move against the other ways of making it, and says
what its chance to win is after the move it makes. Offers and deals it answers as the shark does, at once:
two rounds of playouts see what a deal costs now, not the group it wins later."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine.bots.expert as expert_module
from engine import Command, Game, new_game
from engine.bots import Bot, make_bot
from engine.bots.expert import CHOICES, ExpertBot, alternatives
from engine.bots.judging import completed
from engine.bots.position import Position
from engine.core.commands import AcceptTrade, RejectTrade, RollDice
from engine.core.state import TradeAnswer
from engine.learned.moves import MARGIN, trade_edge
from engine.learned.value import learned_for

from scenario import BALTIC, LIGHT_BLUE, ORANGE, READING


def _decisions(edition: str, seed: int) -> Iterator[tuple[Game, int, list[Bot]]]:
    """A game of `hard` bots, stopped before each of its first 3,000 decisions (the game, the seat on
    turn, the bots), then played on with the bot on turn's choice."""
    game = new_game(edition, ["Ada", "Grace", "Linus", "Ken"], seed=seed)
    bots = [make_bot("hard", seed, s) for s in range(4)]
    for _ in range(3000):
        st = game.state
        if st.winner is not None or st.pending is None:
            return
        p = st.pending.player
        yield game, p, bots
        events = game.apply(bots[p].choose(game.view(p), game.legal_commands(p)))
        for bot in bots:
            bot.observe(events)


def _to_a(kind: str, edition: str, seeds: range = range(12)) -> tuple[Game, int]:
    """A game of `hard` bots, played to the first time it waits on a seat for `kind`."""
    for seed in seeds:
        for game, p, bots in _decisions(edition, seed):
            pend, legal = game.state.pending, game.legal_commands(p)
            assert pend is not None
            if pend.kind == kind and len({c.kind for c in legal if c.kind in CHOICES[kind]}) >= 1:
                view = game.view(p)
                if alternatives(Position(view, p), pend, legal, bots[p].choose(view, legal)):
                    return game, p
    raise AssertionError(f"no game of {edition} reached a {kind} choice")


@pytest.mark.parametrize(
    ("edition", "kind"),
    [
        ("classic", "buy"),
        ("finance-1936", "buy"),
        ("landlords-1904", "rent_or_buy"),
        ("landlords-1904", "luxury"),
        ("landlords-1904", "direction"),
    ],
)
def test_expert_weighs_the_choice_by_its_chance_to_win(edition: str, kind: str) -> None:
    """Its own play, also where it plays the shark's decisions (`engine/data/levels.json`): there it is
    measured again with `bench/bots.py --expert-own`."""
    game, seat = _to_a(kind, edition)
    expert = ExpertBot(game.state.seed, seat)
    expert.own_play = True
    legal = game.legal_commands(seat)
    chosen = expert.choose(game.view(seat), legal)
    assert chosen in legal and chosen.kind in CHOICES[kind]
    assert "chance to win" in expert.reason  # it looked ahead, and says what it saw


def test_a_choice_with_one_way_to_make_it_is_not_weighed() -> None:
    game, seat = _to_a("buy", "classic")
    view = game.view(seat)
    pend = view.pending
    assert pend is not None
    only: list[Command] = [c for c in game.legal_commands(seat) if c.kind == "decline_property"]
    assert alternatives(Position(view, seat), pend, only, only[0]) == []


def test_its_building_is_weighed_once_a_turn_as_whole_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """With houses to build, the expert weighs the shark's race against keeping its cash and against
    every dollar in houses, each plan kept by its own seat through the playouts; the plan it chose holds
    for the rest of the turn."""
    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=3)
    st = game.state
    for space in (*ORANGE, *LIGHT_BLUE, BALTIC, READING):
        st.deeds[space].owner = 0
    st.players[0].cash = 900
    game.initial = st.copy()
    game.apply(RollDice(player=0))
    while st.pending is not None and st.pending.kind != "end_turn":
        game.apply(game.legal_commands(0)[0])  # whatever the throw brought, settled at once
    assert st.pending is not None and st.pending.player == 0
    asked: list[tuple[str, ...]] = []
    real = expert_module.judge  # type: ignore[attr-defined]

    def judge(*args: Any, **kwargs: Any) -> Any:
        asked.append(tuple(kwargs.get("plans") or ()))
        return real(*args, **kwargs)

    monkeypatch.setattr(expert_module, "judge", judge)
    expert = ExpertBot(3, 0)
    assert expert.may_look_ahead(game.view(0))
    turn = st.turn
    while st.turn == turn and st.pending is not None and st.pending.player == 0:
        legal = game.legal_commands(0)
        cmd = expert.choose(game.view(0), legal)
        assert cmd in legal
        game.apply(cmd)
    assert asked == [("shark", "hold", "all_in")]  # once, every plan
    assert sum(st.deeds[s].level for s in (*ORANGE, *LIGHT_BLUE)) > 0  # $900: no plan keeps it all


def test_a_turn_with_nothing_to_build_is_not_sent_to_think_aside() -> None:
    game = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=3)
    st = game.state
    game.apply(RollDice(player=0))
    while st.pending is not None and st.pending.kind != "end_turn":
        game.apply(game.legal_commands(0)[0])
    expert = ExpertBot(3, 0)
    assert not expert.may_look_ahead(game.view(0))  # no complete group: no building to weigh
    for space in ORANGE:
        st.deeds[space].owner = 0
    assert expert.may_look_ahead(game.view(0))


def test_it_answers_offers_as_the_shark_does_unless_the_value_is_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every offer `hard` bots make one another in a few classic games, put to the expert in the answering
    seat: no playout run for it, and `hard`'s answer unless every member of the learned value is sure of
    the other by more than its margin; never a deed let go nor a group completed for the
    proposer against `hard`'s refusal."""

    def judge(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an answer looked ahead")

    monkeypatch.setattr(expert_module, "judge", judge)
    answered = overruled = 0
    for seed in range(3):
        for game, p, _ in _decisions("classic", seed):
            if game.state.turn >= 400:
                break
            pend = game.state.pending
            if isinstance(pend, TradeAnswer):
                view, legal = game.view(p), game.legal_commands(p)
                expert, shark = ExpertBot(seed, p), make_bot("hard", seed, p)
                assert not expert.may_look_ahead(view)
                said = expert.choose(view, legal)
                hard = shark.choose(view, legal)
                assert isinstance(said, AcceptTrade | RejectTrade) and said.reason
                answered += 1
                if type(said) is type(hard):
                    assert said == hard
                    continue
                overruled += 1
                value = learned_for("classic")
                assert value is not None
                edge = trade_edge(value, view, p, pend.trade)
                assert edge is not None
                if isinstance(said, AcceptTrade):
                    t = pend.trade
                    assert edge.low > MARGIN
                    assert not t.take.deeds  # it lets no deed go against the shark's refusal
                    assert not completed(Position(view, p), t.give, t.take, t.proposer)
                else:
                    assert edge.high < -MARGIN
    assert answered >= 10
    assert overruled < answered / 2  # the shark's answer stands where the value is unsure
