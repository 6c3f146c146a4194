"""The prompt a person is shown, and `help`: both built from the commands the engine allows them now.

A question is one sentence that ends the output, so that the last thing a screen reader says is what to
do. The words offered are the parser's own spellings of the legal commands, never a list of its own.
"""

from __future__ import annotations

from typing import Any

from engine import (
    BorrowFromBank,
    Build,
    CallGame,
    Command,
    Mortgage,
    RepayLoan,
    SellBuilding,
    SellLot,
    TakeRide,
    Unmortgage,
    trading_open,
)
from engine.core.narration import bundle_phrase
from lines import verbs
from lines.names import or_list
from lines.parser import Table, spell
from room.command_words import charge_text, describe_command, nothing_to_build, raising
from translation import N_, _, money, say

MANAGING = (Build, SellBuilding, SellLot, Mortgage, Unmortgage, RepayLoan, BorrowFromBank, CallGame)
"""Commands open at most moments: `help` names them by their first word; the question leaves them out."""

SETTINGS = N_(
    "status, who, deed, where, board, chances, advice, turn, history, repeat, undo, verbose, brief, mine, "
    "everyone, save, quit"
)
"""What may always be typed, besides the game's commands (`help` says them)."""


def is_asked(table: Table) -> bool:
    """Whether the game waits on this person now (their turn's decision, or their bid in an auction)."""
    pend = table.view.pending
    return pend is not None and table.view.winner is None and pend.player == table.me


def decisions(table: Table) -> list[str]:
    """Return the typed forms of the legal commands that answer the pending decision, in the engine's
    order."""
    pend = table.view.pending
    kind = "" if pend is None else pend.kind
    if kind == "mortgage_decision":
        leave: tuple[type, ...] = (Mortgage, Build, SellBuilding)
        cmds = [c for c in table.legal if type(c) not in leave]
    elif kind == "place_building":
        cmds = [c for c in table.legal if type(c) is Build]
    else:
        cmds = [c for c in table.legal if type(c) not in MANAGING]
    words = list(dict.fromkeys(_said(c, table) for c in cmds if type(c) is not TakeRide))
    rides = [c for c in cmds if type(c) is TakeRide]
    if len(rides) > 4:
        return [_("ride and a space's name"), *words]
    return [*words, *(_said(c, table) for c in rides)]


def _said(cmd: Command, table: Table) -> str:
    """Return a command's line and, where it names a space by its number, what choosing it means ("route space
    15 (Ride free to the railroad at space 15)")."""
    line = spell(cmd, table)
    if f"{verbs.word('space')} " not in line:
        return line
    return _("{words} ({meaning})", words=line, meaning=describe_command(cmd, table.view, table.board))


def managing(table: Table) -> list[str]:
    """Return the keywords of the commands available besides the decision: build, sell, mortgage, ..."""
    words = {verbs.command(spell(c, table).split(" ")[0]) for c in table.legal if isinstance(c, MANAGING)}
    if "sell" in words and any(isinstance(c, SellLot) for c in table.legal):
        words.add("sell lot")
    order = ["build", "sell", "sell lot", "mortgage", "unmortgage", "borrow", "repay", "call"]
    return [" ".join(verbs.word(w) for w in ws.split(" ")) for ws in order if ws in words]


def choices(table: Table) -> tuple[list[str], list[str]]:
    """Return what answers the pending decision, and what else may be done meanwhile. When nothing answers it
    itself (a debt: raise the money first), the ways to raise the money are the answer."""
    words = decisions(table)
    extra = managing(table)
    if words:
        return words, extra
    raise_by = [
        _("{word} and a deed's name", word=w) if w != verbs.word("borrow") else _borrow_word(table)
        for w in extra
    ]
    return raise_by, []


def question(table: Table) -> str | None:
    """Return the prompt for this person now, or None when the game does not wait on them."""
    if not is_asked(table):
        return None
    view = table.view
    pend = view.pending
    assert pend is not None
    b = table.board
    cash = money(view.players[table.me].cash)
    said = _situation(table)
    words, extra = choices(table)
    choice = or_list(words) if words else verbs.word("help")
    if pend.kind in ("roll", "end_turn"):
        here = b.name(view.players[table.me].position)
        if view.players[table.me].in_jail:
            said = _("Your turn: you are in jail with {cash}", cash=cash)
        elif b.kinds[view.players[table.me].position] == "jail":
            said = _("Your turn: you are just visiting {space} with {cash}", space=here, cash=cash)
        else:
            said = _("Your turn: you are on {space} with {cash}", space=here, cash=cash)
    if extra and pend.kind != "auction":
        return _(
            "{situation}. Type {choice}. You may also {extra}.",
            situation=said,
            choice=choice,
            extra=or_list(extra),
        )
    return _("{situation}. Type {choice}.", situation=said, choice=choice)


def _borrow_word(table: Table) -> str:
    """Return the smallest bank loan that can be requested now, as it would be typed."""
    loan = next((c for c in table.legal if isinstance(c, BorrowFromBank)), None)
    return verbs.word("borrow") if loan is None else spell(loan, table)


def _situation(table: Table) -> str:
    view = table.view
    pend = view.pending
    assert pend is not None
    b = table.board
    names = table.names
    cash = money(view.players[table.me].cash)
    kind = pend.kind
    p: Any = pend  # the decision's own fields, read by its kind
    if kind == "buy":
        return _(
            "{space} costs {price} and you have {cash}",
            space=b.name(p.space),
            price=money(b.price[p.space]),
            cash=cash,
        )
    if kind == "rent_or_buy":
        return _(
            "{space} costs {price} to buy, or {rent} to rent, and you have {cash}",
            space=b.name(p.space),
            price=money(b.price[p.space]),
            rent=money(p.rent),
            cash=cash,
        )
    if kind == "auction":
        if p.lot == "deed":
            what = b.name(p.space)
        elif p.lot == "house":
            what = _("a house")
        else:
            what = _("a hotel")
        high = p.high_bid
        if high:
            lead = _("the highest bid is {amount} by {name}", amount=money(high), name=names[p.high_bidder])
        else:
            lead = _("nobody has bid yet")
        return _("Auction of {what}: {lead}; you have {cash}", what=what, lead=lead, cash=cash)
    if kind == "debt":
        c = p.charge
        return _(
            "You owe {amount} for {charge} and have {cash}: {ways}, or trade, to raise it",
            amount=money(c.amount),
            charge=charge_text(c.reason, c.detail, c.space, b),
            cash=cash,
            ways=raising(b),
        )
    if kind == "trade_answer":
        t = p.trade
        return _(
            "{name} offers you {give} for {take}; "
            "to answer with an offer of yours, type counter: what you give for what you want",
            name=names[t.proposer],
            give=say(bundle_phrase(t.give, b)),
            take=say(bundle_phrase(t.take, b)),
        )
    if kind == "loan_answer":
        o = pend.offer  # type: ignore[union-attr]
        return _(
            "{name} proposes a loan of {principal} at {interest} a wage day",
            name=names[o.proposer],
            principal=money(o.principal),
            interest=money(o.interest),
        )
    if kind == "deal_answer":
        return _("{name} proposes a deal among several players", name=names[p.deal.proposer])
    return _(_ASKED.get(kind, N_("You are asked to decide; you have {cash}")), cash=cash)


_ASKED = {
    "income_tax": N_("You are asked to choose how to pay income tax; you have {cash}"),
    "mortgage_decision": N_("You are asked to lift or keep a mortgage; you have {cash}"),
    "place_building": N_("You are asked to place a building won at auction; you have {cash}"),
    "route": N_("You are asked to choose the way on; you have {cash}"),
    "excess_lots": N_("You are asked to choose the lots to give back to the bank; you have {cash}"),
    "ride": N_("You are asked to choose where to ride; you have {cash}"),
    "refund_card": N_("You are asked to play or keep the refund card; you have {cash}"),
    "winnings_card": N_("You are asked to play or keep the half-winnings card; you have {cash}"),
    "lot_tickets": N_("You are asked to buy the lots on the lot tickets; you have {cash}"),
    "luxury": N_("You are asked to buy a luxury or lose the move; you have {cash}"),
    "direction": N_("You are asked to choose which way to move; you have {cash}"),
    "call_answer": N_("You are asked to agree to end the game now or refuse; you have {cash}"),
    "roll": N_("You are asked to roll; you have {cash}"),
    "end_turn": N_("You are asked to end the turn; you have {cash}"),
}
"""The decisions the situation is put as a whole sentence for ("You are asked to choose the way on"): each
its own message, so that each language words it whole."""


def help_lines(table: Table, asked: bool) -> list[str]:
    """Return the `help` text: what works now, from the legal commands, then what may always be typed."""
    out = []
    if asked:
        words = choices(table)[0]
        if words:
            out.append(_("Now: {choices}.", choices=or_list(words)))
        for cmd in table.legal:
            if type(cmd) not in MANAGING and type(cmd) is not TakeRide:
                out.append(
                    _(
                        "{words}: {meaning}.",
                        words=spell(cmd, table),
                        meaning=describe_command(cmd, table.view, table.board),
                    )
                )
    extra = managing(table)
    if extra:
        out.append(
            _(
                "Your holdings: {words}, each with a deed's name (build Boardwalk 2, mortgage Baltic).",
                words=or_list(extra),
            )
        )
    if trading_open(table.view, table.me):
        out.append(
            _("Trades: offer bob: Park Place and 100 for Boardwalk; deal with bob and carol: I give ...")
        )
    out.append(_("Always: {words}.", words=_(SETTINGS)))
    return out


def building_offer(table: Table) -> str:
    """Return the answer to `build` alone: each lot a building may go on now, and its price."""
    b = table.board
    lots = [c.space for c in table.legal if isinstance(c, Build)]
    if not lots:
        deeds, me = table.view.deeds, table.me
        if b.edition.colour_groups:
            ready = any(all(deeds[s].owner == me for s in group) for group in b.street_groups)
        else:
            ready = any(deeds[s].owner == me for s in b.streets)
        return _("Nothing can be built now.") if ready else nothing_to_build(b)
    each = [describe_command(c, table.view, b) for c in table.legal if isinstance(c, Build)]
    return _("{choices}: type build, the lot's name and how many (build Boardwalk 2).", choices=or_list(each))
