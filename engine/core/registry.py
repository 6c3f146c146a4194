"""Registries behind `Game.apply`: each command's check and action, and how each continuation is carried out.

Rule areas register what they implement here (and their named hooks in `engine.core.hooks`); `Game.apply`
only looks the type of a command or a continuation up.
Keeping the tables in this small module, apart from `Game`, is what lets the rule areas import each other
without a circular import through `engine.play.game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.errors import Refusal
from engine.core.hooks import register_once

if TYPE_CHECKING:
    from engine.core.live import LiveGame

Check = Callable[["LiveGame", Any], Refusal]
"""A command's check. It must be complete: the action that follows it may not refuse."""
Run = Callable[["LiveGame", Any], None]
"""A command's action: it changes the state and emits events, and never refuses."""
EffectRun = Callable[["LiveGame", Any], None]
"""How a queued continuation is carried out once nothing is awaited."""

COMMANDS: dict[type, tuple[Check, Run]] = {}
EFFECTS: dict[type, EffectRun] = {}


def command(kind: type, check: Check) -> Callable[[Run], Run]:
    """Register the check and the action of a command type."""

    def register(run: Run) -> Run:
        register_once(COMMANDS, kind, "command")
        COMMANDS[kind] = (check, run)
        return run

    return register


def effect(kind: type) -> Callable[[EffectRun], EffectRun]:
    """Register how a continuation is carried out."""

    def register(run: EffectRun) -> EffectRun:
        register_once(EFFECTS, kind, "continuation")
        EFFECTS[kind] = run
        return run

    return register
