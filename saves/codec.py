"""Reading a save file into a `SaveFile`, with one clear sentence for every way a file can be wrong.

Nothing here replays the game (see `saves.restore`): this is the cheap check a list of saves can afford
for every file, and it already catches files that are empty, cut short, not JSON, of an unknown or newer
format, missing or gaining fields, of the wrong types, or of an unknown edition.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine import known_editions
from saves.errors import SaveError
from saves.migrations import FIRST_VERSION, upgrade
from saves.model import FORMAT_VERSION, SaveFile


def program_version() -> str:
    """The version of landlords writing saves ("unknown" when run from a tree that is not installed)."""
    try:
        return metadata.version("landlords")
    except metadata.PackageNotFoundError:
        return "unknown"


def encode(save: SaveFile) -> bytes:
    return SaveFile.__pydantic_serializer__.to_json(save) + b"\n"


_LONGEST = 120


def decode(path: Path, data: bytes) -> SaveFile:
    """The save in `data` (the content of `path`), or `SaveError` saying what is wrong with it."""
    if not data.strip():
        raise SaveError(path, "the file is empty")
    document = _parse(path, data)
    version = _version(path, document)
    if version == FORMAT_VERSION:
        try:
            save = SaveFile.model_validate_json(data)
        except ValidationError as exc:
            raise SaveError(path, _invalid(exc)) from None
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
            raise SaveError(path, _invalid(exc)) from None
    _check_header(path, save)
    return save


def _parse(path: Path, data: bytes) -> dict[str, Any]:
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


def _version(path: Path, document: dict[str, Any]) -> int:
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


def _invalid(exc: ValidationError) -> str:
    """The first problem pydantic found, where it is, and how many more there are."""
    errors = exc.errors(include_url=False, include_input=False)
    first = errors[0]
    where = ".".join(str(part) for part in first["loc"]) or "the file"
    ctx = first.get("ctx", {})
    if first["type"] == "union_tag_invalid":
        what = f"unknown {str(ctx.get('discriminator', 'kind')).strip(chr(39))} {ctx.get('tag')!r}"
    else:
        what = first["msg"]
    if len(what) > _LONGEST:
        what = what[: _LONGEST - 3] + "..."
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return f"not a valid landlords save: {where}: {what}{more}"


def _check_header(path: Path, save: SaveFile) -> None:
    """The header agrees with the game it describes."""
    known = known_editions()
    for edition in (save.edition, save.initial.edition, save.snapshot.edition):
        if edition not in known:
            raise SaveError(path, f"unknown edition {edition!r} (this landlords knows {', '.join(known)})")
    if not save.edition == save.initial.edition == save.snapshot.edition:
        raise SaveError(path, "the edition in the header does not match the game")
    if not save.rules == save.initial.rules == save.snapshot.rules:
        raise SaveError(path, "the rules in the header do not match the game")
    if not save.seed == save.initial.seed == save.snapshot.seed:
        raise SaveError(path, "the seed in the header does not match the game")
    names = [seat.name for seat in save.players]
    if names != [p.name for p in save.initial.players] or names != [p.name for p in save.snapshot.players]:
        raise SaveError(path, "the players in the header do not match the game")
