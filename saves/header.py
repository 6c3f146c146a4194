"""Reading a save's summary for the saves list from the two ends of the file rather than the whole of it.

A save is written header first (format, title, times, edition, rules, seed, seats) and the current state
last, so the turn and the winner are in its final bytes. A list reads at most the first and the last
64 KiB of each file, however long it is: a long game, or a file grown huge, costs a list no more than a
short game does. The command log in between, and the replay that checks it, wait until the game is opened.
A file no longer than both ends together is read and checked whole, exactly as opening it would.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from engine import GameState
from engine.core.state import state_adapter
from saves.codec import check_header, check_version, decode, invalid, parse
from saves.errors import SaveError
from saves.files import read_ends, read_whole
from saves.location import id_of
from saves.model import FORMAT_VERSION, SaveHeader, summary_of
from saves.summary import SaveSummary, safe_seat, safe_title

HEAD = 64 * 1024
TAIL = 64 * 1024

_WS = "[ \t\n\r]*"  # JSON's own white space
_INITIAL = re.compile(f'{_WS},{_WS}"initial"{_WS}:')  # the first field after the header
_SNAPSHOT = re.compile(f'"snapshot"{_WS}:')  # the last field


def summarise(path: Path) -> SaveSummary:
    """Return the summary of the save file at `path`, or raise `SaveError` with the reason it cannot be
    listed."""
    start, end = read_ends(path, HEAD, TAIL)
    if end is None:
        return summary_of(id_of(path), path, decode(path, start))
    header = _header(path, start)
    if header is None:  # an older format: brought up to date whole, as opening it would
        return summary_of(id_of(path), path, decode(path, read_whole(path)))
    snapshot = _snapshot(path, end)
    check_header(path, header, (snapshot,))
    return SaveSummary(
        id=id_of(path),
        path=path,
        title=safe_title(header.title),
        edition=header.edition,
        seats=[safe_seat(seat) for seat in header.players],
        turn=snapshot.turn + 1,
        winner=snapshot.winner,
        created=header.created,
        updated=header.updated,
        takebacks=header.takebacks,
        lesson=header.lesson,
    )


def _header(path: Path, start: bytes) -> SaveHeader | None:
    """Return the header at the start of a file of the current format; None for an older format."""
    text = start.decode("utf-8", "replace")  # only the last character can be cut, and it is not used
    found = _INITIAL.search(text)
    if found is None:
        try:
            parse(path, text)  # says what is wrong if the start is not JSON at all
        except SaveError as exc:
            if not exc.reason.startswith("the file is cut short"):
                raise
        raise SaveError(path, f"not a landlords save: no game in its first {HEAD // 1024} KiB")
    fields = text[: found.start()] + "}"
    if check_version(path, parse(path, fields)) != FORMAT_VERSION:
        return None
    try:
        return SaveHeader.model_validate_json(fields)
    except ValidationError as exc:
        raise SaveError(path, invalid(exc)) from None


def _snapshot(path: Path, end: bytes) -> GameState:
    """Return the state the file ends with."""
    text = end.decode("utf-8", "replace")
    last = None
    for found in _SNAPSHOT.finditer(text):
        last = found
    body = text[last.end() :].rstrip() if last is not None else ""
    if not body.endswith("}"):
        raise SaveError(path, "the file is cut short: it does not end with the game's state")
    try:
        return state_adapter().validate_json(body[:-1])
    except ValidationError as exc:
        raise SaveError(path, invalid(exc, "snapshot")) from None
