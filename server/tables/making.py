"""Making a room: the checks a new room's request passes (its name, the server's limits, its edition and
seats, its pace) before its plan is written."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine import EDITIONS, RuleOptions, load_edition
from engine.core.text import TextError
from engine.play.rulebook import ruleset_for
from room import LEVELS
from room.pacing import SPEEDS
from server.base.config import Limits
from server.tables.plans import (
    MOVE_HOURS_BOUNDS,
    Plan,
    RoomRequest,
    SeatPlan,
    TableError,
    bounded_clock,
    bounded_hours,
    check_room_name,
    new_table_id,
)
from server.tables.room_summary import Planned
from translation import _


def turn_based_seats(plans: Iterable[Planned], key: str) -> list[Planned]:
    """Return the turn-based rooms not yet over where the person of `key` has a seat (made or joined)."""
    return [p for p in plans if p.turn_based and not p.finished and any(s.owner == key for s in p.seats)]


def check_turn_based_seats(plans: Iterable[Planned], key: str, limits: Limits) -> None:
    """Refuse (`TableError`) one more turn-based seat to a person who sits at as many turn-based rooms as a
    person may (`turn_based_rooms_per_player`), whether he made them or joined them."""
    seated = len(turn_based_seats(plans, key))
    if seated >= limits.turn_based_rooms_per_player:
        raise TableError(
            _(
                "You sit at {n} turn-based rooms already, the most one player may: "
                "take another seat once one of their games is over.",
                n=seated,
            )
        )


@dataclass(frozen=True)
class Unlisted:
    """The rooms of the server not among those `make_plan` is given, counted alone: none has the new room's
    name or id, and none was made by its maker or seats him (the front keeps no summary of a turn-based room
    unloaded in its worker). How many are not over, and of those how many wait for players."""

    open: int = 0
    waiting: int = 0


def make_plan(
    others: Iterable[Planned], limits: Limits, asked: RoomRequest, unlisted: Unlisted = Unlisted()
) -> Plan:
    """Create a new table's plan, its creator in its first person's seat. `TableError` with the reason when it
    cannot be made (`others` are the server's tables, and `unlisted` counts the rest: names are unique and
    the limits count them, those whose game is over apart)."""
    others = list(others)
    creator, edition, seats, pace = asked.creator, asked.edition, asked.seats, asked.pace
    try:
        name = check_room_name(asked.name)
    except TextError as exc:
        raise TableError(str(exc)) from None
    folded = name.casefold()
    if any(p.name.casefold() == folded or p.id == name for p in others):
        raise TableError(_("There is already a room called {name}.", name=name))
    # one over leaves the lobby in a while
    if sum(1 for p in others if not p.finished) + unlisted.open >= limits.rooms:
        raise TableError(_("The server has as many rooms as it can hold; join one instead."))
    mine = [p for p in others if p.creator == creator and not p.finished]
    if asked.move_hours > 0:  # each pace has its own limit: turn-based, the rooms he sits at
        check_turn_based_seats(others, creator, limits)
    alike = [p for p in mine if not p.turn_based]
    if asked.move_hours <= 0 and len(alike) >= limits.rooms_per_player:
        raise TableError(_("You have {n} open rooms already, the most one player may have.", n=len(alike)))
    waiting = [p for p in mine if p.save_id is None]
    if len(waiting) >= limits.waiting_rooms_per_player:
        rooms = ", ".join(p.name for p in waiting)
        raise TableError(
            _(
                "Your room {rooms} is still waiting for players: make another once it has begun, "
                "or leave it.",
                rooms=rooms,
            )
            if len(waiting) == 1
            else _(
                "Your rooms {rooms} are still waiting for players: make another once one has begun.",
                rooms=rooms,
            )
        )
    waiting_now = sum(1 for p in others if p.save_id is None and not p.finished) + unlisted.waiting
    if waiting_now >= limits.waiting_rooms:
        raise TableError(
            _("The server has as many rooms waiting for players as it can hold; join one instead.")
        )
    if edition not in EDITIONS:
        raise TableError(_("There is no edition {edition}.", edition=edition))
    book = load_edition(edition)
    try:
        ruleset_for(edition, RuleOptions(**asked.rules))
    except (ValueError, TypeError, KeyError) as exc:  # a variant the edition does not have, say
        raise TableError(_("{reason}.", reason=str(exc).splitlines()[0].rstrip("."))) from None
    most = min(book.max_players, limits.seats_per_room)
    if not book.min_players <= len(seats) <= most:
        raise TableError(
            _(
                "A room of {edition} seats {least} to {most}.",
                edition=book.name,
                least=book.min_players,
                most=most,
            )
        )
    if not any(s.kind == "person" for s in seats):
        raise TableError(_("A room needs a seat for you."))
    if any(s.kind == "bot" and s.level not in LEVELS for s in seats):
        raise TableError(_("A bot's level is one of {levels}.", levels=", ".join(LEVELS)))
    if pace not in SPEEDS:
        raise TableError(_("The pace is one of {paces}.", paces=", ".join(SPEEDS)))
    turn_timer = max(10, min(int(asked.turn_timer), 3600))
    bank, bank_added = bounded_clock(asked.bank, asked.bank_added)
    move_hours = bounded_hours(asked.move_hours)
    if move_hours != max(0, asked.move_hours):
        low, high = MOVE_HOURS_BOUNDS
        raise TableError(_("A turn-based room has {low} to {high} hours a move.", low=low, high=high))
    if move_hours:  # its hours a move are its clock
        bank, bank_added = 0, 0
    taken = [SeatPlan(s.kind, s.level) for s in seats]
    first = next(i for i, s in enumerate(taken) if s.kind == "person")
    taken[first].owner = creator
    taken[first].name = asked.creator_name
    return Plan(
        new_table_id(),
        name,
        edition,
        dict(asked.rules),
        taken,
        turn_timer,
        pace,
        creator,
        advisor=asked.advisor,
        bank=bank,
        bank_added=bank_added,
        move_hours=move_hours,
    )
