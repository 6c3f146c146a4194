"""The few symbols the board uses, in Unicode or in plain ASCII for terminals and fonts that lack them."""

from __future__ import annotations

import locale
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


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
    marks: tuple[str, ...] = ("●", "▲", "■", "◆", "♥", "♣", "♠", "✚", "✦")  # each player's token
    ascii_only: bool = False
    trail: str = "•"  # a space the last move passed through
    airplane: str = "✈"  # the airplane marker of the add-on board's option
    link_across: str = "═"  # two spaces joined across the gap between rings
    link_down: str = "║"
    pledged: str = "P"  # a lot pledged for a loan (it still earns its rent)
    poorhouse: str = "@"

    def die(self, value: int) -> str:
        return self.dice[value - 1]

    def mark(self, player: int) -> str:
        """Return the player's mark: his token on the board, and beside his name everywhere."""
        return self.marks[player % len(self.marks)]


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
    poorhouse="⌂",
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
    marks=("@", "&", "%", "=", "~", "^", "!", "?", ";"),
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
    """Convert text for an ASCII-only terminal: typographic marks become their plain cousins, anything else
    '?'."""
    return text.translate(_PLAIN).encode("ascii", "replace").decode("ascii")


@dataclass(frozen=True)
class _Controls:
    left: str
    right: str
    vertical: tuple[str, ...]
    horizontal: tuple[str, ...]
    select_compose: Callable[..., Any]


_ARROWS = {"\u25bc": "v", "\u25b2": "^"}


_textual_controls: list[_Controls] = []


def use_ascii_controls(on: bool) -> None:
    """Switch Textual's check boxes, scroll bars and drop-down arrows between ASCII and Textual's own drawing.
    They are class settings, so the app sets them either way when it starts."""
    from textual.scrollbar import ScrollBarRender
    from textual.widgets._select import SelectCurrent
    from textual.widgets._toggle_button import ToggleButton

    if not _textual_controls:
        _textual_controls.append(
            _Controls(
                ToggleButton.BUTTON_LEFT,
                ToggleButton.BUTTON_RIGHT,
                tuple(ScrollBarRender.VERTICAL_BARS),
                tuple(ScrollBarRender.HORIZONTAL_BARS),
                SelectCurrent.compose,
            )
        )
    textual = _textual_controls[0]
    ToggleButton.BUTTON_LEFT = "[" if on else textual.left
    ToggleButton.BUTTON_RIGHT = "]" if on else textual.right
    ScrollBarRender.VERTICAL_BARS = [" "] * 8 if on else list(textual.vertical)
    ScrollBarRender.HORIZONTAL_BARS = [" "] * 8 if on else list(textual.horizontal)
    original = textual.select_compose

    def plain_arrows(self: SelectCurrent) -> Iterator[Any]:
        for widget in original(self):
            if widget.has_class("arrow"):
                text = str(widget.render())
                widget.update(_ARROWS.get(text, text))
            yield widget

    SelectCurrent.compose = plain_arrows if on else original  # type: ignore[method-assign]


def unicode_ok() -> bool:
    """Whether the terminal's locale can show Unicode (false for an ASCII-only locale)."""
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(var)
        if value:
            return "utf" in value.lower().replace("-", "")
    return "utf" in (locale.getpreferredencoding(False) or "").lower().replace("-", "")
