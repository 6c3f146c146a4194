"""The one error a client sees: a command the rules do not allow now."""

from __future__ import annotations


class IllegalCommand(ValueError):
    """Raised by `Game.apply`; the state is unchanged. `code` is stable, `reason` is for players."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.reason!r})"


Refusal = IllegalCommand | None
"""What a check returns: None when the command may go ahead, else the (unraised) refusal."""
