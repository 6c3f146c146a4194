"""What can go wrong with a save file, in words a player can read: the file and one line about it."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """A save file that cannot be read or written. `reason` is one line, without the file's name."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = " ".join(reason.split())  # one line, whatever the cause put in it
        super().__init__(f"{path}: {self.reason}")

    @property
    def named(self) -> str:
        """The file's name and the reason, for a list of a folder's files ("bad-1234abcd.json: ...")."""
        return f"{self.path.name}: {self.reason}"


class SaveNotFound(SaveError):
    """No save answers to the id or path asked for."""


class SaveLocked(SaveError):
    """Another process has the game open and is the one writing it."""


class SeedMismatch(SaveError):
    """The seed the file's header names is not the seed of the game it holds: the file was changed. For
    `landlords verify` a game not fair, rather than a file it cannot read."""
