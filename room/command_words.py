"""Text descriptions of commands and payments, shared by every front end of a room: "Build a house on
Boardwalk ($200)", "rent for Boardwalk with a hotel". The full screen's buttons and hints and the line mode's
help and questions both say them from here."""

from __future__ import annotations

from engine import Board, Command, GameView, ProposeTrade
from engine.core.narration import bundle_phrase, travel_card_phrase
from engine.core.phrases import Said
from engine.queries import lot_value, repayment, tax_of
from translation import N_, _, money, ngettext, say


def buildings_on(view: GameView, space: int) -> tuple[int, bool]:
    """Return (houses, hotel) standing on a lot, as the game's ruleset reads its building level."""
    level = view.deeds[space].level
    rules = view.ruleset
    return rules.houses(level), rules.is_hotel(level)


def building_name(view: GameView, space: int) -> str:
    """Return the name of the next building on a lot."""
    return view.ruleset.next_building(view.deeds[space].level)


def describe_command(cmd: Command, view: GameView, board: Board) -> str:
    """Describe a command as a player would ask for it: "Build a house on Boardwalk ($200)"."""
    kind = cmd.kind
    name = board.name
    if kind == "roll_dice":
        return _("Roll for doubles") if view.players[cmd.player].in_jail else _("Roll the dice")
    if kind == "end_turn":
        return _("End the turn")
    if kind == "buy_property":
        pend = view.pending
        space = getattr(pend, "space", None)
        if space is None:
            return _("Buy")
        return _("Buy {space} for {price}", space=name(space), price=money(board.price[space]))
    if kind == "decline_property":
        return _("Decline: auction it") if view.rules.auctions else _("Decline: leave it with the bank")
    if cmd.kind == "place_bid":
        return _("Bid {amount}", amount=money(cmd.amount))
    if kind == "pass_auction":
        return _("Pass (leave the auction)")
    if cmd.kind == "build":
        values = {"space": name(cmd.space), "price": money(board.house_cost[cmd.space])}
        if building_name(view, cmd.space) == "hotel":
            return _("Build a hotel on {space} ({price})", **values)
        return _("Build a house on {space} ({price})", **values)
    if cmd.kind == "sell_building":
        values = {"space": name(cmd.space), "price": money(board.sale_price(cmd.space))}
        if buildings_on(view, cmd.space)[1]:
            return _("Sell a hotel on {space} (+{price})", **values)
        return _("Sell a house on {space} (+{price})", **values)
    if cmd.kind == "sell_lot":
        houses = buildings_on(view, cmd.space)[0]
        values = {"space": name(cmd.space), "price": money(lot_value(view, cmd.space))}
        if houses:
            return ngettext(
                "Sell {space} and its {n} house to the bank (+{price})",
                "Sell {space} and its {n} houses to the bank (+{price})",
                houses,
                **values,
            )
        return _("Sell {space} to the bank (+{price})", **values)
    if cmd.kind == "mortgage":
        return _("Mortgage {space} (+{price})", space=name(cmd.space), price=money(board.mortgage[cmd.space]))
    if cmd.kind == "unmortgage":
        return _(
            "Lift the mortgage on {space} ({price})",
            space=name(cmd.space),
            price=money(board.unmortgage_cost(cmd.space)),
        )
    if cmd.kind == "keep_mortgage":
        return _(
            "Keep the mortgage on {space} ({interest} interest now)",
            space=name(cmd.space),
            interest=money(board.interest(cmd.space)),
        )
    if kind == "pay_jail_fine":
        jail = board.edition.jail
        return (
            _("Pay the {amount} fine", amount=money(jail.fine))
            if jail is not None
            else _("Pay the jail fine")
        )
    if kind == "use_jail_card":
        return _("Use a Get Out of Jail Free card")
    if cmd.kind == "choose_income_tax":
        space = getattr(view.pending, "space", None)
        if space is None:
            return _("Pay the flat tax") if cmd.option == "flat" else _("Pay the percentage of your worth")
        tax = tax_of(view, space)
        if cmd.option == "flat":
            return _("Pay {amount}", amount=money(tax.flat))
        return _("Pay {percent}% of your total worth", percent=tax.percent)
    if kind == "accept_trade":
        return _("Accept the offer")
    if kind == "reject_trade":
        asking = getattr(cmd, "asking", None)
        if asking is not None and asking >= 0:
            return _("Turn the offer down, asking {amount} in cash with it", amount=money(asking))
        if asking is not None:
            return _("Turn the offer down, willing to pay {amount} for it", amount=money(-asking))
        return _("Turn the offer down")
    if kind == "cancel_trade":
        return _("Withdraw the offer")
    if kind == "declare_bankruptcy":
        return _("Declare bankruptcy")
    if isinstance(cmd, ProposeTrade):
        return _(
            "Offer {name} {give} for {take}",
            name=view.players[cmd.to].name,
            give=say(bundle_phrase(cmd.give, board)),
            take=say(bundle_phrase(cmd.take, board)),
        )
    if cmd.kind == "play_travel_cards":
        texts = [say(travel_card_phrase(ref, board)) for ref in cmd.cards]
        return _("Play {cards} instead of throwing", cards=_(" then ").join(texts))
    if cmd.kind == "roll_with_travel_card":
        return _("Roll and add {card}", card=say(travel_card_phrase(cmd.card, board)))
    if cmd.kind == "take_ride":
        at = getattr(view.pending, "at", None)
        means = getattr(view.pending, "means", "subway")
        if at == cmd.space:
            return _("Stay on {space}", space=name(cmd.space))
        if means == "subway":
            return _("Take the subway to {space}", space=name(cmd.space))
        return _("Fly to {space}", space=name(cmd.space))
    if kind == "play_refund_card":
        return _("Play the refund card: the whole pool ({amount})", amount=money(view.pot))
    if cmd.kind == "claim_half_winnings":
        amounts = dict(
            zip(getattr(view.pending, "winners", ()), getattr(view.pending, "amounts", ()), strict=False)
        )
        half = amounts.get(cmd.target, 0) // 2
        return _(
            "Claim half of {name}'s winnings ({amount})",
            name=view.players[cmd.target].name,
            amount=money(half),
        )
    if kind == "keep_card":
        return _("Keep the card for later")
    if cmd.kind == "choose_route":
        at = getattr(view.pending, "at", None)
        if at is not None and not board.track.links[at]:  # a free ride between railroads
            return (
                _("Do not ride")
                if at == cmd.space
                else _("Ride free to the railroad at space {space}", space=cmd.space)
            )
        if at == cmd.space:
            return _("Keep to this ring at {space}", space=name(cmd.space))
        return _("Go across to {space}", space=name(cmd.space))
    return _magie_command(cmd, view, board) or kind.replace("_", " ").capitalize()


def _magie_command(cmd: Command, view: GameView, board: Board) -> str | None:
    """Describe the commands of Magie's 1904 game."""
    name = board.name
    space = getattr(view.pending, "space", None)
    if cmd.kind == "buy_ticket_lot":
        return _(
            "Buy {space} on your lot ticket ({price})",
            space=name(cmd.space),
            price=money(board.price[cmd.space]),
        )
    if cmd.kind == "done_with_tickets":
        return _("Put the other lot tickets back")
    if cmd.kind == "buy_lot":
        if space is None:
            return _("Buy the lot")
        return _("Buy {space} for {price}", space=name(space), price=money(board.price[space]))
    if cmd.kind == "rent_lot":
        rent = getattr(view.pending, "rent", None)
        return _("Rent it for {amount}", amount=money(rent)) if rent is not None else _("Rent the lot")
    if cmd.kind == "buy_luxury":
        return _("Buy a luxury ticket ({price})", price=money(getattr(view.pending, "price", 0)))
    if cmd.kind == "decline_luxury":
        return _("Do without: lose the move")
    if cmd.kind == "choose_direction":
        return _("Move forward") if cmd.direction == "forward" else _("Move backward")
    if cmd.kind == "borrow_from_bank":
        lots = ", ".join(board.spaces[s].short for s in cmd.security)
        note = board.edition.loans.note if board.edition.loans else 0
        return _("Borrow {amount} from the bank against {lots}", amount=money(note * cmd.notes), lots=lots)
    if cmd.kind == "repay_loan":
        loan = next((ln for ln in view.loans if ln.id == cmd.loan), None)
        if loan is None:
            return _("Repay a loan")
        amount = money(repayment(view, loan))
        if loan.lender is None:
            return _("Repay {amount} to the bank", amount=amount)
        return _("Repay {amount} to {name}", amount=amount, name=view.players[loan.lender].name)
    if cmd.kind == "propose_loan":
        return _("Propose a loan")
    if cmd.kind == "accept_loan":
        return _("Accept the loan")
    if cmd.kind == "reject_loan":
        return _("Turn the loan down")
    if cmd.kind == "cancel_loan":
        return _("Withdraw the loan offer")
    if cmd.kind == "go_to_poorhouse":
        return _("Go to the poorhouse")
    return None


def raising(board: Board) -> str:
    """Return a short description of how cash is raised from the bank in this edition."""
    if board.edition.bank_buys_lots:
        return _("sell houses or lots back to the bank")
    if board.edition.loans is not None:  # no mortgages: the bank lends notes against lots instead
        return _("sell buildings or borrow notes from the bank against your lots")
    return _("sell buildings or mortgage deeds") if board.edition.mortgages else _("sell buildings")


def raising_all(board: Board) -> str:
    """Return a short description of raising everything the bank would pay for ("Selling every building and
    ...")."""
    if board.edition.bank_buys_lots:
        return _("Selling every house and lot back to the bank")
    if board.edition.mortgages:
        return _("Selling every building and mortgaging every deed")
    return _("Selling every building")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def charge_text(reason: str, detail: str, space: int | None, board: Board) -> str:
    """Describe what a payment owed is for: "rent for Boardwalk with a hotel", "the jail fine", "Income
    Tax"."""
    words = say(Said(detail)) if detail else ""  # the engine keeps what a charge is for in English
    if reason == "rent" and space is not None:
        if detail.startswith("with"):
            return _("rent for {space} {detail}", space=board.name(space), detail=words)
        if detail:
            return _("rent for {space} ({detail})", space=board.name(space), detail=words)
        return _("rent for {space}", space=board.name(space))
    if reason == "card" and detail:  # the card's own sentences, set apart from the question around them
        return _("the card “{card}”", card=words.rstrip("."))
    if detail:
        return words
    known = {
        "tax": N_("tax"),
        "card": N_("a card"),
        "jail_fine": N_("the jail fine"),
        "interest": N_("mortgage interest"),
        "repairs": N_("repairs"),
        "fee": N_("a fee"),
        "fare": N_("the railroad fare"),
        "franchise": N_("a franchise's toll"),
        "loan": N_("interest on a loan"),
    }
    return _(known[reason]) if reason in known else reason.replace("_", " ")


def nothing_to_build(board: Board) -> str:
    """Explain why a player has nowhere to build yet, and what to do about it."""
    if board.edition.colour_groups:
        return _("You hold no complete colour group yet: trade for one, then build.")
    return _("You own no lot yet: buy one, then build on it.")
