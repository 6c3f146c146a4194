"""Parsing one-line offers into the engine's proposals: trades (`offer bob: Park Place and 100 for
Boardwalk`), counter-offers, deals among several (`deal with bob and carol: ...`) and the 1904 edition's
loans (`borrow 2 notes against Lot 3`, `lend bob 200 at 20 against Lot 5`). Each proposal is read back
before it goes."""

from __future__ import annotations

import re

from engine import (
    BorrowFromBank,
    Command,
    DealPart,
    ProposeDeal,
    ProposeLoan,
    ProposeTrade,
    RejectTrade,
    RepayLoan,
)
from lines import verbs
from lines.bundles import bundle_words, read_bundle
from lines.names import Miss, player_named, space_named
from lines.reading import Act, Reading, Table
from lines.spelling import spell
from translation import _, money


def repay(rest: str, table: Table) -> Reading:
    mine = [ln.id for ln in table.view.loans if ln.borrower == table.me]
    if not rest and len(mine) == 1:
        return Act((RepayLoan(player=table.me, loan=mine[0]),))
    word = rest.casefold().removeprefix("loan").strip()
    if not word.isdigit():
        return Miss(_("Type repay and the loan's number (status lists your loans)."))
    return Act((RepayLoan(player=table.me, loan=int(word)),))


_LOAN = re.compile(
    r"^(?:from\s+)?(?P<who>.+?)\s+\$?(?P<principal>[\d,]+)\s+at\s+\$?(?P<interest>[\d,]+)"
    r"(?:\s+against\s+(?P<lots>.+))?$",
    re.IGNORECASE,
)
_NOTES = re.compile(r"^(?P<notes>\d{1,3})(?:\s+notes?)?(?:\s+against\s+(?P<lots>.+))?$", re.IGNORECASE)


def _lots(text: str | None, table: Table) -> tuple[int, ...] | Miss:
    if not text:
        return ()
    out = []
    for part in re.split(r"\s*,\s*|\s+and\s+", text):
        space = space_named(part, table.board, table.board.deeds, "lot")
        if isinstance(space, Miss):
            return space
        out.append(space)
    return tuple(out)


def _loan_terms(rest: str, table: Table, lending: bool) -> Reading:
    found = _LOAN.match(rest)
    if not found:
        w = verbs.word
        terms = f"bob 200 {w('at')} 20 {w('against')} Lot 5"
        example = f"{w('lend')} {terms}" if lending else f"{w('borrow')} {w('from')} {terms}"
        return Miss(_("Type the loan like this: {example}.", example=example))
    who = player_named(found.group("who"), table.names)
    if isinstance(who, Miss):
        return who
    lots = _lots(found.group("lots"), table)
    if isinstance(lots, Miss):
        return lots
    principal = int(found.group("principal").replace(",", ""))
    if principal <= 0:
        return Miss(_("A loan is of at least {amount}.", amount=money(1)))
    cmd = ProposeLoan(
        player=table.me,
        to=who,
        lender=table.me if lending else who,
        principal=principal,
        interest=int(found.group("interest").replace(",", "")),
        security=lots,
    )
    if lending:
        return Act((cmd,), confirm=_("You offer this loan: {loan}.", loan=spell(cmd, table)))
    return Act((cmd,), confirm=_("You ask for this loan: {loan}.", loan=spell(cmd, table)))


def borrow(rest: str, table: Table) -> Reading:
    bank = _NOTES.match(rest)
    if bank:
        lots = _lots(bank.group("lots"), table)
        if isinstance(lots, Miss):
            return lots
        notes = int(bank.group("notes"))
        if notes <= 0:
            return Miss(_("Borrow at least one note."))
        return Act((BorrowFromBank(player=table.me, notes=notes, security=lots),))
    return _loan_terms(rest, table, lending=False)


def lend(rest: str, table: Table) -> Reading:
    return _loan_terms(rest, table, lending=True)


_FOR = re.compile(r"\s+for\s+", re.IGNORECASE)


def _terms(rest: str, table: Table) -> tuple[int, Command, Command] | Miss:
    """Parse `bob: Park Place and 100 for Boardwalk`: to whom, what I give, what I take."""
    who_text, colon, terms = rest.partition(":")
    if not colon:
        return Miss(_("Type the offer like this: offer bob: Park Place and 100 for Boardwalk."))
    who = player_named(who_text, table.names)
    if isinstance(who, Miss):
        return who
    sides = _FOR.split(terms.strip(), maxsplit=1)
    if len(sides) != 2:
        return Miss(_("Say what you give, then for, then what you want: Park Place and 100 for Boardwalk."))
    hands = (table.view.players[table.me].hand, table.view.players[who].hand)
    give, take = (read_bundle(side, table.board, hand) for side, hand in zip(sides, hands, strict=True))
    if isinstance(give, Miss):
        return give
    if isinstance(take, Miss):
        return take
    return who, give, take  # type: ignore[return-value]


def offer(rest: str, table: Table) -> Reading:
    terms = _terms(rest, table)
    if isinstance(terms, Miss):
        return terms
    who, give, take = terms
    cmd = ProposeTrade(player=table.me, to=who, give=give, take=take)
    return Act((cmd,), confirm=_read_back(cmd, table))


def _read_back(cmd: ProposeTrade, table: Table, refusing: bool = False) -> str:
    values = {
        "name": table.names[cmd.to],
        "give": bundle_words(cmd.give, table.board),
        "take": bundle_words(cmd.take, table.board),
    }
    if refusing:
        return _("You refuse, and offer {name} {give} for {take}.", **values)
    return _("You offer {name} {give} for {take}.", **values)


def counter(rest: str, table: Table) -> Reading:
    """Parse a counter-offer, which refuses the offer and makes one back: `counter: Boardwalk for Park Place
    and 200`."""
    answer = next((c for c in table.legal if isinstance(c, RejectTrade)), None)
    pend = table.view.pending
    if answer is None or pend is None or pend.kind != "trade_answer":
        return Miss(_("There is no offer to counter now."))
    proposer = pend.trade.proposer
    terms = _terms(f"{table.names[proposer]}:{rest.partition(':')[2] or rest}", table)
    if isinstance(terms, Miss):
        return terms
    _who, give, take = terms
    offer = ProposeTrade(player=table.me, to=proposer, give=give, take=take)
    return Act((answer, offer), confirm=_read_back(offer, table, refusing=True))


_CLAUSE = re.compile(r"^(?P<giver>.+?)\s+gives?\s+(?P<what>.+)\s+to\s+(?P<receiver>.+)$", re.IGNORECASE)


def deal(rest: str, table: Table) -> Reading:
    """Parse `deal with bob and carol: I give Boardwalk to bob; bob gives 100 to carol; carol gives Park Place
    to me`."""
    head, colon, body = rest.partition(":")
    w = verbs.word
    example = (
        f"{w('deal')} {w('with')} bob {w('and')} carol: {w('I')} {w('give')} Boardwalk {w('to')} bob; "
        f"bob {w('gives')} 100 {w('to')} carol"
    )
    if not colon or not head.casefold().startswith("with "):
        return Miss(_("Type the deal like this: {example}.", example=example))
    parties = []
    for name in re.split(r"\s*,\s*|\s+and\s+", head[5:].strip()):
        who = player_named(name, table.names)
        if isinstance(who, Miss):
            return who
        parties.append(who)
    parts = []
    for clause in body.split(";"):
        found = _CLAUSE.match(verbs.clause(clause.strip()))
        if not found:
            return Miss(
                _(
                    "Each part of a deal reads: someone gives something to someone; for example {example}.",
                    example=example,
                )
            )

        giver = player_named(found.group("giver"), table.names, table.me)
        receiver = player_named(found.group("receiver"), table.names, table.me)
        hand = table.view.players[giver].hand if isinstance(giver, int) else ()
        bundle = read_bundle(found.group("what"), table.board, hand)
        for got in (giver, receiver, bundle):
            if isinstance(got, Miss):
                return got
        parts.append(DealPart(giver=giver, receiver=receiver, bundle=bundle))  # type: ignore[arg-type]
    cmd = ProposeDeal(player=table.me, parties=tuple(parties), parts=tuple(parts))
    return Act((cmd,), confirm=_("You propose this: {deal}.", deal=spell(cmd, table)))
