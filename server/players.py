"""Who is who: a player is their SSH public key. The name a key chose on its first visit stays bound to
it (and no other key may take the same name)."""

from __future__ import annotations

from pathlib import Path

from engine.text import TextError, check_name, clean_name
from server.state import read_json, write_json

FILE = "players.json"


class Players:
    def __init__(self, folder: Path) -> None:
        self._path = folder / FILE
        raw = read_json(self._path)
        self._names: dict[str, str] = {}
        if isinstance(raw, dict):
            for key, name in raw.items():
                if isinstance(key, str) and isinstance(name, str) and clean_name(name):
                    self._names[key] = clean_name(name)

    def name_of(self, fingerprint: str) -> str | None:
        return self._names.get(fingerprint)

    def holder_of(self, name: str) -> str | None:
        """The key that holds `name` (compared without case), if any."""
        folded = name.casefold()
        return next((k for k, n in self._names.items() if n.casefold() == folded), None)

    def choose(self, fingerprint: str, name: str) -> str:
        """Bind a name to a key that has none; `TextError` with the reason when it cannot be had."""
        if fingerprint in self._names:
            raise TextError("This key already has a name.")
        name = check_name(name)
        if self.holder_of(name) is not None:
            raise TextError(f"The name {name} is taken; choose another.")
        self._names[fingerprint] = name
        write_json(self._path, self._names)
        return name
