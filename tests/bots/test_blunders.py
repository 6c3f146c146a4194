"""The scripted blunder offers of `bench/blunders.py` (`engine.tools.blunders`): offers any sensible player
refuses, each on a table of its own, put to the bot in its own seat. The levels that claim to trade well
refuse every one.

One was a known blunder until the bank's lots counted: `hard` and `expert` in Finance, holding no lot,
paid $600 for a lot the bank sells for $150, since their reckoning of a lot
(`engine.bots.lot_trades.worth`) gave the first lot a player holds every building plan his cash allows.
The lots still for sale now count as one he may buy on landing (`lot_trades.bank_lot`).
"""

from __future__ import annotations

import pytest

from engine.tools.blunders import BLUNDERS, Blunder, answer


def _cases() -> list[object]:
    return [
        pytest.param(level, b, id=f"{level}-{b.edition}-{b.what}")
        for level in ("normal", "hard", "expert")
        for b in BLUNDERS
    ]


def test_the_set_covers_every_edition_that_trades() -> None:
    editions = [b.edition for b in BLUNDERS]
    assert editions.count("classic") >= 12
    for edition in ("addon", "landlords-1904", "finance-1936"):
        assert editions.count(edition) >= 3, edition
    assert len({b.what for b in BLUNDERS}) == len(BLUNDERS)


@pytest.mark.parametrize(("level", "blunder"), _cases())
def test_a_level_that_trades_well_refuses_the_blunder(level: str, blunder: Blunder) -> None:
    said = answer(level, blunder)
    assert not said.accepted, f"{level} accepted: {blunder.what} ({getattr(said.command, 'reason', '')})"
    assert getattr(said.command, "reason", ""), said.command
