"""The value of a position: each player's chance to win, from the figures of `engine.lookahead.features`.

A weighted sum of a player's figures scores him, and the chances are the scores' softmax over the players
still in the game (a conditional logit). The weights are fitted, per edition, to who went on to win in
many games between the bots (`bench/fit_value.py` writes them; they are packaged in
`engine/data/value.json`, as the landing odds are). An edition with no figures of its own (one made for
a test, say) is valued by each player's share of the table's worth: a weight of one on the logarithm of
worth, and nothing else, is exactly that share.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import mul
from typing import Any

from engine.core.tabletop import Tabletop
from engine.lookahead.features import LEVELS, NAMES, STAGE_CAP, STAGE_ROUNDS, WIDTH, Levels, design


@dataclass(frozen=True, slots=True)
class ValueModel:
    """The fitted weights of one edition (`WIDTH` of them, in the order `features.design` gives)."""

    edition: str
    weights: tuple[float, ...]
    alone: bool = False
    """Whether these weights alone judge as well as playouts ending on them, as measured on unseen games of
    the edition (`bench/analysis.py --playouts 0 --value linear`, written into the edition's entry of
    `engine/data/value.json` as `"alone": true`; fitting the weights again drops it until it is measured
    again): the views then show the value of a position with no playouts (`engine.chances`)."""

    def chances(self, table: Tabletop, levels: Levels | None = None) -> list[float]:
        """Return each player's chance to win from this position: 1 for the winner of a finished game, 0 for a
        player out of it. `levels` names each seat's bot level (None for a person), where known."""
        if table.winner is not None:
            return [1.0 if p == table.winner else 0.0 for p in range(len(table.players))]
        rows, alive = design(table, levels)
        return softmax(self.weights, rows, alive)


def softmax(weights: Sequence[float], rows: Sequence[Sequence[float]], alive: Sequence[bool]) -> list[float]:
    """Return the conditional logit: each live player's exp(score), over their sum."""
    scores = [
        sum(map(mul, weights, row)) if a else 0.0  # summed in the same order as a loop would
        for row, a in zip(rows, alive, strict=True)
    ]
    top = max((s for s, a in zip(scores, alive, strict=True) if a), default=0.0)
    raised = [math.exp(s - top) if a else 0.0 for s, a in zip(scores, alive, strict=True)]
    total = sum(raised) or 1.0
    return [r / total for r in raised]


def worth_share() -> tuple[float, ...]:
    """Return the weights that give each player his share of the table's worth."""
    weights = [0.0] * WIDTH
    weights[NAMES.index("log_worth")] = 1.0
    return tuple(weights)


@cache
def model_for(edition: str) -> ValueModel:
    """Return the value model of an edition: its own figures, or the worth share."""
    entry = packaged().get(edition)
    if entry is None:
        return ValueModel(edition, worth_share())
    return ValueModel(edition, tuple(float(w) for w in entry["weights"]), bool(entry.get("alone", False)))


@cache
def packaged() -> dict[str, dict[str, Any]]:
    """Return the fitted figures per edition, as packaged; refused if they were fitted on other features."""
    text = resources.files("engine.data").joinpath("value.json").read_text(encoding="utf-8")
    return checked(json.loads(text))


def fitted_on() -> dict[str, Any]:
    """Return what a value file's weights mean, as written at its head: the figures, the seats' marks and the
    stage's scale and cap. Weights fitted under another head are refused (`checked`)."""
    return {
        "features": list(NAMES),
        "levels": list(LEVELS),
        "stage_rounds": STAGE_ROUNDS,
        "stage_cap": STAGE_CAP,
    }


def same_head(data: dict[str, Any]) -> bool:
    """Whether a value file's weights were fitted on the figures as they are now."""
    return all(data.get(key) == value for key, value in fitted_on().items())


def checked(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return the figures per edition of a value file, refused if they were fitted on other features."""
    if not same_head(data):
        raise ValueError("engine/data/value.json was fitted on other features: fit it again")
    editions: dict[str, dict[str, Any]] = data["editions"]
    for name, entry in editions.items():
        if len(entry["weights"]) != WIDTH:
            raise ValueError(
                f"engine/data/value.json: {name} has {len(entry['weights'])} weights, not {WIDTH}"
            )
    return editions
