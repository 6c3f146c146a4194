"""The learned value of a position: each seat's chance to win, by an ensemble of small networks.

Fitted per edition on self-play games (`bench/train_value.py`) and packaged with a manifest in
`engine/data/learned/` (the weights as a numpy archive, the manifest as JSON: the edition, the features
the weights were fitted on, the games and seeds, the figures). An edition with no packaged model, a table
of more than four, or weights fitted on other features than `engine.learned.features` gives today has no
learned value (`learned_for` is None), and the callers keep to the fitted linear value.

The chance a seat is given is the mean of the members' chances; the least of them (`Judgement.low`) and
the most (`high`) bound how sure the ensemble is, so a bot overrules its default only where every member
agrees that the other move is better.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from engine.core.board import board_for
from engine.core.options import RuleOptions
from engine.learned.features import SEATS, seat_names, table_names

if TYPE_CHECKING:
    from engine.learned.model import LearnedValue


def learned_for(edition: str, players: int = SEATS, rules: RuleOptions | None = None) -> LearnedValue | None:
    """Return the learned value of an edition for a table of `players` playing by `rules` (the edition's own
    if None), or None where there is none. A value is fitted on games played by the edition's own rules:
    a Short Game, dealt deeds at the start and counted at its end, or any other option, is a game it
    has never seen, and the fitted linear value serves it."""
    if not _fits(players, rules):
        return None
    return _packaged(edition)


def has_learned(edition: str, players: int = SEATS, rules: RuleOptions | None = None) -> bool:
    """Whether `learned_for` gives a learned value for this table, found without loading it (nor numpy): what
    a screen's process may ask before it sends the work to a process of the pool."""
    return _fits(players, rules) and _usable(edition)


@cache
def _usable(edition: str) -> bool:
    return _raw(edition) is not None


def _fits(players: int, rules: RuleOptions | None) -> bool:
    return players <= SEATS and (rules is None or rules == _OWN_RULES)


_OWN_RULES = RuleOptions()
"""An edition's own rules, which every learned value was fitted on (made once: asked at every decision)."""


def manifest_of(edition: str) -> dict[str, Any] | None:
    """Return the packaged manifest of an edition's learned value, or None where there is none."""
    folder = resources.files("engine.data").joinpath("learned")
    entry = folder.joinpath(f"{edition}.json")
    if not entry.is_file():
        return None
    data: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
    return data


def fitted_on(edition: str) -> dict[str, list[str]]:
    """Return the features a model of this edition must have been fitted on: the ones worked out today."""
    board = board_for(edition)
    return {"seat_features": list(seat_names(board)), "table_features": list(table_names(board))}


def _raw(edition: str) -> tuple[bytes, dict[str, Any]] | None:
    """Return an edition's packaged weights and manifest, or None where there are none, or they were fitted
    on other features, or they are not the weights the manifest names."""
    manifest = manifest_of(edition)
    if manifest is None:
        return None
    if any(manifest.get(key) != names for key, names in fitted_on(edition).items()):
        return None  # fitted on other features: the linear value serves until it is trained again
    raw = resources.files("engine.data").joinpath("learned").joinpath(f"{edition}.npz").read_bytes()
    if hashlib.sha256(raw).hexdigest() != manifest.get("sha256"):
        return None
    return raw, manifest


@cache
def _packaged(edition: str) -> LearnedValue | None:
    found = _raw(edition)
    if found is None:
        return None
    from engine.learned.model import LearnedValue, load_members  # numpy, only once a value is asked for

    return LearnedValue(edition, load_members(found[0]), found[1])
