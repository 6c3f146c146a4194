"""Text of a game review, shared by the full-screen review and the line mode's.

The review (`room.review`) holds figures; what is said of them (the headline, how far the work has got,
who made a turning point and how the chances moved) is written here once, so that the screen and the
lines say the same thing in the same words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core.phrases import Phrase
from room.chance_words import percent
from room.review import CURVE_MOST, CURVE_PLAYOUTS, Review
from room.turning_points import MOVE_PLAYOUTS, Step
from translation import N_, _, money, ngettext, say

WAITING_FOR_MOVES = N_("Found once the chances are worked out...")
NO_TURNING_POINT = N_("No decision changed the chances beyond the figures' error.")
VALUED_ALONE = N_("Seen from the table: each turn and each decision by the learned value.")
PLAYED_DECISIONS_VALUED = N_("Seen from the table: {turn} playouts a turn; decisions by the learned value.")
VALUED_DECISIONS_PLAYED = N_("Seen from the table: each turn valued as it stood, {move} playouts a decision.")
PLAYED = N_("Seen from the table: {turn} playouts a turn, {move} a decision.")
PLAYED_MORE = N_("Seen from the table: {turn} to {most} playouts a turn, {move} a decision.")
SURVEYING = N_("Playing the game again...")


def how_worked_out(review: Review) -> str:
    """Return how the review's figures were computed, in the current language: the curve (valued alone,
    where the edition's value needs no playouts, else from playouts, more where they disagree) and the
    decisions (by the learned value, else by playouts of each and its alternative), in one line that fits
    a screen of 80 columns."""
    valued = any(c is not None and c.playouts == 0 for c in review.curve)
    if review.exact:
        return _(VALUED_ALONE) if valued else _(PLAYED_DECISIONS_VALUED, turn=CURVE_PLAYOUTS)
    if valued:
        return _(VALUED_DECISIONS_PLAYED, move=MOVE_PLAYOUTS)
    if any(c is not None and c.playouts > CURVE_PLAYOUTS for c in review.curve):
        return _(PLAYED_MORE, turn=CURVE_PLAYOUTS, most=CURVE_MOST, move=MOVE_PLAYOUTS)
    return _(PLAYED, turn=CURVE_PLAYOUTS, move=MOVE_PLAYOUTS)


def headline(review: Review) -> str:
    """Return the review's headline: "Review: TITLE (Grace won after 25 turns)"."""
    survey = review.survey
    if survey is None:
        return _("Review: {title}", title=review.title)
    if survey.winner is not None:
        how = ngettext(
            "{name} won after {n} turn",
            "{name} won after {n} turns",
            survey.turns_played,
            name=review.names[survey.winner],
        )
    else:
        how = _("in play, turn {turn}", turn=survey.turns_played)
    return _("Review: {title} ({how})", title=review.title, how=how)


def stage(review: Review) -> str:
    """Describe the review's current stage, with counts (the screen draws a bar beside it)."""
    if review.problem:
        return review.problem
    if review.stage == "surveying":
        return _(SURVEYING)
    if review.stage == "curve":
        counted = sum(1 for c in review.curve if c is not None)
        return _("Working out the chances: {done} of {all} turns", done=counted, all=len(review.curve))
    if review.stage == "moves":
        return _("Judging the players' decisions...")
    return how_worked_out(review)


def mover(step: Step, review: Review) -> str:
    """Return who made a move: "Ada (bot, hard)", or a person's name."""
    level = review.levels[step.seat] if step.seat < len(review.levels) else None
    name = review.names[step.seat]
    return _("{name} (bot, {level})", name=name, level=level) if level else name


def most_moved(step: Step, most: int = 2) -> list[int]:
    """Return the players whose chances the move changed most, largest change first."""
    return sorted(range(len(step.before)), key=lambda p: -abs(step.after[p] - step.before[p]))[:most]


def moved(step: Step, names: Sequence[str], player: int, arrow: str) -> str:
    """Format a player's chance with the alternative and as the decision was made: "Ada 30% -> 55%"."""
    return f"{names[player]} {percent(step.before[player])} {arrow} {percent(step.after[player])}"


def within(step: Step) -> str:
    """Return how far the figures of a decision may be off, in whole points rounded up: "each figure within
    3 points"."""
    error = max(1, math.ceil(step.error * 100 - 1e-9))
    return ngettext("each figure within {n} point", "each figure within {n} points", error)


def compared(step: Step, names: Sequence[str], arrow: str) -> str:
    """Return how a decision moved the chances, against the alternative its player had, with the error:
    "Against declining: Ada 30% to 42%, Vera 35% to 28% (each figure within 3 points)."."""
    changed = ", ".join(moved(step, names, p, arrow) for p in most_moved(step))
    return _(
        "{against}: {changed} ({within}).",
        against=_(step.against),
        changed=changed,
        within=within(step),
    )


def costliest(review: Review) -> list[str]:
    """Return each player's decision that lowered his own chance most, beyond its error: the mistake, if
    any. Only the player's own decisions count: never a throw, a card or a rent he had to pay."""
    out = []
    names = review.names
    for p, name in enumerate(names):
        worst = review.costliest[p] if p < len(review.costliest) else None
        if worst is None:
            out.append(_("No decision of {name}'s cost a point or more beyond its error.", name=name))
            continue
        out.append(
            _(
                "{name}'s costliest decision, turn {turn}: {what} {against}: {name} {before} to {after}.",
                name=name,
                turn=worst.turn,
                what=what_happened(worst),
                against=_(worst.against),
                before=percent(worst.before[p]),
                after=percent(worst.after[p]),
            )
        )
    return out


def what_happened(step: Step) -> str:
    """Describe what the move did, in the reader's language (`Step.said`; a step made without it, in
    English)."""
    return " ".join(say(line) for line in step.said or step.lines) or _("Nothing to tell.")


def reason(names: Sequence[str], seat: int, said: object) -> str:
    """Return a bot's reason, stored as English text (translated back through its message id) or as a
    phrase."""
    words = say(Phrase(said)) if isinstance(said, str) else say(said)
    return _("{name}'s reason: \u201c{reason}\u201d", name=names[seat], reason=words)


def paid_line(review: Review, payer: int) -> str | None:
    """Describe who a player paid: "Ada paid Grace $300 and Vera $20, and $200 in taxes and fees.", or None
    for nothing paid."""
    survey = review.survey
    if survey is None:
        return None
    names = review.names
    row = survey.paid[payer]
    to = [f"{names[q]} {money(amount)}" for q, amount in enumerate(row[:-1]) if amount and q != payer]
    taxes = row[-1]
    if not to and not taxes:
        return _("{name} paid nobody anything.", name=names[payer])
    if taxes:
        to.append(_("{amount} in taxes and fees", amount=money(taxes)))
    listed = to[0] if len(to) == 1 else _("{some} and {last}", some=", ".join(to[:-1]), last=to[-1])
    return _("{name} paid {listed}.", name=names[payer], listed=listed)
