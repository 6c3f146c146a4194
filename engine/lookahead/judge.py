"""Move evaluation by look-ahead: what each of several courses of action does to one player's chance to
win, from what that player can see.

Every course (one or more commands: a building step, an offer and its acceptance, a bid) is tried on the
same drawn positions with the same dice and cards to follow (common random numbers), played forward a
little by fast players (the simple ones, or a caller's) and valued (`engine.lookahead.value`). Comparing
courses under the same luck takes far fewer playouts than judging each on its own: what differs between
them is the course, not the dice. A course that the rules refuse in a drawn position (it cannot be, since
everything a course needs is on the table, but a caller may ask for the impossible) is judged worthless.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from engine.core.commands import Command
from engine.core.errors import IllegalCommand
from engine.core.state import GameState
from engine.core.tabletop import Tabletop
from engine.lookahead.features import Levels
from engine.lookahead.luck import CountedGame, Fitted, Luck, adjusted
from engine.lookahead.players import SimplePlayer
from engine.lookahead.playout import (
    HORIZON_ROUNDS,
    Z95,
    Player,
    Seated,
    play_forward,
    playout_seed,
    stop_turn,
)
from engine.lookahead.sampling import Sampler
from engine.lookahead.shark import AllInShark, HoldingShark, SharkPlayer
from engine.lookahead.value import model_for
from engine.play.game import Game
from engine.play.view import GameView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

STEPS = 500
"""Commands a playout that stops once its position is settled may take at most (it never needs as many)."""


class Ensemble(Protocol):
    """A value of positions by several members, handed in by the caller (the learned value,
    `engine.learned.model.LearnedValue`): the look-ahead draws and plays, it does not choose the value."""

    def all_chances(self, tables: Sequence[Tabletop], levels: Levels | None = None) -> NDArray[np.float64]:
        """Return every member's chances for each table: shape (members, tables, seats)."""
        ...


Course = Sequence[Command]
"""Commands applied in turn from the position: one move, or a move and the answers it waits for."""

PLAYERS: dict[str, Callable[[], Player]] = {
    "simple": SimplePlayer,
    "shark": SharkPlayer,
    "hold": HoldingShark,
    "all_in": AllInShark,
}
"""The fast players a playout's seats may be played by, by name: the simple players, the shark's plan
(`engine.lookahead.shark`), and its two other courses of building, cash held back and all in."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One course's mean chance for the player judging over the playouts, its 95 % interval, and its edge
    over the first course's with how sure that edge is (the standard error of the paired difference).
    `others` is every player's mean chance after the course, the judge's own included."""

    chance: float
    low: float
    high: float
    edge: float
    error: float
    others: tuple[float, ...]


def chances_now(view: GameView) -> list[float]:
    """Return each player's chance to win as the position stands, by its value alone: no playouts, so cheap
    enough for a bot to ask once a round (whether a game is decided, say)."""
    return model_for(view.edition).chances(view)


def judge(
    view: GameView,
    me: int,
    courses: Sequence[Course],
    playouts: int,
    seed: int,
    horizon: int = HORIZON_ROUNDS,
    levels: Levels | None = None,
    policy: str = "simple",
    plans: Sequence[str | None] | None = None,
    value: Ensemble | None = None,
    turns: int | None = None,
    settled: Callable[[GameState], bool] | None = None,
    luck: bool = False,
) -> list[Verdict]:
    """Return each course's chance for player `me`, and its edge over the first course, under the same luck;
    every seat of a playout is played by the `policy` player (`PLAYERS`: the simple players unless
    told), but `me`'s, after a course with a plan (`plans`, a name or None a course), by that plan. Where
    a playout stops, its position is valued by the learned `value` if given (the ensemble's mean), else
    by the fitted linear value. `turns`, where given, stops each playout that many turns after the one the
    courses are taken in, instead of after `horizon` rounds (1: once that turn is over); `settled`, where
    given, stops it earlier, as soon as the position it tells of is reached after the course. With `luck`
    (for playouts valued by the fitted linear value), each course's figures take out what the luck of its
    playouts' throws explains, as the chances the views show do (`engine.chances.summary`)."""
    counted = Luck(view) if luck and value is None else None
    sampler = Sampler(view)
    player = PLAYERS[policy]()
    players_of: list[Player] = [
        Seated(player, me, PLAYERS[plan]()) if plan is not None else player
        for plan in (plans or [None] * len(courses))
    ]
    model = model_for(view.edition)
    players = len(view.players)
    outcomes: list[list[float]] = [[] for _ in courses]
    everyone: list[list[float]] = [[0.0] * players for _ in courses]
    rows: list[list[list[float]]] = [[] for _ in courses]  # every seat's outcome, where luck is counted
    lucks: list[list[list[float]]] = [[] for _ in courses]
    ends: list[list[tuple[int, Game]]] = [[] for _ in courses]  # playouts valued at the end, in a batch
    for k in range(playouts):
        drawn = sampler.draw(playout_seed(seed, k))
        start = drawn.turn
        for c, course in enumerate(courses):
            state = drawn.copy() if c < len(courses) - 1 else drawn
            if counted is None:
                game = Game(state, initial=state)
            else:
                counted.reset()
                game = CountedGame(state, counted)
            try:
                for cmd in course:
                    game.apply(cmd)
            except IllegalCommand:
                outcomes[c].append(0.0)
                if counted is not None:
                    rows[c].append([0.0] * players)
                    lucks[c].append([0.0] * players)
                continue
            st = game.state
            stop = (
                start + turns
                if turns is not None
                else stop_turn(st.turn, sum(1 for p in st.players if not p.bankrupt), horizon)
            )
            if settled is None:
                play_forward(game, stop, players_of[c])
            else:
                _play_until(game, stop, players_of[c], settled)
            if value is not None:
                ends[c].append((len(outcomes[c]), game))
                outcomes[c].append(0.0)
                continue
            chances = model.chances(game, levels)
            outcomes[c].append(chances[me])
            if counted is not None:
                rows[c].append(chances)
                lucks[c].append(counted.sums)
            for p, chance in enumerate(chances):
                everyone[c][p] += chance
    if value is not None:
        for c, games in enumerate(ends):
            if not games:
                continue
            means = value.all_chances([g for _, g in games], levels).mean(axis=0)
            for (k, _), row in zip(games, means, strict=True):
                outcomes[c][k] = float(row[me])
                for p in range(players):
                    everyone[c][p] += float(row[p])
    if counted is not None:
        fits = [adjusted(rows[c], lucks[c]) for c in range(len(courses))]
        if all(fit is not None for fit in fits):
            return _verdicts_without_luck(me, fits)  # type: ignore[arg-type]
    first = outcomes[0]
    verdicts: list[Verdict] = []
    for c, values in enumerate(outcomes):
        n = len(values)
        mean = sum(values) / n
        spread = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5 if n > 1 else 0.0
        half = Z95 * spread / n**0.5
        diffs = [v - f for v, f in zip(values, first, strict=True)]
        mean_diff = sum(diffs) / n
        var = sum((d - mean_diff) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        verdicts.append(
            Verdict(
                mean,
                max(0.0, mean - half),
                min(1.0, mean + half),
                mean_diff,
                (var / n) ** 0.5,
                tuple(total / n for total in everyone[c]),
            )
        )
    return verdicts


def _verdicts_without_luck(me: int, fits: list[list[Fitted]]) -> list[Verdict]:
    """Return each course's verdict from its playouts' outcomes with their luck taken out: its figure and
    interval, and its edge over the first course's with the error of the paired difference of what the luck
    leaves unexplained."""
    first = fits[0][me].residuals
    verdicts = []
    for fit in fits:
        own = fit[me]
        chance = min(1.0, max(0.0, own.mean))  # as the views show it
        n = len(own.residuals)
        diffs = [a - b for a, b in zip(own.residuals, first, strict=True)]
        var = math.fsum(d * d for d in diffs) / (n - 1)
        half = Z95 * own.error
        verdicts.append(
            Verdict(
                chance,
                max(0.0, chance - half),
                min(1.0, chance + half),
                own.mean - fits[0][me].mean,
                (var / n) ** 0.5,
                tuple(seat.mean for seat in fit),
            )
        )
    return verdicts


def _play_until(game: Game, stop: int, player: Player, settled: Callable[[GameState], bool]) -> None:
    """Play the game forward, as `play_forward` does, until `settled` tells of its position."""
    st = game.state
    for _ in range(STEPS):
        pend = st.pending
        if st.winner is not None or st.turn >= stop or pend is None or settled(st):
            return
        game.apply(player.decide(game, pend.player))


def plan_step(view: GameView, me: int, plan: str) -> Command | None:
    """Return the next building step a plan (`PLAYERS`, a shark's) takes for player `me` from this view, or
    None: its own seat's, which the unseen cards and dice do not change."""
    player = PLAYERS[plan]()
    if not isinstance(player, SharkPlayer):
        return None
    return player.building_step(Game(Sampler(view).draw(0)), me)
