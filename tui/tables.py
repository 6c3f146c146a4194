"""Setting a table: a new game from the start screen's choices, a quick game, or a saved game resumed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import RuleOptions, load_edition, new_game
from engine.text import TITLE_MAX, shorten
from saves import Seat
from tui.client import LocalClient
from tui.opponents import make_opponents, resumed_opponents
from tui.persistence import Persistence, PersistenceError
from tui.seats import quick_seats

QUICK_EDITION = "classic"


@dataclass(frozen=True)
class TableSetup:
    """Everything the new-game form asks for."""

    edition: str
    seats: tuple[Seat, ...]
    rules: RuleOptions = field(default_factory=RuleOptions)
    seed: int | None = None

    @property
    def title(self) -> str:
        names = [s.name for s in self.seats]
        variant = " short game" if self.rules.short_game else ""
        return shorten(f"{load_edition(self.edition).name}{variant}: {', '.join(names)}", TITLE_MAX)


def quick_setup(name: str | None = None, seed: int | None = None) -> TableSetup:
    """You and three bots, the official Short Game rules."""
    return TableSetup(QUICK_EDITION, tuple(quick_seats(name)), RuleOptions(short_game=True), seed)


def open_table(
    setup: TableSetup, persistence: Persistence, dice: Sequence[tuple[int, int]] | None = None
) -> LocalClient:
    """A new game as set up. Raises `engine.SetupError` (a sentence) when the setup is not playable,
    and `PersistenceError` when the game cannot be saved."""
    game = new_game(
        setup.edition, [s.name for s in setup.seats], seed=setup.seed, rules=setup.rules, dice=dice
    )
    recorder = persistence.record(game, setup.seats, setup.title)
    return LocalClient(game, setup.seats, make_opponents(setup.seats, game.state.seed), recorder)


def resume_table(persistence: Persistence, save_id: str | None) -> LocalClient:
    """A saved game (the most recent when no id is given), exactly where it was left."""
    game, seats, recorder = persistence.resume(save_id)
    try:
        opponents = resumed_opponents(seats, game)
    except ValueError as exc:  # a bot level no longer known, or made up in the file
        recorder.close()
        raise PersistenceError(f"This game cannot be played on: {exc}") from None
    return LocalClient.resumed(game, seats, opponents, recorder)
