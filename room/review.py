"""Post-game review: each player's win chance and net worth over the game, who paid whom, and the moves that
changed the chances most, described in text.

Working out the chance at every turn of a long game is costly (a hundred playouts a position, and a
hundred positions or more), so the review is worked out in stages on a pool of processes
(`room.chances.ChancesPool`), never in the process that draws the screen, and told to its watchers as it
comes in:

1. `survey`: the game played again from its start, once: where each turn began, every player's net
   worth there, and the money that went between the players (rent, taxes, trades);
2. the curve (`judge_positions`): the chances at the start of every turn, from few playouts each, a few
   turns to a piece of work so that progress can be shown, and no more pieces at a time than the pool
   has processes (the tables' chances panels get their turn meanwhile);
3. the turning points (`room.turning_points`): every decision of the game (a purchase, an auction, a trade,
   houses built, a bankruptcy...), each judged against the alternative its player had, and those that
   changed the chances most beyond their error, told by what they changed; this piece is handed out
   first, as it is quick where the edition has a learned value.

Every figure uses the same analysis seed, so two positions in a row differ by what happened between them,
not by the luck of their playouts. The functions that run in the pool take the game as a `Source` (where
it began and the commands played), which is all a process needs to play any position of it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Literal, Protocol

from engine import Command, Game, GameState, GameView
from engine.chances import Chances, chances, estimate
from engine.core.events import Event
from room.board_words import edition_name
from room.chances import SEED, ChancesPool, levels_of
from room.room import Room
from room.turning_points import (
    MOVE_PLAYOUTS,
    Appraiser,
    Judged,
    costliest,
    judge_decisions,
    learned,
    turning_points,
)
from room.turning_points import Step as Step  # a turning point, as the front ends show it
from translation import _, ngettext
from translation.listeners import held

log = logging.getLogger(__name__)

CURVE_PLAYOUTS = 100
"""Playouts a position of the curve is worked out from, where the edition's value needs playouts: few,
since there is one a turn; more, up to `CURVE_MOST`, where their interval is wider than `CURVE_WITHIN`.
With their luck taken out (`engine.lookahead.luck`), 100 to 150 move the curve less than 100 to 300 did
without it, for less CPU (`bench/chance_luck.py`; docs/chances.md gives the figures)."""
CURVE_MOST = 150
CURVE_WITHIN = 0.015
"""Half the widest interval a position of the curve is worked out to, playouts allowing: the curve then
moves by its luck a point at most on average (`bench/chance_luck.py`)."""
POSITIONS_MOST = 200
"""The curve has at most this many positions: a longer game is sampled evenly, its last turn always."""
PER_PIECE = 4
"""Positions of the curve in one piece of work (the progress moves on a piece at a time)."""

TAX_KINDS = frozenset({"tax_paid", "paid_into_box", "paid_to_bank", "bank_fee_paid", "jail_fine_paid"})
"""Money paid to the bank (or its boxes) that counts as taxes and fees in who paid whom."""


class Judge(Protocol):
    """Type of a function returning each player's chance from a position: `engine.chances.chances`,
    or a test double."""

    def __call__(
        self, view: GameView, playouts: int, seed: int, *, levels: Sequence[str | None] | None
    ) -> Chances: ...


def look_ahead(view: GameView, playouts: int, seed: int, *, levels: Sequence[str | None] | None) -> Chances:
    """Return the look-ahead's estimate (the judge of every review except the screenshot tests')."""
    return chances(view, playouts, seed, levels=levels)


def curve_look_ahead(
    view: GameView, playouts: int, seed: int, *, levels: Sequence[str | None] | None
) -> Chances:
    """Return the estimate of a position of the curve: worked out as the chances panel works it out."""
    return estimate(view, playouts, seed, levels, within=CURVE_WITHIN, most=CURVE_MOST)


def taken_back(title: str, takebacks: int) -> str:
    """Return a game's title, marked when moves were taken back in it."""
    if not takebacks:
        return title
    return ngettext(
        "{title} (moves taken back {n} time)", "{title} (moves taken back {n} times)", takebacks, title=title
    )


@dataclass(frozen=True)
class Source:
    """A game to review: where it began, every command played since, and who sat where."""

    title: str
    initial: GameState
    log: tuple[Command, ...]
    names: tuple[str, ...]
    levels: tuple[str | None, ...]  # each seat's bot level, None for a person

    @classmethod
    def of_game(cls, game: Game, levels: Sequence[str | None], title: str) -> Source:
        return cls(
            title,
            game.initial.copy(),
            tuple(game.log),
            tuple(p.name for p in game.state.players),
            tuple(levels),
        )

    @classmethod
    def of_room(cls, room: Room) -> Source:
        """Build the source of the game at a table, as it stands: titled by its edition and its players."""
        initial, log = room.record()
        title = taken_back(f"{edition_name(room.board.edition)}: {', '.join(room.names)}", room.takebacks)
        return cls(title, initial, log, tuple(room.names), tuple(levels_of(room)))

    def replay(self) -> Game:
        return Game.from_state(self.initial)


@dataclass(frozen=True)
class Survey:
    """The results of one replay of the game: the positions of the curve, the worth there, who paid whom."""

    edition: str
    positions: tuple[int, ...]  # commands played before each position of the curve
    turns: tuple[float, ...]  # turns played at each (the last one's whole when the game is over)
    worth: tuple[tuple[int, ...], ...]  # each player's net worth at each position
    paid: tuple[tuple[int, ...], ...]  # paid[a][b]: what player a paid player b; paid[a][-1]: taxes and fees
    winner: int | None
    turns_played: int


Stage = Literal["surveying", "curve", "moves", "done", "failed"]


@dataclass(frozen=True)
class Review:
    """A review as computed so far: what the screen shows, and how far along it is."""

    title: str
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    stage: Stage = "surveying"
    survey: Survey | None = None
    curve: tuple[Chances | None, ...] = ()
    moves: tuple[Step, ...] = ()  # the turning points
    costliest: tuple[Step | None, ...] = ()  # each player's decision that cost him most, if any
    exact: bool = True  # the decisions were judged by a value without luck, not by playouts
    judged: bool = False  # the decisions are judged
    problem: str | None = None

    @property
    def done(self) -> bool:
        return self.stage in ("done", "failed")

    @property
    def progress(self) -> tuple[int, int]:
        """Return (work done, total work): the curve's positions, and the decisions as one piece."""
        total = len(self.curve) + 1
        done = sum(1 for c in self.curve if c is not None) + self.judged
        return done, max(total, 1)


# --- the work done in the pool's processes ---------------------------------------------------------------


def _worth(game: Game) -> tuple[int, ...]:
    ending = game.ruleset.ending
    return tuple(0 if p.bankrupt else ending.worth(game, i) for i, p in enumerate(game.state.players))


def count_payments(paid: list[list[int]], events: Sequence[Event]) -> None:
    """Add to `paid` the money the events moved between players, and the taxes and fees (last column)."""
    for e in events:
        deltas = e.deltas()
        if len(deltas) == 2:
            (a, da), (b, db) = deltas
            if da < 0 < db:
                paid[a][b] += db
            elif db < 0 < da:
                paid[b][a] += da
        elif len(deltas) == 1 and e.kind in TAX_KINDS and deltas[0][1] < 0:
            paid[deltas[0][0]][-1] -= deltas[0][1]


def survey(source: Source) -> Survey:
    """Play the game again once, noting where each turn began and who paid whom."""
    game = source.replay()
    st = game.state
    players = len(st.players)
    positions = [0]
    turns: list[float] = [float(st.turn)]
    worth = [_worth(game)]
    paid = [[0] * (players + 1) for _ in range(players)]
    for i, cmd in enumerate(source.log):
        count_payments(paid, game.apply(cmd))
        if st.turn != turns[-1]:
            positions.append(i + 1)
            turns.append(float(st.turn))
            worth.append(_worth(game))
    if positions[-1] != len(source.log):  # where the game stands (or ended)
        positions.append(len(source.log))
        turns.append(st.turn + (1.0 if st.winner is not None else 0.5))
        worth.append(_worth(game))
    return Survey(
        st.edition,
        tuple(positions),
        tuple(turns),
        tuple(worth),
        tuple(tuple(row) for row in paid),
        st.winner,
        st.turn + 1,
    )


def sampled(survey: Survey, most: int = POSITIONS_MOST) -> Survey:
    """Return the survey thinned to at most `most` evenly spread positions, keeping the first and the last."""
    n = len(survey.positions)
    if n <= most:
        return survey
    keep = sorted({round(i * (n - 1) / (most - 1)) for i in range(most)})
    return replace(
        survey,
        positions=tuple(survey.positions[i] for i in keep),
        turns=tuple(survey.turns[i] for i in keep),
        worth=tuple(survey.worth[i] for i in keep),
    )


def judge_positions(
    source: Source, positions: Sequence[int], playouts: int, seed: int, judge: Judge = look_ahead
) -> list[Chances]:
    """Compute the chances at each position (commands played before it, in order), from `playouts` each."""
    game = source.replay()
    out: list[Chances] = []
    played = 0
    for at in positions:
        while played < at:
            game.apply(source.log[played])
            played += 1
        out.append(judge(game.view(None), playouts, seed, levels=source.levels))
    return out


# --- the work, handed out and gathered on the event loop ----------------------------------------------


Listener = Callable[[Review], None]


@dataclass
class _Queue:
    """A queue of work waiting for the pool: no more than `room` at a time in it."""

    room: int
    waiting: list[Callable[[], None]] = field(default_factory=list)
    running: int = 0


class ReviewJob:
    """A game's review, computed on `pool` when first watched and delivered to every watcher as it
    progresses."""

    def __init__(
        self,
        source: Source,
        pool: ChancesPool,
        curve_playouts: int = CURVE_PLAYOUTS,
        move_playouts: int = MOVE_PLAYOUTS,
        seed: int = SEED,
        judge: Judge = look_ahead,
        appraise: Appraiser = learned,
    ) -> None:
        self.source = source
        self.pool = pool
        self.curve_playouts = curve_playouts
        self.move_playouts = move_playouts
        self.seed = seed
        self.judge = judge
        self.appraise = appraise
        self.curve_judge = curve_look_ahead if judge is look_ahead else judge
        self._review = Review(source.title, source.names, source.levels)
        self._listeners: list[Listener] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue = _Queue(max(1, pool.processes))
        self._started = False

    @property
    def review(self) -> Review:
        return self._review

    def watch(self, listener: Listener) -> Callable[[], None]:
        """Subscribe to the review's progress (the current state is delivered at once); the first watcher
        starts it. The watcher is told of it in its own language (`translation.listeners.held`), wherever the
        pieces of the work come back from."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        listener = held(listener)
        self._listeners.append(listener)
        listener(self._review)
        if not self._started:
            self._started = True
            self._send(partial(survey, self.source), self._surveyed)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def _tell(self, review: Review) -> None:
        self._review = review
        for listener in list(self._listeners):
            try:
                listener(review)
            except Exception:
                log.exception("a review watcher failed")

    def _send(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        """Run `work` in the pool once there is room for it, then `then(result)` on the loop."""
        queue = self._queue

        def go() -> None:
            queue.running += 1
            try:
                future = self.pool.submit(work)
            except Exception as exc:
                self._failed(exc)
                return
            loop = self._loop
            assert loop is not None
            future.add_done_callback(partial(_come_back, loop, partial(self._came_back, then)))

        if queue.running < queue.room:
            go()
        else:
            queue.waiting.append(go)

    def _came_back(self, then: Callable[[Any], None], future: Future[Any]) -> None:
        queue = self._queue
        queue.running -= 1
        if self._review.stage == "failed":
            return
        try:
            result = future.result()
        except Exception as exc:
            self._failed(exc)
            return
        then(result)
        if queue.waiting and queue.running < queue.room:
            queue.waiting.pop(0)()

    def _failed(self, exc: BaseException) -> None:
        log.warning("the review could not be worked out: %s", exc)
        self._queue.waiting.clear()
        self._tell(replace(self._review, stage="failed", problem=_("The review could not be worked out.")))

    # --- the stages ---------------------------------------------------------------------------

    def _surveyed(self, found: Survey) -> None:
        found = sampled(found)
        n = len(found.positions)
        self._tell(replace(self._review, stage="curve", survey=found, curve=(None,) * n))
        source = self.source
        decided = partial(
            judge_decisions,
            source.initial,
            source.log,
            source.names,
            source.levels,
            self.move_playouts,
            self.seed,
            self.appraise,
        )
        self._send(decided, self._decisions_judged)
        for first in range(0, n, PER_PIECE):
            piece = found.positions[first : first + PER_PIECE]
            work = partial(judge_positions, source, piece, self.curve_playouts, self.seed, self.curve_judge)
            self._send(work, partial(self._judged, first))

    def _judged(self, first: int, figures: list[Chances]) -> None:
        curve = list(self._review.curve)
        curve[first : first + len(figures)] = figures
        self._tell(self._staged(replace(self._review, curve=tuple(curve))))

    def _decisions_judged(self, judged: Judged) -> None:
        review = self._review
        moves = turning_points(judged.steps)
        worst = costliest(judged.steps, len(review.names))
        self._tell(
            self._staged(replace(review, moves=moves, costliest=worst, exact=judged.exact, judged=True))
        )

    @staticmethod
    def _staged(review: Review) -> Review:
        """Return the review at the stage its work has reached: the curve, the turning points, or done."""
        if any(c is None for c in review.curve):
            return replace(review, stage="curve")
        return replace(review, stage="done" if review.judged else "moves")


def _come_back(
    loop: asyncio.AbstractEventLoop, then: Callable[[Future[Any]], None], future: Future[Any]
) -> None:
    """Pool-thread callback for finished work: continue on the event loop."""
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is left to tell
        loop.call_soon_threadsafe(then, future)
