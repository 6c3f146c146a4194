"""The learned value's networks: small multilayer perceptrons evaluated with numpy in float64.

Two designs share the code (`DESIGNS`):

- `shared`: one network scores each seat from its own block, the mean of its rivals' blocks and the
  table's block; the chances are the softmax of the scores over the seats still in. The same weights
  score every seat, so the value treats the seats alike by construction.
- `joint`: one network reads every block at once, in turn order from the seat asking, and gives a score
  for each seat.

A model is an ensemble of a few such networks fitted on the same games from different starts; the value
is their mean, and the lowest of them is what a bot's overrule must clear (`engine.learned.value`).

The arithmetic is float64 matrix products on one thread of a small size, and each result is rounded to
`ROUND` before it is compared, so that a game replays the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

threadpool_limits(limits=1, user_api="blas")  # one thread: the same sums in the same order on every run

Array = NDArray[np.float64]
DESIGNS = ("shared", "joint")
ROUND = 12
"""Decimal places a chance is rounded to: far below any difference a decision weighs."""


@dataclass(frozen=True, slots=True)
class Network:
    """One fitted network: its layers' weights and biases, and the inputs' mean and spread."""

    design: str
    mean: Array
    spread: Array
    layers: tuple[tuple[Array, Array], ...]

    def scores(self, inputs: Array) -> Array:
        """Return the network's output for a batch of input rows."""
        x = (inputs - self.mean) / self.spread
        last = len(self.layers) - 1
        for k, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if k < last:
                x = np.tanh(x)
        return x


def shared_inputs(blocks: Array, table: Array) -> Array:
    """Return the `shared` design's input rows: for each position (n) and seat (s), the seat's block, the mean
    of the other live seats' blocks and the table's block; shape (n, s, inputs)."""
    n, seats, _width = blocks.shape
    alive = blocks[:, :, 0:1]
    live = alive.sum(axis=1, keepdims=True)
    total = (blocks * alive).sum(axis=1, keepdims=True)
    others = (total - blocks * alive) / np.maximum(live - alive, 1.0)
    glob = np.broadcast_to(table[:, None, :], (n, seats, table.shape[1]))
    return np.concatenate([blocks, others, glob], axis=2)


def joint_inputs(blocks: Array, table: Array, first: NDArray[np.int64]) -> Array:
    """Return the `joint` design's input rows: every block in turn order from seat `first` of each position,
    and the table's block."""
    n, seats, width = blocks.shape
    order = (first[:, None] + np.arange(seats)[None, :]) % seats
    turned = np.take_along_axis(blocks, order[:, :, None], axis=1)
    return np.concatenate([turned.reshape(n, seats * width), table], axis=1)


def softmax_alive(scores: Array, alive: Array) -> Array:
    """Return each row's softmax over the seats still in (the others get 0)."""
    masked = np.where(alive > 0, scores, -np.inf)
    top = masked.max(axis=1, keepdims=True)
    raised: Array = np.where(alive > 0, np.exp(masked - top), 0.0)
    out: Array = raised / raised.sum(axis=1, keepdims=True)
    return out


def design_inputs(design: str, blocks: Array, table: Array) -> Array:
    """Return the input rows a network of `design` scores for a batch of positions given in seat order."""
    if design == "shared":
        n, seats, _ = blocks.shape
        return shared_inputs(blocks, table).reshape(n * seats, -1)
    return joint_inputs(blocks, table, np.zeros(blocks.shape[0], dtype=np.int64))


def chances(net: Network, blocks: Array, table: Array, rows: Array | None = None) -> Array:
    """Return each seat's chance to win, by one network, for a batch of positions given in seat order; shape
    (n, seats). `rows` are the network's input rows (`design_inputs`) where the caller has them already:
    the members of an ensemble of one design share them."""
    if rows is None:
        rows = design_inputs(net.design, blocks, table)
    n, seats, _ = blocks.shape
    scores = net.scores(rows)
    if net.design == "shared":
        scores = scores.reshape(n, seats)
    return softmax_alive(scores, blocks[:, :, 0])
