"""Fitting the learned value's networks (`engine.learned.network`) to positions and who went on to win.

Plain minibatch gradient descent with Adam on the cross-entropy between the network's chances and the
target chances (the winner, or a TD(lambda) mix of the winner and the model's own later values), with a
little weight decay, stopped where the held-out positions score best. Everything is numpy in float64 and
seeded, so a fit is the same on every run on one machine.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from engine.learned.network import Array, Network, joint_inputs, shared_inputs, softmax_alive

Inputs = Callable[[NDArray[np.int64]], tuple[Array, Array]]


@dataclass(frozen=True, slots=True)
class Positions:
    """Positions for fitting: every seat's block (n, seats, width), the table's block (n, width), the
    target chances (n, seats) and the game each came from (n)."""

    blocks: Array
    table: Array
    target: Array
    game: NDArray[np.int64]

    def __len__(self) -> int:
        return int(self.blocks.shape[0])

    def take(self, rows: NDArray[np.int64]) -> Positions:
        return Positions(self.blocks[rows], self.table[rows], self.target[rows], self.game[rows])


@dataclass(frozen=True, slots=True)
class Settings:
    design: str = "shared"
    hidden: tuple[int, ...] = (64, 32)
    batch: int = 256
    rate: float = 1e-3
    decay: float = 1e-5
    epochs: int = 12
    patience: int = 3
    seed: int = 0
    unknown: tuple[int, ...] = ()
    """Columns of a seat's block (the seats' level marks) cleared in half the positions of every batch, so
    that the networks also judge a table whose players are not known."""


def inputs_of(design: str, pos: Positions, rotate: NDArray[np.int64] | None = None) -> tuple[Array, Array]:
    """Return the input rows of a batch and its target chances, as the design's output is laid out; `rotate`
    turns each position of the `joint` design to start at that seat (its targets turned alike)."""
    n, seats, _ = pos.blocks.shape
    if design == "shared":
        x = shared_inputs(pos.blocks, pos.table).reshape(n * seats, -1)
        return x, pos.target
    first = rotate if rotate is not None else np.zeros(n, dtype=np.int64)
    order = (first[:, None] + np.arange(seats)[None, :]) % seats
    return joint_inputs(pos.blocks, pos.table, first), np.take_along_axis(pos.target, order, axis=1)


def alive_of(design: str, pos: Positions, rotate: NDArray[np.int64] | None = None) -> Array:
    alive = pos.blocks[:, :, 0]
    if design == "shared" or rotate is None:
        return alive
    seats = alive.shape[1]
    order = (rotate[:, None] + np.arange(seats)[None, :]) % seats
    return np.take_along_axis(alive, order, axis=1)


def initial(
    design: str, inputs: int, seats: int, settings: Settings, rng: np.random.Generator
) -> list[Array]:
    sizes = [inputs, *settings.hidden, 1 if design == "shared" else seats]
    params: list[Array] = []
    for a, b in itertools.pairwise(sizes):
        params.append(rng.normal(0.0, 1.0 / np.sqrt(a), size=(a, b)))
        params.append(np.zeros(b))
    return params


def loss_and_grad(
    params: list[Array], x: Array, target: Array, alive: Array, n: int, seats: int, design: str
) -> tuple[float, list[Array]]:
    """Return the cross-entropy of one batch, and its gradient for every parameter."""
    acts = [x]
    h = x
    layers = len(params) // 2
    for k in range(layers):
        h = h @ params[2 * k] + params[2 * k + 1]
        if k < layers - 1:
            h = np.tanh(h)
        acts.append(h)
    scores = h.reshape(n, seats)
    p = softmax_alive(scores, alive)
    loss = -float(np.sum(target * np.log(np.maximum(p, 1e-12)))) / n
    g = ((p - target) * (alive > 0)).reshape(h.shape) / n
    grads: list[Array] = [np.empty(0)] * len(params)
    for k in range(layers - 1, -1, -1):
        grads[2 * k] = acts[k].T @ g
        grads[2 * k + 1] = g.sum(axis=0)
        if k > 0:
            g = (g @ params[2 * k].T) * (1.0 - acts[k] ** 2)
    return loss, grads


def cross_entropy(net: Network, pos: Positions) -> float:
    """Return the mean cross-entropy of a network's chances against the targets."""
    from engine.learned.network import chances

    p = chances(net, pos.blocks, pos.table)
    return -float(np.mean(np.sum(pos.target * np.log(np.maximum(p, 1e-12)), axis=1)))


def fit(train: Positions, held: Positions, settings: Settings) -> tuple[Network, list[float]]:
    """Fit a network to `train`, keeping the epoch that scores best on `held`; return it and the held-out
    cross-entropy after every epoch."""
    rng = np.random.default_rng(settings.seed)
    design = settings.design
    n, seats, _ = train.blocks.shape
    x_all, _ = inputs_of(design, train)
    mean = x_all.mean(axis=0)
    spread = np.maximum(x_all.std(axis=0), 1e-3)
    del x_all
    dim = mean.shape[0]
    params = initial(design, dim, seats, settings, rng)
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    step = 0
    best: tuple[float, list[Array]] = (np.inf, [q.copy() for q in params])
    history: list[float] = []
    stale = 0
    b1, b2 = 0.9, 0.999
    for epoch in range(settings.epochs):
        order = rng.permutation(n)
        rate = settings.rate * (0.5 ** max(0, epoch - settings.epochs // 2))
        for start in range(0, n, settings.batch):
            rows = order[start : start + settings.batch]
            batch = train.take(rows)
            k = len(rows)
            if settings.unknown:
                blocks = batch.blocks.copy()
                hidden = rng.random(k) < 0.5
                for column in settings.unknown:
                    blocks[hidden, :, column] = 0.0
                batch = Positions(blocks, batch.table, batch.target, batch.game)
            rotate = rng.integers(0, seats, size=k) if design == "joint" else None
            x, target = inputs_of(design, batch, rotate)
            alive = alive_of(design, batch, rotate)
            x = (x - mean) / spread
            _, grads = loss_and_grad(params, x, target, alive, k, seats, design)
            step += 1
            for i, g in enumerate(grads):
                if i % 2 == 0:
                    g = g + settings.decay * params[i]
                m[i] = b1 * m[i] + (1 - b1) * g
                v[i] = b2 * v[i] + (1 - b2) * g * g
                mhat = m[i] / (1 - b1**step)
                vhat = v[i] / (1 - b2**step)
                params[i] -= rate * mhat / (np.sqrt(vhat) + 1e-8)
        net = as_network(design, mean, spread, params)
        score = cross_entropy(net, held)
        history.append(score)
        if score < best[0] - 1e-5:
            best = (score, [q.copy() for q in params])
            stale = 0
        else:
            stale += 1
            if stale >= settings.patience:
                break
    return as_network(design, mean, spread, best[1]), history


def as_network(design: str, mean: Array, spread: Array, params: list[Array]) -> Network:
    layers = tuple((params[2 * k].copy(), params[2 * k + 1].copy()) for k in range(len(params) // 2))
    return Network(design, mean.copy(), spread.copy(), layers)


def td_targets(values: Array, outcome: Array, lam: float) -> Array:
    """Compute TD(lambda) targets along one game's positions: `values` (t, seats) the model's chances at each
    kept position, `outcome` (seats) the result; G_t = (1 - lam) V_{t+1} + lam G_{t+1}, the last G the
    outcome."""
    t = values.shape[0]
    out = np.empty_like(values)
    ahead = outcome
    for i in range(t - 1, -1, -1):
        out[i] = ahead
        ahead = (1.0 - lam) * values[i] + lam * ahead
    return out
