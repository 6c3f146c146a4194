"""Where tokens stop: landing probabilities per roll, computed once per edition from its board and decks.

A Markov chain over (space, doubles thrown so far) with the cards' moves and the three-doubles rule, its
stationary distribution found by power iteration. Moves follow the game's track (the edition's rings and
the links between them, as its rule options lay them); where the mover would choose the way on, each way
is taken as equally likely. A throw from a space that sends the next throw backwards moves back.
Players are assumed to leave jail at once (the "short" jail reading), which is how rent-per-roll figures
are usually quoted. Expected rent per opponent roll follows from these figures and the printed rents.

Computing the figures is slow enough that the first decision of every bot in a new process paid for it
(docs/developers.md has the measurement); each edition's figures for its own track are packaged
(`engine/data/odds.json`, checked against the working by `tests/bots/test_odds_data.py`), and only other
tracks are worked out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.core.board import Board, board_for
from engine.core.edition import AdvanceTo, AdvanceToNearest, ExtraThrow, FreeRide, GoToJail, MoveBy
from engine.core.options import RuleOptions
from engine.core.track import Track, Via
from engine.play.rulebook import ruleset_for

ROLLS_PER_TURN = 1.0 + 1.0 / 6.0 + 1.0 / 36.0
"""Expected dice throws in one turn: the first, and a second and third on doubles."""

_DICE: tuple[tuple[int, float, bool], ...] = tuple(
    (a + b, 1.0 / 36.0, a == b) for a in range(1, 7) for b in range(1, 7)
)


@dataclass(frozen=True, slots=True)
class Odds:
    """Per-roll landing figures for one board."""

    land: tuple[float, ...]  # probability that a throw ends on each space
    from_space: tuple[tuple[tuple[int, float], ...], ...]  # one throw from a space: (end space, probability)


BACKWARD_SPACES = frozenset({"move_backwards"})
"""Space kinds from which the next throw moves backwards."""
_SENDING = frozenset({"onward", "ride", "carnival"})
"""Space kinds that move a token on at once (Finance): it never rests there."""
_CHAIN = 3
"""How many sending spaces in a row are followed before a token is taken to rest where it is."""
_TOTALS: tuple[tuple[int, float], ...] = tuple(
    (t, sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) / 36.0) for t in range(2, 13)
)


def _jail(board: Board) -> int:
    assert board.jail is not None  # a go-to-jail space or card exists only where there is a jail
    return board.jail


def _thrown(board: Board, track: Track, space: int, depth: int, parity: bool) -> list[tuple[int, float]]:
    """Return where a throw made at once from `space` takes the token (`parity`: an odd throw goes back)."""
    out: dict[int, float] = {}
    for total, p in _TOTALS:
        steps = -total if parity and total % 2 else total
        for stop, w in ends(track, space, steps):
            for end, q in _resolve(board, track, stop, depth + 1):
                out[end] = out.get(end, 0.0) + p * w * q
    return list(out.items())


def _sent(board: Board, track: Track, space: int, depth: int) -> list[tuple[int, float]]:
    """Return where a space that moves the token on at once (an onward corner, a railroad, the Carnival)
    leaves it."""
    if depth > _CHAIN:
        return [(space, 1.0)]
    kind = board.kinds[space]
    if kind == "onward":
        to = board.spaces[space].to
        assert to is not None
        return _resolve(board, track, to, depth + 1)
    return _thrown(board, track, space, depth, parity=kind == "carnival")


def _resolve(board: Board, track: Track, space: int, depth: int = 0) -> list[tuple[int, float]]:
    """Return where a token that stops on `space` ends up once go-to-jail, card moves and the spaces that send
    it on are followed."""
    kind = board.kinds[space]
    if kind == "go_to_jail":
        return [(_jail(board), 1.0)]
    if kind in _SENDING:
        return _sent(board, track, space, depth)
    if kind != "card" or depth > 2:
        return [(space, 1.0)]
    deck_name = board.spaces[space].deck
    assert deck_name is not None
    cards = board.edition.decks[deck_name].cards
    share = 1.0 / len(cards)
    out: dict[int, float] = {}
    for card in cards:
        eff = card.effect
        if isinstance(eff, AdvanceTo):
            targets = (
                _resolve(board, track, eff.space, depth + 1)
                if board.kinds[eff.space] in _SENDING
                else [(eff.space, 1.0)]
            )
        elif isinstance(eff, FreeRide):
            rides = [s for s, k in enumerate(board.kinds) if k == eff.space_kind]
            targets = _resolve(board, track, track.nearest(space, rides), depth + 1)
        elif isinstance(eff, ExtraThrow):
            targets = _thrown(board, track, space, depth, parity=False)
        elif isinstance(eff, AdvanceToNearest):
            targets = [(board.nearest(space, eff.group), 1.0)]
        elif isinstance(eff, MoveBy):
            targets = [
                (end, p * q)
                for stop, p in ends(track, space, eff.steps, "card")
                for end, q in _resolve(board, track, stop, depth + 1)
            ]
        elif isinstance(eff, GoToJail):
            targets = [(_jail(board), 1.0)]
        else:
            targets = [(space, 1.0)]
        for target, p in targets:
            out[target] = out.get(target, 0.0) + p * share
    return list(out.items())


def ends(track: Track, start: int, steps: int, via: Via = "dice") -> list[tuple[int, float]]:
    """Return where a move of `steps` (negative: back) from `start` stops, with the chance of each, every way
    on equally likely where the mover would choose."""
    direction = 1 if steps >= 0 else -1
    out: dict[int, float] = {}

    def go(here: int, left: int, weight: float, decided: bool) -> None:
        walk = track.walk(here, left, direction=direction, via=via, total=abs(steps), decided=decided)
        if not walk.stopped:
            out[walk.end] = out.get(walk.end, 0.0) + weight
            return
        for way in walk.options:
            go(way, walk.steps_left, weight / len(walk.options), True)

    go(start, abs(steps), 1.0, False)
    return list(out.items())


_ON_TRACK: dict[tuple[str, int], Odds] = {}


def odds_for(edition: str, rules: RuleOptions | None = None) -> Odds:
    """Return the landing odds of a game of this edition with these rules (worked out once per track: rule
    options that leave the track alone share the edition's figures)."""
    ruleset = ruleset_for(edition, rules or RuleOptions())
    track = ruleset.track
    key = (edition, id(track))
    odds = _ON_TRACK.get(key)
    if odds is None:
        again = ruleset.throw_again(1, 1)  # a double earns another throw (else every throw starts afresh)
        limit = ruleset.doubles_limit  # this many doubles in a row go to jail (None: never)
        own = track is ruleset_for(edition, RuleOptions()).track
        packaged = _packaged().get(edition) if own else None
        if packaged is not None and packaged["again"] == again and packaged["limit"] == limit:
            odds = from_json(packaged)
        else:
            odds = _odds(board_for(edition), track, again, limit)
        _ON_TRACK[key] = odds
    return odds


def worked_out(edition: str, rules: RuleOptions | None = None) -> Odds:
    """Return the landing odds of this edition with these rules, worked out from its board and decks."""
    ruleset = ruleset_for(edition, rules or RuleOptions())
    return _odds(board_for(edition), ruleset.track, ruleset.throw_again(1, 1), ruleset.doubles_limit)


def to_json(edition: str, odds: Odds) -> dict[str, Any]:
    """Return an edition's figures as packaged, with the rules they hold for."""
    ruleset = ruleset_for(edition, RuleOptions())
    return {
        "again": ruleset.throw_again(1, 1),
        "limit": ruleset.doubles_limit,
        "land": list(odds.land),
        "from_space": [[list(pair) for pair in row] for row in odds.from_space],
    }


def from_json(entry: dict[str, Any]) -> Odds:
    return Odds(
        land=tuple(entry["land"]),
        from_space=tuple(tuple((int(end), float(p)) for end, p in row) for row in entry["from_space"]),
    )


@cache
def _packaged() -> dict[str, dict[str, Any]]:
    """Return each edition's figures for its own track, as packaged."""
    text = resources.files("engine.data").joinpath("odds.json").read_text(encoding="utf-8")
    table: dict[str, dict[str, Any]] = json.loads(text)
    return table


def _odds(board: Board, track: Track, again: bool, limit: int | None) -> Odds:
    n = board.size
    resolved = [_resolve(board, track, s) for s in range(n)]
    back = [-1 if board.kinds[s] in BACKWARD_SPACES else 1 for s in range(n)]
    stops = [{total: ends(track, s, back[s] * total) for total in range(2, 13)} for s in range(n)]
    # state = space * 3 + doubles thrown in a row before this throw (the last of the limit goes to jail
    # where the edition has the rule; without it, doubles are counted no further)
    jail = board.jail if board.jail is not None else -1
    moves: list[dict[int, float]] = []
    for state in range(n * 3):
        space, doubles = divmod(state, 3)
        out: dict[int, float] = {}
        for total, p, is_double in _DICE:
            if is_double and limit is not None and doubles == limit - 1:
                out[jail * 3] = out.get(jail * 3, 0.0) + p
                continue
            for stop, w in stops[space][total]:
                for end, q in resolved[stop]:
                    jailed = end == jail and board.kinds[stop] != "jail"
                    nxt = end * 3 + (min(doubles + 1, 2) if again and is_double and not jailed else 0)
                    out[nxt] = out.get(nxt, 0.0) + p * w * q
        moves.append(out)
    dist = [1.0 / (n * 3)] * (n * 3)
    for _ in range(300):
        new = [0.0] * (n * 3)
        for state, weight in enumerate(dist):
            if weight:
                for nxt, p in moves[state].items():
                    new[nxt] += weight * p
        done = max(abs(a - b) for a, b in zip(new, dist, strict=True)) < 1e-12
        dist = new
        if done:
            break
    land = tuple(sum(dist[s * 3 : s * 3 + 3]) for s in range(n))
    from_space = []
    for s in range(n):
        one: dict[int, float] = {}
        for total, p, _double in _DICE:
            for stop, w in stops[s][total]:
                for end, q in resolved[stop]:
                    one[end] = one.get(end, 0.0) + p * w * q
        from_space.append(tuple(sorted(one.items())))
    return Odds(land=land, from_space=tuple(from_space))
