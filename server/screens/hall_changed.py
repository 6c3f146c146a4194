"""The message a screen that shows the hall posts to itself when the hall changes (a room made, filled, played
or left), so that it reads the hall again on its own turn: the lobby, the players' list, a room gathering."""

from __future__ import annotations

from textual.message import Message


class HallChanged(Message):
    """Message: a room was created, filled, played or left, so the list is read again."""
