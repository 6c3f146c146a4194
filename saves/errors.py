"""Save-file exceptions, with messages a player can read: the file and one line about it."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """Raised when a save file cannot be read or written. `reason` is one line, without the file's name."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = " ".join(reason.split())  # one line, whatever the cause put in it
        super().__init__(f"{path}: {self.reason}")

    @property
    def named(self) -> str:
        """Return the file's name and the reason, for a list of a folder's files ("bad-1234abcd.json:
        ...")."""
        return f"{self.path.name}: {self.reason}"


class SaveNotFound(SaveError):
    """Raised when no save matches the requested id or path."""


class SaveLocked(SaveError):
    """Raised when another process has the game open and is writing it."""


class SeedMismatch(SaveError):
    """Raised when the seed in the file's header is not the seed of the game it contains: the file was
    changed. For `landlords verify` a game not fair, rather than a file it cannot read."""
