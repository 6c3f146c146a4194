"""Fitting the value of positions: the weights of the conditional logit (`engine.lookahead.value`) that
make the winners of many finished games as likely as can be, with a little ridge to keep them modest.

Plain Python, so that fitting needs nothing beyond the engine and gives the same weights everywhere:
limited-memory BFGS with a backtracking line search, started from the worth share.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import mul

from engine.lookahead.value import worth_share


@dataclass(frozen=True, slots=True)
class Sample:
    """One position: each player's figures (`features.design`), who was still in, and who went on to win."""

    rows: tuple[tuple[float, ...], ...]
    alive: tuple[bool, ...]
    winner: int


def loss(weights: Sequence[float], samples: Sequence[Sample], ridge: float) -> tuple[float, list[float]]:
    """Return the mean negative log-likelihood of the winners plus the ridge, and its gradient."""
    k = len(weights)
    grad = [0.0] * k
    total = 0.0
    for s in samples:
        scores = [
            sum(map(mul, weights, row)) if a else -math.inf for row, a in zip(s.rows, s.alive, strict=True)
        ]
        top = max(scores)
        raised = [math.exp(x - top) if x != -math.inf else 0.0 for x in scores]
        norm = sum(raised)
        total -= scores[s.winner] - top - math.log(norm)
        for p, row in enumerate(s.rows):
            if not s.alive[p]:
                continue
            pull = raised[p] / norm - (1.0 if p == s.winner else 0.0)
            if pull:
                for j in range(k):
                    grad[j] += pull * row[j]
    n = max(1, len(samples))
    value = total / n + ridge * sum(w * w for w in weights)
    return value, [g / n + 2 * ridge * w for g, w in zip(grad, weights, strict=True)]


def fit(
    samples: Sequence[Sample],
    ridge: float = 1e-4,
    iterations: int = 300,
    tolerance: float = 1e-7,
    progress: Callable[[int, float], None] | None = None,
) -> tuple[float, ...]:
    """Return the fitted weights, started from the worth share."""
    return lbfgs(lambda w: loss(w, samples, ridge), list(worth_share()), iterations, tolerance, progress)


def lbfgs(
    f: Callable[[list[float]], tuple[float, list[float]]],
    x: list[float],
    iterations: int,
    tolerance: float,
    progress: Callable[[int, float], None] | None = None,
    memory: int = 10,
) -> tuple[float, ...]:
    """Minimise a smooth function given with its gradient, by limited-memory BFGS."""
    value, grad = f(x)
    steps: list[tuple[list[float], list[float], float]] = []  # (s, y, 1 / y.s)
    for it in range(iterations):
        direction = _two_loop(grad, steps)
        slope = _dot(grad, direction)
        if slope >= 0:  # not a descent direction: start the memory afresh
            steps.clear()
            direction = [-g for g in grad]
            slope = _dot(grad, direction)
        step = 1.0
        while True:
            trial = [xi + step * di for xi, di in zip(x, direction, strict=True)]
            new_value, new_grad = f(trial)
            if new_value <= value + 1e-4 * step * slope or step < 1e-10:
                break
            step *= 0.5
        s = [t - xi for t, xi in zip(trial, x, strict=True)]
        y = [a - b for a, b in zip(new_grad, grad, strict=True)]
        ys = _dot(y, s)
        if ys > 1e-12:
            steps.append((s, y, 1.0 / ys))
            if len(steps) > memory:
                steps.pop(0)
        done = abs(value - new_value) <= tolerance * max(1.0, abs(value))
        x, value, grad = trial, new_value, new_grad
        if progress is not None:
            progress(it + 1, value)
        if done:
            break
    return tuple(x)


def _two_loop(grad: list[float], steps: list[tuple[list[float], list[float], float]]) -> list[float]:
    """Return the quasi-Newton direction from the remembered steps."""
    q = list(grad)
    alphas: list[float] = []
    for s, y, rho in reversed(steps):
        a = rho * _dot(s, q)
        alphas.append(a)
        q = [qi - a * yi for qi, yi in zip(q, y, strict=True)]
    if steps:
        s, y, _ = steps[-1]
        gamma = _dot(s, y) / _dot(y, y)
        q = [gamma * qi for qi in q]
    for (s, y, rho), a in zip(steps, reversed(alphas), strict=True):
        b = rho * _dot(y, q)
        q = [qi + (a - b) * si for qi, si in zip(q, s, strict=True)]
    return [-qi for qi in q]


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return float(sum(map(mul, a, b)))
