"""The fingerprint of a game's seed, shown while the seed itself must stay secret.

Every throw of the dice and every shuffle comes from the seed, so the seed is kept from the table until
the game ends (knowing it would tell the dice to come). Its fingerprint gives nothing away and binds the
game to it: shown at the start, it lets anyone check afterwards that the seed revealed at the end is the
one the game was dealt with, and `landlords verify` that every throw and card came from that seed.
"""

from __future__ import annotations

import hashlib

SHORT_LENGTH = 16
"""Hex digits of the fingerprint shown where space is short: 64 bits, more than enough to tell seeds apart
by eye."""


def fingerprint(seed: int) -> str:
    """Return the SHA-256 of the seed written in decimal as ASCII digits, with no newline, in lowercase hex:
    what `printf %s SEED | sha256sum` prints."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def short_fingerprint(full: str) -> str:
    """Return the start of a fingerprint, as screens show it."""
    return full[:SHORT_LENGTH]
