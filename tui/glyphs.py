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
    swatch: str  # a small block of a group's colour
    dot: str  # separates items on a line
    stripe: str  # the start screen's band of colours
    ascii_only: bool = False
    trail: str = "•"  # a space the last move passed through
    airplane: str = "✈"  # the airplane marker of the add-on board's option
    link_across: str = "═"  # two spaces joined across the gap between rings
    link_down: str = "║"

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
    swatch="██",
    dot="·",
    stripe="▀",
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
    swatch="##",
    dot="|",
    stripe="=",
    ascii_only=True,
    trail=".",
    airplane="A",
    link_across="=",
    link_down="|",
)

_PLAIN = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u2013": "-",
        "\u2014": "-",
        "\u2026": "...",
        "\u00b7": "|",
        "\u00d7": "x",
        "\u2192": "->",
    }
)


def plain(text: str) -> str:
    """Text for an ASCII-only terminal: typographic marks become their plain cousins, anything else '?'."""
    return text.translate(_PLAIN).encode("ascii", "replace").decode("ascii")


@dataclass(frozen=True)
class _Controls:
    left: str
    right: str
    vertical: tuple[str, ...]
    horizontal: tuple[str, ...]


_textual_controls: list[_Controls] = []


def use_ascii_controls(on: bool) -> None:
    """Textual's check boxes and scroll bars drawn without block characters, or as Textual draws them.
    They are class settings, so the app sets them either way when it starts."""
    from textual.scrollbar import ScrollBarRender
    from textual.widgets._toggle_button import ToggleButton

    if not _textual_controls:
        _textual_controls.append(
            _Controls(
                ToggleButton.BUTTON_LEFT,
                ToggleButton.BUTTON_RIGHT,
                tuple(ScrollBarRender.VERTICAL_BARS),
                tuple(ScrollBarRender.HORIZONTAL_BARS),
            )
        )
    textual = _textual_controls[0]
    ToggleButton.BUTTON_LEFT = "[" if on else textual.left
    ToggleButton.BUTTON_RIGHT = "]" if on else textual.right
    ScrollBarRender.VERTICAL_BARS = [" "] * 8 if on else list(textual.vertical)
    ScrollBarRender.HORIZONTAL_BARS = [" "] * 8 if on else list(textual.horizontal)


def unicode_ok() -> bool:
    """Whether the terminal's locale can show Unicode (an ASCII-only locale says no)."""
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(var)
        if value:
            return "utf" in value.lower().replace("-", "")
    return "utf" in (locale.getpreferredencoding(False) or "").lower().replace("-", "")
