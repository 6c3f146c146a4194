"""A game's review as text lines: the same review the full screen shows (`room.review`), as sentences.

The screen draws the chances and the net worth over the game as plots; here they are said at a few turns
of the game (its start, its end and evenly between), then who paid whom, the turning points with what
happened and the bots' reasons, and each player's costliest move among them. The words are the review's
own (`room.review_words`). `work_out` waits for a review to be finished, telling how far it has got.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from typing import TextIO

from lines import verbs
from lines.pages import Pages
from lines.parser import clean
from room import review_words as words
from room.chance_words import percent
from room.review import Review, ReviewJob
from translation import N_, _, money

SAID_AT = 5
"""Turns of the game at which the chances and the worth are said (the plots' few points)."""


def _at_turns(count: int, most: int = SAID_AT) -> list[int]:
    """Return the indexes of at most `most` points of a curve of `count`, the first and the last among
    them."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def _turn(review: Review, k: int) -> str:
    survey = review.survey
    assert survey is not None
    if k == len(survey.turns) - 1 and survey.winner is not None:
        return _("the end")
    x = survey.turns[k]
    if x == int(x):
        return _("turn {turn}", turn=int(x) + 1)
    return _("turn {turn}, where it stands", turn=int(x) + 1)


def review_lines(review: Review) -> list[str]:
    """Return the whole review, one sentence per line."""
    out = [words.headline(review) + "."]
    survey = review.survey
    if review.problem or survey is None:
        return [*out, review.problem or _(words.SURVEYING)]
    names = review.names
    curve = review.curve
    chances = [k for k in _at_turns(len(curve)) if curve[k] is not None]
    out.append(_("Chance to win over the game:"))
    for k in chances:
        figure = curve[k]
        assert figure is not None
        each = ", ".join(f"{names[c.seat]} {percent(c.win)}" for c in figure.players)
        out.append(_("At {when}: {figures}.", when=_turn(review, k), figures=each))
    out.append(_("Net worth over the game:"))
    for k in _at_turns(len(survey.worth)):
        each = ", ".join(f"{names[p]} {money(w)}" for p, w in enumerate(survey.worth[k]))
        out.append(_("At {when}: {figures}.", when=_turn(review, k), figures=each))
    out.append(_("Who paid whom:"))
    out.extend(line for p in range(len(names)) if (line := words.paid_line(review, p)))
    out.append(_("Turning points:"))
    if not review.moves:
        out.append(_(words.NO_TURNING_POINT))
    for step in review.moves:
        changed = ", ".join(words.moved(step, names, p, "to") for p in words.most_moved(step))
        out.append(
            _(
                "Turn {turn}, {mover}: {changed}. {what}",
                turn=step.turn,
                mover=words.mover(step, review),
                changed=changed,
                what=words.what_happened(step),
            )
        )
        out.extend(words.reason(names, seat, said) for seat, said in step.reasons)
    out.extend(_costliest(review))
    out.append(words.how_worked_out(review))
    return out


def _costliest(review: Review) -> list[str]:
    """Return each player's turning point that lowered the mover's own chance most: the mistake, if any."""
    out = []
    for p, name in enumerate(review.names):
        own = [s for s in review.moves if s.seat == p and s.after[p] < s.before[p]]
        if not own:
            out.append(_("{name} made no costly move among the turning points.", name=name))
            continue
        worst = min(own, key=lambda s: s.after[p] - s.before[p])
        out.append(
            _(
                "{name}'s costliest move: turn {turn}, from {before} to {after}.",
                name=name,
                turn=worst.turn,
                before=percent(worst.before[p]),
                after=percent(worst.after[p]),
            )
        )
    return out


def work_out(job: ReviewJob, tell: Callable[[str], None]) -> Review:
    """Wait for the review to be finished, reporting each new stage once (never a count every moment)."""

    async def finish() -> Review:
        done = asyncio.Event()
        said: list[str] = []

        def heard(review: Review) -> None:
            if review.stage not in said:
                said.append(review.stage)
                if not review.done:
                    tell(words.stage(review).rstrip(".") + ".")
            if review.done:
                done.set()

        stop = job.watch(heard)
        try:
            await done.wait()
        finally:
            stop()
        return job.review

    return asyncio.run(finish())


def review_done(job: ReviewJob) -> Future[Review]:
    """Return the review as a future on a running event loop (a server's), set once it is finished there."""
    done: Future[Review] = Future()

    def heard(review: Review) -> None:
        if review.done and not done.done():
            done.set_result(review)

    stop = job.watch(heard)
    done.add_done_callback(lambda _done: stop())
    return done


GO_ON = N_("Type more to go on, again to hear it from the start, or quit.")
ALL_SAID = N_("That is the whole review. Type again to hear it from the start, or quit.")


def tell(job: ReviewJob, stdin: TextIO, stdout: TextIO) -> int:
    """Run `landlords review --plain`: compute the review, then print it a page at a time as the person
    asks."""

    def say(line: str) -> None:
        stdout.write(" ".join(line.split()) + "\n")
        stdout.flush()

    pages = Pages(review_lines(work_out(job, say)))
    for line in pages.next_page():
        say(line)
    while True:
        if not pages.left:
            say(_(ALL_SAID))
        typed = stdin.readline()
        if not typed:
            return 0
        words = clean(typed)
        word = "" if not isinstance(words, str) else verbs.command(words)
        if word in ("quit", "exit", "bye", "q"):
            return 0
        if word in ("again", "start", "repeat"):
            pages.at = 0
        elif word not in ("more", "next", "") or not pages.left:
            say(_(GO_ON) if pages.left else _(ALL_SAID))
            continue
        for line in pages.next_page():
            say(line)
