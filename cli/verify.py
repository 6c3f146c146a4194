"""`landlords verify GAME`: whether every throw and card of a finished game came from its seed, and whether
its seed is the one whose fingerprint was shown when the game began.

Exit status 0: fair; 1: not (the first thing that does not hold is named, a seed changed in the file
among them); 2: no answer (a game still in play, whose seed is secret, or a file that cannot be read). The
save is only read."""

from __future__ import annotations

import argparse
from typing import Any

from cli import commands
from cli.saved_games import ID_HELP, add_saves_dir, fail, say, store_for
from engine.core.fairness import short_fingerprint
from saves import SaveError
from saves.errors import SeedMismatch
from saves.store import read
from saves.verify import verify
from translation import _, number

UNFAIR = 1


def register(sub: Any) -> None:
    p = commands.parser(sub, "verify")
    p.add_argument("id", metavar=_("GAME"), help=_(ID_HELP))
    add_saves_dir(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    store = store_for(args)
    try:
        path = store.resolve(args.id)
        save = read(path)
    except SeedMismatch as exc:  # a seed that is not the game's: not fair, whatever else the file holds
        say(
            _(
                "{file}: Not fair: {reason}: the file's seed was changed.",
                file=exc.path.name,
                reason=exc.reason,
            )
        )
        return UNFAIR
    except SaveError as exc:
        return fail(exc)
    verdict = verify(save)
    if verdict.outcome == "in_play":
        return fail(f"{save.title}: {verdict.reason}")
    say(_("{title}: seed {seed}", title=save.title, seed=verdict.seed))
    shown = short_fingerprint(verdict.fingerprint)
    say(
        _(
            "SHA-256 of the seed: {fingerprint} (on screen: {shown})",
            fingerprint=verdict.fingerprint,
            shown=shown,
        )
    )
    if verdict.outcome == "unfair":
        say(_("Not fair: {reason}.", reason=verdict.reason))
        return UNFAIR
    for note in verdict.notes:
        say(_("Note: {note}.", note=note))
    if verdict.recorded_fingerprint is not None:
        say(_("The seed matches the fingerprint shown at the start."))

    say(
        _(
            "Fair: all {throws} throws and {cards} cards of the {moves} moves replayed came from the seed.",
            throws=number(verdict.throws),
            cards=number(verdict.cards),
            moves=number(verdict.commands),
        )
    )
    return 0
