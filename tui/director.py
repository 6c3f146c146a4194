"""Choosing the decision dialog to show a person now, and the seat the keyboard acts for.

Pure: it reads a `GameView` and the set of human seats, so the rules of "what to ask whom" are tested
without a terminal.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine import GameView


@dataclass(frozen=True)
class Decision:
    """A decision that gets its own dialog. `key` distinguishes one decision from the next of the same
    kind."""

    kind: str
    player: int
    key: tuple[object, ...]


def decision_for(view: GameView, humans: Collection[int]) -> Decision | None:
    """Return the decision dialog the game calls for, if any: one of a human's decisions, or an auction a
    human bids in."""
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
    if pend.kind == "deal_answer":
        return Decision("deal_answer", p, ("deal_answer", pend.deal.id, p))
    if pend.kind == "mortgage_decision":
        return Decision("mortgage_decision", p, ("mortgage_decision", p, pend.space, view.turn))
    if pend.kind == "place_building":
        return Decision("place_building", p, ("place_building", p, pend.building, view.turn))
    if pend.kind == "route":
        kind = "route" if view.ruleset.track.links[pend.at] else "ride"  # a fork, or a free ride
        return Decision(kind, p, (kind, p, pend.at, pend.steps, view.turn))
    if pend.kind == "excess_lots":
        return Decision("excess_lots", p, ("excess_lots", p, pend.spaces, view.turn))
    if pend.kind == "ride":  # straight to any space (the Subway, the airplane)
        return Decision("any_space", p, ("any_space", p, pend.at, pend.means, view.turn))
    if pend.kind in ("refund_card", "winnings_card"):
        return Decision(pend.kind, p, (pend.kind, p, view.turn))
    if pend.kind == "call_answer":
        return Decision("call", p, ("call", pend.caller, p, view.turn))
    return _magie_decision(view, p)


def _magie_decision(view: GameView, p: int) -> Decision | None:
    """Return the decision dialog for Magie's 1904 game, if any."""
    pend = view.pending
    assert pend is not None
    if pend.kind == "lot_tickets":
        return Decision("tickets", p, ("tickets", p))
    if pend.kind == "rent_or_buy":
        return Decision("lot", p, ("lot", p, pend.space, view.turn))
    if pend.kind == "luxury":
        return Decision("luxury", p, ("luxury", p, pend.space, view.turn))
    if pend.kind == "direction":
        return Decision("direction", p, ("direction", p, view.turn))
    if pend.kind == "loan_answer":
        return Decision("loan", p, ("loan", pend.offer.id))
    return None


def acting_seat(view: GameView, humans: Collection[int], last: int | None) -> int | None:
    """Return the local player the keyboard acts for: the one the game waits on, else the last one who
    acted."""
    pend = view.pending
    if pend is not None and pend.player in humans:
        return pend.player
    alive = [h for h in sorted(humans) if not view.players[h].bankrupt]
    if last is not None and last in alive:
        return last
    if alive:
        return alive[0]
    return min(humans) if humans else None


def turn_seat(view: GameView, humans: Collection[int], acting: int | None) -> int | None:
    """Return the local player whose turn keys (roll, end the turn, pay the fine) work now: the one the game
    waits on, whoever the keyboard acts for otherwise."""
    pend = view.pending
    if pend is not None and pend.player in humans:
        return pend.player
    return acting
