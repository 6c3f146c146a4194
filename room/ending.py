"""End-of-game messages shared by every front end, besides the narration's "Game over": the standings, and the
seed the dice came from (promised by its fingerprint at the start)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.fairness import short_fingerprint
from translation import _, money


def fair_dice(seed: int, fingerprint: str) -> str:
    """Return the message revealing the seed, with the fingerprint prefix shown at the start, and how to check
    it."""
    return _(
        "the seed was {seed}, whose SHA-256 begins {fingerprint}, "
        "as shown from the start; `landlords verify` and the game's name check every throw and "
        "card against it.",
        seed=seed,
        fingerprint=short_fingerprint(fingerprint),
    )


def standings(table: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    """Return the final standings, richest first, with net worth: "Standings: 1. Grace, $2,345; 2. Vera,
    ..."."""
    each = [
        _("{rank}. {name}, {worth}", rank=rank, name=names[player], worth=money(worth))
        for rank, (player, worth) in enumerate(table, start=1)
    ]
    return _("Standings: {standings}.", standings="; ".join(each))
