"""Creating a room: a new game from the new-game form's choices, a quick game, or a saved game resumed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import RuleOptions, SetupError, new_game
from room.library import Persistence, PersistenceError
from room.opponents import UnknownBot, make_opponents
from room.replay import TableReplay
from room.room import Room
from room.seats import Seat, bot_names, quick_seats, your_name
from room.titles import game_title
from translation import _

QUICK_EDITION = "classic"
LESSON_SEED = 21
"""The first game that teaches is always this one: its first throw (a 1 and a 5) lands the person on
Oriental Avenue, a deed nobody owns, so the lesson starts with a purchase. Its deal is fair: nobody is
dealt a whole colour group, and from the deal alone (every seat played alike) each player's chance to win
at the start is about a third (34 %, 35 % and 31 % from 1,500 playouts). The panel, which counts the bots'
easy level, shows the person ahead."""
LESSON_LEVEL = "easy"


@dataclass(frozen=True)
class TableSetup:
    """The settings of a new game, as the new-game form asks for them."""

    edition: str
    seats: tuple[Seat, ...]
    rules: RuleOptions = field(default_factory=RuleOptions)
    seed: int | None = None
    lesson: bool = False
    """The first game that teaches (`landlords learn`): its screen explains each thing the first time."""

    @property
    def title(self) -> str:
        """The save's title, in the language spoken (read in the reader's: `room.titles.title_read`)."""
        kind = "lesson" if self.lesson else "short" if self.rules.short_game else "full"
        return game_title(self.edition, [s.name for s in self.seats], kind)


def quick_setup(name: str | None = None, seed: int | None = None) -> TableSetup:
    """Return the quick game's setup: you and three bots, the official Short Game rules."""
    return TableSetup(QUICK_EDITION, tuple(quick_seats(name)), RuleOptions(short_game=True), seed)


def lesson_setup(name: str | None = None) -> TableSetup:
    """Return the tutorial game's setup: you and two easy bots, the Short Game, always the same seed."""
    me = your_name(name)
    bots = [Seat(name=n, kind="bot", level=LESSON_LEVEL) for n in bot_names(2, {me})]
    seats = (Seat(name=me, kind="human"), *bots)
    return TableSetup(QUICK_EDITION, seats, RuleOptions(short_game=True), LESSON_SEED, lesson=True)


def open_room(
    setup: TableSetup, persistence: Persistence, dice: Sequence[tuple[int, int]] | None = None
) -> Room:
    """Open a room for a new game as set up. Raises `engine.SetupError` (a sentence) when the setup is not
    playable, and `PersistenceError` when the game cannot be saved."""
    game = new_game(
        setup.edition, [s.name for s in setup.seats], seed=setup.seed, rules=setup.rules, dice=dice
    )
    try:
        opponents = make_opponents(setup.seats, game.state.seed)
    except UnknownBot as exc:
        raise SetupError(str(exc)) from exc
    recorder = persistence.record(game, setup.seats, setup.title, lesson=setup.lesson)
    return Room(game, setup.seats, opponents, recorder, lesson=setup.lesson)


def resume_room(persistence: Persistence, save_id: str | None, backup: bool = False) -> Room:
    """Open a room for a saved game (the most recent when no id is given), exactly where it was left: loading
    replays it once, and that one replay also rebuilds the story so far and brings the bots up to date. With
    `backup`, from the save before the last, for a save that cannot be read."""
    replay = TableReplay(make_opponents)
    try:
        game, seats, recorder = persistence.resume(save_id, replay, backup)
    except ValueError as exc:  # a bot level no longer known, or made up in the file
        raise PersistenceError(_("This game cannot be played on: {reason}", reason=exc)) from None

    history, reasons = replay.history, replay.reasons
    return Room(
        game, seats, replay.opponents, recorder, history, reasons, lesson=recorder.lesson, held=replay.held
    )
