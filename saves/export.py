"""Exporting one game to a standalone save file, outside any saves folder: the games a headless run stores
(`landlords simulate --save-games DIR`). The file is an ordinary save: `resume`, `replay`, `analyse` and
`review` read it like any other."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from engine import Game
from engine.core.fairness import fingerprint
from saves.atomic import write_atomic
from saves.codec import encode, program_version
from saves.errors import SaveError
from saves.model import FORMAT_VERSION, SaveFile, Seat


def export(
    game: Game, seats: list[Seat], title: str, path: Path, reasons: Mapping[int, str] | None = None
) -> None:
    """Write `game` (its start, its log and where it stands) to `path`, replacing any file there, with the
    bots' `reasons` for their moves by the place of the command in the log."""
    now = datetime.now(UTC)
    state = game.state
    save = SaveFile(
        format_version=FORMAT_VERSION,
        program_version=program_version(),
        title=title,
        created=now,
        updated=now,
        edition=state.edition,
        rules=state.rules,
        seed=state.seed,
        fingerprint=fingerprint(game.initial.seed),
        players=seats,
        takebacks=0,
        lesson=False,
        pace=None,
        initial=game.initial,
        log=game.log,
        reasons=dict(reasons or {}),
        snapshot=state,
    )
    try:
        write_atomic(path, encode(save))
    except OSError as exc:
        raise SaveError(path, f"the game could not be written: {exc.strerror or exc}") from exc
