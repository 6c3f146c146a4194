"""Each command written back as the line that reads into it: `read(spell(c)) == c` for every command the
engine allows, at the table it is allowed at. `help` and the questions offer these lines."""

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
from lines.bundles import bundle_words
from lines.names import space_word
from lines.reading import Table, hand


def spell(cmd: Command, table: Table) -> str:
    """The line that reads back into `cmd` at this table (`read(spell(c)) == c` for every legal `c`)."""
    b = table.board
    names = table.names
    if isinstance(cmd, PlaceBid):
        return f"bid {cmd.amount}"
    if isinstance(cmd, Build | SellBuilding | SellLot | Mortgage | Unmortgage | KeepMortgage | ChooseRoute):
        return f"{_SPACE_WORDS[type(cmd)]} {space_word(cmd.space, b)}"
    if isinstance(cmd, TakeRide | BuyTicketLot):
        return f"{_SPACE_WORDS[type(cmd)]} {space_word(cmd.space, b)}"
    if isinstance(cmd, ChooseIncomeTax):
        return f"tax {cmd.option}"
    if isinstance(cmd, ChooseDirection):
        return cmd.direction
    if isinstance(cmd, ProposeTrade):
        return f"offer {names[cmd.to]}: {bundle_words(cmd.give, b)} for {bundle_words(cmd.take, b)}"
    if isinstance(cmd, ProposeDeal):
        parties = " and ".join(names[p] for p in cmd.parties)
        parts = "; ".join(
            f"{_who(p.giver, table)} gives {bundle_words(p.bundle, b)} to {_who(p.receiver, table)}"
            for p in cmd.parts
        )
        return f"deal with {parties}: {parts}"
    if isinstance(cmd, PlayTravelCards):
        return "travel " + " ".join(str(hand(table).index(c) + 1) for c in cmd.cards)
    if isinstance(cmd, RollWithTravelCard):
        return f"roll with {hand(table).index(cmd.card) + 1}"
    if isinstance(cmd, ClaimHalfWinnings):
        return f"claim {names[cmd.target]}"
    if isinstance(cmd, BorrowFromBank):
        lots = " and ".join(space_word(s, b) for s in cmd.security)
        return f"borrow {cmd.notes} note{'s' if cmd.notes != 1 else ''}" + (
            f" against {lots}" if lots else ""
        )
    if isinstance(cmd, RepayLoan):
        return f"repay loan {cmd.loan}"
    if isinstance(cmd, ProposeLoan):
        lots = " and ".join(space_word(s, b) for s in cmd.security)
        against = f" against {lots}" if lots else ""
        if cmd.lender == cmd.player:
            return f"lend {names[cmd.to]} {cmd.principal} at {cmd.interest}{against}"
        return f"borrow from {names[cmd.to]} {cmd.principal} at {cmd.interest}{against}"
    return _SIMPLE_WORDS[cmd.kind]


def _who(player: int, table: Table) -> str:
    return "I" if player == table.me else table.names[player]


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
