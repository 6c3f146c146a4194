"""The message a screen that shows the worker's rooms posts to itself when they change (a room made, filled,
played or left), so that it reads them again on its own turn: the lobby, the players' list, a room
gathering."""

from __future__ import annotations

from textual.message import Message


class RoomsChanged(Message):
    """Message: a room was created, filled, played or left, so the list is read again."""
