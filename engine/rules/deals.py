"""Deals among several players: one offer in which each party hands items to named others (cash, deeds,
jail cards, cards in hand, houses where the edition sells them) and takes what the others hand him.

A deal runs the course of every offer (`engine.rules.offers`): it sets aside what the game was waiting
for, then each party other than the proposer answers for his own part, in seat order from the proposer.
The first refusal ends it, the refuser and his reason told, and nothing changes hands; when the last party
accepts, everything moves at once (`engine.rules.trades.carry_out_moves`: the same transfers as a trade,
mortgaged deeds with their lift-or-keep decision). Every party is checked as a trade checks its two sides
(`engine.rules.trades.party_problem`), when the deal is proposed and again at each acceptance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import AcceptDeal, CancelDeal, ProposeDeal, RejectDeal
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import DealAccepted, DealCancelled, DealCompleted, DealProposed, DealRejected
from engine.core.phrases import N_, Phrase
from engine.core.state import DealAnswer, DealOffer, DealPart, answer_order
from engine.rules.offers import OfferKind, register_offer
from engine.rules.trades import carry_out_moves, opening_problem, party_problem

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

MOST_PARTS = 64
"""More parts than any deal among the players at one table needs: a bound on what a proposal may list."""


def deal_problem(
    table: Tabletop, player: int, parties: tuple[int, ...], parts: tuple[DealPart, ...]
) -> Refusal:
    """Return why `player` may not propose this deal with `parties` (the others in it) now, or None: the check
    of a proposal, which anyone holding a view can make before sending it."""
    opening = opening_problem(table, player)
    if opening is not None:
        return opening
    players = table.players
    if not parties:
        return IllegalCommand("bad_deal", Phrase(N_("A deal needs at least one other player.")))
    if len(set(parties)) != len(parties) or player in parties:
        return IllegalCommand("bad_deal", Phrase(N_("Name each other player in the deal once.")))
    for p in parties:
        if not 0 <= p < len(players) or players[p].bankrupt:
            return IllegalCommand("bad_deal", Phrase(N_("Deal only with players still in the game.")))
    if not parts or len(parts) > MOST_PARTS:
        return IllegalCommand("bad_deal", Phrase(N_("A deal must move something.")))
    everyone = {player, *parties}
    for part in parts:
        if part.giver not in everyone or part.receiver not in everyone:
            return IllegalCommand(
                "bad_deal", Phrase(N_("Everything in a deal goes between the players in it."))
            )
        if part.giver == part.receiver:
            return IllegalCommand("bad_deal", Phrase(N_("A player cannot give something to himself.")))
        if part.bundle.empty:
            return IllegalCommand("bad_deal", Phrase(N_("Each part of a deal must hand over something.")))
    offer = DealOffer(id=0, proposer=player, parties=answer_order(player, parties), parts=parts)
    for p in offer.parties:
        if not any(p in (part.giver, part.receiver) for part in parts):
            return IllegalCommand(
                "bad_deal", Phrase(N_("{name} would give nothing and get nothing."), name=players[p].name)
            )
    return standing_problem(table, offer)


def standing_problem(table: Tabletop, deal: DealOffer) -> Refusal:
    """Return why the deal could not be carried out as it stands, or None: each party checked as a trade
    checks a side (what he hands over he holds, and no group of it has buildings; room for houses; lots)."""
    moved = [s for part in deal.parts for s in part.bundle.deeds]
    if len(set(moved)) != len(moved):
        return IllegalCommand("bad_trade", Phrase(N_("A deed is listed twice.")))
    for p in deal.parties:
        problem = party_problem(table, p, deal.gives(p), deal.gets(p))
        if problem is not None:
            return problem
    return None


def _check_propose(game: LiveGame, cmd: ProposeDeal) -> Refusal:
    return deal_problem(game, cmd.player, cmd.parties, cmd.parts)


def _made(game: LiveGame, cmd: ProposeDeal, offer_id: int) -> DealOffer:
    return DealOffer(
        id=offer_id, proposer=cmd.player, parties=answer_order(cmd.player, cmd.parties), parts=cmd.parts
    )


def _agreed(game: LiveGame, deal: DealOffer, cmd: AcceptDeal) -> DealOffer | None:
    """Record one party's acceptance: the deal waits on the next, or is carried out after the last."""
    now = DealOffer(
        id=deal.id,
        proposer=deal.proposer,
        parties=deal.parties,
        parts=deal.parts,
        accepted=(*deal.accepted, cmd.player),
    )
    if len(now.accepted) == len(now.parties) - 1:
        return None
    game.emit(DealAccepted(deal_id=deal.id, player=cmd.player, reason=cmd.reason))
    return now


def _carry_out(game: LiveGame, deal: DealOffer, reason: str) -> None:
    moves = [(part.giver, part.receiver, part.bundle) for part in deal.parts]
    carry_out_moves(game, moves, DealCompleted(deal=deal, reason=reason))


DEALS: OfferKind[DealOffer] = OfferKind(
    propose=ProposeDeal,
    accept=AcceptDeal,
    reject=RejectDeal,
    cancel=CancelDeal,
    offer_field="deal_id",
    awaiting="deal_answer",
    waiting=lambda player, offer: DealAnswer(player=player, deal=offer),
    offer_of=lambda pend: pend.deal,
    noun=N_("There is no open deal {number}."),
    missing="no_such_deal",
    not_yours="not_your_deal",
    stale="stale_deal",
    check=_check_propose,
    made=_made,
    problem=standing_problem,
    carry_out=_carry_out,
    proposed=lambda offer: DealProposed(deal=offer),
    rejected=lambda cmd: DealRejected(deal_id=cmd.deal_id, player=cmd.player, reason=cmd.reason),
    cancelled=lambda cmd: DealCancelled(deal_id=cmd.deal_id, player=cmd.player),
    agreed=_agreed,
)
"""A deal, proposed, answered by each party in turn and withdrawn as every offer is."""
register_offer(DEALS)
