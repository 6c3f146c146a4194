"""The server's ratings: maintained by the front (`FrontRatings`, the only writer of the store), read by every
worker from the leaderboard the front pushes (`RatingBoard`).

A worker whose table's game ends keeps every seat's place in the table's plan (`Plan.result`) and reports
the plan to the front as it does after every change; the front records the game and its ratings once
(the save names the game). Since the result is in the room's file, a game that ended just before a crash
is recorded when the server starts again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from engine.core.text import NAME_MAX, plain
from server.people.places import SeatResult, counts
from server.people.rating import Rating, rate, shipped_bots
from server.people.store import GameRecord, Person, Store, StoreError, StoreFailure, open_store
from translation import N_, _, ngettext

log = logging.getLogger(__name__)

KEY_MAX = 100


class RatedSeat(Protocol):
    """A seat of a table as the ratings read it (`server.tables.plans.SeatPlan`)."""

    @property
    def kind(self) -> str: ...  # "person" or "bot"
    @property
    def name(self) -> str | None: ...
    @property
    def owner(self) -> str | None: ...  # a person's key fingerprint


class RatedTable(Protocol):
    """A table as the ratings read it (`server.tables.plans.Plan`, from the layer above): its seats and,
    once its game is over, where each finished."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def edition(self) -> str: ...
    @property
    def save_id(self) -> str | None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def ended(self) -> float: ...
    @property
    def turn_based(self) -> bool:
        """Whether it was a turn-based room: its games are rated apart from live ones."""
        ...

    @property
    def result(self) -> Sequence[SeatResult] | None: ...
    @property
    def seats(self) -> Sequence[RatedSeat]: ...


@dataclass(frozen=True)
class Standing:
    """A rated person as the lobby shows them."""

    key: str
    name: str
    rating: Rating
    games: int
    wins: int


ABOUT = N_(
    "A rating is the conservative figure mu - 3 sigma, rounded: 0 for a newcomer, it rises as finished "
    "games show a player's skill (and may fall below 0). A game counts when at least two people stay to its "
    "end; leaving counts as last."
)
"""What the figure is, said wherever the ratings are shown."""

NOBODY_RATED = N_("Nobody has finished a game that counts yet.")


class RatingBoard:
    """The leaderboard: every rated person, in live games and apart in turn-based ones, and the bots'
    levels, as a worker knows them from the front."""

    def __init__(
        self,
        people: Mapping[str, Standing],
        bots: Mapping[str, Rating],
        turn_people: Mapping[str, Standing] | None = None,
    ) -> None:
        self.people = dict(people)
        self.bots = dict(bots)
        self.turn_people = dict(turn_people or {})

    def standings(self, turn_based: bool = False) -> dict[str, Standing]:
        """Return the rated people of live games, or of turn-based ones (`turn_based`)."""
        return self.turn_people if turn_based else self.people

    def shown(self, key: str | None, turn_based: bool = False) -> str | None:
        """Return a person's rating as shown (the rounded ordinal), or None when they are unrated."""
        standing = self.standings(turn_based).get(key or "")
        return standing.rating.shown() if standing is not None else None

    def people_line(self, plan: RatedTable) -> str:
        """Return a table's people, each with their rating beside their name (none for the unrated; a
        turn-based room's people with their turn-based rating), and its bots: the lobby's Playing column."""
        people = []
        for seat in plan.seats:
            if seat.kind == "person" and seat.owner:
                shown = self.shown(seat.owner, plan.turn_based)
                people.append(plain(seat.name or "") + (f" ({shown})" if shown is not None else ""))
        bots = sum(1 for s in plan.seats if s.kind == "bot")
        return ", ".join(people) + (" + " + ngettext("{n} bot", "{n} bots", bots) if bots else "")

    def about(self, key: str) -> str:
        """Describe a person's own rating, for the lobby's header: the live one, and the turn-based one
        beside it when he has one."""
        standing, turns = self.people.get(key), self.turn_people.get(key)
        live = _("unrated") if standing is None else _rating_words(standing)
        if turns is None:
            return live
        return _("{live}; turn-based {turns}", live=live, turns=_rating_words(turns))

    def ranked(self, turn_based: bool = False) -> list[Standing]:
        """Return the rated people (of turn-based games: `turn_based`), the highest first."""
        people = self.standings(turn_based).values()
        return sorted(people, key=lambda s: (-s.rating.ordinal, s.name.casefold(), s.key))

    def to_json(self) -> dict[str, Any]:
        def rows(turn_based: bool) -> list[list[Any]]:
            return [
                [s.key, s.name, s.rating.mu, s.rating.sigma, s.games, s.wins] for s in self.ranked(turn_based)
            ]

        return {
            "people": rows(False),
            "turn_people": rows(True),
            "bots": {level: [r.mu, r.sigma] for level, r in self.bots.items()},
        }

    @classmethod
    def from_json(cls, raw: Any) -> RatingBoard:
        """Read back from the front, checking every field; `ValueError` when it is not a board (a board
        without turn-based ratings, from a front before them, has none)."""
        if not isinstance(raw, dict) or not isinstance(raw.get("people"), list):
            raise ValueError("not a board of ratings")
        turn_rows = raw.get("turn_people", [])
        if not isinstance(turn_rows, list):
            raise ValueError("the turn-based ratings are a list")
        bots = {
            str(level): Rating(float(pair[0]), float(pair[1]))
            for level, pair in dict(raw.get("bots") or {}).items()
        }
        return cls(_standings(raw["people"]), bots, _standings(turn_rows))


def _rating_words(standing: Standing) -> str:
    wins = ngettext("{n} win", "{n} wins", standing.wins)
    games = ngettext("{n} game", "{n} games", standing.games)
    return _("rating {rating} ({games}, {wins})", rating=standing.rating.shown(), games=games, wins=wins)


def _standings(rows: list[Any]) -> dict[str, Standing]:
    """Read the rated people of a board sent by the front; `ValueError` at a row that is not one."""
    people: dict[str, Standing] = {}
    for row in rows:
        if not isinstance(row, list) or len(row) != 6:
            raise ValueError("a rated person is six fields")
        key, name, mu, sigma, games, wins = row
        if not isinstance(key, str) or len(key) > KEY_MAX or not isinstance(name, str):
            raise ValueError("a rated person is a key and a name")
        if not all(isinstance(n, int | float) for n in (mu, sigma)):
            raise ValueError("a rating is two numbers")
        if type(games) is not int or type(wins) is not int or not 0 <= wins <= games:
            raise ValueError("games and wins are whole numbers")
        people[key] = Standing(key, plain(name)[:NAME_MAX], Rating(float(mu), float(sigma)), games, wins)
    return people


class FrontRatings:
    """The front's access to the store: it records finished games and makes the board for the workers."""

    def __init__(self, store: Store, name_of: Callable[[str], str | None]) -> None:
        self.store = store
        self.name_of = name_of
        bots = shipped_bots()
        try:
            if bots:
                store.set_bots(bots)
            bots = store.bots()
        except StoreFailure as exc:  # rated against the shipped ratings all the same
            log.error("the bots' ratings could not be kept: %s", exc)
        self.bots = bots
        self._board = RatingBoard({}, self.bots)

    def consider(self, plan: RatedTable) -> bool:
        """Record the game of a finished table if it is not recorded yet; return whether it was recorded
        now (and counted). A store that cannot be written is logged, and nothing changes."""
        try:
            return self.record(plan)
        except StoreFailure as exc:
            log.error("game %s of room %s could not be recorded: %s", plan.save_id, plan.id, exc)
            return False

    def record(self, plan: RatedTable) -> bool:
        """Record the game of a finished table if it is not recorded yet; return whether it was recorded
        now (and counted). Raise `StoreFailure` when the store cannot be written (nothing changed): the
        front keeps the game to try again (`server.network.records_due`)."""
        if not plan.finished or not plan.result or not plan.save_id:
            return False
        return self._record(plan, plan.result, plan.save_id)

    def _record(self, plan: RatedTable, results: Sequence[SeatResult], save_id: str) -> bool:
        if self.store.recorded(save_id):
            return False
        counted = counts(results)
        bots = self.bots

        def rerate(before: Mapping[str, Rating]) -> Mapping[str, Rating]:
            return rate(results, before, bots)

        names = {r.key: self.name_of(r.key) or "" for r in results if r.key is not None}
        game = GameRecord(
            plan.name,
            save_id,
            plan.edition,
            ended_at(plan.ended),
            results,
            counted,
            plan.turn_based,
        )
        recorded = self.store.record(game, rerate, names)
        if recorded:
            log.info("game %s of room %s recorded%s", save_id, plan.id, "" if counted else " (not counted)")
        return recorded and counted

    def board(self) -> RatingBoard:
        """Return every rated person (live and turn-based) and the bots; the last board read while the store
        cannot be read."""
        try:
            rated, turn_rated = self.store.people(), self.store.people(turn_based=True)
        except StoreFailure as exc:
            log.error("the ratings could not be read: %s", exc)
            return self._board

        def standings(rated: Sequence[Person]) -> dict[str, Standing]:
            return {
                p.key: Standing(p.key, self.name_of(p.key) or p.name, p.rating, p.games, p.wins)
                for p in rated
            }

        self._board = RatingBoard(standings(rated), self.bots, standings(turn_rated))
        return self._board


def open_people(folder: Path, url: str | None = None) -> tuple[Store | None, str]:
    """Open the server's store of its people: in `folder` (SQLite), or None and the reason in one line (the
    server goes on without it: no ratings, and the names chosen kept for this run alone). With `url`, the
    PostgreSQL database it names, which the server does not go on without (other hosts may share it):
    `StoreError` when it cannot be used."""
    if url is not None:
        return open_postgres(url), ""
    try:
        return open_store(folder), ""
    except StoreError as exc:
        line = _(
            "{reason} The server runs without ratings, and the names chosen are kept until it stops.",
            reason=exc,
        )

        log.error("%s", line)
        return None, line


def open_postgres(url: str) -> Store:
    """Open the store in the PostgreSQL database of `url`; `StoreError` when psycopg is not installed, or the
    database cannot be reached or used."""
    try:
        from server.people.postgres_store import PostgresStore
    except ImportError:
        raise StoreError(
            "A PostgreSQL store needs psycopg, which is not installed: pip install 'landlords[postgres]'."
        ) from None
    return PostgresStore(url)


def ended_at(ended: float) -> str:
    """Return when a game ended as the store keeps it (ISO 8601, UTC), from its plan's time (seconds since the
    epoch): the end itself, not when it was recorded (a game kept while the store was down is recorded later).
    A game over before its plan kept the time is given the present."""
    when = datetime.fromtimestamp(ended, UTC) if ended > 0 else datetime.now(UTC)
    return when.isoformat(timespec="seconds")
