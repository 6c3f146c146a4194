"""The advisor's answer in words, the same in every front end: what it would take, why, and the hint on how
to follow it (a trade it suggests is opened or spelled out, never sent)."""

from __future__ import annotations

from engine import Board, GameView
from engine.bots.advice import Advice
from room.command_words import describe_command
from translation import _, say


def heading(advice: Advice) -> str:
    """Return the words before the move picked: whether it is clearly best or too close to call."""
    if advice.close:
        return _("Too close to call; I would take:")
    return _("Best for you:")


def headline(advice: Advice, view: GameView, board: Board) -> str:
    """Return the move picked, after its heading, as one line."""
    return f"{heading(advice)} {describe_command(advice.command, view, board)}"


def why(advice: Advice) -> str:
    """Return the reason, said to the player about his seat."""
    return say(advice.said)


def draft_note(advice: Advice) -> str | None:
    """Return what a trade suggestion is (nothing is sent unseen), or None where the advice is no trade."""
    if advice.draft is None:
        return None
    return _("A trade to propose: nothing is sent until you send it yourself, as it is or changed.")
