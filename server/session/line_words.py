"""Line-mode text for the server's own screens: the lobby's help, its rooms in sentences, and a new
room typed as one line (`new Friday classic 2 people 2 hard bots`), read into the same request the new-room
form makes."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from engine import EDITIONS, edition_named, load_edition
from lines.names import Miss, match, or_list
from room import DEFAULT_LEVEL, LEVELS
from room.board_words import edition_name
from room.pacing import DEFAULT_SPEED, SPEEDS
from server.people.places import counting
from server.people.ratings import ABOUT, NOBODY_RATED
from server.tables.lobby_line import NO_PAST_GAMES, past_plans, past_stage
from server.tables.plans import (
    ADDED_SECONDS,
    BANK_SECONDS,
    DEFAULT_ADDED,
    DEFAULT_TURN_TIMER,
    MOVE_HOURS_BOUNDS,
    RoomRequest,
    SeatPlan,
    TableError,
    rules_from,
)
from server.tables.room_summary import Planned
from server.tables.your_move import your_move_line
from translation import N_, _, ngettext

if TYPE_CHECKING:
    from server.tables.worker_rooms import AnyTable, WorkerRooms

RANKED_SAID = 10
"""The rated people `ratings` reads out (the person's own place besides, if lower)."""

WELCOME = N_(
    "Welcome to landlords, in lines: each thing that happens is one sentence, and you type commands."
)

LOBBY_HELP = (
    N_("In the lobby: rooms, to hear the rooms open."),
    N_(
        "join and a room's number or name (join 2, join fri), to take a seat at a room (or your own seat "
        "again); watch and one, to watch it."
    ),
    N_(
        "new NAME, to make a room; after the name you may say the edition, how many people and bots, the "
        "bots' level, full for the full game, a clock such as clock 3 plus 15, no advisor, and turns 24 "
        "for a turn-based room with 24 hours a move. For example: new Friday classic 2 people 2 hard bots."
    ),
    N_(
        "ratings, to hear the players by rating in live games and the bots beside them (ratings turns: in "
        "turn-based games, rated apart); past, your past games, and replay and a number to go through one "
        "a turn at a time."
    ),
    N_(
        "away and a number of days (away 3), to be away from all your turn-based rooms: your time for a "
        "move starts after them; away 0 when you are back, away alone says until when."
    ),
    N_("language CODE, to play in another language (language es, language en); the server remembers it."),
    N_("name and a new name (name Ada Lovelace), to change the name others know you by."),
    N_(
        "say TEXT, to talk to the lobby; history chat, to hear what was said again; quit, to leave (your "
        "seats are kept)."
    ),
)

MAIL_HELP = N_(
    "mail and your address (mail you@example.org), for a letter when a room waits on you: a code is sent to "
    "it, and confirm and the code confirms it; mail digest for one letter a day, mail each for one a move, "
    "mail off for none; mail alone says what you get."
)

TABLE_EXTRA_HELP = N_(
    "Type help for the game's commands now; say TEXT talks to the table, history chat says it again; vote "
    "calls or answers a vote on a seat that holds the table up; leave goes back to the lobby, your seat kept."
)


def room_lines(worker_rooms: WorkerRooms, fingerprint: str, zone: str = "") -> list[str]:
    """Return the lobby's room list, one sentence per room: its name, edition, who sits at it and how it
    stands (the person's own rooms and the first others: how many more there are, and how to reach one),
    after the rooms waiting on the person, their deadlines in the time zone named ("" for UTC)."""
    listed = worker_rooms.listed(fingerprint)
    tables = listed.rooms
    if not tables:
        return [_("No room is open. Type new NAME to make one.")]
    out = [ngettext("{n} room:", "{n} rooms:", len(tables))]
    mine = your_move_line(worker_rooms.your_move(fingerprint), zone)
    if mine:
        out.insert(0, mine + ".")
    for number, table in enumerate(tables, start=1):
        line = table.line(fingerprint)
        who = line.people or _("nobody yet")
        values = {"name": line.name, "edition": line.edition_words, "who": who, "status": line.status}
        if line.mine:
            out.append(
                _(
                    "{number}. {name}: {edition}; {who}; {status}. You have a seat there.",
                    number=number,
                    **values,
                )
            )
        else:
            out.append(_("{number}. {name}: {edition}; {who}; {status}.", number=number, **values))
    if listed.more:
        out.append(more_words(listed.more))
    out.append(_("Type join and a room's number or name (join 1), or watch and one."))
    return out


def more_words(more: int) -> str:
    """Return the line saying how many rooms the lobby does not list, and how to go to one."""
    return ngettext(
        "{n} more room is not listed: type join and its whole name to go to it.",
        "{n} more rooms are not listed: type join and a room's whole name to go to one.",
        more,
    )


def room_named(worker_rooms: WorkerRooms, typed: str, fingerprint: str = "") -> AnyTable | str:
    """Find the room a person names: by its number in the lobby's list (as `room_lines` numbers it for
    him), its id, its whole name, or an unambiguous part of it (`join fri` for Friday); else the sentence
    saying why not."""
    tables = worker_rooms.ordered(fingerprint)
    text = typed.strip()
    found = worker_rooms.find(text)  # its id (a new room is entered by it) or its whole name
    if found is not None:
        return found
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(tables):
            return tables[number - 1]
        return _("There is no room {number}. Type rooms to hear them, numbered.", number=number)
    named = match(text, [(i, t.name) for i, t in enumerate(tables)], "room")
    if isinstance(named, Miss):
        return named.sentence + " " + _("Type rooms to hear them.")
    return tables[named]


TURN_WORDS = frozenset({"turns", "turn-based", "turn", "turnos", "turno"})
"""The words after `ratings` (`players`) that ask for the turn-based ratings, in every language spoken."""


def ratings_lines(worker_rooms: WorkerRooms, fingerprint: str, turn_based: bool = False) -> list[str]:
    """Return the ratings list as sentences: what the figure is, the rated people of live games (of
    turn-based ones: `turn_based`), the highest first (the person's own place said), how to hear the other
    list, and the bots' levels on the same scale."""
    board = worker_rooms.ratings
    if board is None:
        return [_("This server keeps no ratings.")]
    out = [_(ABOUT)]
    if turn_based:
        out.append(_("Turn-based games, rated apart from live ones. Type ratings alone for the live ones."))
    else:
        out.append(_("Live games. Type ratings turns for the turn-based ones, rated apart."))
    ranked = board.ranked(turn_based)
    if not ranked:
        out.append(_(NOBODY_RATED))
    for n, person in enumerate(ranked[:RANKED_SAID], start=1):
        games = ngettext("{n} game", "{n} games", person.games)
        values = {"place": n, "name": person.name, "rating": person.rating.shown(), "games": games}
        if person.key == fingerprint:
            out.append(_("{place}. {name} (you): {rating}, {games}, {won} won.", won=person.wins, **values))
        else:
            out.append(_("{place}. {name}: {rating}, {games}, {won} won.", won=person.wins, **values))
    mine = next((n for n, p in enumerate(ranked, start=1) if p.key == fingerprint), None)
    if mine is not None and mine > RANKED_SAID:
        out.append(
            _("You are number {place}, rated {rating}.", place=mine, rating=ranked[mine - 1].rating.shown())
        )
    if fingerprint in board.people or fingerprint in board.turn_people:
        out.append(_("Yours: {about}.", about=board.about(fingerprint)))
    bots = sorted(board.bots.items(), key=lambda item: item[1].ordinal)
    if bots:
        levels = ", ".join(f"{level} {r.shown()}" for level, r in bots)
        out.append(_("The bots: {levels}.", levels=levels))
    return out


def past_lines(worker_rooms: WorkerRooms, fingerprint: str) -> list[str]:
    """Return the rooms whose games the person played or watched: name, edition, who, and how it stands."""
    plans = past_plans(worker_rooms.past_plans_of(worker_rooms.played(fingerprint)), fingerprint)
    if not plans:
        return [_(NO_PAST_GAMES)]
    rated = worker_rooms.ratings is not None
    out = []
    for n, plan in enumerate(plans, start=1):
        people = ", ".join(s.name or "?" for s in plan.seats)
        edition = edition_name(load_edition(plan.edition))
        stage = past_stage(plan, rated)
        line = _(
            "{place}. {name}: {edition}; {people}; {stage}.",
            place=n,
            name=plan.name,
            edition=edition,
            people=people,
            stage=stage,
        )
        if plan.result is not None and rated:
            line += " " + counting(plan.result, [s.name for s in plan.seats])
        out.append(line)
    return [*out, _("Type replay and a number or a room's name to go through one a turn at a time.")]


def past_game_of(worker_rooms: WorkerRooms, fingerprint: str, which: str) -> Planned | str:
    """Find one of the person's past games, by its number in `past` or its room's name; or return why not."""
    plans = past_plans(worker_rooms.past_plans_of(worker_rooms.played(fingerprint)), fingerprint)
    if which.isdigit() and 1 <= int(which) <= len(plans):
        return plans[int(which) - 1]
    folded = which.casefold()
    found = next((p for p in plans if p.name.casefold() == folded), None)
    if found is None:
        return _("No past game of yours is {which!r}: type past to hear them, numbered.", which=which)
    return found


def new_room_request(words: str, fingerprint: str, name: str) -> RoomRequest:
    """Parse a room typed as one line; raise `TableError` explaining what was not understood."""
    parts = words.split()
    if not parts:
        raise TableError(_("Name the room: new NAME, for example new Friday classic 2 people 2 bots."))
    room, rest = parts[0], [w.casefold() for w in parts[1:]]
    edition, variant, level, pace, advisor = "classic", "", DEFAULT_LEVEL, DEFAULT_SPEED, True
    people, bots, bank, added, hours = 2, 2, 0, 0, 0
    i = 0
    while i < len(rest):
        word = rest[i]
        following = rest[i + 1] if i + 1 < len(rest) else ""
        if word.isdigit() and following.rstrip("s") in ("people", "person", "player", "bot"):
            if following.startswith("bot"):
                bots = int(word)
            else:
                people = int(word)
            i += 2
            continue
        if word.isdigit() and following in LEVELS and rest[i + 2 : i + 3] and rest[i + 2].startswith("bot"):
            bots, level = int(word), following
            i += 3
            continue
        if word in ("full", "short"):
            variant = word
        elif word in LEVELS:
            level = word
        elif word in SPEEDS:
            pace = word
        elif word in ("no", "without") and following == "advisor":
            advisor = False
            i += 1
        elif word == "clock":
            bank, added, used = _clock(rest[i + 1 :])
            i += used
        elif word in ("turns", "turn-based", "turnos"):
            hours, used = _hours(rest[i + 1 :])
            i += used
        elif (found := _edition(word)) is not None:
            edition = found
        elif word not in ("bots", "bot", "and", "with", "game", "a", "the"):
            near = difflib.get_close_matches(word, _room_words(), n=3, cutoff=0.7)
            if near:
                raise TableError(
                    _(
                        "{word} is not something a room has. Did you mean {near}?",
                        word=parts[i + 1],
                        near=or_list(near),
                    )
                )
            raise TableError(
                _("{word} is not something a room has. Type help for how to say one.", word=parts[i + 1])
            )
        i += 1
    if not variant:  # the Short Game where the edition has one, as the new-room form offers first
        variant = "short" if load_edition(edition).short_game is not None else "full"
    seats = [SeatPlan("person") for _n in range(people)] + [SeatPlan("bot", level) for _n in range(bots)]
    rules = rules_from(variant).model_dump(exclude_defaults=True)
    return RoomRequest(
        fingerprint, name, room, edition, rules, seats, DEFAULT_TURN_TIMER, pace, advisor, bank, added, hours
    )


def _edition(word: str) -> str | None:
    """Look up an edition by its id or name (`engine.edition_named`), or by a part of its id (`1904`,
    `finance`), as a word of a typed line."""
    return edition_named(word) or next((e for e in EDITIONS if word in e.split("-")), None)


def _room_words() -> list[str]:
    """Return the keywords a room can be described with, for detecting typos (`clasic`, `finanse`, `hadr`)."""
    editions = {part for e in EDITIONS for part in (e, *e.split("-"))}
    return sorted({*editions, *LEVELS, *SPEEDS, "full", "short", "clock", "turns"})


def _clock(words: list[str]) -> tuple[int, int, int]:
    """Parse `clock 3 plus 15` (minutes, then seconds a decision): return the bank, the seconds added, and the
    words consumed."""
    if not words or not words[0].replace(":", "").isdigit():
        raise TableError(
            _("Say the clock as clock 3 plus 15: three minutes, and fifteen seconds a decision.")
        )
    minutes, _colon, seconds = words[0].partition(":")
    bank = int(minutes) * 60 + (int(seconds) if seconds.isdigit() else 0)
    added, used = DEFAULT_ADDED, 1
    if len(words) >= 3 and words[1] in ("plus", "+") and words[2].isdigit():
        added, used = int(words[2]), 3
    (low, high), (least, most) = BANK_SECONDS, ADDED_SECONDS
    if not (low <= bank <= high and least <= added <= most):
        raise TableError(
            _(
                "A clock starts between {low} and {high} seconds and adds {least} to {most} a decision.",
                low=low,
                high=high,
                least=least,
                most=most,
            )
        )
    return bank, added, used


def _hours(words: list[str]) -> tuple[int, int]:
    """Parse `turns 24` (hours a move, `hours` or `h` after it if one likes): return the hours and the words
    consumed."""
    number = words[0].removesuffix("h") if words else ""
    low, high = MOVE_HOURS_BOUNDS
    if not number.isdigit() or not low <= int(number) <= high:
        raise TableError(
            _(
                "Say a turn-based room as turns 24: the hours each move may take, from {low} to {high}.",
                low=low,
                high=high,
            )
        )
    used = 2 if len(words) > 1 and words[1] in ("hours", "hour", "h", "horas") else 1
    return int(number), used
