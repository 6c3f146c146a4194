"""Commands and payments in words, the same on every face of a room: "Build a house on Boardwalk ($200)",
"rent for Boardwalk with a hotel". The full screen's buttons and hints and the line mode's help and
questions both say them from here."""

from __future__ import annotations

from engine import Board, Command, GameView
from engine.narration import money, travel_card_phrase
from engine.queries import lot_value, repayment, tax_of
from translation import say


def buildings_on(view: GameView, space: int) -> tuple[int, bool]:
    """(houses, hotel) standing on a lot, as the game's ruleset reads its building level."""
    level = view.deeds[space].level
    rules = view.ruleset
    return rules.houses(level), rules.is_hotel(level)


def building_name(view: GameView, space: int) -> str:
    """What the next building on a lot would be."""
    return view.ruleset.next_building(view.deeds[space].level)


def describe_command(cmd: Command, view: GameView, board: Board) -> str:
    """A command as a player would ask for it: "Build a house on Boardwalk ($200)"."""
    kind = cmd.kind
    name = board.name
    if kind == "roll_dice":
        return "Roll for doubles" if view.players[cmd.player].in_jail else "Roll the dice"
    if kind == "end_turn":
        return "End the turn"
    if kind == "buy_property":
        pend = view.pending
        space = getattr(pend, "space", None)
        return f"Buy {name(space)} for {money(board.price[space])}" if space is not None else "Buy"
    if kind == "decline_property":
        return "Decline: auction it" if view.rules.auctions else "Decline: leave it with the bank"
    if cmd.kind == "place_bid":
        return f"Bid {money(cmd.amount)}"
    if kind == "pass_auction":
        return "Pass (leave the auction)"
    if cmd.kind == "build":
        what = building_name(view, cmd.space)
        return f"Build a {what} on {name(cmd.space)} ({money(board.house_cost[cmd.space])})"
    if cmd.kind == "sell_building":
        what = "hotel" if buildings_on(view, cmd.space)[1] else "house"
        return f"Sell a {what} on {name(cmd.space)} (+{money(board.sale_price(cmd.space))})"
    if cmd.kind == "sell_lot":
        houses = buildings_on(view, cmd.space)[0]
        what = f" and its {plural(houses, 'house')}" if houses else ""
        return f"Sell {name(cmd.space)}{what} to the bank (+{money(lot_value(view, cmd.space))})"
    if cmd.kind == "mortgage":
        return f"Mortgage {name(cmd.space)} (+{money(board.mortgage[cmd.space])})"
    if cmd.kind == "unmortgage":
        return f"Lift the mortgage on {name(cmd.space)} ({money(board.unmortgage_cost(cmd.space))})"
    if cmd.kind == "keep_mortgage":
        return f"Keep the mortgage on {name(cmd.space)} ({money(board.interest(cmd.space))} interest now)"
    if kind == "pay_jail_fine":
        jail = board.edition.jail
        return f"Pay the {money(jail.fine)} fine" if jail is not None else "Pay the jail fine"
    if kind == "use_jail_card":
        return "Use a Get Out of Jail Free card"
    if cmd.kind == "choose_income_tax":
        space = getattr(view.pending, "space", None)
        if space is None:
            return "Pay the flat tax" if cmd.option == "flat" else "Pay the percentage of your worth"
        tax = tax_of(view, space)
        if cmd.option == "flat":
            return f"Pay {money(tax.flat)}"
        return f"Pay {tax.percent}% of your total worth"
    if kind == "accept_trade":
        return "Accept the offer"
    if kind == "reject_trade":
        return "Turn the offer down"
    if kind == "cancel_trade":
        return "Withdraw the offer"
    if kind == "declare_bankruptcy":
        return "Declare bankruptcy"
    if kind == "propose_trade":
        return "Propose a trade"
    if cmd.kind == "play_travel_cards":
        texts = [say(travel_card_phrase(ref, board)) for ref in cmd.cards]
        return "Play " + (texts[0] if len(texts) == 1 else " then ".join(texts)) + " instead of throwing"
    if cmd.kind == "roll_with_travel_card":
        return f"Roll and add {say(travel_card_phrase(cmd.card, board))}"
    if cmd.kind == "take_ride":
        at = getattr(view.pending, "at", None)
        means = getattr(view.pending, "means", "subway")
        if at == cmd.space:
            return f"Stay on {name(cmd.space)}"
        how = "Take the subway" if means == "subway" else "Fly"
        return f"{how} to {name(cmd.space)}"
    if kind == "play_refund_card":
        return f"Play the refund card: the whole pool ({money(view.pot)})"
    if cmd.kind == "claim_half_winnings":
        amounts = dict(
            zip(getattr(view.pending, "winners", ()), getattr(view.pending, "amounts", ()), strict=False)
        )
        half = amounts.get(cmd.target, 0) // 2
        return f"Claim half of {view.players[cmd.target].name}'s winnings ({money(half)})"
    if kind == "keep_card":
        return "Keep the card for later"
    if cmd.kind == "choose_route":
        at = getattr(view.pending, "at", None)
        if at is not None and not board.track.links[at]:  # a free ride between railroads
            return "Do not ride" if at == cmd.space else f"Ride free to the railroad at space {cmd.space}"
        if at == cmd.space:
            return f"Keep to this ring at {name(cmd.space)}"
        return f"Go across to {name(cmd.space)}"
    return _magie_command(cmd, view, board) or kind.replace("_", " ").capitalize()


def _magie_command(cmd: Command, view: GameView, board: Board) -> str | None:
    """The commands of Magie's 1904 game in words."""
    name = board.name
    space = getattr(view.pending, "space", None)
    if cmd.kind == "buy_ticket_lot":
        return f"Buy {name(cmd.space)} on your lot ticket ({money(board.price[cmd.space])})"
    if cmd.kind == "done_with_tickets":
        return "Put the other lot tickets back"
    if cmd.kind == "buy_lot":
        return f"Buy {name(space)} for {money(board.price[space])}" if space is not None else "Buy the lot"
    if cmd.kind == "rent_lot":
        rent = getattr(view.pending, "rent", None)
        return f"Rent it for {money(rent)}" if rent is not None else "Rent the lot"
    if cmd.kind == "buy_luxury":
        return f"Buy a luxury ticket ({money(getattr(view.pending, 'price', 0))})"
    if cmd.kind == "decline_luxury":
        return "Do without: lose the move"
    if cmd.kind == "choose_direction":
        return f"Move {cmd.direction}"
    if cmd.kind == "borrow_from_bank":
        lots = ", ".join(board.spaces[s].short for s in cmd.security)
        note = board.edition.loans.note if board.edition.loans else 0
        return f"Borrow {money(note * cmd.notes)} from the bank against {lots}"
    if cmd.kind == "repay_loan":
        loan = next((ln for ln in view.loans if ln.id == cmd.loan), None)
        if loan is None:
            return "Repay a loan"
        to = "the bank" if loan.lender is None else view.players[loan.lender].name
        return f"Repay {money(repayment(view, loan))} to {to}"
    if cmd.kind == "propose_loan":
        return "Propose a loan"
    if cmd.kind == "accept_loan":
        return "Accept the loan"
    if cmd.kind == "reject_loan":
        return "Turn the loan down"
    if cmd.kind == "cancel_loan":
        return "Withdraw the loan offer"
    if cmd.kind == "go_to_poorhouse":
        return "Go to the poorhouse"
    return None


def raising(board: Board) -> str:
    """How cash is raised from the bank in this edition, in a few words."""
    if board.edition.bank_buys_lots:
        return "sell houses or lots back to the bank"
    if board.edition.loans is not None:  # no mortgages: the bank lends notes against lots instead
        return "sell buildings or borrow notes from the bank against your lots"
    return "sell buildings or mortgage deeds" if board.edition.mortgages else "sell buildings"


def raising_all(board: Board) -> str:
    """Raising everything the bank would pay for, in a few words ("Selling every building and ...")."""
    if board.edition.bank_buys_lots:
        return "Selling every house and lot back to the bank"
    if board.edition.mortgages:
        return "Selling every building and mortgaging every deed"
    return "Selling every building"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def charge_text(reason: str, detail: str, space: int | None, board: Board) -> str:
    """What a payment owed is for: "rent for Boardwalk with a hotel", "the jail fine", "Income Tax"."""
    if reason == "rent" and space is not None:
        tail = f" {detail}" if detail.startswith("with") else f" ({detail})" if detail else ""
        return f"rent for {board.name(space)}{tail}"
    if detail:
        return detail
    return {
        "tax": "tax",
        "card": "a card",
        "jail_fine": "the jail fine",
        "interest": "mortgage interest",
        "repairs": "repairs",
        "fee": "a fee",
        "fare": "the railroad fare",
        "franchise": "a franchise's toll",
        "loan": "interest on a loan",
    }.get(reason, reason.replace("_", " "))


def nothing_to_build(board: Board) -> str:
    """Why a player has nowhere to build yet, and what to do about it."""
    if board.edition.colour_groups:
        return "You hold no complete colour group yet: trade for one, then build."
    return "You own no lot yet: buy one, then build on it."
