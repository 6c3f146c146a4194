"""Who is who: a player is their SSH public key. The name a key chose on its first visit stays bound to
it (and no other key may take the same name).

Keys cost nothing, so the names kept are bounded (`Limits.players`): when a new key chooses a name with
the book full, the oldest name of a key that holds no seat at any room is let go (that key chooses again
if it ever comes back), so the file stays small enough to be read again on a restart."""

from __future__ import annotations

import logging
from collections.abc import Collection
from pathlib import Path

from engine.text import TextError, check_name, clean_name
from server.state import read_json, write_json

log = logging.getLogger(__name__)

FILE = "players.json"
KEY_MAX = 100  # characters in a key's fingerprint (SHA256: and 43 more)


class Players:
    def __init__(self, folder: Path, most: int = 10_000) -> None:
        self._path = folder / FILE
        self.most = most
        raw = read_json(self._path)
        self._names: dict[str, str] = {}
        if isinstance(raw, dict):
            for key, name in list(raw.items())[-most:]:  # the newest, if more were kept than are now
                if (
                    isinstance(key, str)
                    and len(key) <= KEY_MAX
                    and isinstance(name, str)
                    and clean_name(name)
                ):
                    self._names[key] = clean_name(name)

    def __len__(self) -> int:
        return len(self._names)

    def name_of(self, fingerprint: str) -> str | None:
        return self._names.get(fingerprint)

    def holder_of(self, name: str) -> str | None:
        """The key that holds `name` (compared without case), if any."""
        folded = name.casefold()
        return next((k for k, n in self._names.items() if n.casefold() == folded), None)

    def choose(self, fingerprint: str, name: str, seated: Collection[str] = ()) -> str:
        """Bind a name to a key that has none; `TextError` with the reason when it cannot be had. With
        the book full, the oldest name of a key not in `seated` (the keys holding a seat) is let go."""
        if fingerprint in self._names:
            raise TextError("This key already has a name.")
        if len(fingerprint) > KEY_MAX:
            raise TextError("This key cannot be given a name.")
        name = check_name(name)
        if self.holder_of(name) is not None:
            raise TextError(f"The name {name} is taken; choose another.")
        if len(self._names) >= self.most:
            kept = set(seated)
            oldest = next((k for k in self._names if k not in kept), None)
            if oldest is None:
                raise TextError("The server keeps as many names as it can; try again later.")
            log.info("the name of key %s let go: the book of names is full", oldest)
            del self._names[oldest]
        self._names[fingerprint] = name
        write_json(self._path, self._names)
        return name
