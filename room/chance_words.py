"""Formatting of win chances, shared by every view: the chances panel, the advisor, `landlords
analyse`.

A figure is the learned value of the position itself, or worked out from playouts whose ends are valued by
a fitted model (`engine.chances.estimate`), so it may be off in two ways: by the luck of its
playouts, where it has any (the 95 % interval of their mean, which more playouts narrow; none for the
learned value alone), and by the model's own error, which no number of playouts removes. The second is
measured by `python bench/analysis.py` on games the model was not fitted on: the calibration error (how
far, on average, "a 30 % chance" is from winning 30 % of the time), at the stage of the game where it is
largest, per edition. The range shown is the playouts' interval (the figure itself, with no playouts)
widened by that error on each side, and the chance itself is given in whole percents: "about 26 %
(18-35 %)" means the figure is 26 %, and that it is unlikely to be off by more than the range, the
model's error counted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from translation import _

MEASURED_ERROR: dict[str, float] = {
    "classic": 0.02,  # 1.6 points at turn 40; 1.1 over all turns
    "addon": 0.02,  # 1.8 at turn 80; 0.8 over all
    "landlords-1904": 0.03,  # 2.2 at turn 80; 1.1 over all
    "finance-1936": 0.04,  # 3.8 at turn 60 (374 games still going); 1.2 over all
}
"""The model's calibration error, in chances, by edition, for the figures as the views work them out: the
largest `python bench/analysis.py --calibration-only --games 1000 --value shown --playouts 400` measured
at turns 20, 40, 60 and 80 of games of seeded bots (seed 99; the models were fitted on other seeds), among
the turns with 100 positions or more, rounded up to whole points. Fewer games make the error look larger
than it is (on 200 games the same figures measured up to 3.4, 3.3 and 3.9 points in the first three):
every bin's share of wins is then further from its chances by their luck alone."""

UNMEASURED_ERROR = max(MEASURED_ERROR.values())
"""For an edition whose error was not measured (one added from outside): the largest measured."""


def percent(x: float) -> str:
    """Format a chance as a percentage: whole percents, and "<1%" / ">99%" rather than a certain 0 or 100 that
    the playouts cannot promise."""
    if x >= 1.0:
        return "100%"
    if x <= 0.0:
        return "0%"
    if x < 0.01:
        return "<1%"
    if x > 0.99:
        return ">99%"
    return f"{round(100 * x)}%"


@dataclass(frozen=True, slots=True)
class Reading:
    """One player's chance as displayed: the estimate, and its confidence range."""

    win: float
    low: float
    high: float

    @property
    def figure(self) -> str:
        """Return the chance in whole percents ("26%")."""
        return percent(self.win)

    @property
    def span(self) -> str:
        """Return the range in whole percents, rounded outwards so that it still holds ("18-35%")."""
        if self.low == self.high:
            return percent(self.win)
        return f"{math.floor(100 * self.low)}-{math.ceil(100 * self.high)}%"

    @property
    def words(self) -> str:
        """Return the display text: "about 26% (18-35%)", or "100%" for a certain chance (a game won)."""
        if self.low == self.high:
            return percent(self.win)
        return _("about {figure} ({span})", figure=self.figure, span=self.span)


def model_error(edition: str) -> float:
    """Return the model's measured error margin in this edition, independent of the playouts."""
    return MEASURED_ERROR.get(edition, UNMEASURED_ERROR)


def reading(win: float, low: float, high: float, edition: str, *, settled: bool = False) -> Reading:
    """Build a `Reading` from a chance and its playouts' confidence interval, widened by the model's measured
    error in this edition; `settled` marks a game already won, whose chances are certain."""
    if settled:
        return Reading(win, win, win)
    error = model_error(edition)
    return Reading(win, max(0.0, min(low, win) - error), min(1.0, max(high, win) + error))
