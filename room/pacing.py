"""Bot pacing: the delay between bot moves, so that a person can follow them."""

from __future__ import annotations

SPEEDS: dict[str, float] = {"slow": 1.4, "normal": 0.7, "fast": 0.3, "instant": 0.0}
"""Seconds between two bot moves."""

ORDER: tuple[str, ...] = ("slow", "normal", "fast", "instant")
DEFAULT_SPEED = "normal"
BURST = 400
"""Most bot moves played in one go (skipping ahead, or at the instant speed) before the screen repaints."""


def faster(speed: str) -> str:
    i = ORDER.index(speed) if speed in ORDER else 1
    return ORDER[min(i + 1, len(ORDER) - 1)]


def slower(speed: str) -> str:
    i = ORDER.index(speed) if speed in ORDER else 1
    return ORDER[max(i - 1, 0)]
