"""Which lots to ask for: every offer a bot may make now (`proposing.candidates`), and the expert's choice
among them by the learned value where the lab bench names `choice` among its uses."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.bots.expert import USES, ExpertBot
from engine.bots.judging import answer_figures
from engine.bots.normal import NormalBot
from engine.bots.position import Position
from engine.core.commands import ProposeTrade
from engine.learned.acceptance import acceptance_for
from engine.learned.moves import MARGIN, best_offer, weigh_offers
from engine.learned.value import learned_for
from engine.play.game import Game

from positions import (
    BALTIC,
    KENTUCKY,
    MEDITERRANEAN,
    NEW_YORK,
    ST_JAMES,
    TENNESSEE,
    VERMONT,
    ask,
    bot,
    end_turn,
    orange_position,
    table,
)


def two_wants() -> Game:
    """Seat 0 could complete the oranges with seat 1 or the dark purples with seat 2, and has a stray red."""
    owners = {0: (ST_JAMES, TENNESSEE, MEDITERRANEAN, KENTUCKY), 1: (NEW_YORK, VERMONT), 2: (BALTIC,)}
    game = table(owners=owners, turn=200)
    end_turn(game, 0)
    return game


@pytest.mark.parametrize("position", [orange_position, two_wants])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_candidates_its_judgement_passes_give_its_offer(position: Callable[[], Game], level: str) -> None:
    game = position()
    b = bot(level)
    assert isinstance(b, NormalBot)
    pos = Position(game.view(0), 0)
    every = b.candidates(pos, every=True)
    passing = b.candidates(pos)
    assert passing and [c for c in every if c.passes] == passing
    assert len(every) >= len(passing)
    made = ask(bot(level), game, 0)
    assert isinstance(made, ProposeTrade)
    assert made == max(passing, key=lambda c: c.rank).offer, "the first by rank, as before"


def test_the_wider_search_asks_for_each_group_it_could_complete() -> None:
    b = bot("hard")
    assert isinstance(b, NormalBot)
    every = b.candidates(Position(two_wants().view(0), 0), every=True)
    assert {(c.offer.to, c.offer.take.deeds) for c in every} >= {(1, (NEW_YORK,)), (2, (BALTIC,))}


def test_choice_is_for_the_lab_bench_only() -> None:
    assert "choice" not in USES


def test_with_choice_the_expert_makes_the_offer_worth_most_by_the_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ExpertBot, "uses", USES | {"choice"})
    game = two_wants()
    view = game.view(0)
    value, model = learned_for("classic", 4, view.rules), acceptance_for("classic")
    assert value is not None and model is not None
    seen: list[tuple[list[ProposeTrade], ProposeTrade | None, ProposeTrade | None]] = []

    def spy(*args: object) -> ProposeTrade | None:
        out = best_offer(*args)  # type: ignore[arg-type]
        offers, shark = args[3], args[5]
        assert isinstance(offers, list) and (shark is None or isinstance(shark, ProposeTrade))
        seen.append((offers, shark, out))
        return out

    monkeypatch.setattr("engine.bots.expert.best_offer", spy)
    made = ask(bot("expert"), game, 0)
    assert len(seen) == 1
    offers, shark, best = seen[0]
    assert len({(o.to, o.take.deeds) for o in offers}) >= 2, "both groups weighed"
    assert len(offers) > 12, "each at several prices"
    assert isinstance(made, ProposeTrade) and best is not None
    assert (made.to, made.take.deeds) == (best.to, best.take.deeds)
    figures = [answer_figures(Position(view, o.to), 0, o.give, o.take) for o in offers]
    weighed = {w.offer: w for w in weigh_offers(value, view, 0, offers, 0.0, model, figures)}
    if best != shark:  # another offer than the shark's only where the value is sure of it, and worth more
        assert weighed[best].mine_low > MARGIN
        assert shark is None or weighed[best].worth > weighed[shark].worth
