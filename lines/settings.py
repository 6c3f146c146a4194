"""The line mode's output settings: `brief` or `verbose`, `everyone` or `mine`.

`brief` is the default: a screen reader reads every line as it comes, so the bots' asides and the
bookkeeping are left out until `verbose` asks for them. The choice is kept for the person's next game:
at this terminal in a small file in their configuration folder (`load`, `save`: `landlords --plain`,
`resume --plain`), on a server for their key in its store (as words: `Settings.words`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from translation import _

log = logging.getLogger(__name__)

ENV_VAR = "LANDLORDS_CONFIG"
"""A folder to keep the settings in instead of the user's configuration folder (the tests set it)."""
FILE = "settings.json"
SECTION = "lines"
"""The settings file's key for the line mode's settings (the file may come to hold others)."""
MOST_BYTES = 64 * 1024
"""A settings file larger than this is not ours to read: the defaults hold."""


@dataclass(frozen=True)
class Settings:
    """Which events are shown: every event and the bots' reasons (`verbose`) or the moves only; and
    everything, or only what involves the person (`only_mine`)."""

    verbose: bool = False
    only_mine: bool = False

    @property
    def words(self) -> str:
        """Return the settings as the commands that choose them: "brief", "verbose mine"..."""
        return ("verbose" if self.verbose else "brief") + (" mine" if self.only_mine else "")

    @classmethod
    def of_words(cls, words: str) -> Settings | None:
        """Parse settings as `words` writes them; None when the text names none."""
        said = words.split()
        if not said or said[0] not in ("brief", "verbose") or said[1:] not in ([], ["mine"]):
            return None
        return cls(verbose=said[0] == "verbose", only_mine=len(said) == 2)


BRIEF = Settings()
"""The default: the moves only, everyone's."""


def settings_file(folder: str | Path | None = None) -> Path:
    """Return the settings file path: in `folder`, else in `$LANDLORDS_CONFIG`, else in the user's
    configuration folder."""
    if folder is not None and str(folder) != "":
        return Path(folder).expanduser() / FILE
    env = os.environ.get(ENV_VAR, "")
    if env:
        return Path(env).expanduser() / FILE
    import platformdirs  # only where the file is read or written: the line mode itself needs none

    return platformdirs.user_config_path("landlords") / FILE


def _read(path: Path) -> dict[str, Any]:
    """Return the file's JSON object; empty when it is missing, unreadable, too large or not a JSON object."""
    try:
        with path.open("rb") as file:
            data = file.read(MOST_BYTES + 1)
        if len(data) > MOST_BYTES:
            return {}
        raw = json.loads(data.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # ValueError: not UTF-8, or not JSON
        return {}
    return raw if isinstance(raw, dict) else {}


def load(path: Path | None = None) -> Settings:
    """Load the settings from the file (`settings_file()` by default); the defaults where it has none that can
    be read. Never raises."""
    kept = _read(path or settings_file()).get(SECTION)
    if not isinstance(kept, dict):
        return BRIEF
    return Settings(verbose=kept.get("verbose") is True, only_mine=kept.get("mine") is True)


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Save the settings to the file for the next game (preserving its other keys), written atomically; return
    an error message when it cannot be written."""
    path = path or settings_file()
    raw = _read(path)
    raw[SECTION] = {"verbose": settings.verbose, "mine": settings.only_mine}
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")
        os.replace(temp, path)
    except OSError as exc:
        log.warning("the line mode's settings could not be kept in %s: %s", path, exc)
        with contextlib.suppress(OSError):
            temp.unlink()
        return _(
            "This holds for this game; it could not be kept for the next ({reason}).",
            reason=exc.strerror or type(exc).__name__,
        )
    return None
