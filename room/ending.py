"""What every face says when a game ends, besides the narration's "Game over": the standings, and the
seed the dice came from (promised by its fingerprint at the start)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.fairness import short_fingerprint
from translation import _, money


def fair_dice(seed: int, fingerprint: str) -> str:
    """The seed revealed, with the start of the fingerprint shown from the start, and how to check it."""
    return _(
        "the seed was {seed}, whose SHA-256 begins {fingerprint}, "
        "as shown from the start; `landlords verify` and the game's name check every throw and "
        "card against it.",
        seed=seed,
        fingerprint=short_fingerprint(fingerprint),
    )


def standings(table: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    """Every player, richest first, with their net worth: "Standings: 1. Grace, $2,345; 2. Vera, ..."."""
    each = [
        _("{rank}. {name}, {worth}", rank=rank, name=names[player], worth=money(worth))
        for rank, (player, worth) in enumerate(table, start=1)
    ]
    return _("Standings: {standings}.", standings="; ".join(each))
