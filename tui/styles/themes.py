"""Colour themes: the board's colour groups and the players' colours are theme variables.

`$group-<colour>` is the band of a colour group (`-text` is the writing on it, `-mark` a pattern where the
theme's colours alone do not tell two groups apart) and `$player-<n>` a player's colour. The ANSI theme
uses only the sixteen terminal colours, so that a 16-colour terminal shows every group in the terminal's
own palette.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.theme import BUILTIN_THEMES, Theme, ThemeProvider

DARK = "landlords-dark"
LIGHT = "landlords-light"
ANSI = "landlords-ansi"
THEME_CHOICES = {"dark": DARK, "light": LIGHT, "ansi": ANSI}

GROUP_COLOURS = (
    "brown",
    "light_blue",
    "pink",
    "orange",
    "red",
    "yellow",
    "green",
    "dark_blue",
    "teal",
    "lavender",
    "gold",
    "silver",
    "railroad",
    "utility",
)
MAX_PLAYERS = 9


def group_var(colour: str | None) -> str:
    """Return the theme variable of a colour group's band ("group-light-blue"); spaces without a group use
    "group-none"."""
    return f"group-{(colour or 'none').replace('_', '-')}"


def player_var(player: int) -> str:
    return f"player-{player % MAX_PLAYERS + 1}"


PLAIN = "not underline"
PATTERNED = "underline"
ANSI_TWINS = frozenset({"orange", "yellow"})
"""Groups whose sixteen-colour band is only the bright twin of another's (red, brown): underlined."""


def _variables(
    bands: dict[str, tuple[str, str]],
    players: list[str],
    extra: dict[str, str],
    patterned: frozenset[str] = frozenset(),
) -> dict[str, str]:
    out: dict[str, str] = {}
    for colour, (band, text) in bands.items():
        name = group_var(None if colour == "none" else colour)
        out[name] = band
        out[f"{name}-text"] = text
        out[f"{name}-mark"] = PATTERNED if colour in patterned else PLAIN
    for i, colour in enumerate(players):
        out[player_var(i)] = colour
    out.update(extra)
    return out


_TRUE_BANDS = {
    "brown": ("#8b5a2b", "#ffffff"),
    "light_blue": ("#9fd3f0", "#101418"),
    "pink": ("#c8377f", "#ffffff"),
    "orange": ("#f08c00", "#101418"),
    "red": ("#d7263d", "#ffffff"),
    "yellow": ("#f2d024", "#101418"),
    "green": ("#1f9d55", "#ffffff"),
    "dark_blue": ("#2350a8", "#ffffff"),
    "teal": ("#1a8a8a", "#ffffff"),
    "lavender": ("#a493e6", "#101418"),
    "gold": ("#b8860b", "#ffffff"),
    "silver": ("#dfe3e8", "#101418"),
    "railroad": ("#4a505b", "#ffffff"),
    "utility": ("#a3aab5", "#101418"),
    "none": ("#343a45", "#d8dce3"),
}
_TRUE_PLAYERS = [
    "#ff6b6b",
    "#5fb3ff",
    "#7bd88f",
    "#ffd866",
    "#d49bff",
    "#4fd6c9",
    "#ff9f43",
    "#c0c6d0",
    "#f78fb3",
]
_ANSI_BANDS = {
    "brown": ("ansi_yellow", "ansi_black"),
    "light_blue": ("ansi_bright_cyan", "ansi_black"),
    "pink": ("ansi_magenta", "ansi_bright_white"),
    "orange": ("ansi_bright_red", "ansi_black"),
    "red": ("ansi_red", "ansi_bright_white"),
    "yellow": ("ansi_bright_yellow", "ansi_black"),
    "green": ("ansi_green", "ansi_black"),
    "dark_blue": ("ansi_blue", "ansi_bright_white"),
    "teal": ("ansi_cyan", "ansi_black"),
    "lavender": ("ansi_bright_magenta", "ansi_black"),
    "gold": ("ansi_bright_green", "ansi_black"),
    "silver": ("ansi_bright_white", "ansi_black"),
    "railroad": ("ansi_bright_black", "ansi_bright_white"),
    "utility": ("ansi_white", "ansi_black"),
    "none": ("ansi_black", "ansi_bright_white"),
}
_ANSI_PLAYERS = [
    "ansi_bright_red",
    "ansi_bright_blue",
    "ansi_bright_green",
    "ansi_bright_yellow",
    "ansi_bright_magenta",
    "ansi_bright_cyan",
    "ansi_bright_white",
    "ansi_red",
    "ansi_green",
]


def defaults() -> dict[str, str]:
    """Return fallbacks for every variable, so that any other theme (Textual's own) still shows the board."""
    return _variables(_TRUE_BANDS, _TRUE_PLAYERS, {"board-gap": "#15171c", "token-text": "#101418"})


def themes() -> list[Theme]:
    dark = Theme(
        name=DARK,
        primary="#5fa8e8",
        secondary="#b48ead",
        accent="#e5c07b",
        warning="#f0a020",
        error="#ef5f6b",
        success="#7bd88f",
        foreground="#dcdfe4",
        background="#1b1e24",
        surface="#23272f",
        panel="#2d323c",
        dark=True,
        variables=_variables(_TRUE_BANDS, _TRUE_PLAYERS, {"board-gap": "#15171c", "token-text": "#101418"}),
    )
    light = Theme(
        name=LIGHT,
        primary="#1f5fa8",
        secondary="#7a4f8c",
        accent="#b5651d",
        warning="#b36b00",
        error="#b3261e",
        success="#2e7d32",
        foreground="#1d2026",
        background="#f3efe2",
        surface="#fbf8ef",
        panel="#e4dcc6",
        dark=False,
        variables=_variables(
            {**_TRUE_BANDS, "none": ("#d9d0b8", "#1d2026")},
            [
                "#c62828",
                "#1565c0",
                "#2e7d32",
                "#b58900",
                "#8e24aa",
                "#00838f",
                "#e65100",
                "#455a64",
                "#ad1457",
            ],
            {"board-gap": "#e8e1cc", "token-text": "#ffffff"},
        ),
    )
    base = BUILTIN_THEMES["ansi-dark"]
    ansi = Theme(
        name=ANSI,
        primary=base.primary,
        secondary=base.secondary,
        accent="ansi_bright_yellow",
        warning=base.warning,
        error=base.error,
        success=base.success,
        foreground=base.foreground,
        background=base.background,
        surface=base.surface,
        panel=base.panel,
        boost=base.boost,
        dark=True,
        ansi=True,
        variables={
            **base.variables,
            **_variables(
                _ANSI_BANDS,
                _ANSI_PLAYERS,
                {"board-gap": "ansi_default", "token-text": "ansi_black"},
                ANSI_TWINS,
            ),
        },
    )
    return [dark, light, ansi]


class GameThemes(ThemeProvider):
    """The command palette's themes: the game's three, not every theme Textual brings."""

    @property
    def commands(self) -> list[tuple[str, Callable[[], None]]]:
        def use(name: str) -> None:
            self.app.theme = name

        return [(word, partial(use, name)) for word, name in THEME_CHOICES.items()]
