"""`expert` looks ahead on the choices of every edition, not only the classic game's: wherever the game
offers a choice that matters, it weighs the shark's move against the other ways of making it, and says
what its chance to win is after the move it makes."""

from __future__ import annotations

from typing import Any

import pytest

import engine.bots.expert as expert_module
from engine import Command, Game, new_game
from engine.bots import make_bot
from engine.bots.expert import CHOICES, ExpertBot, alternatives
from engine.bots.position import Position
from engine.commands import RollDice

from scenario import BALTIC, KENTUCKY, LIGHT_BLUE, ORANGE, READING


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


def _auction(
    space: int, high: int, leader: int | None, owners: dict[int, tuple[int, ...]], cash: tuple[int, ...]
) -> Game:
    """An auction for `space` on a table of `owners`, seat 0 asked, `leader` ahead at `high`."""
    from engine.state import Auction
    from engine.tools.tables import table

    game = table(owners=owners, cash=cash)
    game.state.pending = Auction(
        player=0,
        lot="deed",
        space=space,
        bidders=(0, 1, 2, 3),
        min_bid=1,
        high_bid=high if leader is not None else 0,
        high_bidder=leader,
    )
    return game


def test_a_deed_won_at_a_price_is_the_bid_and_every_rival_passing() -> None:
    """The course it weighs a price by: its bid, then each rival still able to bid passes, in the order
    the auction asks them; a rival too poor to go higher drops out by the rules and is not asked."""
    from engine.commands import PassAuction, PlaceBid
    from engine.lookahead.judge import won_at

    game = _auction(KENTUCKY, 100, 2, {}, (1500, 1500, 1500, 120))
    course = won_at(game.view(0), 0, 150)
    assert course == [
        PlaceBid(player=0, amount=150),
        PassAuction(player=1),
        PassAuction(player=2),
    ]
    for cmd in course:
        game.apply(cmd)
    assert game.state.deeds[KENTUCKY].owner == 0
    assert game.state.players[0].cash == 1500 - 150


def test_its_limit_at_auction_is_weighed_once_an_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    """The prices above the shark's limit it might win the deed at are weighed against letting it go
    when the auction first comes to it; asked again in the same auction it bids to that limit at once."""
    from engine.commands import PassAuction, PlaceBid

    game = _auction(KENTUCKY, 100, 2, {}, (1500, 1500, 1500, 1500))
    expert = ExpertBot(7, 0)
    asked: list[int] = []
    compare = ExpertBot.compare

    def counted(self: ExpertBot, *args: Any, **kwargs: Any) -> Any:
        asked.append(len(args[1]))
        return compare(self, *args, **kwargs)

    monkeypatch.setattr(ExpertBot, "compare", counted)
    assert expert.may_look_ahead(game.view(0))
    first = expert.choose(game.view(0), game.legal_commands(0))
    assert isinstance(first, PlaceBid)
    assert asked and asked[0] >= 3  # letting it go, and winning it at two prices above the shark's
    assert not expert.may_look_ahead(game.view(0))
    game.apply(first)
    game.apply(PlaceBid(player=1, amount=first.amount + 1))
    while game.state.pending is not None and game.state.pending.player != 0:
        game.apply(PassAuction(player=game.state.pending.player))  # the others let it go
    if game.state.pending is not None:
        expert.choose(game.view(0), game.legal_commands(0))
    assert len(asked) == 1


def test_experts_at_auction_each_go_to_their_own_limit_and_no_further() -> None:
    """Four experts bidding for a railroad in the opening: each weighs its limit once, so the bidding
    ends, and no higher than twice the printed price."""
    from engine.commands import PlaceBid

    game = _auction(READING, 0, None, {}, (1500, 1500, 1500, 1500))
    experts = [ExpertBot(7, s) for s in range(4)]
    bids: list[int] = []
    for _ in range(400):
        pend = game.state.pending
        if pend is None or pend.kind != "auction":
            break
        cmd = experts[pend.player].choose(game.view(pend.player), game.legal_commands(pend.player))
        if isinstance(cmd, PlaceBid):
            bids.append(cmd.amount)
        game.apply(cmd)
    else:
        raise AssertionError(f"the experts never stopped bidding: {bids[-8:]}")
    assert game.state.deeds[READING].owner is not None
    assert max(bids) <= 2 * 200
