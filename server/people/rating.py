"""Ratings for games of several players ranked at the end: the Plackett-Luce model (of `openskill`).

A rating is a belief about a player's skill: a mean (`mu`) and how unsure it is (`sigma`). A newcomer
starts at the model's defaults (25 and 25/3). What the lobby shows is the conservative figure
`mu - 3 sigma` (the ordinal), rounded: it starts at 0 and rises as games show a player's skill. The bots'
levels carry fixed ratings on the same scale, measured from tournaments (`bench/bot_ratings.py`), shipped
in `bot_ratings.json`; they are opponents in the update and are never updated.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from openskill.models import PlackettLuce

from server.people.places import SeatResult

BOTS_FILE = "bot_ratings.json"


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating: the skill the player has with near certainty."""
        return self.mu - 3 * self.sigma

    def shown(self) -> str:
        return str(round(self.ordinal))


MODEL = PlackettLuce()
NEW = Rating(MODEL.mu, MODEL.sigma)


def shipped_bots() -> dict[str, Rating]:
    """Return the bots' levels' ratings as shipped with the package (empty if the file is missing or
    broken)."""
    try:
        raw = json.loads(resources.files("server.people").joinpath(BOTS_FILE).read_text("utf-8"))
        return {str(level): Rating(float(r["mu"]), float(r["sigma"])) for level, r in raw["levels"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def rate(
    results: Sequence[SeatResult], people: Mapping[str, Rating], bots: Mapping[str, Rating]
) -> dict[str, Rating]:
    """Compute the people's new ratings after a finished game (the bots' stay as they are). `people` holds the
    ratings they had (a key missing is new); every seat is a team of one, ranked by its place."""
    teams = []
    for r in results:
        before = people.get(r.key, NEW) if r.key is not None else bots.get(r.level or "", NEW)
        teams.append([MODEL.rating(mu=before.mu, sigma=before.sigma)])
    rated = MODEL.rate(teams, ranks=[float(r.place) for r in results])
    return {
        r.key: Rating(team[0].mu, team[0].sigma)
        for r, team in zip(results, rated, strict=True)
        if r.key is not None
    }
