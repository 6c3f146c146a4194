"""Each player's chance to win from a position, with its 95 % interval: many playouts from one view.

A playout draws a whole position from the view (`engine.lookahead.sampling`), plays it forward a few
rounds with the shark's fast copy in every seat (`engine.lookahead.shark`: it races to three houses,
mortgages stray deeds for them and bids as `hard` does, as the strong players at a table do, where the
simple players build what they can at once), and values the position it reaches: by the learned value
(`engine.learned`) where the edition has one, else by the fitted linear value (`engine.lookahead.value`);
a game that ends on the way counts as won by its winner. The chance is the mean over the playouts, and
its interval the mean's normal interval; the figures the views show (`estimate`) first take out of the
outcomes what the luck of each playout's throws explains (`engine.lookahead.luck`), which keeps the mean
true and narrows the interval. The k-th playout of an analysis seeded `seed` always draws the
same dice and cards, whatever the view (`engine.lookahead.playout.playout_seed`): comparing two positions
(a move made or not) with the same seed compares them under the same luck.
Playouts can be split into slices worked out anywhere (`values`) and put together in order (`summary`):
the figure is the same however they were shared out.

This module chooses between the two values, so it stands above both: the look-ahead knows nothing of the
learned value, and the learned value is built on the look-ahead's features and draws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.core.options import RuleOptions
from engine.learned.value import has_learned, learned_for
from engine.lookahead.features import Levels
from engine.lookahead.luck import CountedGame, Luck, adjusted
from engine.lookahead.playout import HORIZON_ROUNDS, play_forward, playout_seed, stop_turn
from engine.lookahead.playout import Z95 as Z95  # the intervals' factor, for those that widen a figure by it
from engine.lookahead.sampling import Sampler
from engine.lookahead.shark import SharkPlayer
from engine.lookahead.value import model_for
from engine.play.game import Game
from engine.play.view import GameView

Leaf = Literal["learned", "linear"]
"""What a playout's end is valued by: the learned value where the edition has one for a table of that size
(else the fitted linear value), or the fitted linear value. On 200 unseen classic games the learned value
judges better (`docs/chances.md`)."""
SHOWN_HORIZON = 1
"""Rounds of the table a playout of a figure the views show is played (`estimate`), where the edition has no
learned value: one round has half the luck of two and costs half as much, and on 200 unseen games of the
add-on board and of Finance it judges as well (`docs/chances.md`)."""
SHOWN_PLAYOUTS = 250
"""Playouts a figure the views show is worked out from, where the edition has no value to show alone (the
chances panel, the line mode's and a server's tables, `landlords analyse`, and each option of the advisor):
with their luck taken out, two analysis seeds agree more closely than with 400 playouts without it, for
less CPU (`bench/chance_luck.py`; docs/chances.md gives the figures)."""
MORE = 50
"""Playouts added at a time where a figure asked to be within some points is not yet (`estimate`)."""


@dataclass(frozen=True, slots=True)
class Chance:
    """One player's chance to win, and the 95 % interval around it (all between 0 and 1)."""

    seat: int
    win: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Chances:
    """Every player's chance from one position, estimated from `playouts` playouts."""

    turn: int
    playouts: int
    players: tuple[Chance, ...]

    @property
    def widest(self) -> float:
        """Half the widest interval: how far the figures may be off by chance."""
        return max(((c.high - c.low) / 2 for c in self.players), default=0.0)


@dataclass(frozen=True, slots=True)
class Playouts:
    """What playouts of an estimate end in (`played`): for each, every player's chance in the position it
    reached, and every player's luck on the way (`engine.lookahead.luck`)."""

    outcomes: list[list[float]]
    luck: list[list[float]]

    def __add__(self, other: Playouts) -> Playouts:
        return Playouts(self.outcomes + other.outcomes, self.luck + other.luck)


def values(
    view: GameView,
    first: int,
    count: int,
    seed: int = 0,
    horizon: int = HORIZON_ROUNDS,
    levels: Levels | None = None,
    value: Leaf = "learned",
) -> list[list[float]]:
    """Return what playouts `first` .. `first + count - 1` of the analysis seeded `seed` end in: for each,
    every player's chance in the position it reached. `levels` names each seat's bot level (None for a
    person), where the caller knows who sits where; `value`, what the positions reached are valued by
    (`Leaf`)."""
    learned = None  # a finished game: `played` gives its winner every chance, with no value to ask
    if value == "learned" and view.winner is None:
        learned = learned_for(view.edition, len(view.players), view.rules)
    if learned is None:
        return played(view, first, count, seed, horizon, levels, counted=False).outcomes
    sampler = Sampler(view)
    stop = stop_turn(view.turn, sum(1 for p in view.players if not p.bankrupt), horizon)
    player = SharkPlayer()
    ends = []
    for k in range(first, first + count):
        state = sampler.draw(playout_seed(seed, k))
        game = Game(state, initial=state)  # a playout's start is not kept: no copy of it
        play_forward(game, stop, player)
        ends.append(game)
    if not ends:
        return []
    means = learned.all_chances(ends, levels).mean(axis=0)
    return [[float(x) for x in row[: len(view.players)]] for row in means]


def played(
    view: GameView,
    first: int,
    count: int,
    seed: int = 0,
    horizon: int = HORIZON_ROUNDS,
    levels: Levels | None = None,
    counted: bool = True,
) -> Playouts:
    """Return what playouts `first` .. `first + count - 1` of the analysis seeded `seed` end in, valued by
    the fitted linear value, and (unless not `counted`) the luck of each, counted on the way."""
    seats = len(view.players)
    if view.winner is not None:
        won = [1.0 if p == view.winner else 0.0 for p in range(seats)]
        return Playouts([list(won) for _ in range(count)], [[0.0] * seats for _ in range(count)])
    sampler = Sampler(view)
    stop = stop_turn(view.turn, sum(1 for p in view.players if not p.bankrupt), horizon)
    player = SharkPlayer()
    model = model_for(view.edition)
    luck = Luck(view) if counted else None
    outcomes, lucks = [], []
    for k in range(first, first + count):
        state = sampler.draw(playout_seed(seed, k))
        if luck is None:
            game = Game(state, initial=state)
        else:
            luck.reset()
            game = CountedGame(state, luck)
        play_forward(game, stop, player)
        outcomes.append(model.chances(game, levels))
        if luck is not None:
            lucks.append(luck.sums)
    return Playouts(outcomes, lucks)


def summary(
    view: GameView, outcomes: Sequence[Sequence[float]], luck: Sequence[Sequence[float]] | None = None
) -> Chances:
    """Summarise the playouts' outcomes: each player's mean, and its 95 % interval. Given each playout's
    `luck`, the part of the outcomes it explains is taken out of both (`engine.lookahead.luck.adjusted`)."""
    n = len(outcomes)
    fitted = adjusted(outcomes, luck) if luck is not None else None
    if fitted is not None:
        figures = []
        for seat, (mean, error, _) in enumerate(fitted):
            win = min(1.0, max(0.0, mean))
            figures.append(Chance(seat, win, max(0.0, win - Z95 * error), min(1.0, win + Z95 * error)))
        return Chances(view.turn, n, tuple(figures))
    players: list[Chance] = []
    for seat in range(len(view.players)):
        xs = [o[seat] for o in outcomes]
        mean = sum(xs) / n if n else 0.0
        if n > 1:
            var = sum((x - mean) ** 2 for x in xs) / (n - 1)
            half = Z95 * math.sqrt(var / n)
        else:
            half = 0.0 if view.winner is not None else 0.5
        players.append(Chance(seat, mean, max(0.0, mean - half), min(1.0, mean + half)))
    return Chances(view.turn, n, tuple(players))


def chances(
    view: GameView,
    playouts: int = 400,
    seed: int = 0,
    horizon: int = HORIZON_ROUNDS,
    levels: Levels | None = None,
    value: Leaf = "learned",
) -> Chances:
    """Return every player's chance to win from the position `view` shows, from `playouts` playouts; `levels`
    names each seat's bot level (None for a person), where the caller knows who sits where; `value`, what
    the playouts end on (`Leaf`)."""
    return summary(view, values(view, 0, playouts, seed, horizon, levels, value))


def valued_alone(view: GameView) -> bool:
    """Whether the views' figure of this position is a value's alone, with no playouts (`estimate`): found
    without loading the learned value, so that a screen's process can ask it before sending the work on."""
    if view.winner is not None:
        return False
    return has_learned(view.edition, len(view.players), view.rules) or _linear_alone(view)


def _linear_alone(view: GameView) -> bool:
    return model_for(view.edition).alone and view.rules == RuleOptions()


def alone(view: GameView, levels: Levels | None = None) -> Chances | None:
    """Return every player's chance by the value of this very position, or None where the views work it out
    by playouts: the learned value where the edition has one for this table, else the fitted linear value
    where it judges as well as playouts (`ValueModel.alone`: on 200 unseen games of the add-on board, a
    Brier gain of 18.4 % either way; in Finance the playouts judge better, `docs/chances.md`). It has no
    luck: its interval is the figure itself, and the model's own error (`room.chance_words`) is all the
    range a view shows."""
    if view.winner is not None:
        return None
    learned = learned_for(view.edition, len(view.players), view.rules)
    if learned is not None:
        wins = learned.chances(view, levels)
    elif _linear_alone(view):
        wins = model_for(view.edition).chances(view, levels)
    else:
        return None
    return Chances(view.turn, 0, tuple(Chance(seat, w, w, w) for seat, w in enumerate(wins)))


def estimate(
    view: GameView,
    playouts: int = 400,
    seed: int = 0,
    levels: Levels | None = None,
    horizon: int = SHOWN_HORIZON,
    within: float | None = None,
    most: int | None = None,
) -> Chances:
    """Return every player's chance to win as the views show it (the chances panel, the review's curve,
    `landlords analyse`): a value alone where it judges as well as playouts (`alone`), else `playouts`
    playouts of `horizon` rounds ending on the fitted linear value, less what their luck explains. Given
    `within`, more playouts follow in steps of `MORE` while an interval is wider than `within` on either
    side of its figure, up to `most` in all: the positions whose playouts disagree most get more of them."""
    found = alone(view, levels)
    if found is not None:
        return found
    done = played(view, 0, playouts, seed, horizon, levels)
    figure = summary(view, done.outcomes, done.luck)
    while within is not None and figure.widest > within and len(done.outcomes) < (most or playouts):
        count = min(MORE, (most or playouts) - len(done.outcomes))
        done += played(view, len(done.outcomes), count, seed, horizon, levels)
        figure = summary(view, done.outcomes, done.luck)
    return figure
