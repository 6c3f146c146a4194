"""Which decision the table must put to a person now, and on whose behalf the keyboard acts.

Pure: it reads a `GameView` and the set of human seats, so the rules of "what to ask whom" are tested
without a terminal.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine import GameView


@dataclass(frozen=True)
class Decision:
    """A decision that gets its own dialog. `key` tells one decision from the next of the same kind."""

    kind: str
    player: int
    key: tuple[object, ...]


def decision_for(view: GameView, humans: Collection[int]) -> Decision | None:
    """The dialog the game calls for, if any: one of a human's decisions, or an auction a human bids in."""
    pend = view.pending
    if pend is None:
        return None
    if pend.kind == "auction":
        if pend.player in humans or any(b in humans for b in pend.bidders):
            return Decision(
                "auction", pend.player, ("auction", pend.lot, pend.space, pend.initiator, view.turn)
            )
        return None
    if pend.player not in humans:
        return None
    p = pend.player
    if pend.kind == "roll":
        if view.players[p].in_jail:
            return Decision("jail", p, ("jail", p, view.turn, view.players[p].jail_turns))
        return None
    if pend.kind == "buy":
        return Decision("buy", p, ("buy", p, pend.space, view.turn))
    if pend.kind == "income_tax":
        return Decision("income_tax", p, ("income_tax", p, view.turn))
    if pend.kind == "debt":
        return Decision("debt", p, ("debt", p, pend.charge.amount, pend.charge.reason, view.turn))
    if pend.kind == "trade_answer":
        return Decision("trade", p, ("trade", pend.trade.id))
    if pend.kind == "mortgage_decision":
        return Decision("mortgage_decision", p, ("mortgage_decision", p, pend.space, view.turn))
    if pend.kind == "place_building":
        return Decision("place_building", p, ("place_building", p, pend.building, view.turn))
    if pend.kind == "route":
        return Decision("route", p, ("route", p, pend.at, pend.steps, view.turn))
    if pend.kind == "ride":
        return Decision("ride", p, ("ride", p, pend.at, pend.means, view.turn))
    if pend.kind in ("refund_card", "winnings_card"):
        return Decision(pend.kind, p, (pend.kind, p, view.turn))
    return None


def acting_seat(view: GameView, humans: Collection[int], last: int | None) -> int | None:
    """The human the keyboard speaks for: the one the game waits on, else the last one who acted."""
    pend = view.pending
    if pend is not None and pend.player in humans:
        return pend.player
    alive = [h for h in sorted(humans) if not view.players[h].bankrupt]
    if last is not None and last in alive:
        return last
    if alive:
        return alive[0]
    return min(humans) if humans else None
