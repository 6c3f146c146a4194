"""What a worker's rooms need from the front process, as one interface (`server.tables.worker_rooms`)."""

from __future__ import annotations

from typing import Any, Protocol

from server.tables.lobby_line import TableStatus


class FrontLink(Protocol):
    """The interface a worker's rooms need from the front process."""

    def report(self, plan: dict[str, Any], status: TableStatus) -> None: ...

    def gone(self, table_id: str) -> None: ...

    async def ask(self, message: dict[str, Any]) -> Any: ...

    def say(self, fingerprint: str, words: str) -> None: ...

    def keep_language(self, fingerprint: str, code: str) -> None: ...

    def keep_settings(self, fingerprint: str, words: str) -> None: ...
