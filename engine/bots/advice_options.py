"""The options the advisor weighs beside the expert's move, and the trades it may suggest.

The options are the ones a player weighs at the decision the game waits for: accept the offer or turn it
down (at the price the expert names, where it names one), buy the deed or let it go to auction, bid on or
drop out, build now or keep the cash, propose the trade or not, leave jail or throw there, rather than one
of each other command the rules allow.

A trade the expert would propose is checked against the prices its partner named when he refused an offer
for the same deeds this game (`refusals`, read from the game's events): the suggestion meets the latest
such price, where the seat can pay it, or there is no suggestion.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.bots.expert import CHOICES, JAIL
from engine.core.commands import (
    AcceptDeal,
    AcceptTrade,
    Command,
    EndTurn,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RejectDeal,
    RejectTrade,
    RollDice,
)
from engine.core.events import Event
from engine.lookahead.judge import plan_step
from engine.play.view import GameView

OPTIONS = 3
"""At most this many options shown, the move picked among them."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """An offer refused with a price named: who refused it, the deeds each side would have handed over,
    and the cash from the proposer (negative: to him) at which he would take it."""

    proposer: int
    partner: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    asking: int


def refusals(events: Iterable[Event]) -> tuple[Refusal, ...]:
    """Return every offer of the game refused with a price named, oldest first."""
    offers: dict[int, tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {}
    out: list[Refusal] = []
    for e in events:
        if e.kind == "trade_proposed":
            t = e.trade
            offers[t.id] = (t.proposer, t.to, t.give.deeds, t.take.deeds)
        elif e.kind == "trade_rejected" and e.asking is not None:
            terms = offers.get(e.trade_id)
            if terms is not None and e.player == terms[1]:
                out.append(Refusal(*terms, asking=e.asking))
    return tuple(out)


def within_named(view: GameView, offer: ProposeTrade, refused: Iterable[Refusal]) -> ProposeTrade | None:
    """Return the offer, or the same offer at the price its partner last named for the deeds it asks of
    him, where it gave him less; None where the seat cannot pay that price.

    The named price was for the deeds as they stood in the refused offer: a deed added to or left out of
    the proposer's side is counted at its printed price, so that a deed thrown in never passes for cash
    the partner asked."""
    named = [
        r
        for r in refused
        if r.proposer == offer.player and r.partner == offer.to and r.take == offer.take.deeds
    ]
    if not named:
        return offer
    last = named[-1]
    price = view.board.price
    deeds = sum(price[s] for s in offer.give.deeds) - sum(price[s] for s in last.give)
    short = last.asking - (offer.give.cash - offer.take.cash + deeds)
    if short <= 0:
        return offer
    cash = offer.give.cash - offer.take.cash + short
    if cash > view.players[offer.player].cash:
        return None
    give = replace(offer.give, cash=max(0, cash))
    take = replace(offer.take, cash=max(0, -cash))
    return ProposeTrade(player=offer.player, to=offer.to, give=give, take=take)


def weighed(view: GameView, legal: list[Command], move: Command) -> list[Command]:
    """Return the options a player weighs at this decision, `move` (the expert's) first."""
    pend = view.pending
    me = view.me
    assert pend is not None and me is not None
    out: list[Command] = [move]

    def add(cmd: Command | None) -> None:
        if cmd is not None and cmd not in out and len(out) < OPTIONS:
            out.append(cmd)

    kind = pend.kind
    if kind == "trade_answer":  # accept it, or refuse it (at the price the expert names, where it does)
        add(_first(legal, RejectTrade if isinstance(move, AcceptTrade) else AcceptTrade))
    elif kind == "deal_answer":
        add(_first(legal, RejectDeal if isinstance(move, AcceptDeal) else AcceptDeal))
    elif kind == "auction":
        add(_first(legal, PassAuction))
        add(_first(legal, PlaceBid))  # the lowest bid the auction takes now
    elif kind in CHOICES or (kind == "roll" and view.players[me].in_jail):
        kinds = CHOICES.get(kind, JAIL)
        for cmd in legal:
            if cmd.kind in kinds and all(c.kind != cmd.kind for c in out):
                add(cmd)  # one of each way of making the choice first
        for cmd in legal:
            if cmd.kind in kinds:
                add(cmd)
    else:
        onward = _first(legal, EndTurn) or _first(legal, RollDice)
        if move != onward:
            add(onward)  # build, sell, propose ... or not
        elif isinstance(move, EndTurn) and any(c.kind == "build" for c in legal):
            step = plan_step(view, me, "shark")
            add(step if step in legal else next(c for c in legal if c.kind == "build"))
    return out


def _first(legal: list[Command], kind: type) -> Command | None:
    return next((c for c in legal if isinstance(c, kind)), None)
