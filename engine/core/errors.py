"""The one error a client sees: a command the rules do not allow now."""

from __future__ import annotations

from engine.core.phrases import Phrase


class IllegalCommand(ValueError):
    """Raised by `Game.apply`; the state is unchanged. `code` is stable; `phrase` explains why for players,
    in their language (`translation.say`), and `reason` is its English, for logs and tests."""

    def __init__(self, code: str, reason: str | Phrase) -> None:
        phrase = reason if isinstance(reason, Phrase) else Phrase(reason)
        text = str(phrase)  # worked out once: the legal moves are found by refusals, many a screen
        super().__init__(text)
        self.code = code
        self.phrase = phrase
        self.reason = text

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.reason!r})"

    def __reduce__(self) -> tuple[type[IllegalCommand], tuple[str, Phrase]]:
        """Pickle by its own arguments (a refusal raised in a worker process reaches the caller whole)."""
        return (IllegalCommand, (self.code, self.phrase))


Refusal = IllegalCommand | None
"""What a check returns: None when the command may go ahead, else the (unraised) refusal."""
