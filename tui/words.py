"""Commands, amounts and spaces in words, for buttons, the footer, the command palette and hints."""

from __future__ import annotations

from engine import Board, Command, GameView
from engine.events import Event
from engine.narration import card_name, money
from engine.queries import tax_of


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
    if cmd.kind == "mortgage":
        return f"Mortgage {name(cmd.space)} (+{money(board.mortgage[cmd.space])})"
    if cmd.kind == "unmortgage":
        return f"Lift the mortgage on {name(cmd.space)} ({money(board.unmortgage_cost(cmd.space))})"
    if cmd.kind == "keep_mortgage":
        return f"Keep the mortgage on {name(cmd.space)} ({money(board.interest(cmd.space))} interest now)"
    if kind == "pay_jail_fine":
        return f"Pay the {money(board.edition.jail.fine)} fine"
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
        texts = [card_name(ref, board).replace(" (travel card)", "") for ref in cmd.cards]
        return "Play " + (texts[0] if len(texts) == 1 else " then ".join(texts)) + " instead of throwing"
    if cmd.kind == "roll_with_travel_card":
        return f"Roll and add {card_name(cmd.card, board).replace(' (travel card)', '')}"
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
        if at == cmd.space:
            return f"Keep to this ring at {name(cmd.space)}"
        return f"Go across to {name(cmd.space)}"
    return kind.replace("_", " ").capitalize()


def actor_of(event: Event) -> int | None:
    """The player an event is mostly about, for colouring the log."""
    for attr in ("player", "payer", "from_player"):
        value = getattr(event, attr, None)
        if isinstance(value, int):
            return value
    trade = getattr(event, "trade", None)
    if trade is not None:
        return int(trade.proposer)
    winner = getattr(event, "winner", None)
    return winner if isinstance(winner, int) else None


_SQUEEZED = {"Kentucky": "Kentky", "Virginia": "Virgna", "Indiana": "Indina", "Electric": "Electr"}
_VOWELS = set("aeiouAEIOU")


def fit(text: str, width: int) -> str:
    """A short name squeezed into `width` cells: dots and spaces go first, then vowels from the end
    (never the first letter), then the tail."""
    if len(text) <= width:
        return text
    if width == 6 and text in _SQUEEZED:
        return _SQUEEZED[text]
    letters = list(text.replace(".", "").replace(" ", ""))
    i = len(letters) - 1
    while len(letters) > width and i > 0:
        if letters[i] in _VOWELS:
            del letters[i]
        i -= 1
    return "".join(letters[:width])


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
    }.get(reason, reason.replace("_", " "))
