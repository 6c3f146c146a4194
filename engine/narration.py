"""Events in words for logs and replays: "Grace paid Ada $550 rent for Tennessee Avenue with 3 houses"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.board import Board
from engine.events import Event
from engine.state import Bundle, DealOffer

Names = Sequence[str]


def money(amount: int) -> str:
    return f"${amount:,}"


def card_name(ref: str, board: Board) -> str:
    """A held card in words: "Forward 5 (travel card)", "a face-down travel card"."""
    deck, _, card_id = ref.partition("/")
    decks = board.edition.decks
    deck_name = decks[deck].name if deck in decks else deck
    card = board.cards.get(deck, {}).get(card_id)
    if card is None:
        return f"a face-down {deck_name.lower()} card"
    if card.effect.kind == "keep":
        return f"the {deck_name} card \u201c{card.text.split('.')[0]}\u201d"
    return card.text if deck_name.lower() in card.text.lower() else f"{card.text} ({deck_name.lower()} card)"


def bundle_text(bundle: Bundle, board: Board) -> str:
    """ "Boardwalk, $100 and a Get Out of Jail Free card", or "nothing"."""
    parts = [board.name(s) for s in bundle.deeds]
    if bundle.houses:
        n = len(bundle.houses)
        lots = " and ".join(dict.fromkeys(board.name(s) for s in bundle.houses))
        parts.append(f"{n} house{'s' if n != 1 else ''} (from {lots})")
    if bundle.cash:
        parts.append(money(bundle.cash))
    if bundle.jail_cards:
        parts.append(
            "a Get Out of Jail Free card"
            if bundle.jail_cards == 1
            else f"{bundle.jail_cards} Get Out of Jail Free cards"
        )
    parts += [card_name(ref, board) for ref in bundle.cards]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(event: Event, names: Names, board: Board) -> str:
    """One sentence saying what happened."""
    return _TEXTS[event.kind](event, names, board)


def _who(names: Names, player: int | None) -> str:
    return "the bank" if player is None else names[player]


def _lot(lot: str, space: int, board: Board) -> str:
    return board.name(space) if lot == "deed" else f"a {lot}"


_DECKS = {"chance": "Chance", "community_chest": "Community Chest"}


def _deck(deck: str, board: Board) -> str:
    decks = board.edition.decks
    return decks[deck].name if deck in decks else _DECKS.get(deck, deck)


def _moved(e: Any, n: Names, b: Board) -> str:
    if e.backward:
        return f"{n[e.player]} went back to {b.name(e.to_space)}."
    if e.via in ("subway", "airplane"):
        how = "took the subway" if e.via == "subway" else "flew"
        return f"{n[e.player]} {how} to {b.name(e.to_space)}."
    verb = "advanced" if e.via == "card" else "moved"
    visiting = " (just visiting)" if e.to_space == b.jail else ""
    return f"{n[e.player]} {verb} to {b.name(e.to_space)}{visiting}."


def _route(e: Any, n: Names, b: Board) -> str:
    if not b.track.links[e.at]:  # no fork in the track here: a free ride between railroads, or none
        if e.to == e.at:
            return f"{n[e.player]} did not take the free ride from {b.name(e.at)}."
        return f"{n[e.player]} rode free from {b.name(e.at)} (space {e.at}) to {b.name(e.to)} (space {e.to})."
    if e.to == e.at:
        return f"{n[e.player]} kept to this ring at {b.name(e.at)}."
    return f"{n[e.player]} took the way from {b.name(e.at)} to {b.name(e.to)}."


def _box(b: Board, box: str) -> str:
    boxes = b.edition.boxes
    return f"the {boxes[box].name}" if box in boxes else "the bank"


def _paid_for_passing(e: Any, n: Names, b: Board) -> str:
    name = b.spaces[e.space].name
    where = name.upper() if b.kinds[e.space] == "go" else name  # GO, CASH HERE
    if e.box:
        what = "reached" if e.landed else "passed"
        return f"{n[e.player]} {what} {where}: {money(e.salary)} wages from {_box(b, e.box)}."
    if e.landed:
        return f"{n[e.player]} landed on {where} and collected {money(e.salary)}."
    return f"{n[e.player]} passed {where} on the way and collected {money(e.salary)}."


def _who_or_box(n: Names, player: int | None, box: str, b: Board) -> str:
    return n[player] if player is not None else _box(b, box) if box else "the bank"


def _lot_offered(e: Any, n: Names, b: Board) -> str:
    to = n[e.occupant] if e.occupant is not None else _box(b, b.spaces[e.space].box or "")
    return (
        f"{n[e.player]} may buy {b.name(e.space)} for {money(e.price)} or rent it for {money(e.rent)} "
        f"(to {to})."
    )


def _circuit(e: Any, n: Names, b: Board) -> str:
    times = "once" if e.circuits == 1 else "twice" if e.circuits == 2 else f"{e.circuits} times"
    tail = "" if e.paid else "; no wages now"
    return f"{n[e.player]} has been round the board {times}{tail}."


def _loan_taken(e: Any, n: Names, b: Board) -> str:
    ln = e.loan
    if ln.lender is None:
        lots = ", ".join(b.name(s) for s in ln.security)
        return (
            f"{n[ln.borrower]} borrowed {money(ln.principal)} from {_box(b, e.box)} against {lots} "
            f"({money(ln.interest)} interest at each wages)."
        )
    tail = f": {e.reason}" if e.reason else "."
    return (
        f"{n[ln.lender]} lent {n[ln.borrower]} {money(ln.principal)} at {money(ln.interest)} a wage day{tail}"
    )


def _loan_proposed(e: Any, n: Names, b: Board) -> str:
    o = e.offer
    lots = ", ".join(b.name(s) for s in o.security)
    if o.lender == o.proposer:
        what = f"offers to lend {n[o.to]} {money(o.principal)}"
    else:
        what = f"asks {n[o.to]} for a loan of {money(o.principal)}"
    return f"{n[o.proposer]} {what} at {money(o.interest)} a wage day, against {lots}."


def _repaid(e: Any, n: Names, b: Board) -> str:
    to = n[e.lender] if e.lender is not None else _box(b, e.box)
    left = f" ({money(e.left)} still owed)" if e.left else ""
    return f"{n[e.borrower]} repaid {money(e.amount)} to {to}{left}."


def _poorhouse(e: Any, n: Names, b: Board) -> str:
    to = _who_or_box(n, e.creditor, e.box, b)
    forgiven = f"; the other {money(e.forgiven)} is forgiven" if e.forgiven else ""
    return f"{n[e.player]} cannot pay: {money(e.paid)} to {to}{forgiven}. Off to the poorhouse."


def _rolled(e: Any, n: Names, b: Board) -> str:
    d1, d2 = e.dice
    if e.purpose == "utility_rent":
        return f"{n[e.player]} threw {d1} and {d2} for the utility's rent."
    if e.purpose == "jail":
        return f"{n[e.player]} threw {d1} and {d2} in jail" + (": doubles!" if e.doubles else ".")
    if e.purpose == "poorhouse":
        return f"{n[e.player]} threw {d1} and {d2} in the poorhouse."
    if e.purpose in _THROWS:
        return f"{n[e.player]} threw {d1} and {d2} {_THROWS[e.purpose](d1 + d2)}" + (
            ", doubles!" if e.doubles and e.purpose != "sweepstakes" else "."
        )
    return f"{n[e.player]} rolled {d1} and {d2}" + (", doubles!" if e.doubles else ".")


_THROWS: dict[str, Callable[[int], str]] = {
    "fare": lambda t: f"for the ride: {t} on",
    "card": lambda t: f"again: {t} on",
    "carnival": lambda t: f"at the Carnival: {t} {'forward (even)' if t % 2 == 0 else 'back (odd)'}",
    "sweepstakes": lambda t: f"for the Sweepstakes: {t}",
}


def _sent_on(e: Any, n: Names, b: Board) -> str:
    return f"{n[e.player]} went straight on from {b.name(e.from_space)} to {b.name(e.to_space)}."


def _forced(e: Any, n: Names, b: Board) -> str:
    return (
        f"{n[e.arriving]} came to rest on {b.name(e.space)}, where {n[e.player]} stood: "
        f"{n[e.player]} goes back {e.steps} spaces."
    )


def _lot_sold(e: Any, n: Names, b: Board) -> str:
    what = f" with its {e.houses} houses" if e.houses > 1 else " with its house" if e.houses else ""
    return f"{n[e.player]} sold {b.name(e.space)}{what} back to the bank for {money(e.amount)}."


def _fee(e: Any, n: Names, b: Board) -> str:
    return f"{n[e.player]} paid the bank {money(e.amount)} for {e.detail}."


_JAIL_REASONS = {  # the move or the card before it has told where from: not again
    "go_to_jail": "was sent to jail",
    "card": "went straight to jail",
    "third_double": "threw a third double and went to jail",
}


def _jail_roll_failed(e: Any, n: Names, b: Board) -> str:
    jail = b.edition.jail
    tries = jail.max_turns if jail is not None else None
    if tries is None:  # no last try: a double or the fine, however long it takes
        return f"No doubles: {n[e.player]} stays in jail (try {e.attempt})."
    if e.attempt >= tries:
        return f"No doubles on the last try: {n[e.player]} must pay the fine and move."
    return f"No doubles: {n[e.player]} stays in jail (try {e.attempt} of {tries})."


def _auction_started(e: Any, n: Names, b: Board) -> str:
    if e.lot == "deed":
        return f"{b.name(e.space)} goes to auction; bids from {money(e.min_bid)}."
    return (
        f"The bank is short of {e.lot}s: {n[e.initiator]} wants one, and the others may bid for it "
        f"(from {money(e.min_bid)})."
    )


def _rent(e: Any, n: Names, b: Board) -> str:
    tail = f" {e.detail}" if e.detail.startswith("with") else f" ({e.detail})" if e.detail else ""
    return f"{n[e.payer]} paid {n[e.owner]} {money(e.amount)} rent for {b.name(e.space)}{tail}."


def _building_sold(e: Any, n: Names, b: Board) -> str:
    """One step sold, or several at once (a group coming down evenly when the bank is short of houses, a
    bankrupt's buildings): how many is what was paid over the price of one."""
    price = b.sale_price(e.space)
    steps = max(1, round(e.amount / price)) if price else 1
    if e.hotel_sold:
        what = "a hotel" if steps == 1 else f"a hotel and {steps - 1} house{'s' if steps > 2 else ''}"
    else:
        what = "a house" if steps == 1 else f"{steps} houses"
    left = f"{e.houses_left} house{'s' if e.houses_left != 1 else ''} left"
    return f"{n[e.player]} sold {what} on {b.name(e.space)} for {money(e.amount)} ({left})."


def _trade(e: Any, n: Names, b: Board) -> str:
    t = e.trade
    return f"{n[t.proposer]} offers {n[t.to]} {bundle_text(t.give, b)} for {bundle_text(t.take, b)}."


def _traded(e: Any, n: Names, b: Board) -> str:
    t = e.trade
    return (
        f"Trade done: {n[t.proposer]} gave {bundle_text(t.give, b)} and got {bundle_text(t.take, b)} "
        f"from {n[t.to]}."
    )


def _rejected(e: Any, n: Names, b: Board) -> str:
    return f"{n[e.player]} turned the offer down" + (f": \u201c{e.reason}\u201d" if e.reason else ".")


def deal_parts_text(deal: DealOffer, names: Names, board: Board) -> str:
    """ "Ada gives Grace Boardwalk; Grace gives Linus $200": every part of a deal."""
    return "; ".join(
        f"{names[p.giver]} gives {names[p.receiver]} {bundle_text(p.bundle, board)}" for p in deal.parts
    )


def _deal(e: Any, n: Names, b: Board) -> str:
    d = e.deal
    others = " and ".join(n[p] for p in d.parties[1:])
    return f"{n[d.proposer]} proposes a deal with {others}: {deal_parts_text(d, n, b)}."


def _dealt(e: Any, n: Names, b: Board) -> str:
    d = e.deal
    return f"Deal done among {', '.join(n[p] for p in d.parties)}: {deal_parts_text(d, n, b)}."


def _deal_refused(e: Any, n: Names, b: Board) -> str:
    why = f": \u201c{e.reason}\u201d" if e.reason else "."
    return f"{n[e.player]} turned the deal down{why} Nothing changed hands."


def _deal_agreed(e: Any, n: Names, b: Board) -> str:
    return f"{n[e.player]} agreed to the deal" + (f": \u201c{e.reason}\u201d" if e.reason else ".")


def played_for(name: str) -> str:
    """A bot standing in for a person, named so that what it says or waits on is never taken for the
    person's own: the one place every face (the log, the table, the line under the board) takes it from."""
    return f"a bot playing for {name}"


def _speaker(e: Any, n: Names) -> str:
    """Who gave a reason: a bot, by its seat's name, or a bot standing in for a person, never the person."""
    return played_for(n[e.player]) if e.stand_in else n[e.player]


def _bankrupt(e: Any, n: Names, b: Board) -> str:
    to = "the bank takes back the deeds" if e.creditor is None else f"everything goes to {n[e.creditor]}"
    return f"{n[e.player]} is bankrupt; {to}."


def _deed_moved(e: Any, n: Names, b: Board) -> str:
    tail = " (mortgaged)" if e.mortgaged else ""
    return f"{b.name(e.space)} passes from {n[e.from_player]} to {_who(n, e.to_player)}{tail}."


def _card_taken(e: Any, n: Names, b: Board) -> str:
    deck = _deck(e.deck, b)
    if not e.card:
        return f"{n[e.player]} took a {deck.lower()} card."
    return f"{n[e.player]} took {card_name(f'{e.deck}/{e.card}', b)}."


def _travel_played(e: Any, n: Names, b: Board) -> str:
    cards = [card_name(r, b).replace(" (travel card)", "") for r in e.cards]
    listed = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]
    return f"{n[e.player]} played {'a travel card' if len(cards) == 1 else 'travel cards'}: {listed}."


def _levy(e: Any, n: Names, b: Board) -> str:
    d1, d2 = e.dice
    if not e.amount:
        return f"{n[e.player]} threw {d1} and {d2} on {b.name(e.space)}: nobody pays."
    return (
        f"{n[e.player]} threw {d1} and {d2} on {b.name(e.space)}: each other player pays {money(e.amount)}."
    )


def _triple_won(e: Any, n: Names, b: Board) -> str:
    dice = "die" if e.matches == 1 else "dice"
    return f"{n[e.player]} won {money(e.amount)}: {card_name(e.card, b)} matches {e.matches} {dice}."


def _game_over(e: Any, n: Names, b: Board) -> str:
    worth = dict(e.standings)[e.winner]
    why = {
        "last_player": "the last player standing",
        "short_game": "the richest when the first player went bankrupt",
        "time_limit": "the richest when time ran out",
        "circuits": "the richest when the last player completed the last circuit",
        "called": "the richest when the table agreed to end it",
    }[e.reason]
    return f"Game over: {n[e.winner]} wins, {why}, worth {money(worth)}."


def _call_proposed(e: Any, n: Names, b: Board) -> str:
    return f"{n[e.player]} proposes to end the game now: {n[e.leader]} would win, the richest by the count."


def _call_answered(e: Any, n: Names, b: Board) -> str:
    verb = "agrees to end the game" if e.agreed else "wants to play on"
    return f"{n[e.player]} {verb}" + (f": \u201c{e.reason}\u201d" if e.reason else ".")


_TEXTS: dict[str, Callable[[Any, Names, Board], str]] = {
    "turn_started": lambda e, n, b: f"Turn {e.turn + 1}: {n[e.player]} to play.",
    "seed_pledged": lambda e, n, b: (
        f"Fair dice: every throw and card comes from this game's secret seed, whose SHA-256 is "
        f"{e.fingerprint}; the seed is shown when the game ends, and `landlords verify` checks it."
    ),
    "dice_rolled": _rolled,
    "player_moved": _moved,
    "passed_go": _paid_for_passing,
    "sent_on": _sent_on,
    "forced_move": _forced,
    "bank_fee_paid": _fee,
    "lot_sold": _lot_sold,
    "route_chosen": _route,
    "sent_to_jail": lambda e, n, b: f"{n[e.player]} {_JAIL_REASONS[e.reason]}.",
    "jail_roll_failed": _jail_roll_failed,
    # how is told by the event before it (the doubles, the fine paid, the card used): not twice
    "left_jail": lambda e, n, b: f"{n[e.player]} left jail.",
    "jail_fine_paid": lambda e, n, b: f"{n[e.player]} paid the {money(e.amount)} jail fine.",
    "jail_card_used": lambda e, n, b: f"{n[e.player]} used a Get Out of Jail Free card.",
    "card_drawn": lambda e, n, b: f"{n[e.player]} drew {_deck(e.deck, b)}: \u201c{e.text}\u201d",
    "property_offered": lambda e, n, b: f"{n[e.player]} may buy {b.name(e.space)} for {money(e.price)}.",
    "property_bought": lambda e, n, b: f"{n[e.player]} bought {b.name(e.space)} for {money(e.price)}.",
    "property_declined": lambda e, n, b: f"{n[e.player]} declined to buy {b.name(e.space)}.",
    "auction_started": _auction_started,
    "bid_placed": lambda e, n, b: f"{n[e.player]} bid {money(e.amount)}.",
    "auction_passed": lambda e, n, b: (
        f"{n[e.player]} cannot raise the bid and drops out." if e.forced else f"{n[e.player]} passed."
    ),
    "auction_won": lambda e, n, b: f"{n[e.player]} won {_lot(e.lot, e.space, b)} for {money(e.amount)}.",
    "auction_unsold": lambda e, n, b: f"Nobody bid: {_lot(e.lot, e.space, b)} stays with the bank.",
    "building_auction_uncontested": lambda e, n, b: f"Nobody else bid for the {e.building}.",
    "rent_paid": _rent,
    "tax_paid": lambda e, n, b: f"{n[e.player]} paid {money(e.amount)} {e.detail or b.name(e.space)}.",
    "paid_to_bank": lambda e, n, b: f"{n[e.player]} paid the bank {money(e.amount)}.",
    "paid_by_bank": lambda e, n, b: f"{n[e.player]} collected {money(e.amount)} from the bank.",
    "paid_to_player": lambda e, n, b: f"{n[e.payer]} paid {n[e.payee]} {money(e.amount)}.",
    "pot_collected": lambda e, n, b: f"{n[e.player]} collected the {money(e.amount)} Free Parking pot.",
    "credit_drawn": lambda e, n, b: f"{n[e.player]} drew {money(e.amount)} of bank credit.",
    "building_bought": lambda e, n, b: (
        f"{n[e.player]} built a {e.building} on {b.name(e.space)} for {money(e.price)}."
    ),
    "building_placed": lambda e, n, b: f"{n[e.player]} put the {e.building} on {b.name(e.space)}.",
    "building_sold": _building_sold,
    "buildings_returned": lambda e, n, b: f"The buildings on {b.name(e.space)} go back to the bank.",
    "mortgaged": lambda e, n, b: f"{n[e.player]} mortgaged {b.name(e.space)} for {money(e.amount)}.",
    "unmortgaged": lambda e, n, b: (
        f"{n[e.player]} lifted the mortgage on {b.name(e.space)} for {money(e.amount)}."
    ),
    "mortgage_kept": lambda e, n, b: (
        f"{n[e.player]} kept the mortgage on {b.name(e.space)}, paying {money(e.interest)} interest."
    ),
    "trade_proposed": _trade,
    "trade_completed": _traded,
    "trade_rejected": _rejected,
    "trade_cancelled": lambda e, n, b: f"{n[e.player]} withdrew the offer.",
    "deal_proposed": _deal,
    "deal_accepted": _deal_agreed,
    "deal_completed": _dealt,
    "deal_rejected": _deal_refused,
    "deal_cancelled": lambda e, n, b: f"{n[e.player]} withdrew the deal.",
    "debt_incurred": lambda e, n, b: (
        f"{n[e.player]} owes {_who_or_box(n, e.creditor, e.box, b)} {money(e.amount)} for {e.reason} "
        "and must raise the cash."
    ),
    "player_bankrupt": _bankrupt,
    "cash_surrendered": lambda e, n, b: f"{n[e.player]} hands {money(e.amount)} to {_who(n, e.creditor)}.",
    "deed_transferred": _deed_moved,
    "jail_cards_transferred": lambda e, n, b: (
        f"{n[e.from_player]}'s Get Out of Jail Free card{'s' if e.count > 1 else ''} "
        f"{'go' if e.count > 1 else 'goes'} to {_who(n, e.to_player)}."
    ),
    "deed_dealt": lambda e, n, b: (
        f"{n[e.player]} was dealt {b.name(e.space)}" + (f" for {money(e.price)}." if e.price else ".")
    ),
    "card_taken": _card_taken,
    "travel_cards_played": _travel_played,
    "held_card_played": lambda e, n, b: f"{n[e.player]} played {card_name(e.card, b)}.",
    "held_card_kept": lambda e, n, b: f"{n[e.player]} kept {card_name(e.card, b)} for later.",
    "ride_declined": lambda e, n, b: (
        f"{n[e.player]} stayed on {b.name(e.space)}"
        + (" and took no ride." if e.means == "subway" else ", leaving the airplane where it stands.")
    ),
    "backward_roll_set": lambda e, n, b: f"{n[e.player]}'s next throw moves backwards.",
    "levy_thrown": _levy,
    "triple_play_thrown": lambda e, n, b: (
        f"{n[e.player]} threw {', '.join(str(d) for d in e.dice)} for the triple play."
    ),
    "triple_play_won": _triple_won,
    "pot_share_collected": lambda e, n, b: (
        f"{n[e.player]} collected {money(e.amount)}, {e.percent}% of the pool."
    ),
    "hand_transferred": lambda e, n, b: (
        f"{n[e.from_player]}'s {e.count} card{'s' if e.count > 1 else ''} in hand "
        f"{'go' if e.count > 1 else 'goes'} "
        + ("back under the decks." if e.to_player is None else f"to {n[e.to_player]}.")
    ),
    "call_proposed": _call_proposed,
    "call_answered": _call_answered,
    "game_over": _game_over,
    "reason_given": lambda e, n, b: f"{_speaker(e, n)}: \u201c{e.reason}\u201d",
    "paid_into_box": lambda e, n, b: (
        f"{n[e.player]} paid {money(e.amount)} into {_box(b, e.box)}: {e.reason}."
    ),
    "fee_paid": lambda e, n, b: f"{n[e.payer]} paid {n[e.payee]} {money(e.amount)}: {e.reason}.",
    "tickets_dealt": lambda e, n, b: (
        f"{n[e.player]} drew lot tickets for {', '.join(b.name(s) for s in e.lots)}."
    ),
    "tickets_returned": lambda e, n, b: (
        f"{n[e.player]} put back the tickets for {', '.join(b.name(s) for s in e.lots)}."
    ),
    "lot_offered": _lot_offered,
    "stopped_short": lambda e, n, b: (
        f"Two tokens already stand on {b.name(e.space)}: {n[e.player]} stops short on {b.name(e.to_space)}."
    ),
    "luxury_bought": lambda e, n, b: f"{n[e.player]} bought a luxury ticket for {money(e.price)}.",
    "move_lost": lambda e, n, b: (
        f"{n[e.player]} did without the luxury and lost the move, back to {b.name(e.to_space)}"
        + (f", handing back {money(e.wages)} wages." if e.wages else ".")
    ),
    "franchise_claimed": lambda e, n, b: f"{n[e.player]} put a charter on the {b.name(e.space)}.",
    "award_received": lambda e, n, b: (
        f"{n[e.player]} received a {b.name(e.space).lower()} of {money(e.amount)} from {_box(b, e.box)}."
    ),
    "circuit_completed": _circuit,
    "direction_chosen": lambda e, n, b: (
        f"{n[e.player]} moves {'backward' if e.backward else 'forward'} this turn."
    ),
    "loan_taken": _loan_taken,
    "loan_repaid": _repaid,
    "loan_proposed": _loan_proposed,
    "loan_rejected": lambda e, n, b: (
        f"{n[e.player]} turned the loan down" + (f": {e.reason}" if e.reason else ".")
    ),
    "loan_cancelled": lambda e, n, b: f"{n[e.player]} withdrew the loan offer.",
    "went_to_poorhouse": _poorhouse,
    "poorhouse_throw": lambda e, n, b: (
        f"{n[e.player]} has thrown {e.total} of the {e.needed} needed to leave the poorhouse."
    ),
    "left_poorhouse": lambda e, n, b: f"{n[e.player]} leaves the poorhouse for {b.name(e.to_space)}.",
}
