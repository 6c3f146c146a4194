"""Games to review in the tests: the finished and unfinished games kept as golden saves, and a stand-in for
the look-ahead (and for the value that judges the decisions) that gives each player his share of the table's
worth, so that what the tests see of a review does not move when the fitted figures do."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine import Game, GameView
from engine.chances import Chances, summary
from engine.lookahead.value import ValueModel, worth_share
from room.chances import ChancesPool
from room.review import ReviewJob, Source
from saves import SaveStore

GOLDEN = Path(__file__).resolve().parent.parent / "saves" / "golden" / "v3"
FINISHED = "modern-short-finished-00000005.json"  # three players, 25 turns of the Short Game; Grace won


def worth_appraiser(tables: Sequence[Game], levels: Sequence[str | None]) -> list[list[list[float]]]:
    """Each player's share of the worth at each table, as the one member of a value without luck."""
    return [[ValueModel(t.state.edition, worth_share()).chances(t) for t in tables]]


def worth_judge(view: GameView, playouts: int, seed: int, *, levels: Sequence[str | None] | None) -> Chances:
    """Each player's share of the worth, whatever the look-ahead's figures."""
    return summary(view, [ValueModel(view.edition, worth_share()).chances(view)])


def golden(name: str = FINISHED) -> Source:
    loaded = SaveStore(GOLDEN).load(str(GOLDEN / name))
    levels = [s.level if s.is_bot else None for s in loaded.seats]
    return Source.of_game(loaded.game, levels, loaded.summary.title)


def steady_review(name: str = FINISHED) -> ReviewJob:
    """A review worked out in this process with the stand-in: the same every time."""
    return ReviewJob(golden(name), ChancesPool(0), judge=worth_judge, appraise=worth_appraiser)
