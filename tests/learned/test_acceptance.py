"""The learned acceptance model: the packaged weights load, match their manifest and give the same chance
on every run, and the expert's offers are weighed by it."""

from __future__ import annotations

import hashlib
from importlib import resources

import pytest

from engine.bots.expert import USES, ExpertBot
from engine.bots.judging import answer_figures
from engine.bots.position import Position
from engine.core.commands import ProposeTrade
from engine.core.state import Bundle
from engine.learned.acceptance import (
    NAMES,
    RAW,
    AcceptanceModel,
    acceptance_for,
    as_json,
    from_json,
    manifest_of,
    terms,
)
from engine.learned.moves import NARROW, PRICE_STEPS, Priced, repriced, weigh_offers

from positions import NEW_YORK, ask, bot, orange_position


def packaged() -> AcceptanceModel:
    model = acceptance_for("classic")
    assert model is not None
    return model


def test_the_packaged_weights_match_their_manifest() -> None:
    manifest = manifest_of("classic")
    assert manifest is not None and manifest["edition"] == "classic"
    assert manifest["features"] == list(NAMES) and manifest["raw_figures"] == list(RAW)
    folder = resources.files("engine.data").joinpath("learned")
    raw = folder.joinpath("classic-acceptance.json").read_bytes()
    assert hashlib.sha256(raw).hexdigest() == manifest["sha256"]
    value = folder.joinpath("classic.npz").read_bytes()
    assert hashlib.sha256(value).hexdigest() == manifest["value_sha256"]  # read with the packaged value
    model = packaged()
    assert len(model.weights) == len(NAMES) + 1 == len(model.mean) + 1 == len(model.spread) + 1
    assert all(s > 0 for s in model.spread)


def test_no_acceptance_model_for_an_edition_without_one() -> None:
    assert acceptance_for("modern") is None


def test_the_weights_survive_saving_exactly() -> None:
    model = packaged()
    assert from_json(as_json(model)) == model


def test_weights_for_other_inputs_are_not_used() -> None:
    text = as_json(packaged()).replace('"mine"', '"other"', 1)
    assert from_json(text) is None


def figures(cash: int) -> list[float]:
    """The figures of $`cash` offered for New York to its holder (seat 1) by the holder of the other two."""
    game = orange_position()
    side = Position(game.view(1), 1)
    return answer_figures(side, 0, Bundle(cash=cash), Bundle(deeds=(NEW_YORK,)))


def test_the_figures_are_read_from_the_answering_side() -> None:
    raw = dict(zip(RAW, figures(400), strict=True))
    assert raw["completes_theirs"] == 1.0 and raw["completes_theirs_street"] == 1.0
    assert raw["completes_mine"] == 0.0
    assert raw["deeds_in"] == 0.0 and raw["deeds_out"] == 1.0
    assert raw["net_cash"] == 2.0  # twice the printed price of New York ($200)
    assert raw["printed_net"] == 1.0


def test_it_gives_the_same_chance_every_time() -> None:
    model = packaged()
    inputs = terms(figures(400), 0.02, 0.01, 0.03, 0.08)
    first = model.chance(inputs)
    assert 0.0 < first < 1.0
    assert all(model.chance(inputs) == first for _ in range(3))
    again = from_json(as_json(model))
    assert again is not None and again.chance(inputs) == first


def test_a_partner_who_gains_more_is_likelier_to_accept() -> None:
    model = packaged()
    raw = figures(400)
    low = model.chance(terms(raw, -0.05, -0.07, -0.03, 0.08))
    high = model.chance(terms(raw, 0.05, 0.03, 0.07, 0.08))
    assert low < high


def test_the_wider_prices_are_weighed_only_with_the_model() -> None:
    game = orange_position()
    cmd = ask(bot("hard"), game, 0)
    assert isinstance(cmd, ProposeTrade)
    view = game.view(0)
    narrow = repriced(view, 0, cmd)
    wide = repriced(view, 0, cmd, wide=True)
    assert len(narrow) <= NARROW + 1 < len(wide) <= len(PRICE_STEPS) + 1
    assert wide[: len(narrow)] == narrow


def test_the_expert_makes_the_sharks_offer_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its offers priced by the value are a use of the lab bench only: as it plays, none is weighed."""
    seen: list[object] = []

    def spy(*args: object, **kwargs: object) -> list[Priced]:
        seen.append(args)
        return []

    monkeypatch.setattr("engine.bots.expert.weigh_offers", spy)
    game = orange_position()
    expert, shark = ask(bot("expert"), game, 0), ask(bot("hard"), game, 0)
    assert expert is not None and expert.kind == "propose_trade"
    assert seen == [] and expert == shark


def test_the_experts_offer_is_weighed_by_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the lab bench names its offers and the acceptance model among its uses."""
    monkeypatch.setattr(ExpertBot, "uses", USES | {"offers", "acceptance"})
    seen: list[tuple[object, list[Priced]]] = []

    def spy(*args: object, **kwargs: object) -> list[Priced]:
        out = weigh_offers(*args, **kwargs)  # type: ignore[arg-type]
        seen.append((args[5] if len(args) > 5 else kwargs.get("model"), out))
        return out

    monkeypatch.setattr("engine.bots.expert.weigh_offers", spy)
    game = orange_position()
    cmd = ask(bot("expert"), game, 0)
    assert cmd is not None and cmd.kind == "propose_trade"
    assert len(seen) == 1
    model, weighed = seen[0]
    assert model is packaged()
    assert len(weighed) > NARROW + 1  # weighed at the wider prices too
    assert all(0.0 < w.accepted < 1.0 for w in weighed)
    dearer = sorted(weighed, key=lambda w: w.offer.give.cash)
    assert dearer[0].accepted < dearer[-1].accepted  # more cash for New York, likelier taken
    assert (cmd.give, cmd.take) in [(w.offer.give, w.offer.take) for w in weighed]


def test_without_the_model_the_earlier_rule_prices_the_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ExpertBot, "uses", frozenset({"answers", "offers", "auctions", "leaf"}))
    seen: list[object] = []

    def spy(*args: object, **kwargs: object) -> list[Priced]:
        seen.append(args[5] if len(args) > 5 else kwargs.get("model"))
        return weigh_offers(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("engine.bots.expert.weigh_offers", spy)
    game = orange_position()
    ask(bot("expert"), game, 0)
    assert seen == [None]
