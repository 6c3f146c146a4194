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
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from engine.board import board_for
from engine.learned.features import SEATS, encode, seat_names, table_names
from engine.learned.network import ROUND, Array, Network, chances
from engine.lookahead.features import Levels
from engine.tabletop import Tabletop


@dataclass(frozen=True, slots=True)
class LearnedValue:
    """One edition's packaged ensemble."""

    edition: str
    members: tuple[Network, ...]
    manifest: dict[str, Any]

    def all_chances(self, tables: Sequence[Tabletop], levels: Levels | None = None) -> Array:
        """Every member's chances for each table: shape (members, tables, seats), rounded to `ROUND`
        places. A finished game gives its winner 1. `levels` names each seat's bot level, where known."""
        blocks: list[list[list[float]]] = []
        glob: list[list[float]] = []
        for table in tables:
            b, g = encode(table, levels)
            blocks.append(b)
            glob.append(g)
        bx = np.array(blocks, dtype=np.float64)
        gx = np.array(glob, dtype=np.float64)
        out = np.stack([chances(net, bx, gx) for net in self.members])
        for k, table in enumerate(tables):
            if table.winner is not None:
                out[:, k, :] = 0.0
                out[:, k, table.winner] = 1.0
        return np.round(out, ROUND)

    def chances(self, table: Tabletop, levels: Levels | None = None) -> list[float]:
        """Each player's chance to win from this position (the ensemble's mean)."""
        mean = self.all_chances([table], levels)[:, 0, :].mean(axis=0)
        return [float(x) for x in np.round(mean[: len(table.players)], ROUND)]


@dataclass(frozen=True, slots=True)
class Judgement:
    """One seat's chance after a move by the ensemble's mean, and the least and most of its members."""

    chance: float
    low: float
    high: float


def judgements(value: LearnedValue, tables: Sequence[Tabletop], seat: int) -> list[Judgement]:
    """Seat `seat`'s chance at each table, with the ensemble's spread."""
    every = value.all_chances(tables)[:, :, seat]
    return [
        Judgement(float(every[:, k].mean()), float(every[:, k].min()), float(every[:, k].max()))
        for k in range(len(tables))
    ]


def edges(value: LearnedValue, before: Tabletop, after: Sequence[Tabletop], seat: int) -> list[Judgement]:
    """What each table of `after` changes in seat `seat`'s chance from `before`: the mean change, and the
    least and most change among the members (each member judged against its own view of `before`)."""
    every = value.all_chances([before, *after])[:, :, seat]
    diff = every[:, 1:] - every[:, :1]
    return [
        Judgement(float(diff[:, k].mean()), float(diff[:, k].min()), float(diff[:, k].max()))
        for k in range(len(after))
    ]


def learned_for(edition: str, players: int = SEATS) -> LearnedValue | None:
    """The learned value of an edition for a table of `players`, or None where there is none."""
    if players > SEATS:
        return None
    return _packaged(edition)


def manifest_of(edition: str) -> dict[str, Any] | None:
    """The packaged manifest of an edition's learned value, or None where there is none."""
    folder = resources.files("engine.data").joinpath("learned")
    entry = folder.joinpath(f"{edition}.json")
    if not entry.is_file():
        return None
    data: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
    return data


def fitted_on(edition: str) -> dict[str, list[str]]:
    """The features a model of this edition must have been fitted on: the ones worked out today."""
    board = board_for(edition)
    return {"seat_features": list(seat_names(board)), "table_features": list(table_names(board))}


@cache
def _packaged(edition: str) -> LearnedValue | None:
    manifest = manifest_of(edition)
    if manifest is None:
        return None
    if any(manifest.get(key) != names for key, names in fitted_on(edition).items()):
        return None  # fitted on other features: the linear value serves until it is trained again
    raw = resources.files("engine.data").joinpath("learned").joinpath(f"{edition}.npz").read_bytes()
    if hashlib.sha256(raw).hexdigest() != manifest.get("sha256"):
        return None
    return LearnedValue(edition, load_members(raw), manifest)


def load_members(raw: bytes) -> tuple[Network, ...]:
    """The networks kept in a numpy archive by `save_members`."""
    with np.load(io.BytesIO(raw), allow_pickle=False) as z:
        designs = [str(d) for d in z["designs"]]
        members = []
        for m, design in enumerate(designs):
            layers = []
            k = 0
            while f"m{m}_w{k}" in z.files:
                layers.append((z[f"m{m}_w{k}"].astype(np.float64), z[f"m{m}_b{k}"].astype(np.float64)))
                k += 1
            members.append(Network(design, z[f"m{m}_mean"], z[f"m{m}_spread"], tuple(layers)))
    return tuple(members)


def save_members(nets: Sequence[Network]) -> bytes:
    """The networks as a numpy archive (no pickled objects): what `load_members` reads."""
    arrays: dict[str, Array | np.ndarray[Any, Any]] = {"designs": np.array([n.design for n in nets])}
    for m, net in enumerate(nets):
        arrays[f"m{m}_mean"] = net.mean
        arrays[f"m{m}_spread"] = net.spread
        for k, (w, b) in enumerate(net.layers):
            arrays[f"m{m}_w{k}"] = w
            arrays[f"m{m}_b{k}"] = b
    out = io.BytesIO()
    np.savez_compressed(out, **arrays)  # type: ignore[arg-type]
    return out.getvalue()
