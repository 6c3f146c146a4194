"""The chance a partner accepts an offer, learned from the answers `hard` seats gave in self-play.

A logistic regression on figures of the offer from the answering seat's side: what accepting changes in
his chance and in the proposer's by the learned value (`engine.learned.model`), the groups it completes
for either side, the cash moved against the printed prices of the deeds, his cash and the game's stage.
Fitted by `bench/fit_acceptance.py` on answers given in self-play games the value was not fitted on,
and packaged with a manifest in `engine/data/learned/` (`EDITION-acceptance.json` holds the weights,
`EDITION-acceptance.manifest.json` the figures and the weights' hash). What a partner will accept is
read only from what players answered at other tables: the experience of many games, where the
expert's earlier rule had only the answers of the game at hand.

The arithmetic is plain Python floats on a few dozen weights, so no numpy is needed to use it, and the
answer is the same on every machine.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

RAW = (
    "completes_mine",
    "completes_theirs",
    "completes_theirs_street",
    "breaks_my_claim",
    "deeds_in",
    "deeds_out",
    "net_cash",
    "printed_net",
    "cash_share",
    "cash_left",
    "stage",
    "mortgaged_in",
)
"""The figures of an offer read from the table, from the answering seat's side (worked out by the bots,
which read the table: `engine.bots.judging.answer_figures`)."""

NAMES = (
    "mine",
    "mine_gain",
    "mine_low",
    "mine_high",
    "theirs",
    "theirs_gain",
    *RAW,
    "mine_x_completes_theirs",
    "theirs_x_completes_theirs",
    "net_cash_x_completes_theirs",
    "printed_net_x_completes_theirs",
    "net_cash_x_cash_share",
    "sale",
    "purchase",
)
"""The model's inputs (`terms`), in order: the changes in chance on the scale of `POINTS`."""

POINTS = 0.05
"""The changes in chance are read in units of five points."""


def terms(raw: Sequence[float], mine: float, low: float, high: float, theirs: float) -> list[float]:
    """The model's inputs (`NAMES`): the answering seat's change in chance by the value if he accepts
    (the members' mean, least and most), the proposer's, and the table's figures `raw`."""
    f = dict(zip(RAW, raw, strict=True))
    m, t = mine / POINTS, theirs / POINTS
    ct = f["completes_theirs"]
    return [
        m,
        max(m, 0.0),
        low / POINTS,
        high / POINTS,
        t,
        max(t, 0.0),
        *raw,
        m * ct,
        t * ct,
        f["net_cash"] * ct,
        f["printed_net"] * ct,
        f["net_cash"] * f["cash_share"],
        float(f["deeds_in"] > 0 and f["deeds_out"] == 0),
        float(f["deeds_out"] > 0 and f["deeds_in"] == 0),
    ]


@dataclass(frozen=True, slots=True)
class AcceptanceModel:
    """The fitted weights: each input is centred by `mean` and scaled by `spread`, then weighed; the last
    weight is the intercept."""

    mean: tuple[float, ...]
    spread: tuple[float, ...]
    weights: tuple[float, ...]

    def chance(self, inputs: Sequence[float]) -> float:
        """The chance the seat accepts, from its inputs (`terms`)."""
        z = self.weights[-1]
        for x, mu, s, w in zip(inputs, self.mean, self.spread, self.weights, strict=False):
            z += w * (x - mu) / s
        z = max(-30.0, min(30.0, z))
        return round(1.0 / (1.0 + math.exp(-z)), 12)


def as_json(model: AcceptanceModel) -> str:
    """The weights as JSON text (what `from_json` reads): floats written exactly."""
    return (
        json.dumps(
            {"names": list(NAMES), "mean": model.mean, "spread": model.spread, "weights": model.weights},
            indent=1,
        )
        + "\n"
    )


def from_json(text: str) -> AcceptanceModel | None:
    """The weights kept by `as_json`, or None where they were fitted on other inputs than `NAMES`."""
    data: dict[str, Any] = json.loads(text)
    if data.get("names") != list(NAMES):
        return None
    mean = tuple(float(x) for x in data["mean"])
    spread = tuple(float(x) for x in data["spread"])
    weights = tuple(float(x) for x in data["weights"])
    if not len(mean) == len(spread) == len(NAMES) == len(weights) - 1:
        return None
    return AcceptanceModel(mean, spread, weights)


def manifest_of(edition: str) -> dict[str, Any] | None:
    """The packaged manifest of an edition's acceptance model, or None where there is none."""
    entry = resources.files("engine.data").joinpath("learned").joinpath(f"{edition}-acceptance.manifest.json")
    if not entry.is_file():
        return None
    data: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
    return data


@cache
def acceptance_for(edition: str) -> AcceptanceModel | None:
    """The packaged acceptance model of an edition, or None where there is none, where its weights do not
    match the manifest's hash, or where it was fitted with another learned value than the packaged one."""
    manifest = manifest_of(edition)
    if manifest is None:
        return None
    folder = resources.files("engine.data").joinpath("learned")
    raw = folder.joinpath(f"{edition}-acceptance.json").read_bytes()
    if hashlib.sha256(raw).hexdigest() != manifest.get("sha256"):
        return None
    value = folder.joinpath(f"{edition}.npz")
    if not value.is_file() or hashlib.sha256(value.read_bytes()).hexdigest() != manifest.get("value_sha256"):
        return None  # the changes in chance it reads were the value's: another value, another scale
    return from_json(raw.decode("utf-8"))
