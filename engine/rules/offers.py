"""Offers one player makes another, answered before play goes on: a trade, a loan between players.

Every kind of offer runs the same course, written here once. A proposal sets aside the decision the game
was waiting for (`LiveGame.set_aside`) and waits on the other player's answer (on each of the others'
in turn, for a deal among several). He accepts the offer, if it
still stands (what it moves may have changed hands since), or turns it down; or the proposer withdraws it.
However it ends, the decision set aside comes back (the `Resume` continuation) and play goes on.

A kind of offer is data, an `OfferKind`: its four commands, the decision that waits on the answer, the
codes and words of its refusals, its events, and the three things in which the kinds differ: the offer a
proposal makes, why an open offer no longer stands, and what accepting it carries out. `register_offer`
registers its commands with `Game.apply`; the rule area of each kind (`engine.rules.trades`,
`engine.rules.landlords_1904.loans`) describes it and registers it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engine.core.errors import IllegalCommand, Refusal
from engine.core.phrases import N_, Phrase
from engine.core.registry import command
from engine.rules.checks import actor, awaited

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.core.live import LiveGame
    from engine.core.state import Pending


class Offer(Protocol):
    """The fields every kind of offer has: its number (one count for every kind), who made it, to whom."""

    @property
    def id(self) -> int: ...

    @property
    def proposer(self) -> int: ...

    @property
    def to(self) -> int: ...


OfferT = TypeVar("OfferT", bound=Offer)


@dataclass(frozen=True, slots=True)
class OfferKind(Generic[OfferT]):
    """One kind of offer, as the common course of offers needs to know it.

    The commands carry the game's `player` and, for the answer and the withdrawal, the offer's number
    under the field `offer_field`; the accepting and refusing commands carry a `reason`.
    """

    propose: type[Any]
    accept: type[Any]
    reject: type[Any]
    cancel: type[Any]
    offer_field: str
    """The field of the accept, reject and cancel commands that names the offer answered."""
    awaiting: str
    """The kind of the decision that waits on the answer (`Pending.kind`)."""
    waiting: Callable[[int, OfferT], Pending]
    """That decision, put to `player` on this offer."""
    offer_of: Callable[[Any], OfferT]
    """The offer a decision of that kind waits on."""
    noun: str
    """The refusal when no offer of this kind is open by that number: "There is no open deal {number}."."""
    missing: str
    """The code of the refusal when no offer of this kind is open by that number."""
    not_yours: str
    """The code of the refusal when someone other than the proposer withdraws it."""
    stale: str
    """The code of the refusal when an offer accepted no longer stands."""
    check: Callable[[LiveGame, Any], Refusal]
    """Why a proposal may not be made now, or None."""
    made: Callable[[LiveGame, Any, int], OfferT]
    """The offer a proposal makes, under the number given (and whatever the game keeps of it)."""
    problem: Callable[[LiveGame, OfferT], Refusal]
    """Why an open offer could no longer be carried out, or None."""
    carry_out: Callable[[LiveGame, OfferT, str], None]
    """What accepting the offer does, with the accepting player's reason; its events included."""
    proposed: Callable[[OfferT], Event]
    rejected: Callable[[Any], Event]
    """The event of a refusal, from the refusing command."""
    cancelled: Callable[[Any], Event]
    """The event of a withdrawal, from the withdrawing command."""
    agreed: Callable[[LiveGame, OfferT, Any], OfferT | None] | None = None
    """For an offer several players answer in turn (a deal): record one acceptance, its event included,
    and return the offer as it now waits on the next player, or None once all have accepted."""


def register_offer(kind: OfferKind[Any]) -> None:
    """Register the four commands of a kind of offer with `Game.apply`'s registry."""
    command(kind.propose, kind.check)(partial(_propose, kind))
    command(kind.accept, partial(_check_accept, kind))(partial(_accept, kind))
    command(kind.reject, partial(_check_reject, kind))(partial(_reject, kind))
    command(kind.cancel, partial(_check_cancel, kind))(partial(_cancel, kind))


def _propose(kind: OfferKind[Any], game: LiveGame, cmd: Any) -> None:
    st = game.state
    offer = kind.made(game, cmd, st.next_trade_id)
    st.next_trade_id += 1
    assert st.pending is not None
    game.set_aside()
    st.pending = kind.waiting(offer.to, offer)
    game.emit(kind.proposed(offer))


def _open(kind: OfferKind[Any], game: LiveGame, player: int, offer_id: int) -> Refusal:
    """Refuse unless the game waits on `player` to answer the offer numbered `offer_id`."""
    refusal = awaited(game, player, kind.awaiting)
    if refusal is not None:
        return refusal
    if kind.offer_of(game.state.pending).id != offer_id:
        return IllegalCommand(kind.missing, Phrase(kind.noun, number=offer_id))
    return None


def _check_accept(kind: OfferKind[Any], game: LiveGame, cmd: Any) -> Refusal:
    refusal = _open(kind, game, cmd.player, getattr(cmd, kind.offer_field))
    if refusal is not None:
        return refusal
    stale = kind.problem(game, kind.offer_of(game.state.pending))
    if stale is not None:
        return IllegalCommand(
            kind.stale, Phrase(N_("The offer no longer stands: {reason}"), reason=stale.phrase)
        )
    return None


def _accept(kind: OfferKind[Any], game: LiveGame, cmd: Any) -> None:
    st = game.state
    offer = kind.offer_of(st.pending)
    if kind.agreed is not None:
        waiting = kind.agreed(game, offer, cmd)
        if waiting is not None:
            st.pending = kind.waiting(waiting.to, waiting)
            return
    st.pending = None
    kind.carry_out(game, offer, cmd.reason)


def _check_reject(kind: OfferKind[Any], game: LiveGame, cmd: Any) -> Refusal:
    return _open(kind, game, cmd.player, getattr(cmd, kind.offer_field))


def _reject(kind: OfferKind[Any], game: LiveGame, cmd: Any) -> None:
    game.state.pending = None
    game.emit(kind.rejected(cmd))


def _check_cancel(kind: OfferKind[Any], game: LiveGame, cmd: Any) -> Refusal:
    refusal = actor(game, cmd.player)
    if refusal is not None:
        return refusal
    offer_id = getattr(cmd, kind.offer_field)
    pend = game.state.pending
    if pend is None or pend.kind != kind.awaiting or kind.offer_of(pend).id != offer_id:
        return IllegalCommand(kind.missing, Phrase(kind.noun, number=offer_id))
    if kind.offer_of(pend).proposer != cmd.player:
        return IllegalCommand(
            kind.not_yours, Phrase(N_("Only the player who made an offer can withdraw it."))
        )
    return None


def _cancel(kind: OfferKind[Any], game: LiveGame, cmd: Any) -> None:
    game.state.pending = None
    game.emit(kind.cancelled(cmd))
