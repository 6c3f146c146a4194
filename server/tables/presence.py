"""Who is at a table now: the sessions at each seat, and how many watch. The table maintains it; its clocks
read it (a person away is waited for, then replaced by a stand-in bot)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Presence:
    """Tracks who is at a table now: sessions per seat, and how many watch."""

    seated: dict[int, int] = field(default_factory=dict)
    watching: int = 0
