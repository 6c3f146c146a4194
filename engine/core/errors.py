"""The one error a client sees: a command the rules do not allow now."""

from __future__ import annotations

from engine.core.phrases import Phrase


class IllegalCommand(ValueError):
    """Raised by `Game.apply`; the state is unchanged. `code` is stable; `phrase` explains why for players,
    in their language (`translation.say`), and `reason` is its English, for logs and tests."""

    _reason: str | None = None  # `reason`, once asked for

    def __init__(self, code: str, reason: str | Phrase) -> None:
        phrase = reason if isinstance(reason, Phrase) else Phrase(reason)
        # what `ValueError.__init__` would set, set directly (quicker): the legal moves make a refusal of
        # every candidate that fails its check
        self.args = (phrase,)
        self.code = code
        self.phrase = phrase

    @property
    def reason(self) -> str:
        """The refusal in English, worked out the first time it is asked for and kept: the legal moves are
        found by refusals whose words nobody reads (a bot's, an agent's), and a screen reads them again."""
        if self._reason is None:
            self._reason = str(self.phrase)
        return self._reason

    def __str__(self) -> str:
        return self.reason

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.reason!r})"

    def __reduce__(self) -> tuple[type[IllegalCommand], tuple[str, Phrase]]:
        """Pickle by its own arguments (a refusal raised in a worker process reaches the caller whole)."""
        return (IllegalCommand, (self.code, self.phrase))


Refusal = IllegalCommand | None
"""What a check returns: None when the command may go ahead, else the (unraised) refusal."""
