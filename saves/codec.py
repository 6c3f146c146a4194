"""Decoding a save file into a `SaveFile`, with a clear error message for every way a file can be wrong.

Nothing here replays the game (see `saves.restore`): this is the cheap check a list of saves can afford
for every file, and it already catches files that are empty, cut short, not JSON, of an unknown or newer
format, missing or gaining fields, of the wrong types, or of an unknown edition.

The text in a file is not trusted: once a save is read, its title, names and levels are passed through
`engine.core.text.plain`, so that whatever shows them shows them safely. The game is unchanged by it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine import GameState, known_editions
from engine.core.commands import COMMAND_TYPES
from engine.core.text import plain
from saves.errors import SaveError, SeedMismatch
from saves.migrations import FIRST_VERSION, upgrade
from saves.model import FORMAT_VERSION, SaveFile, SaveHeader
from saves.summary import safe_name as safe_name  # here too, where a save is made safe to show
from saves.summary import safe_seat as safe_seat
from saves.summary import safe_title as safe_title


def program_version() -> str:
    """Return the version of landlords writing saves ("unknown" when run from a tree that is not
    installed)."""
    try:
        return metadata.version("landlords")
    except metadata.PackageNotFoundError:
        return "unknown"


def encode(save: SaveFile) -> bytes:
    return SaveFile.__pydantic_serializer__.to_json(save) + b"\n"


_LONGEST = 120


def decode(path: Path, data: bytes) -> SaveFile:
    """Decode the save in `data` (the content of `path`); raise `SaveError` explaining what is wrong with
    it."""
    if not data.strip():
        raise SaveError(path, "the file is empty")
    document = parse(path, data)
    version = check_version(path, document)
    check_shape(path, document)
    if version == FORMAT_VERSION:
        check_log(path, document)
        del document  # validated again from the text, which is faster: the two need not be held at once
        try:
            save = SaveFile.model_validate_json(data)
        except ValidationError as exc:
            raise SaveError(path, invalid(exc)) from None
    else:
        try:
            document = upgrade(document, version)
        except Exception as exc:
            raise SaveError(
                path, f"the file is in the old format {version} and cannot be brought up to date ({exc})"
            ) from None
        try:
            save = SaveFile.model_validate(document)
        except ValidationError as exc:
            raise SaveError(path, invalid(exc)) from None
    check_header(path, save, (save.initial, save.snapshot))
    return shown_safely(save)


def shown_safely(save: SaveFile) -> SaveFile:
    """Return `save` with its text sanitised for printing: title, seat names and levels, and the players'
    names in its states (the same names, so the header still matches the game and the log still replays)."""
    for state in (save.initial, save.snapshot):
        for player in state.players:
            player.name = safe_name(player.name)
    title = safe_title(save.title)
    seats = [safe_seat(seat) for seat in save.players]
    reasons = {i: plain(said) for i, said in save.reasons.items()}
    if title == save.title and seats == save.players and reasons == save.reasons:
        return save
    return save.model_copy(update={"title": title, "players": seats, "reasons": reasons})


def parse(path: Path, data: bytes | str) -> dict[str, Any]:
    """Parse the JSON object in `data`; raise `SaveError` explaining why there is none."""
    try:
        document = json.loads(data)
    except UnicodeDecodeError:
        raise SaveError(path, "not a landlords save: the file is not text") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(exc.doc.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise SaveError(path, "the file is cut short: it ends in the middle of the game") from None
        raise SaveError(
            path, f"not a landlords save: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except (ValueError, RecursionError):
        raise SaveError(path, "not a landlords save: not valid JSON") from None
    if not isinstance(document, dict):
        raise SaveError(path, "not a landlords save: the file holds no game")
    return document


MOST_ITEMS = 1_000
"""The most items in any list or object of a save but its command log (a game has a few of each)."""


def check_shape(path: Path, document: dict[str, Any]) -> None:
    """Refuse a document no game could have made before it is validated: with a list of millions of
    wrong items, validation would report each, using a great deal of memory and time to refuse it."""
    log = document.get("log")
    reasons = document.get("reasons")
    if isinstance(reasons, dict) and len(reasons) > max(len(log) if isinstance(log, list) else 0, MOST_ITEMS):
        raise SaveError(path, f"not a landlords save: it keeps {len(reasons):,} reasons for fewer moves")
    stack: list[Any] = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            items = list(node.values())
        elif isinstance(node, list):
            items = node
        else:
            continue
        if len(items) > MOST_ITEMS and node is not log and node is not reasons:
            raise SaveError(path, f"not a landlords save: it holds a list of {len(items):,} items")
        stack.extend(items)


def check_log(path: Path, document: dict[str, Any]) -> None:
    """Refuse a log holding anything but commands this landlords knows, from the parsed document. Left to
    validation, a huge log of wrong items would first be parsed again whole, at twice the memory."""
    log = document.get("log")
    if not isinstance(log, list):
        return  # validation says so, in its words
    kinds = command_kinds()
    for i, item in enumerate(log):
        kind = item.get("kind") if isinstance(item, dict) else None
        if isinstance(kind, str) and kind in kinds:
            continue
        what = "not a command" if not isinstance(item, dict) else "a command with no kind"
        if kind is not None and not isinstance(kind, str):
            what = "a command whose kind is not a word"
        elif isinstance(kind, str):
            what = f"unknown kind {plain(kind)[:40]!r}"
        raise SaveError(path, f"not a valid landlords save: log.{i}: {what}")


@cache
def command_kinds() -> frozenset[str]:
    """Return the kind of every command a save's log may contain."""
    return frozenset(model.model_fields["kind"].default for model in COMMAND_TYPES)


def check_version(path: Path, document: dict[str, Any]) -> int:
    """Return the format version of a parsed file, if this landlords reads it."""
    version = document.get("format_version")
    if version is None:
        raise SaveError(path, "not a landlords save: it has no format version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(path, f"not a landlords save: the format version {version!r} is not a number")
    if version > FORMAT_VERSION:
        by = document.get("program_version")
        made = f"landlords {by}" if isinstance(by, str) else "a newer landlords"
        raise SaveError(
            path,
            f"saved by {made} in format {version}; this landlords ({program_version()}) reads formats up to "
            f"{FORMAT_VERSION}: update it to open this game",
        )
    if version < FIRST_VERSION:
        raise SaveError(path, f"unknown save format {version}")
    return version


def invalid(exc: ValidationError, within: str = "") -> str:
    """Describe the first problem pydantic found, where it is (under `within`), and how many more there
    are."""
    errors = exc.errors(include_url=False, include_input=False)
    first = errors[0]
    where = ".".join(str(part) for part in (*([within] if within else []), *first["loc"])) or "the file"
    ctx = first.get("ctx", {})
    if first["type"] == "union_tag_invalid":
        what = f"unknown {str(ctx.get('discriminator', 'kind')).strip(chr(39))} {ctx.get('tag')!r}"
    else:
        what = first["msg"]
    if len(what) > _LONGEST:
        what = what[: _LONGEST - 3] + "..."
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return f"not a valid landlords save: {where}: {what}{more}"


def check_header(path: Path, header: SaveHeader, states: tuple[GameState, ...]) -> None:
    """Check that the header agrees with the game states it describes."""
    known = known_editions()
    for edition in (header.edition, *(state.edition for state in states)):
        if edition not in known:
            raise SaveError(path, f"unknown edition {edition!r} (this landlords knows {', '.join(known)})")
    if any(state.edition != header.edition for state in states):
        raise SaveError(path, "the edition in the header does not match the game")
    if any(state.rules != header.rules for state in states):
        raise SaveError(path, "the rules in the header do not match the game")
    if any(state.seed != header.seed for state in states):
        raise SeedMismatch(path, "the seed in the header does not match the game")
    names = [seat.name for seat in header.players]
    if any(names != [p.name for p in state.players] for state in states):
        raise SaveError(path, "the players in the header do not match the game")
