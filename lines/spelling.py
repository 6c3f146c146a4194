"""Formatting commands as the typed lines that parse back into them: `read(spell(c)) == c` for every command
the engine allows, at the table it is allowed at. `help` and the questions offer these lines."""

from __future__ import annotations

from engine import (
    BorrowFromBank,
    Build,
    BuyTicketLot,
    ChooseDirection,
    ChooseIncomeTax,
    ChooseRoute,
    ClaimHalfWinnings,
    Command,
    KeepMortgage,
    Mortgage,
    PlaceBid,
    PlayTravelCards,
    ProposeDeal,
    ProposeLoan,
    ProposeTrade,
    RepayLoan,
    RollWithTravelCard,
    SellBuilding,
    SellLot,
    TakeRide,
    Unmortgage,
)
from lines import verbs
from lines.bundles import bundle_words
from lines.names import space_word
from lines.reading import Table, hand


def spell(cmd: Command, table: Table) -> str:
    """Return the line that parses back into `cmd` at this table (`read(spell(c)) == c` for every legal
    `c`)."""
    b = table.board
    names = table.names
    w = verbs.word
    if isinstance(cmd, PlaceBid):
        return f"{w('bid')} {cmd.amount}"
    if isinstance(cmd, Build | SellBuilding | SellLot | Mortgage | Unmortgage | KeepMortgage | ChooseRoute):
        return f"{_spoken(_SPACE_WORDS[type(cmd)])} {space_word(cmd.space, b)}"
    if isinstance(cmd, TakeRide | BuyTicketLot):
        return f"{_spoken(_SPACE_WORDS[type(cmd)])} {space_word(cmd.space, b)}"
    if isinstance(cmd, ChooseIncomeTax):
        return f"{w('tax')} {w(cmd.option)}"
    if isinstance(cmd, ChooseDirection):
        return w(cmd.direction)
    if isinstance(cmd, ProposeTrade):
        give, take = bundle_words(cmd.give, b), bundle_words(cmd.take, b)
        return f"{w('offer')} {names[cmd.to]}: {give} {w('for')} {take}"
    if isinstance(cmd, ProposeDeal):
        parties = f" {w('and')} ".join(names[p] for p in cmd.parties)
        parts = "; ".join(
            f"{_who(p.giver, table)} {w('give' if p.giver == table.me else 'gives')} "
            f"{bundle_words(p.bundle, b)} {w('to')} {_who(p.receiver, table, 'me')}"
            for p in cmd.parts
        )
        return f"{w('deal')} {w('with')} {parties}: {parts}"
    if isinstance(cmd, PlayTravelCards):
        return w("travel") + " " + " ".join(str(hand(table).index(c) + 1) for c in cmd.cards)
    if isinstance(cmd, RollWithTravelCard):
        return f"{w('roll')} {w('with')} {hand(table).index(cmd.card) + 1}"
    if isinstance(cmd, ClaimHalfWinnings):
        return f"{w('claim')} {names[cmd.target]}"
    if isinstance(cmd, BorrowFromBank | ProposeLoan):
        lots = f" {w('and')} ".join(space_word(s, b) for s in cmd.security)
        against = f" {w('against')} {lots}" if lots else ""
        if isinstance(cmd, BorrowFromBank):
            return f"{w('borrow')} {cmd.notes} {w('notes' if cmd.notes != 1 else 'note')}{against}"
        terms = f"{cmd.principal} {w('at')} {cmd.interest}{against}"
        if cmd.lender == cmd.player:
            return f"{w('lend')} {names[cmd.to]} {terms}"
        return f"{w('borrow')} {w('from')} {names[cmd.to]} {terms}"
    if isinstance(cmd, RepayLoan):
        return f"{w('repay')} {w('loan')} {cmd.loan}"
    return _spoken(_SIMPLE_WORDS[cmd.kind])


def _spoken(words: str) -> str:
    """Return `pay fine` in the current language."""
    return " ".join(verbs.word(each) for each in words.split(" "))


def _who(player: int, table: Table, myself: str = "I") -> str:
    return verbs.word(myself) if player == table.me else table.names[player]


_SPACE_WORDS: dict[type, str] = {
    Build: "build",
    SellBuilding: "sell",
    SellLot: "sell lot",
    Mortgage: "mortgage",
    Unmortgage: "unmortgage",
    KeepMortgage: "keep mortgage",
    ChooseRoute: "route",
    TakeRide: "ride",
    BuyTicketLot: "ticket",
}

_SIMPLE_WORDS = {
    "roll_dice": "roll",
    "buy_property": "buy",
    "buy_lot": "buy",
    "buy_luxury": "buy",
    "decline_property": "decline",
    "decline_luxury": "decline",
    "pass_auction": "pass",
    "pay_jail_fine": "pay fine",
    "use_jail_card": "use card",
    "accept_trade": "accept",
    "accept_deal": "accept",
    "accept_loan": "accept",
    "agree_to_call": "agree",
    "reject_trade": "refuse",
    "reject_deal": "refuse",
    "reject_loan": "refuse",
    "refuse_call": "refuse",
    "cancel_trade": "withdraw",
    "cancel_deal": "withdraw",
    "cancel_loan": "withdraw",
    "play_refund_card": "play",
    "keep_card": "keep card",
    "end_turn": "end",
    "declare_bankruptcy": "bankrupt",
    "done_with_tickets": "done",
    "rent_lot": "rent",
    "go_to_poorhouse": "poorhouse",
    "call_game": "call game",
}
"""The line for each command that takes nothing but the word (the decision says which it answers)."""
