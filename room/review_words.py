"""A review's words, for every face that tells it: the full screen's review and the line mode's.

The review (`room.review`) holds figures; what is said of them (the headline, how far the work has got,
who made a turning point and how the chances moved) is written here once, so that the screen and the
lines say the same thing in the same words.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.narration import money
from engine.phrases import Phrase
from room.chance_words import percent
from room.review import CURVE_PLAYOUTS, MOVE_PLAYOUTS, Review, Step
from translation import say

WAITING_FOR_MOVES = "Found once the chances are worked out..."
NO_TURNING_POINT = "No move changed the chances much."
HOW_WORKED_OUT = f"From what the table could see: {CURVE_PLAYOUTS} playouts a turn, {MOVE_PLAYOUTS} a move."
SURVEYING = "Playing the game again..."


def headline(review: Review) -> str:
    """ "Review: TITLE (Grace won after 25 turns)"."""
    survey = review.survey
    if survey is None:
        return f"Review: {review.title}"
    if survey.winner is not None:
        how = f"{review.names[survey.winner]} won after {survey.turns_played} turns"
    else:
        how = f"in play, turn {survey.turns_played}"
    return f"Review: {review.title} ({how})"


def stage(review: Review) -> str:
    """What the review is doing now, in words and counts (the screen draws a bar beside it)."""
    if review.problem:
        return review.problem
    if review.stage == "surveying":
        return SURVEYING
    if review.stage == "curve":
        counted = sum(1 for c in review.curve if c is not None)
        return f"Working out the chances: {counted} of {len(review.curve)} turns"
    if review.stage == "moves":
        return f"Finding the turning points: {review.looked_into} of {review.looking_into} turns"
    return HOW_WORKED_OUT


def mover(step: Step, review: Review) -> str:
    """Who made a move: "Ada (bot, hard)", or a person's name."""
    level = review.levels[step.seat] if step.seat < len(review.levels) else None
    return review.names[step.seat] + (f" (bot, {level})" if level else "")


def most_moved(step: Step, most: int = 2) -> list[int]:
    """The players whose chances the move changed most, the most first."""
    return sorted(range(len(step.before)), key=lambda p: -abs(step.after[p] - step.before[p]))[:most]


def moved(step: Step, names: Sequence[str], player: int, arrow: str) -> str:
    """ "Ada 30% -> 55%": a player's chance before and after a move."""
    return f"{names[player]} {percent(step.before[player])} {arrow} {percent(step.after[player])}"


def what_happened(step: Step) -> str:
    """What the move did, in the reader's language (`Step.said`; a step made without it, in English)."""
    return " ".join(say(line) for line in step.said or step.lines) or "Nothing to tell."


def reason(names: Sequence[str], seat: int, said: str) -> str:
    return f"{names[seat]}'s reason: \u201c{say(Phrase(said))}\u201d"


def paid_line(review: Review, payer: int) -> str | None:
    """ "Ada paid Grace $300 and Vera $20, and $200 in taxes and fees.", or None for nothing paid."""
    survey = review.survey
    if survey is None:
        return None
    names = review.names
    row = survey.paid[payer]
    to = [f"{names[q]} {money(amount)}" for q, amount in enumerate(row[:-1]) if amount and q != payer]
    taxes = row[-1]
    if not to and not taxes:
        return f"{names[payer]} paid nobody anything."
    if taxes:
        to.append(f"{money(taxes)} in taxes and fees")
    listed = to[0] if len(to) == 1 else ", ".join(to[:-1]) + " and " + to[-1]
    return f"{names[payer]} paid {listed}."
