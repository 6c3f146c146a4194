"""Bot reasons: one line explaining a bot's choice, for the table's log.

Every decision a bot makes may come with its reason (`Bot.reason`): why it bought or declined, how far it
will bid, where it built, why it stays in jail or pays, what it sold or mortgaged to raise cash. The table
tells the reason after the move's events (`engine.core.events.ReasonGiven`), keeps it with the game's save,
and
a game's review shows it beside the move. A reason costs a few string operations, never a figure worked
out only to be said: decisions stay as fast as they were.
"""

from __future__ import annotations

from typing import TypeVar

from engine.bots.judging import completed
from engine.bots.position import Position
from engine.core.commands import Command, ProposeTrade
from engine.core.phrases import N_, Money, Phrase

C = TypeVar("C", bound=Command)


class Reasoning:
    """A decision maker for a seat that gives reasons: the reason for its last decision ("" for none), in
    English (`reason`, as games store it) and as a phrase a front end renders in its player's language
    (`said`)."""

    reason: str = ""
    said: Phrase | str = ""

    def because(self, cmd: C, reason: Phrase | str) -> C:
        """Return `cmd`, recording `reason` as the reason it was chosen."""
        self.tell(reason)
        return cmd

    def tell(self, reason: Phrase | str) -> None:
        """Remember `reason` as the reason of the last decision, in both its forms."""
        self.said = reason
        self.reason = str(reason)


def dollars(amount: float) -> Money:
    """Return a sum as people write it: $1,400 (each language its own way)."""
    return Money(round(amount))


def deed_name(pos: Position, space: int) -> str:
    return pos.board.name(space)


def group_words(pos: Position, group: str) -> Phrase:
    """Return a group's name as a sentence uses it: "orange group", "set of railroads"."""
    name = pos.tables.group_names[group]
    if group in pos.tables.street_groups:
        return Phrase(N_("{colour} group"), colour=Phrase.within("edition", name.lower()))
    return Phrase(N_("set of {kind}"), kind=Phrase.within("edition", name.lower()))


def group_of(pos: Position, space: int) -> Phrase:
    return group_words(pos, pos.group(space))


def offer_words(pos: Position, offer: ProposeTrade) -> Phrase:
    """Return why a bot makes an offer, in a line: the group it completes or gathers, or the stray it
    sells."""
    board = pos.board
    mine = completed(pos, offer.take, offer.give, pos.me)
    if mine:
        return Phrase(N_("it would complete my {group}"), group=group_words(pos, mine[0]))
    if offer.take.deeds:
        return Phrase(
            N_("it gathers more of the {group} in my hands"), group=group_of(pos, offer.take.deeds[0])
        )
    if offer.give.deeds:
        what = board.name(offer.give.deeds[0]) if len(offer.give.deeds) == 1 else Phrase(N_("those deeds"))
        return Phrase(N_("{what} would serve you better than me"), what=what)
    return Phrase(N_("it would leave us both better off"))
