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
3. the turning points (`judge_moves`): the turns where the curve moved most are played again move by
   move, with more playouts a position, and the moves that changed the chances most are kept, each with
   what happened in words and a bot's own reason where it gave one.

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
from engine.core.events import (
    DealAccepted,
    DealCompleted,
    DealRejected,
    Event,
    LoanRejected,
    LoanTaken,
    TradeCompleted,
    TradeRejected,
)
from engine.core.narration import narrate
from engine.core.phrases import N_, Phrase
from engine.lookahead.chances import Chances, chances, estimate
from room.chances import SEED, ChancesPool, levels_of
from room.room import Room
from translation import _, ngettext

log = logging.getLogger(__name__)

CURVE_PLAYOUTS = 100
"""Playouts a position of the curve is worked out from, where the edition has no learned value: few, since
there is one a turn; more, up to `CURVE_MOST`, where their interval is wider than `CURVE_WITHIN`."""
CURVE_MOST = 300
CURVE_WITHIN = 0.015
"""Half the widest interval a position of the curve is worked out to, playouts allowing: the curve then
moves by its luck a point at most on average (`bench/chance_luck.py`)."""
MOVE_PLAYOUTS = 200
"""Playouts a position of a turning point is worked out from: more, where it matters."""
POSITIONS_MOST = 200
"""The curve has at most this many positions: a longer game is sampled evenly, its last turn always."""
PER_PIECE = 4
"""Positions of the curve in one piece of work (the progress moves on a piece at a time)."""
TURNS_LOOKED_INTO = 5
"""The turns where the curve moved most that are played again move by move."""
KEPT_MOST = 5
KEPT_LEAST = 3
SMALL = 0.01
"""A move that moved the chances less than this (a point) is not a turning point, beyond the first three."""
EVENTS_TOLD = 5
"""At most this many events of a move in words; the rest are counted."""

QUIET_KINDS = frozenset(
    {
        "turn_started",
        "bid_placed",
        "auction_passed",
        "property_offered",
        "trade_proposed",
        "deal_proposed",
        "deal_accepted",
        "lot_offered",
    }
)
"""Events that a turning point is told without: the steps to what changed, not the change."""
STILL_KINDS = frozenset(
    {
        *QUIET_KINDS,
        "dice_rolled",
        "auction_started",
        "trade_rejected",
        "trade_cancelled",
        "deal_rejected",
        "deal_cancelled",
    }
)
"""Events that change nothing on the table by themselves: a move made only of these is told with the
next one (a bid is part of the auction it ends in)."""
TAX_KINDS = frozenset({"tax_paid", "paid_into_box", "paid_to_bank", "bank_fee_paid", "jail_fine_paid"})
"""Money paid to the bank (or its boxes) that counts as taxes and fees in who paid whom."""


class Judge(Protocol):
    """Type of a function returning each player's chance from a position: `engine.lookahead.chances.chances`,
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
        title = taken_back(f"{room.board.edition.name}: {', '.join(room.names)}", room.takebacks)
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


@dataclass(frozen=True)
class Step:
    """One move of a turn looked into: who made it, what happened, and the chances before and after."""

    turn: int
    seat: int
    lines: tuple[str | Phrase, ...]
    """What happened, as the narration phrases it; worked out in another process, so a phrase where it can
    be (said in the reader's language when shown, `room.review_words.what_happened`)."""
    reasons: tuple[tuple[int, str], ...]  # (bot seat, its reason in its own words)
    before: tuple[float, ...]
    after: tuple[float, ...]
    material: bool = True  # something changed on the table (not only a turn passed on)
    said: tuple[object, ...] = ()  # the lines as phrases, said in each reader's language (`lines`: English)

    @property
    def swing(self) -> float:
        """Return how far the move shifted the chances: half the sum of every player's change (0 to 1)."""
        return sum(abs(a - b) for a, b in zip(self.after, self.before, strict=True)) / 2


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
    looked_into: int = 0  # turns played again move by move so far
    looking_into: int = 0  # of these
    moves: tuple[Step, ...] = ()
    problem: str | None = None

    @property
    def done(self) -> bool:
        return self.stage in ("done", "failed")

    @property
    def progress(self) -> tuple[int, int]:
        """Return (work done, total work): the curve's positions and the turns looked into."""
        total = len(self.curve) + self.looking_into
        done = sum(1 for c in self.curve if c is not None) + self.looked_into
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


def _still(events: Sequence[Event]) -> bool:
    return all(e.kind in STILL_KINDS for e in events)


def judge_moves(
    source: Source,
    first: int,
    last: int,
    turn: int,
    playouts: int,
    seed: int,
    judge: Judge = look_ahead,
) -> list[Step]:
    """Return the moves of commands `first` to `last` (one turn), each with the chances before and after it. A
    command that changes nothing on the table by itself (a bid, a throw before the move it makes) is merged
    with the next one."""
    game = source.replay()
    for cmd in source.log[:first]:
        game.apply(cmd)
    board = game.board
    names = source.names

    def wins() -> tuple[float, ...]:
        figure = judge(game.view(None), playouts, seed, levels=source.levels)
        return tuple(c.win for c in figure.players)

    steps: list[Step] = []
    before = wins()
    gathered: list[Event] = []
    for i in range(first, last):
        cmd = source.log[i]
        gathered.extend(game.apply(cmd))
        if _still(gathered) and i < last - 1:
            continue
        after = wins()
        told = [e for e in gathered if e.kind not in QUIET_KINDS] or gathered
        said: list[object] = [narrate(e, names, board) for e in told]
        if len(said) > EVENTS_TOLD:
            said = [*said[:EVENTS_TOLD], Phrase(N_("... and {count} more"), count=len(said) - EVENTS_TOLD)]
        lines = [str(line) for line in said]
        reasons = _reasons(gathered, source.levels)
        material = not _still(gathered) or bool(reasons)
        steps.append(Step(turn, cmd.player, tuple(lines), reasons, before, after, material, tuple(said)))
        before = after
        gathered = []
    return steps


def _reasons(events: Sequence[Event], levels: Sequence[str | None]) -> tuple[tuple[int, str], ...]:
    """Return the reasons the bots that answered an offer gave for their answers."""
    out: list[tuple[int, str]] = []
    for e in events:
        who: int | None
        if isinstance(e, TradeCompleted):
            who = e.trade.to
        elif isinstance(e, DealCompleted):
            who = e.deal.parties[-1]  # the last to accept
        elif isinstance(e, LoanTaken):
            who = e.loan.lender
        elif isinstance(e, TradeRejected | LoanRejected | DealRejected | DealAccepted):
            who = e.player
        else:
            continue
        if e.reason and who is not None and 0 <= who < len(levels) and levels[who] is not None:
            out.append((who, e.reason))
    return tuple(out)


def turning_points(steps: Sequence[Step]) -> tuple[Step, ...]:
    """Return the three to five moves that shifted the chances most, in the order they were played."""
    ranked = sorted((s for s in steps if s.material), key=lambda s: -s.swing)
    kept = [s for i, s in enumerate(ranked[:KEPT_MOST]) if i < KEPT_LEAST or s.swing >= SMALL]
    order = {id(s): i for i, s in enumerate(steps)}
    return tuple(sorted(kept, key=lambda s: (s.turn, order[id(s)])))


def turns_to_look_into(survey: Survey, curve: Sequence[Chances], most: int = TURNS_LOOKED_INTO) -> list[int]:
    """Return the stretches of the curve (by their first position) where the chances moved most."""
    moved = []
    for k in range(len(curve) - 1):
        a, b = curve[k], curve[k + 1]
        swing = sum(abs(x.win - y.win) for x, y in zip(a.players, b.players, strict=True)) / 2
        if survey.positions[k + 1] > survey.positions[k]:
            moved.append((swing, k))
    moved.sort(key=lambda m: -m[0])
    return sorted(k for _, k in moved[:most])


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
    ) -> None:
        self.source = source
        self.pool = pool
        self.curve_playouts = curve_playouts
        self.move_playouts = move_playouts
        self.seed = seed
        self.judge = judge
        self.curve_judge = curve_look_ahead if judge is look_ahead else judge
        self._review = Review(source.title, source.names, source.levels)
        self._listeners: list[Listener] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue = _Queue(max(1, pool.processes))
        self._started = False
        self._steps: list[Step] = []

    @property
    def review(self) -> Review:
        return self._review

    def watch(self, listener: Listener) -> Callable[[], None]:
        """Subscribe to the review's progress (the current state is delivered at once); the first watcher
        starts it."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
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
        for first in range(0, n, PER_PIECE):
            piece = found.positions[first : first + PER_PIECE]
            work = partial(
                judge_positions, self.source, piece, self.curve_playouts, self.seed, self.curve_judge
            )
            self._send(work, partial(self._judged, first))

    def _judged(self, first: int, figures: list[Chances]) -> None:
        curve = list(self._review.curve)
        curve[first : first + len(figures)] = figures
        review = replace(self._review, curve=tuple(curve))
        if any(c is None for c in curve):
            self._tell(review)
            return
        survey_ = review.survey
        assert survey_ is not None
        done = [c for c in curve if c is not None]
        chosen = turns_to_look_into(survey_, done)
        self._tell(replace(review, stage="moves" if chosen else "done", looking_into=len(chosen)))
        for k in chosen:
            first_cmd, last_cmd = survey_.positions[k], survey_.positions[k + 1]
            turn = int(survey_.turns[k]) + 1
            work = partial(
                judge_moves,
                self.source,
                first_cmd,
                last_cmd,
                turn,
                self.move_playouts,
                self.seed,
                self.judge,
            )
            self._send(work, self._moves_judged)

    def _moves_judged(self, steps: list[Step]) -> None:
        self._steps.extend(steps)
        review = self._review
        looked = review.looked_into + 1
        if looked < review.looking_into:
            self._tell(replace(review, looked_into=looked))
            return
        self._steps.sort(key=lambda s: s.turn)
        self._tell(replace(review, looked_into=looked, stage="done", moves=turning_points(self._steps)))


def _come_back(
    loop: asyncio.AbstractEventLoop, then: Callable[[Future[Any]], None], future: Future[Any]
) -> None:
    """Pool-thread callback for finished work: continue on the event loop."""
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is left to tell
        loop.call_soon_threadsafe(then, future)
