"""What one more item may join an offer: `proposal_additions` against `proposal_problem`, addition by
addition, on positions of seeded games of every edition (drafts with houses and cards in hand among them)."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pytest

from engine import new_game
from engine.core.state import Bundle
from engine.lookahead.players import SimplePlayer
from engine.queries import proposal_additions, proposal_problem

from finance_board import (
    COTTAGE,
    GOAT_ALLEY,
    LONELY_LANE,
    MADISON,
    MARKET,
    P0,
    P1,
    RICKETY_ROW,
    RUBEVILLE,
    SYLVAN,
    VENETIAN,
    finance,
    lot,
)
from scenario import settle

EDITIONS = ("classic", "addon", "landlords-1904", "finance-1936")
EIGHT = (GOAT_ALLEY, LONELY_LANE, RUBEVILLE, RICKETY_ROW, COTTAGE, MARKET, SYLVAN, VENETIAN)


def _positions(edition: str, seed: int, every: int = 23, most: int = 1500):  # type: ignore[no-untyped-def]
    """Yield a game every `every` commands of one seeded game between the simple players."""
    game = new_game(edition, ["Ada", "Grace", "Linus", "Alan"], seed=seed)
    player = SimplePlayer()
    for n in range(most):
        if game.state.winner is not None:
            return
        if n % every == 0:
            yield game
        p = game.state.pending.player  # type: ignore[union-attr]
        game.apply(player.decide(game, p))


def _side(rng: random.Random, game, owner: int) -> Bundle:  # type: ignore[no-untyped-def]
    """A random side of an offer: some of the owner's deeds (now and then another's), cash, jail cards,
    and where the edition sells houses, a house off one of his lots."""
    st = game.state
    held = [s for s, d in st.deeds.items() if d.owner == owner]
    others = [s for s, d in st.deeds.items() if d.owner != owner]
    deeds = rng.sample(held, min(len(held), rng.randrange(3)))
    if others and rng.random() < 0.1:
        deeds.append(rng.choice(others))
    houses: tuple[int, ...] = ()
    built = [s for s in held if st.deeds[s].level > 0]
    if game.board.edition.house_sales and built and rng.random() < 0.3:
        houses = (rng.choice(built),)
    cash = rng.choice([0, 0, 0, 10, st.players[owner].cash // 2, st.players[owner].cash + 5])
    cards = rng.randrange(len(st.players[owner].jail_cards) + 1 + (rng.random() < 0.1))
    return Bundle(cash=max(cash, 0), deeds=tuple(sorted(deeds)), jail_cards=cards, houses=houses)


def _refused(game, me: int, to: int, side: str, keep: Bundle, bundle: Bundle) -> bool:  # type: ignore[no-untyped-def]
    """Whether the proposal with `bundle` on `side` (and `keep` on the other) is refused."""
    give, take = (bundle, keep) if side == "give" else (keep, bundle)
    return proposal_problem(game, me, to, give, take) is not None


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_addition_allowed_is_one_the_proposal_check_allows(edition: str) -> None:
    rng = random.Random(5)
    compared = allowed = proposable = 0
    for game in (g for seed in (11, 12, 13) for g in _positions(edition, seed)):
        st = game.state
        n = len(st.players)
        for _ in range(3):
            me = rng.randrange(n)
            to = rng.choice([p for p in range(n) if p != me] + [me] * (rng.random() < 0.05))
            give, take = _side(rng, game, me), _side(rng, game, to)
            room = proposal_additions(game, me, to, give, take)
            assert room.proposable == (proposal_problem(game, me, to, give, take) is None)
            proposable += room.proposable
            for side, owner, keep in (("give", me, take), ("take", to, give)):
                bundle = give if side == "give" else take
                found = room.give if side == "give" else room.take
                refused = partial(_refused, game, me, to, side, keep)
                for space in sorted(st.deeds):
                    if space in bundle.deeds:
                        continue
                    wider = replace(bundle, deeds=tuple(sorted((*bundle.deeds, space))))
                    expect = st.deeds[space].owner == owner and not refused(wider)
                    assert (space in found.deeds) == expect, (edition, side, space, bundle, keep)
                    compared += 1
                    allowed += expect
                cash = st.players[owner].cash
                for more in sorted({1, 10, 50, 500, cash - bundle.cash, cash - bundle.cash + 1}):
                    if more < 1:
                        continue
                    expect = not refused(replace(bundle, cash=bundle.cash + more))
                    assert (more <= found.cash) == expect, (edition, side, more, bundle, keep)
                    compared += 1
                    allowed += expect
                for more in (1, 2):
                    expect = not refused(replace(bundle, jail_cards=bundle.jail_cards + more))
                    assert (more <= found.jail_cards) == expect, (edition, side, more, bundle, keep)
                    compared += 1
    # the positions reached offers both allowed and refused
    assert proposable > 10 and compared > 2000 and allowed > 100


def test_a_partner_at_his_lot_limit_is_offered_no_lot_unless_he_hands_one_over() -> None:
    game = finance()
    for space in EIGHT:
        lot(game, P1, space)
    lot(game, P0, MADISON)
    settle(game)
    empty = Bundle()  # one object for both sides, as a draft's first step may share it
    room = proposal_additions(game, P0, P1, empty, empty)
    assert MADISON not in room.give.deeds and room.give.cash == game.state.players[P0].cash
    assert room.take.deeds == frozenset(EIGHT)  # any of his lots may come the other way
    swap = proposal_additions(game, P0, P1, Bundle(), Bundle(deeds=(GOAT_ALLEY,)))
    assert MADISON in swap.give.deeds  # a lot for a lot keeps him at eight
