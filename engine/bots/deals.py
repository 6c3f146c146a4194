"""Answering a deal among several players: a bot judges its own part (all it gives against all it gets) as
it judges a two-party offer, with the party that takes most of what it gives (or, giving nothing, the one
that gives it most) standing as the other side; and it refuses outright a deal that completes a group for
any other party when it completes none of its own, or none worth as much, whatever the price. Bots do not
propose such deals.
"""

from __future__ import annotations

from engine.bots.judging import completed, group_words
from engine.bots.plain import fair_worth
from engine.bots.position import Position
from engine.bots.talk import unasked
from engine.core.commands import AcceptDeal, AcceptTrade, Command, RejectDeal, RejectTrade
from engine.core.phrases import N_, Phrase, Said
from engine.core.state import Bundle, DealOffer, TradeAnswer, TradeOffer


def _weight(pos: Position, bundle: Bundle) -> int:
    return bundle.cash + sum(pos.board.price[s] for s in bundle.deeds) + 50 * bundle.jail_cards


def partner(pos: Position, deal: DealOffer, me: int) -> int:
    """Return the other side of `me`'s part, for judging it as a two-party offer."""
    others = [p for p in deal.parties if p != me]

    def took(p: int) -> int:
        return sum(
            _weight(pos, part.bundle) for part in deal.parts if part.giver == me and part.receiver == p
        )

    def gave(p: int) -> int:
        return sum(
            _weight(pos, part.bundle) for part in deal.parts if part.giver == p and part.receiver == me
        )

    return max(others, key=lambda p: (took(p), gave(p), -others.index(p)))


def as_trade(pos: Position, deal: DealOffer, me: int) -> TradeAnswer:
    """Return `me`'s part of the deal as an offer from its partner: he gives all `me` gets, takes all it
    gives."""
    offer = TradeOffer(
        id=deal.id, proposer=partner(pos, deal, me), to=me, give=deal.gets(me), take=deal.gives(me)
    )
    return TradeAnswer(player=me, trade=offer)


def blunder(pos: Position, deal: DealOffer, me: int) -> Phrase | None:
    """Return why the deal is a blunder for `me` whatever its own part brings: it completes a group for a
    party other than its partner while completing none of `me`'s, or none worth as much by the rent tables
    (the partner's gain is weighed by the judge; a third party's is not, so a group of mine must cover it)."""
    mine = completed(pos, deal.gets(me), deal.gives(me), me)
    side = partner(pos, deal, me)
    for p in deal.parties:
        if p in (me, side):
            continue
        groups = completed(pos, deal.gets(p), deal.gives(p), p)
        if groups and (not mine or fair_worth(pos, groups) > fair_worth(pos, mine)):
            return Phrase(
                N_("that would complete {name}'s {group}"),
                name=pos.view.players[p].name,
                group=group_words(pos, groups[0]),
            )
    return None


FAIR = N_("a fair deal (weighed against {name})")
UNFAIR = N_("that gives {name} more than it gives me")
WEIGHED = N_("{reason} (weighed against {name})")
"""A reason for a deal, whatever it is, with the player the bot weighed its part against."""

_ADDRESSED = {
    N_("a fair deal"): FAIR,
    N_("that gives you more than it gives me"): UNFAIR,
    N_("that would complete your {group}"): N_("that would complete {name}'s {group}"),
    N_("you are asking for {what} for nothing"): N_(
        "I would hand over {what} for nothing (weighed against {name})"
    ),
}
"""The two-party reasons that speak to the proposer ("you"), and what each becomes in a deal, where "you"
could be anyone at the table: a whole sentence that names the player the part was weighed against."""


def deal_reason(pos: Position, deal: DealOffer, me: int, accept: bool, reason: Phrase | str) -> Phrase:
    """Adapt a reason given for a two-party offer to `me`'s part of the deal: the player it was weighed
    against named instead of "you", and no counter-price (no one could act on it: the deal is one offer)."""
    name = pos.view.players[partner(pos, deal, me)].name
    said = unasked(reason)
    if said is None:
        return Phrase(FAIR if accept else UNFAIR, name=name)
    if not isinstance(said, Phrase):
        said = Said(said)
    if said.context is None and said.text == N_("that would complete your {colour} group"):
        group = Phrase(N_("{colour} group"), colour=said.values["colour"])
        return Phrase(N_("that would complete {name}'s {group}"), name=name, group=group)
    addressed = _ADDRESSED.get(said.text) if said.context is None else None
    if addressed is None:
        return Phrase(WEIGHED, reason=said, name=name)
    return Phrase(addressed, name=name, **said.values)


def trade_answers(legal: list[Command], deal: DealOffer, me: int) -> list[Command]:
    """Return the two-party answers standing for the deal's, for a judge of two-party offers."""
    out: list[Command] = []
    if AcceptDeal(player=me, deal_id=deal.id) in legal:
        out.append(AcceptTrade(player=me, trade_id=deal.id))
    if RejectDeal(player=me, deal_id=deal.id) in legal:
        out.append(RejectTrade(player=me, trade_id=deal.id))
    return out


def deal_answer(
    legal: list[Command], me: int, deal_id: int, accept: bool, said: Phrase
) -> tuple[Command, Phrase]:
    """Return the answer to an open deal and its reason, which the bot gives (`Bot.said`: a front end renders
    it in its player's language; the answer carries its English); one that no longer stands is turned down."""
    if accept:
        if AcceptDeal(player=me, deal_id=deal_id) in legal:
            return AcceptDeal(player=me, deal_id=deal_id, reason=str(said)), said
        said = Phrase(N_("that deal no longer stands"))
    return RejectDeal(player=me, deal_id=deal_id, reason=str(said)), said
