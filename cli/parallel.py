"""Headless runs split across processes: the games of a run are cut into slices of consecutive games,
played by a pool of worker processes, and put back together in order, so that the result is exactly the
one a single process gives (every game depends only on its own seed)."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, Protocol, TypeVar

from room.heap import settle


class Mergeable(Protocol):
    def merge(self, other: Any) -> None: ...


R = TypeVar("R", bound=Mergeable)

SLICE_MOST = 250
SLICES_PER_JOB = 8  # small enough slices keep every core busy to the end and the progress bar moving


def default_jobs() -> int:
    """Return the number of cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def slices(games: int, jobs: int) -> list[tuple[int, int]]:
    """Return (first game, games) for each slice of a run of `games` shared by `jobs` processes."""
    size = max(1, min(SLICE_MOST, -(-games // (jobs * SLICES_PER_JOB))))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def settled(work: Callable[[int, int], R], first: int, count: int) -> R:
    """Run one slice in a worker, once the work's modules are loaded and the heap frozen (see `room.heap`)."""
    settle()
    return work(first, count)


def _in_turn(
    parts: list[tuple[int, int]], work: Callable[[int, int], R], progress: Callable[[int], None] | None
) -> R:
    """Run the slices one after another in this process, reporting to `progress` as each ends (a run split in
    slices gives exactly the figures of one run: the parallel run relies on it too)."""
    merged: R | None = None
    done = 0
    for first, count in parts:
        part = work(first, count)
        if merged is None:
            merged = part
        else:
            merged.merge(part)
        done += count
        if progress is not None:
            progress(done)
    assert merged is not None  # a run has at least one game
    return merged


def play(
    games: int,
    jobs: int,
    work: Callable[[int, int], R],
    progress: Callable[[int], None] | None = None,
) -> R:
    """Run `work(first, count)` for every slice on `jobs` processes (in this one when `jobs` is 1), merged in
    order. `work` must be a module-level function (or a `functools.partial` of one) for the workers."""
    parts = slices(games, jobs)
    if jobs <= 1 or len(parts) <= 1:
        settle()
        return _in_turn(slices(games, 1), work, progress)
    done = 0
    results: dict[int, R] = {}
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing inherited but the work
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures: dict[Future[R], int] = {
            pool.submit(settled, work, first, count): i for i, (first, count) in enumerate(parts)
        }
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            done += parts[index][1]
            if progress is not None:
                progress(done)
    merged = results[0]
    for i in range(1, len(parts)):
        merged.merge(results[i])
    return merged
