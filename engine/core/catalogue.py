"""The names menus and the command line offer: the packaged editions and the bot levels, known without
loading an edition or a bot (so that a first screen costs no more than its own drawing)."""

from __future__ import annotations

EDITIONS: tuple[str, ...] = ("classic", "modern", "darrow-1935", "landlords-1904", "addon", "finance-1936")
"""The editions offered to players, in the order the new-game form lists them."""

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert", "random")
"""The bot levels, weakest first, then the random player used for testing."""

EDITION_NAMES: dict[str, str] = {
    "classic": "Classic",
    "modern": "Modern",
    "darrow-1935": "Darrow 1935",
    "landlords-1904": "Landlord's Game 1904",
    "addon": "Add-on board",
    "finance-1936": "Finance",
}
"""The name each packaged edition's data gives it, for a list of saved games to show without reading and
checking the edition's whole data (`Edition.name`, which the tests hold this to)."""
