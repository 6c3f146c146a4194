"""Loading a save: replay its log from its initial state and require that it reaches its snapshot.

A save whose log does not lead exactly to its snapshot was edited or damaged; it is refused, never
half-trusted, and the message says where the two part ways. This one replay is all a game taken up again
needs: a `ReplayWatcher` is shown every command before it is applied and every event it caused, so that
the story of the game and the bots' memories are rebuilt on the way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engine import Command, Event, Game, GameState, IllegalCommand
from engine.core.events import reason_for
from engine.core.state import state_adapter
from engine.play.soundness import problem
from saves.codec import program_version
from saves.errors import SaveError
from saves.model import SaveFile, SaveSummary, Seat


@dataclass
class LoadedGame:
    """A loaded save: the game, ready to continue, and who sits where."""

    game: Game
    seats: list[Seat]
    summary: SaveSummary
    saved_by: str  # the version of landlords that wrote the file
    reasons: dict[int, str] = field(default_factory=dict)  # the bots' reasons, by the place of the move
    fingerprint: str | None = None  # the seed's fingerprint as shown when the game began, if the file has it
    pace: str | None = None  # the bots' pace chosen at the table, if the file has it


class ReplayWatcher(Protocol):
    """Callbacks that follow the replay of a saved game."""

    def begin(self, game: Game, seats: list[Seat]) -> None:
        """Called before the first command, with the game at its initial state."""

    def command(self, game: Game, cmd: Command) -> None:
        """Called before `cmd` is applied."""

    def applied(self, events: list[Event]) -> None:
        """Called with the events of the command just applied, and the reason its bot gave (`ReasonGiven`,
        last), as the table showed them."""


def restore(path: Path, save: SaveFile, watcher: ReplayWatcher | None = None) -> Game:
    """Replay the game of `save` command by command from its initial state, checking it."""
    impossible = problem(save.initial)
    if impossible is not None:
        raise SaveError(path, f"the game's initial state is impossible: {impossible}")
    try:
        game = Game.from_state(save.initial)
    except Exception as exc:
        raise SaveError(path, f"the initial state cannot be set up ({_why(exc)})") from None
    total = len(save.log)
    if watcher is not None:
        watcher.begin(game, list(save.players))
    for number, cmd in enumerate(shared(save.log), start=1):
        if watcher is not None:
            watcher.command(game, cmd)
        try:
            events = game.apply(cmd)
        except IllegalCommand as exc:
            raise SaveError(
                path,
                f"command {number} of {total} ({cmd.kind}) is refused on replay: {exc.reason}"
                f"{_version_note(save)}",
            ) from None
        except Exception as exc:
            raise SaveError(
                path,
                f"command {number} of {total} ({cmd.kind}) fails on replay ({_why(exc)})"
                f"{_version_note(save)}",
            ) from None
        if watcher is not None:
            said = save.reasons.get(number - 1)
            if said:
                events = [*events, reason_for(events, cmd.player, said)]
            watcher.applied(events)
    if game.state != save.snapshot and not same_but_unnamed_rules(game.state, save.snapshot):
        where = first_difference(game.state, save.snapshot)
        raise SaveError(
            path,
            f"the command log does not lead to the saved state ({where} differs): the file was edited or "
            f"damaged{_version_note(save)}",
        )
    return game


def shared(log: list[Command]) -> list[Command]:
    """Return the log with one shared object for each distinct command: commands are immutable, and a game
    holds the same few (a roll, the end of a turn) thousands of times, as the game that was saved did."""
    canonical: dict[Command, Command] = {}
    return [canonical.setdefault(cmd, cmd) for cmd in log]


def same_but_unnamed_rules(replayed: GameState, saved: GameState) -> bool:
    """Whether two states differ only where the saved one names no rule for a charge or a move that the
    replay names one for: a save written before the charges named their rules (format 3 and older)."""
    adapter = state_adapter()
    mine = adapter.dump_python(replayed)
    _forget_unnamed_rules(mine, adapter.dump_python(saved))
    return adapter.validate_python(mine) == saved


def _forget_unnamed_rules(mine: Any, saved: Any) -> None:
    if isinstance(mine, dict) and isinstance(saved, dict):
        if "rule" in mine and saved.get("rule", 0) is None:
            mine["rule"] = None
        for key, value in mine.items():
            if key in saved:
                _forget_unnamed_rules(value, saved[key])
    elif isinstance(mine, list) and isinstance(saved, list):
        for x, y in zip(mine, saved, strict=False):
            _forget_unnamed_rules(x, y)


def first_difference(a: GameState, b: GameState) -> str:
    """Return where two states first differ, as a path such as `players.2.cash`."""
    adapter = state_adapter()
    return _diff(adapter.dump_python(a), adapter.dump_python(b), "state") or "nothing"


def _diff(a: Any, b: Any, where: str) -> str | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{where}.{key}"
            found = _diff(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        if len(a) != len(b):
            return where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _diff(x, y, f"{where}.{i}")
            if found:
                return found
        return None
    return None if a == b else where


def _version_note(save: SaveFile) -> str:
    mine = program_version()
    if save.program_version != mine:
        return f" (saved by landlords {save.program_version}; this is {mine})"
    return ""


def _why(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    if len(text) > 120:
        text = text[:117] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
