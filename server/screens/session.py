"""The interface the server's screens need from the session's app: its worker's rooms, who the player is, and
the ways to a table. The app (`server.session.app.ServerApp`) sits in the layer above the screens and is
handed to them as this; no screen imports it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from textual.app import App

    from server.people.chat import Pace
    from server.tables.table import Table
    from server.tables.worker_rooms import WorkerRooms
    from tui.styles.glyphs import Glyphs


class Session(Protocol):
    """One SSH session's app, as its screens see it."""

    worker_rooms: WorkerRooms
    fingerprint: str
    player_name: str
    host: str
    port: int
    glyphs: Glyphs
    zone: str  # the time zone the client named, for deadlines ("" for UTC)

    @property
    def chat_pace(self) -> Pace:
        """This session's chat rate limit, in the lobby and at tables alike."""
        ...

    async def choose_name(self, text: str) -> None:
        """Bind the name to the player's key, then go to the lobby; raises `engine.core.text.TextError`."""
        ...

    async def rename(self, text: str) -> str:
        """Give the player's key another name (the rooms joined from now on know it); the name, or
        `engine.core.text.TextError`."""
        ...

    def enter(self, name: str, watch: bool) -> None:
        """Go to a table of this worker's, or to another worker's (`move_to`)."""
        ...

    def move_to(self, room: str, watch: bool) -> None:
        """Leave for a room another worker holds."""
        ...

    def leave_waiting(self, table: Table) -> None:
        """Give up the seat at a table still gathering, and go back to the lobby."""
        ...

    def choose_language(self, code: str) -> None:
        """Switch to this language from now on (stored for the key); the session starts again in the lobby."""
        ...


def session_of(app: App[Any]) -> Session:
    """Return the session app a server screen runs in."""
    return cast("Session", app)
