"""Fairness verification of a finished game: its luck all came from its seed, and its seed is the one
whose fingerprint the table was shown when the game began.

A save does not list the throws and cards one by one: it holds the state before the first command (the
decks in their shuffled order and the PRNG's state, which every later throw and shuffle follows), the
command log and the state at the end (where the pieces stand, the last throw, the cash). Those are the
record. The check sets the game up again from the seed alone, with the recorded edition, players and
rules, and plays the log on two tables side by side: the recorded start and the start from the seed. Every
throw of the dice and every card drawn must be the same on both, and the end from the seed must be the
recorded end. So a seed changed after the game is caught by its fingerprint, a start that was not dealt
from the seed by the first throw or card it changes, and an end that was edited by the replay not
reaching it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine import Command, Event, Game, GameState, SetupError, new_game
from engine.core.events import CardDrawn, DiceRolled
from engine.core.fairness import fingerprint
from saves.model import SaveFile
from saves.restore import first_difference, same_but_unnamed_rules, shared

Outcome = Literal["fair", "unfair", "in_play"]


@dataclass
class Verdict:
    """The result of a fairness check: `fair`, `unfair` (and `reason`, the first thing that does not hold) or
    `in_play` (a game under way, whose seed is still secret)."""

    outcome: Outcome
    reason: str = ""
    seed: int = 0
    fingerprint: str = ""
    recorded_fingerprint: str | None = None
    throws: int = 0
    cards: int = 0
    commands: int = 0
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Luck:
    """One throw of the dice or one card drawn, where it happened."""

    turn: int  # counted from 1, as the narration counts
    number: int  # the game's throws (or cards) counted from 1
    player: int
    what: str  # "throw" or "card"
    value: str  # "3+4", or "chance/go-to-jail"


def verify(save: SaveFile) -> Verdict:
    """Check whether every throw and card of the finished game in `save` came from its seed, and its seed from
    the fingerprint recorded at the start."""
    seed = save.initial.seed
    verdict = Verdict("fair", seed=seed, fingerprint=fingerprint(seed), recorded_fingerprint=save.fingerprint)
    if save.snapshot.winner is None:
        verdict.outcome = "in_play"
        verdict.reason = "the game is still in play: its seed is not revealed until it ends"
        return verdict
    if save.fingerprint is None:
        verdict.notes.append(
            "this save does not record the fingerprint shown at the start (it was written before landlords "
            "kept it): compare the fingerprint above with the one you saw"
        )
    elif save.fingerprint != verdict.fingerprint:
        return _unfair(
            verdict,
            f"the seed {seed} does not match the fingerprint shown at the start: its SHA-256 is "
            f"{verdict.fingerprint}, the save records {save.fingerprint}",
        )
    if save.initial.scripted_dice:
        return _unfair(verdict, "the game's dice were set in advance, not thrown from its seed")
    names = [p.name for p in save.initial.players]
    try:
        fresh = new_game(save.initial.edition, names, seed=seed, rules=save.initial.rules)
    except SetupError as exc:
        return _unfair(verdict, f"the game cannot be set up again from its seed ({exc})")
    except Exception as exc:
        return _unfair(verdict, f"the game cannot be set up again from its seed ({type(exc).__name__})")
    return _replay(verdict, save, fresh.initial)


def _replay(verdict: Verdict, save: SaveFile, from_seed: GameState) -> Verdict:
    """Play the log on the recorded start and on the start from the seed, throw by throw."""
    try:
        recorded = Game.from_state(save.initial)
    except Exception as exc:
        return _unfair(verdict, f"the recorded start of the game cannot be set up ({type(exc).__name__})")
    seeded = Game.from_state(from_seed)
    counts = {"throw": 0, "card": 0}
    total = len(save.log)
    for number, cmd in enumerate(shared(save.log), start=1):
        turn = seeded.state.turn + 1
        seeded_events = _applied(seeded, cmd)
        if seeded_events is None:
            return _unfair(
                verdict,
                f"command {number} of {total} ({cmd.kind}, turn {turn}) cannot be played from the seed",
            )
        recorded_events = _applied(recorded, cmd)
        if recorded_events is None:
            return _unfair(
                verdict,
                f"command {number} of {total} ({cmd.kind}, turn {turn}) cannot be played from the recorded "
                "start: the file was edited or damaged",
            )
        mine = _luck(seeded_events, turn, counts)
        theirs = _luck(recorded_events, turn, dict(counts))
        counts["throw"] += sum(1 for x in mine if x.what == "throw")
        counts["card"] += sum(1 for x in mine if x.what == "card")
        mismatch = _first_mismatch(mine, theirs, save)
        if mismatch:
            return _unfair(verdict, mismatch)
    verdict.throws, verdict.cards, verdict.commands = counts["throw"], counts["card"], total
    if save.initial != from_seed:
        where = first_difference(save.initial, from_seed)
        return _unfair(verdict, f"the recorded start is not the one dealt from the seed ({where} differs)")
    end = seeded.state
    if end != save.snapshot and not same_but_unnamed_rules(end, save.snapshot):
        if end.last_dice != save.snapshot.last_dice:
            return _unfair(
                verdict,
                f"the last throw recorded, {_dice(save.snapshot.last_dice)} on turn {end.turn + 1}, is not "
                f"the seed's: it throws {_dice(end.last_dice)}",
            )
        where = first_difference(end, save.snapshot)
        return _unfair(verdict, f"the recorded end of the game is not where the seed leads ({where} differs)")
    return verdict


def _applied(game: Game, cmd: Command) -> list[Event] | None:
    """Return the events of `cmd`, or None when the game refuses it or cannot carry it out."""
    try:
        return game.apply(cmd)
    except Exception:
        return None


def _luck(events: Sequence[Event], turn: int, counts: dict[str, int]) -> list[Luck]:
    """Return the throws and cards among `events`, numbered on from `counts`."""
    found: list[Luck] = []
    throws, cards = counts["throw"], counts["card"]
    for event in events:
        if isinstance(event, DiceRolled):
            throws += 1
            found.append(Luck(turn, throws, event.player, "throw", _dice(event.dice)))
        elif isinstance(event, CardDrawn):
            cards += 1
            found.append(Luck(turn, cards, event.player, "card", f"{event.deck}/{event.card}"))
    return found


def _first_mismatch(seeded: list[Luck], recorded: list[Luck], save: SaveFile) -> str | None:
    """Describe the first throw or card of one command on which the record and the seed disagree."""
    for mine, theirs in zip(seeded, recorded, strict=False):
        if mine != theirs:
            who = save.players[theirs.player].name if theirs.player < len(save.players) else "a player"
            what = "throw" if theirs.what == "throw" else "card drawn"
            return (
                f"turn {theirs.turn}, {what} {theirs.number} of the game ({who}): the record has "
                f"{theirs.value}, the seed gives {mine.value}"
            )
    if len(seeded) != len(recorded):
        longer = seeded if len(seeded) > len(recorded) else recorded
        extra = longer[min(len(seeded), len(recorded))]
        return (
            f"turn {extra.turn}: the record and the seed part ways at {extra.what} {extra.number} of the game"
        )
    return None


def _dice(dice: tuple[int, int] | None) -> str:
    return "no throw" if dice is None else f"{dice[0]}+{dice[1]}"


def _unfair(verdict: Verdict, reason: str) -> Verdict:
    verdict.outcome = "unfair"
    verdict.reason = reason
    return verdict
