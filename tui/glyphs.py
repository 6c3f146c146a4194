"""The few symbols the board uses, in Unicode or in plain ASCII for terminals and fonts that lack them."""

from __future__ import annotations

import locale
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    house: str
    hotel: str
    mortgaged: str
    full_group: str
    marker: str
    turn: str
    jail: str
    bankrupt: str
    dice: tuple[str, ...]  # faces 1 to 6
    rule: str

    def die(self, value: int) -> str:
        return self.dice[value - 1]


UNICODE = Glyphs(
    house="▪",
    hotel="▣",
    mortgaged="M",
    full_group="★",
    marker="▶",
    turn="▶",
    jail="▦",
    bankrupt="✗",
    dice=("⚀", "⚁", "⚂", "⚃", "⚄", "⚅"),
    rule="─",
)
ASCII = Glyphs(
    house="h",
    hotel="H",
    mortgaged="M",
    full_group="*",
    marker=">",
    turn=">",
    jail="#",
    bankrupt="x",
    dice=("[1]", "[2]", "[3]", "[4]", "[5]", "[6]"),
    rule="-",
)


def unicode_ok() -> bool:
    """Whether the terminal's locale can show Unicode (an ASCII-only locale says no)."""
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(var)
        if value:
            return "utf" in value.lower().replace("-", "")
    return "utf" in (locale.getpreferredencoding(False) or "").lower().replace("-", "")
