"""`expert` looks ahead on the choices of every edition, not only the classic game's: wherever the game
offers a choice that matters, it weighs the shark's move against the other ways of making it, and says
what its chance to win is after the move it makes."""

from __future__ import annotations

import pytest

from engine import Command, Game, new_game
from engine.bots import make_bot
from engine.bots.expert import CHOICES, ExpertBot, alternatives
from engine.bots.position import Position


def _to_a(kind: str, edition: str, seeds: range = range(12)) -> tuple[Game, int]:
    """A game of `hard` bots, played to the first time it waits on a seat for `kind`."""
    for seed in seeds:
        game = new_game(edition, ["Ada", "Grace", "Linus", "Ken"], seed=seed)
        bots = [make_bot("hard", seed, s) for s in range(4)]
        for _ in range(3000):
            st = game.state
            if st.winner is not None or st.pending is None:
                break
            p = st.pending.player
            legal = game.legal_commands(p)
            if st.pending.kind == kind and len({c.kind for c in legal if c.kind in CHOICES[kind]}) >= 1:
                view = game.view(p)
                if alternatives(Position(view, p), st.pending, legal, bots[p].choose(view, legal)):
                    return game, p
            events = game.apply(bots[p].choose(game.view(p), legal))
            for bot in bots:
                bot.observe(events)
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
    game, seat = _to_a(kind, edition)
    expert = ExpertBot(game.state.seed, seat)
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
