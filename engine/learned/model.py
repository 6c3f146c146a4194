"""The learned value's ensemble: each seat's chance to win by the mean of its networks, and their spread.

What `engine.learned.value.learned_for` gives. Kept apart from it so that numpy is imported only when a
learned value is first asked for, not whenever the bots or the look-ahead are imported.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.core.tabletop import Tabletop
from engine.learned.features import encode
from engine.learned.network import ROUND, Array, Network, chances, design_inputs
from engine.lookahead.features import Levels


@dataclass(frozen=True, slots=True)
class LearnedValue:
    """One edition's packaged ensemble."""

    edition: str
    members: tuple[Network, ...]
    manifest: dict[str, Any]

    def all_chances(self, tables: Sequence[Tabletop], levels: Levels | None = None) -> Array:
        """Return every member's chances for each table: shape (members, tables, seats), rounded to `ROUND`
        places. A finished game gives its winner 1. `levels` names each seat's bot level, where known."""
        blocks: list[list[list[float]]] = []
        glob: list[list[float]] = []
        for table in tables:
            b, g = encode(table, levels)
            blocks.append(b)
            glob.append(g)
        bx = np.array(blocks, dtype=np.float64)
        gx = np.array(glob, dtype=np.float64)
        rows = {design: design_inputs(design, bx, gx) for design in {net.design for net in self.members}}
        out = np.stack([chances(net, bx, gx, rows[net.design]) for net in self.members])
        for k, table in enumerate(tables):
            if table.winner is not None:
                out[:, k, :] = 0.0
                out[:, k, table.winner] = 1.0
        return np.round(out, ROUND)

    def chances(self, table: Tabletop, levels: Levels | None = None) -> list[float]:
        """Return each player's chance to win from this position (the ensemble's mean)."""
        mean = self.all_chances([table], levels)[:, 0, :].mean(axis=0)
        return [float(x) for x in np.round(mean[: len(table.players)], ROUND)]


@dataclass(frozen=True, slots=True)
class Judgement:
    """One seat's chance after a move by the ensemble's mean, and the least and most of its members."""

    chance: float
    low: float
    high: float


def judgements(value: LearnedValue, tables: Sequence[Tabletop], seat: int) -> list[Judgement]:
    """Return seat `seat`'s chance at each table, with the ensemble's spread."""
    every = value.all_chances(tables)[:, :, seat]
    return [
        Judgement(float(every[:, k].mean()), float(every[:, k].min()), float(every[:, k].max()))
        for k in range(len(tables))
    ]


def edges(value: LearnedValue, before: Tabletop, after: Sequence[Tabletop], seat: int) -> list[Judgement]:
    """Return what each table of `after` changes in seat `seat`'s chance from `before`: the mean change, and
    the least and most change among the members (each member judged against its own view of `before`)."""
    every = value.all_chances([before, *after])[:, :, seat]
    diff = every[:, 1:] - every[:, :1]
    return [
        Judgement(float(diff[:, k].mean()), float(diff[:, k].min()), float(diff[:, k].max()))
        for k in range(len(after))
    ]


def load_members(raw: bytes) -> tuple[Network, ...]:
    """Load the networks stored in a numpy archive by `save_members`."""
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
    """Return the networks as a numpy archive (no pickled objects): what `load_members` reads."""
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
