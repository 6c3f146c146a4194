"""Event narration as text for logs and replays: "Grace paid Ada $550 rent for Tennessee Avenue with 3
houses".

The engine speaks no language: `narrate` says an event as a phrase (`engine.core.phrases`), a message id and
its
values, which each front end renders in its player's language (`translation.say`); `describe` is its English,
for logs, tests and anything that reads the engine without a front end. Card texts and deck names are the
edition's words, said in context "card"; deed and space names are the given board's (a front end gives the
board with its spaces named in its player's language, `room.board_words.spoken`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.board import Board
from engine.core.events import Event
from engine.core.phrases import N_, Money, Phrase, Plural, Said, listing
from engine.core.state import Bundle, DealOffer

Names = Sequence[str]


def money(amount: int) -> str:
    return f"${amount:,}"


def card_text(text: str) -> Phrase:
    """Return a card's printed text (or a deck's name), translated where the edition's cards are (context
    "card"): the edition's data holds them, and `translation.extracting` finds them there."""
    return Phrase.within("card", text)


def said(text: str) -> Phrase:
    """Return a phrase for text an event carries (a charge's detail, a reason given in the engine's English):
    translated into the player's language where the catalogue knows them, else as they are."""
    return Said(text)


def quoted(text: str) -> Phrase:
    """Return a phrase for text a player gave with an answer, a person's or a bot's: translated only where the
    catalogue has it whole (a person's text is never read as a message template filled in)."""
    return Phrase(text)


def _deck_name(deck: str, board: Board) -> str:
    decks = board.edition.decks
    return decks[deck].name if deck in decks else _DECKS.get(deck, deck)


def card_phrase(ref: str, board: Board) -> Phrase:
    """Return a phrase naming a held card: "Forward 5 (travel card)", "a face-down travel card"."""
    deck, _sep, card_id = ref.partition("/")
    deck_name = _deck_name(deck, board) if deck in board.edition.decks else deck
    card = board.cards.get(deck, {}).get(card_id)
    lower = card_text(deck_name.lower())
    if card is None:
        return Phrase(N_("a face-down {deck} card"), deck=lower)
    if card.effect.kind == "keep":
        return Phrase(
            N_("the {deck} card \u201c{card}\u201d"),
            deck=card_text(deck_name),
            card=card_text(card.text.split(".")[0]),
        )
    if deck_name.lower() in card.text.lower():
        return card_text(card.text)
    return Phrase(N_("{card} ({deck} card)"), card=card_text(card.text), deck=lower)


def card_name(ref: str, board: Board) -> str:
    """Return a held card's name in English (`card_phrase`)."""
    return str(card_phrase(ref, board))


def bundle_phrase(bundle: Bundle, board: Board) -> object:
    """Return a phrase listing a bundle: "Boardwalk, $100 and a Get Out of Jail Free card", or "nothing"."""
    parts: list[object] = [board.name(s) for s in bundle.deeds]
    if bundle.houses:
        n = len(bundle.houses)
        lots = listing(list(dict.fromkeys(board.name(s) for s in bundle.houses)))
        parts.append(Plural("{n} house (from {lots})", "{n} houses (from {lots})", n, lots=lots))
    if bundle.cash:
        parts.append(Money(bundle.cash))
    if bundle.jail_cards:
        parts.append(
            Plural(
                "a Get Out of Jail Free card",
                "{n} Get Out of Jail Free cards",
                bundle.jail_cards,
            )
        )
    parts += [card_phrase(ref, board) for ref in bundle.cards]
    return listing(parts)


def bundle_text(bundle: Bundle, board: Board) -> str:
    """Return a bundle's description in English (`bundle_phrase`)."""
    return str(bundle_phrase(bundle, board))


def narrate(event: Event, names: Names, board: Board) -> Phrase:
    """Narrate an event: one sentence saying what happened, as a phrase each front end renders in its player's
    language."""
    return _TEXTS[event.kind](event, names, board)


def describe(event: Event, names: Names, board: Board) -> str:
    """Return one sentence saying what happened, in English."""
    return str(narrate(event, names, board))


def _who(names: Names, player: int | None) -> object:
    return Phrase(N_("the bank")) if player is None else names[player]


def _lot(lot: str, space: int, board: Board) -> object:
    if lot == "deed":
        return board.name(space)
    return Phrase(N_("a hotel")) if lot == "hotel" else Phrase(N_("a house"))


_DECKS = {"chance": "Chance", "community_chest": "Community Chest"}


def _deck(deck: str, board: Board) -> Phrase:
    return card_text(_deck_name(deck, board))


def _moved(e: Any, n: Names, b: Board) -> Phrase:
    who, to = n[e.player], b.name(e.to_space)
    if e.backward:
        return Phrase(N_("{name} went back to {space}."), name=who, space=to)
    if e.via == "subway":
        return Phrase(N_("{name} took the subway to {space}."), name=who, space=to)
    if e.via == "airplane":
        return Phrase(N_("{name} flew to {space}."), name=who, space=to)
    if e.via == "card":
        if e.to_space == b.jail:
            return Phrase(N_("{name} advanced to {space} (just visiting)."), name=who, space=to)
        return Phrase(N_("{name} advanced to {space}."), name=who, space=to)
    if e.to_space == b.jail:
        return Phrase(N_("{name} moved to {space} (just visiting)."), name=who, space=to)
    return Phrase(N_("{name} moved to {space}."), name=who, space=to)


def _route(e: Any, n: Names, b: Board) -> Phrase:
    who, at, to = n[e.player], b.name(e.at), b.name(e.to)
    if not b.track.links[e.at]:  # no fork in the track here: a free ride between railroads, or none
        if e.to == e.at:
            return Phrase(N_("{name} did not take the free ride from {space}."), name=who, space=at)
        return Phrase(
            N_("{name} rode free from {space} (space {number}) to {to} (space {to_number})."),
            name=who,
            space=at,
            number=e.at,
            to=to,
            to_number=e.to,
        )
    if e.to == e.at:
        return Phrase(N_("{name} kept to this ring at {space}."), name=who, space=at)
    return Phrase(N_("{name} took the way from {space} to {to}."), name=who, space=at, to=to)


def _box(b: Board, box: str) -> Phrase:
    boxes = b.edition.boxes
    if box in boxes:
        name = Phrase.within("edition", boxes[box].name)
        return Phrase(N_("the {box}"), box=name) if boxes[box].article else name
    return Phrase(N_("the bank"))


def _paid_for_passing(e: Any, n: Names, b: Board) -> Phrase:
    name = b.spaces[e.space].name
    where = name.upper() if b.kinds[e.space] == "go" else name  # GO, CASH HERE
    values: dict[str, object] = {"name": n[e.player], "space": where, "amount": Money(e.salary)}
    if e.box:
        if e.landed:
            return Phrase(N_("{name} reached {space}: {amount} from {box}."), box=_box(b, e.box), **values)
        return Phrase(N_("{name} passed {space}: {amount} from {box}."), box=_box(b, e.box), **values)
    if e.landed:
        return Phrase(N_("{name} landed on {space} and collected {amount}."), **values)
    return Phrase(N_("{name} passed {space} on the way and collected {amount}."), **values)


def _who_or_box(n: Names, player: int | None, box: str, b: Board) -> object:
    return n[player] if player is not None else _box(b, box) if box else Phrase(N_("the bank"))


def _lot_offered(e: Any, n: Names, b: Board) -> Phrase:
    to = n[e.occupant] if e.occupant is not None else _box(b, b.spaces[e.space].box or "")
    return Phrase(
        N_("{name} may buy {space} for {price} or rent it for {rent} (to {to})."),
        name=n[e.player],
        space=b.name(e.space),
        price=Money(e.price),
        rent=Money(e.rent),
        to=to,
    )


def _circuit(e: Any, n: Names, b: Board) -> Phrase:
    if e.circuits == 2:
        if e.paid:
            return Phrase(N_("{name} has been round the board twice."), name=n[e.player])
        return Phrase(N_("{name} has been round the board twice; no wages now."), name=n[e.player])
    if e.paid:
        return Plural(
            "{name} has been round the board once.",
            "{name} has been round the board {n} times.",
            e.circuits,
            name=n[e.player],
        )
    return Plural(
        "{name} has been round the board once; no wages now.",
        "{name} has been round the board {n} times; no wages now.",
        e.circuits,
        name=n[e.player],
    )


def _loan_taken(e: Any, n: Names, b: Board) -> Phrase:
    ln = e.loan
    if ln.lender is None:
        return Phrase(
            N_("{name} borrowed {amount} from {box} against {lots} ({interest} interest at each wages)."),
            name=n[ln.borrower],
            amount=Money(ln.principal),
            box=_box(b, e.box),
            lots=", ".join(b.name(s) for s in ln.security),
            interest=Money(ln.interest),
        )
    values: dict[str, object] = {
        "lender": n[ln.lender],
        "name": n[ln.borrower],
        "amount": Money(ln.principal),
        "interest": Money(ln.interest),
    }
    if e.reason:
        return Phrase(
            N_("{lender} lent {name} {amount} at {interest} a wage day: {reason}"),
            reason=quoted(e.reason),
            **values,
        )
    return Phrase(N_("{lender} lent {name} {amount} at {interest} a wage day."), **values)


def _loan_proposed(e: Any, n: Names, b: Board) -> Phrase:
    o = e.offer
    values: dict[str, object] = {
        "name": n[o.proposer],
        "to": n[o.to],
        "amount": Money(o.principal),
        "interest": Money(o.interest),
        "lots": ", ".join(b.name(s) for s in o.security),
    }
    if o.lender == o.proposer:
        return Phrase(
            N_("{name} offers to lend {to} {amount} at {interest} a wage day, against {lots}."), **values
        )
    return Phrase(
        N_("{name} asks {to} for a loan of {amount} at {interest} a wage day, against {lots}."), **values
    )


def _repaid(e: Any, n: Names, b: Board) -> Phrase:
    to = n[e.lender] if e.lender is not None else _box(b, e.box)
    values: dict[str, object] = {"name": n[e.borrower], "amount": Money(e.amount), "to": to}
    if e.left:
        return Phrase(N_("{name} repaid {amount} to {to} ({left} still owed)."), left=Money(e.left), **values)
    return Phrase(N_("{name} repaid {amount} to {to}."), **values)


def _poorhouse(e: Any, n: Names, b: Board) -> Phrase:
    values: dict[str, object] = {
        "name": n[e.player],
        "amount": Money(e.paid),
        "to": _who_or_box(n, e.creditor, e.box, b),
    }
    if e.forgiven:
        return Phrase(
            N_(
                "{name} cannot pay: {amount} to {to}; the other {forgiven} is forgiven. Off to the poorhouse."
            ),
            forgiven=Money(e.forgiven),
            **values,
        )
    return Phrase(N_("{name} cannot pay: {amount} to {to}. Off to the poorhouse."), **values)


def _rolled(e: Any, n: Names, b: Board) -> Phrase:
    d1, d2 = e.dice
    values: dict[str, object] = {"name": n[e.player], "first": d1, "second": d2, "total": d1 + d2}
    doubles = e.doubles
    if e.purpose == "utility_rent":
        return Phrase(N_("{name} threw {first} and {second} for the utility's rent."), **values)
    if e.purpose == "jail":
        if doubles:
            return Phrase(N_("{name} threw {first} and {second} in jail: doubles!"), **values)
        return Phrase(N_("{name} threw {first} and {second} in jail."), **values)
    if e.purpose == "poorhouse":
        return Phrase(N_("{name} threw {first} and {second} in the poorhouse."), **values)
    if e.purpose == "fare":
        if doubles:
            return Phrase(
                N_("{name} threw {first} and {second} for the ride: {total} on, doubles!"), **values
            )
        return Phrase(N_("{name} threw {first} and {second} for the ride: {total} on."), **values)
    if e.purpose == "card":
        if doubles:
            return Phrase(N_("{name} threw {first} and {second} again: {total} on, doubles!"), **values)
        return Phrase(N_("{name} threw {first} and {second} again: {total} on."), **values)
    if e.purpose == "carnival":
        if (d1 + d2) % 2 == 0:
            if doubles:
                return Phrase(
                    N_("{name} threw {first} and {second} at the Carnival: {total} forward (even), doubles!"),
                    **values,
                )
            return Phrase(
                N_("{name} threw {first} and {second} at the Carnival: {total} forward (even)."), **values
            )
        if doubles:
            return Phrase(
                N_("{name} threw {first} and {second} at the Carnival: {total} back (odd), doubles!"),
                **values,
            )
        return Phrase(N_("{name} threw {first} and {second} at the Carnival: {total} back (odd)."), **values)
    if e.purpose == "sweepstakes":
        return Phrase(N_("{name} threw {first} and {second} for the Sweepstakes: {total}."), **values)
    if doubles:
        return Phrase(N_("{name} rolled {first} and {second}, doubles!"), **values)
    return Phrase(N_("{name} rolled {first} and {second}."), **values)


def _sent_on(e: Any, n: Names, b: Board) -> Phrase:
    return Phrase(
        N_("{name} went straight on from {space} to {to}."),
        name=n[e.player],
        space=b.name(e.from_space),
        to=b.name(e.to_space),
    )


def _forced(e: Any, n: Names, b: Board) -> Phrase:
    return Phrase(
        N_("{arriving} came to rest on {space}, where {name} stood: {name} goes back {steps} spaces."),
        arriving=n[e.arriving],
        space=b.name(e.space),
        name=n[e.player],
        steps=e.steps,
    )


def _lot_sold(e: Any, n: Names, b: Board) -> Phrase:
    values: dict[str, object] = {"name": n[e.player], "space": b.name(e.space), "amount": Money(e.amount)}
    if e.houses > 1:
        return Phrase(
            N_("{name} sold {space} with its {houses} houses back to the bank for {amount}."),
            houses=e.houses,
            **values,
        )
    if e.houses:
        return Phrase(N_("{name} sold {space} with its house back to the bank for {amount}."), **values)
    return Phrase(N_("{name} sold {space} back to the bank for {amount}."), **values)


def _fee(e: Any, n: Names, b: Board) -> Phrase:
    return Phrase(
        N_("{name} paid the bank {amount} for {what}."),
        name=n[e.player],
        amount=Money(e.amount),
        what=_charge(e.detail),
    )


_JAIL_REASONS = {  # the move or the card before it has told where from: not again
    "go_to_jail": N_("{name} was sent to jail."),
    "card": N_("{name} went straight to jail."),
    "third_double": N_("{name} threw a third double and went to jail."),
}


def _jail_roll_failed(e: Any, n: Names, b: Board) -> Phrase:
    jail = b.edition.jail
    tries = jail.max_turns if jail is not None else None
    if tries is None:  # no last try: a double or the fine, however long it takes
        return Phrase(
            N_("No doubles: {name} stays in jail (try {attempt})."), name=n[e.player], attempt=e.attempt
        )
    if e.attempt >= tries:
        return Phrase(N_("No doubles on the last try: {name} must pay the fine and move."), name=n[e.player])
    return Phrase(
        N_("No doubles: {name} stays in jail (try {attempt} of {tries})."),
        name=n[e.player],
        attempt=e.attempt,
        tries=tries,
    )


def _auction_started(e: Any, n: Names, b: Board) -> Phrase:
    if e.lot == "deed":
        return Phrase(
            N_("{space} goes to auction; bids from {amount}."), space=b.name(e.space), amount=Money(e.min_bid)
        )
    values: dict[str, object] = {"name": n[e.initiator], "amount": Money(e.min_bid)}
    if e.lot == "hotel":
        return Phrase(
            N_(
                "The bank is short of hotels: {name} wants one, and the others may bid for it "
                "(from {amount})."
            ),
            **values,
        )
    return Phrase(
        N_("The bank is short of houses: {name} wants one, and the others may bid for it (from {amount})."),
        **values,
    )


_CHARGES = (
    ("rent on ", N_("rent on {space}")),
    ("interest on ", N_("interest on {space}")),
    ("the fare on the ", N_("the fare on the {space}")),
    ("the fare on ", N_("the fare on {space}")),
    ("the toll on ", N_("the toll on {space}")),
)
"""What a payment is for, as the money rules word it with a space's name (`engine.rules.money.describe`)."""


def _charge(text: str) -> object:
    """Return what a payment was for, read back into a phrase ("rent on Baltic Avenue", "the Bread tax"): an
    event stores the English text, as saved games do; the space's name stays as printed."""
    for prefix, message in _CHARGES:
        if text.startswith(prefix):
            return Phrase(message, space=text.removeprefix(prefix))
    name, _sep, share = text.rpartition(" (")
    if name and share.endswith("% of worth)") and share.removesuffix("% of worth)").isdigit():
        return Phrase(
            N_("{space} ({percent}% of worth)"), space=name, percent=int(share.removesuffix("% of worth)"))
        )
    seats, _sep, theatre = text.partition(" seats at the ")
    if theatre and seats.isdigit():
        return Phrase(N_("{count} seats at the {space}"), count=int(seats), space=theatre)
    if text.startswith("the ") and text.endswith(" tax") and len(text) > 8:
        return Phrase(N_("the {space} tax"), space=text.removeprefix("the ").removesuffix(" tax"))
    return said(text)


def _toll(text: str, b: Board) -> object:
    """Return what a player paid another for: a franchise by its printed name ("the Light Franchise"), else as
    `_charge` reads it."""
    name = text.removeprefix("the ")
    if name != text and any(space.name == name for space in b.spaces):
        return Phrase(N_("the {space}"), space=name)
    return _charge(text)


def _rent_detail(detail: str) -> object:
    """Return what a rent was charged for, as the rent rules phrase it ("with 3 houses", "the owner holds 2 of
    4, paid twice"), read back into a phrase: an event stores the English text, as saved games do."""
    words = detail.split(" ")
    if detail == "with a hotel":
        return Phrase(N_("with a hotel"))
    if len(words) == 3 and words[0] == "with" and words[1].isdigit() and words[2] in ("house", "houses"):
        return Plural("with {n} house", "with {n} houses", int(words[1]))
    if detail == "double rent for the full group":
        return Phrase(N_("double rent for the full group"))
    thrown = len(words) == 5 and words[1:3] == ["times", "the"] and words[4] == "thrown"
    if thrown and words[0].isdigit() and words[3].isdigit():
        return Phrase(N_("{times} times the {total} thrown"), times=int(words[0]), total=int(words[3]))
    if detail == "mortgaged":
        return Phrase(N_("mortgaged"))
    held, _sep, paid = detail.removeprefix("the owner holds ").partition(", paid ")
    count = held.split(" of ")
    if detail.startswith("the owner holds ") and len(count) == 2 and all(c.isdigit() for c in count):
        values = {"held": int(count[0]), "of": int(count[1])}
        if not paid:
            return Phrase(N_("the owner holds {held} of {of}"), **values)
        if paid == "twice":
            return Phrase(N_("the owner holds {held} of {of}, paid twice"), **values)
        if paid.endswith(" times") and paid.removesuffix(" times").isdigit():
            times = int(paid.removesuffix(" times"))
            return Phrase(N_("the owner holds {held} of {of}, paid {times} times"), times=times, **values)
    return said(detail)


def _rent(e: Any, n: Names, b: Board) -> Phrase:
    values: dict[str, object] = {
        "payer": n[e.payer],
        "owner": n[e.owner],
        "amount": Money(e.amount),
        "space": b.name(e.space),
    }
    if e.detail.startswith("with"):
        return Phrase(
            N_("{payer} paid {owner} {amount} rent for {space} {detail}."),
            detail=_rent_detail(e.detail),
            **values,
        )
    if e.detail:
        return Phrase(
            N_("{payer} paid {owner} {amount} rent for {space} ({detail})."),
            detail=_rent_detail(e.detail),
            **values,
        )
    return Phrase(N_("{payer} paid {owner} {amount} rent for {space}."), **values)


def _building_sold(e: Any, n: Names, b: Board) -> Phrase:
    """Narrate a building sale: one step sold, or several at once (a group coming down evenly when the bank is
    short of houses, a bankrupt's buildings): how many is what was paid over the price of one."""
    price = b.sale_price(e.space)
    steps = max(1, round(e.amount / price)) if price else 1
    if e.hotel_sold:
        what: Phrase = (
            Phrase(N_("a hotel"))
            if steps == 1
            else Plural("a hotel and {n} house", "a hotel and {n} houses", steps - 1)
        )
    else:
        what = Phrase(N_("a house")) if steps == 1 else Plural("{n} house", "{n} houses", steps)
    return Plural(
        "{name} sold {what} on {space} for {amount} ({n} house left).",
        "{name} sold {what} on {space} for {amount} ({n} houses left).",
        e.houses_left,
        name=n[e.player],
        what=what,
        space=b.name(e.space),
        amount=Money(e.amount),
    )


def _trade(e: Any, n: Names, b: Board) -> Phrase:
    t = e.trade
    return Phrase(
        N_("{name} offers {to} {give} for {take}."),
        name=n[t.proposer],
        to=n[t.to],
        give=bundle_phrase(t.give, b),
        take=bundle_phrase(t.take, b),
    )


def _traded(e: Any, n: Names, b: Board) -> Phrase:
    t = e.trade
    return Phrase(
        N_("Trade done: {name} gave {give} and got {take} from {to}."),
        name=n[t.proposer],
        give=bundle_phrase(t.give, b),
        take=bundle_phrase(t.take, b),
        to=n[t.to],
    )


def _with_reason(e: Any, plain: str, reasoned: str, **values: object) -> Phrase:
    """Return a sentence that quotes the player's one line when he gave one (a bot's reason, or a
    person's)."""
    if e.reason:
        return Phrase(reasoned, reason=quoted(e.reason), **values)
    return Phrase(plain, **values)


def _rejected(e: Any, n: Names, b: Board) -> Phrase:
    return _with_reason(
        e,
        N_("{name} turned the offer down."),
        N_("{name} turned the offer down: \u201c{reason}\u201d"),
        name=n[e.player],
    )


def deal_parts_phrase(deal: DealOffer, names: Names, board: Board) -> object:
    """Return a phrase listing every part of a deal: "Ada gives Grace Boardwalk; Grace gives Linus $200"."""
    head: object = None
    for p in deal.parts:
        part = Phrase(
            N_("{name} gives {to} {bundle}"),
            name=names[p.giver],
            to=names[p.receiver],
            bundle=bundle_phrase(p.bundle, board),
        )
        head = part if head is None else Phrase(N_("{parts}; {part}"), parts=head, part=part)
    return head if head is not None else ""


def deal_parts_text(deal: DealOffer, names: Names, board: Board) -> str:
    """Return every part of a deal in English (`deal_parts_phrase`)."""
    return str(deal_parts_phrase(deal, names, board))


def _deal(e: Any, n: Names, b: Board) -> Phrase:
    d = e.deal
    others: object = n[d.parties[1]]
    for p in d.parties[2:]:
        others = Phrase(N_("{items} and {last}"), items=others, last=n[p])
    return Phrase(
        N_("{name} proposes a deal with {others}: {parts}."),
        name=n[d.proposer],
        others=others,
        parts=deal_parts_phrase(d, n, b),
    )


def _dealt(e: Any, n: Names, b: Board) -> Phrase:
    d = e.deal
    return Phrase(
        N_("Deal done among {names}: {parts}."),
        names=", ".join(n[p] for p in d.parties),
        parts=deal_parts_phrase(d, n, b),
    )


def _deal_refused(e: Any, n: Names, b: Board) -> Phrase:
    return _with_reason(
        e,
        N_("{name} turned the deal down. Nothing changed hands."),
        N_("{name} turned the deal down: \u201c{reason}\u201d Nothing changed hands."),
        name=n[e.player],
    )


def _deal_agreed(e: Any, n: Names, b: Board) -> Phrase:
    return _with_reason(
        e,
        N_("{name} agreed to the deal."),
        N_("{name} agreed to the deal: \u201c{reason}\u201d"),
        name=n[e.player],
    )


def played_for_phrase(name: object) -> Phrase:
    """Name a stand-in bot playing for a person, so that what it does or waits on is never taken for the
    person's own: the one place every front end (the log, the table, the line under the board) takes it
    from."""
    return Phrase(N_("a bot playing for {name}"), name=name)


def played_for(name: str) -> str:
    """Return a bot standing in for a person, in English (`played_for_phrase`)."""
    return str(played_for_phrase(name))


def _speaker(e: Any, n: Names) -> object:
    """Return who gave a reason: a bot, by its seat's name, or a bot standing in for a person, never the
    person."""
    return played_for_phrase(n[e.player]) if e.stand_in else n[e.player]


def _bankrupt(e: Any, n: Names, b: Board) -> Phrase:
    if e.creditor is None:
        return Phrase(N_("{name} is bankrupt; the bank takes back the deeds."), name=n[e.player])
    return Phrase(N_("{name} is bankrupt; everything goes to {to}."), name=n[e.player], to=n[e.creditor])


def _deed_moved(e: Any, n: Names, b: Board) -> Phrase:
    values: dict[str, object] = {
        "space": b.name(e.space),
        "name": n[e.from_player],
        "to": _who(n, e.to_player),
    }
    if e.mortgaged:
        return Phrase(N_("{space} passes from {name} to {to} (mortgaged)."), **values)
    return Phrase(N_("{space} passes from {name} to {to}."), **values)


def _card_taken(e: Any, n: Names, b: Board) -> Phrase:
    if not e.card:
        return Phrase(
            N_("{name} took a {deck} card."), name=n[e.player], deck=card_text(_deck_name(e.deck, b).lower())
        )
    return Phrase(N_("{name} took {card}."), name=n[e.player], card=card_phrase(f"{e.deck}/{e.card}", b))


def travel_card_phrase(ref: str, board: Board) -> object:
    """Return a travel card as a list of travel cards names it: its text alone ("Forward 5")."""
    card = card_phrase(ref, board)
    return card.values["card"] if card.text == "{card} ({deck} card)" else card


def _travel_played(e: Any, n: Names, b: Board) -> Phrase:
    cards = [travel_card_phrase(r, b) for r in e.cards]
    if len(cards) == 1:
        return Phrase(N_("{name} played a travel card: {cards}."), name=n[e.player], cards=cards[0])
    return Phrase(N_("{name} played travel cards: {cards}."), name=n[e.player], cards=listing(cards))


def _levy(e: Any, n: Names, b: Board) -> Phrase:
    d1, d2 = e.dice
    values: dict[str, object] = {"name": n[e.player], "first": d1, "second": d2, "space": b.name(e.space)}
    if not e.amount:
        return Phrase(N_("{name} threw {first} and {second} on {space}: nobody pays."), **values)
    return Phrase(
        N_("{name} threw {first} and {second} on {space}: each other player pays {amount}."),
        amount=Money(e.amount),
        **values,
    )


def _triple_won(e: Any, n: Names, b: Board) -> Phrase:
    return Plural(
        "{name} won {amount}: {card} matches {n} die.",
        "{name} won {amount}: {card} matches {n} dice.",
        e.matches,
        name=n[e.player],
        amount=Money(e.amount),
        card=card_phrase(e.card, b),
    )


_WHY_OVER = {
    "last_player": N_("Game over: {name} wins, the last player standing, worth {amount}."),
    "short_game": N_(
        "Game over: {name} wins, the richest when the first player went bankrupt, worth {amount}."
    ),
    "time_limit": N_("Game over: {name} wins, the richest when time ran out, worth {amount}."),
    "circuits": N_(
        "Game over: {name} wins, the richest when the last player completed the last circuit, worth {amount}."
    ),
    "called": N_("Game over: {name} wins, the richest when the table agreed to end it, worth {amount}."),
}


def _game_over(e: Any, n: Names, b: Board) -> Phrase:
    worth = dict(e.standings)[e.winner]
    return Phrase(_WHY_OVER[e.reason], name=n[e.winner], amount=Money(worth))


def _call_proposed(e: Any, n: Names, b: Board) -> Phrase:
    return Phrase(
        N_("{name} proposes to end the game now: {leader} would win, the richest by the count."),
        name=n[e.player],
        leader=n[e.leader],
    )


def _call_answered(e: Any, n: Names, b: Board) -> Phrase:
    if e.agreed:
        return _with_reason(
            e,
            N_("{name} agrees to end the game."),
            N_("{name} agrees to end the game: \u201c{reason}\u201d"),
            name=n[e.player],
        )
    return _with_reason(
        e,
        N_("{name} wants to play on."),
        N_("{name} wants to play on: \u201c{reason}\u201d"),
        name=n[e.player],
    )


def _passed(e: Any, n: Names, b: Board) -> Phrase:
    if e.forced:
        return Phrase(N_("{name} cannot raise the bid and drops out."), name=n[e.player])
    return Phrase(N_("{name} passed."), name=n[e.player])


def _uncontested(e: Any, n: Names, b: Board) -> Phrase:
    if e.building == "hotel":
        return Phrase(N_("Nobody else bid for the hotel."))
    return Phrase(N_("Nobody else bid for the house."))


def _tax(e: Any, n: Names, b: Board) -> Phrase:
    what = _charge(e.detail) if e.detail else b.name(e.space)
    return Phrase(N_("{name} paid {amount} {what}."), name=n[e.player], amount=Money(e.amount), what=what)


def _built(e: Any, n: Names, b: Board) -> Phrase:
    values: dict[str, object] = {"name": n[e.player], "space": b.name(e.space), "price": Money(e.price)}
    if e.building == "hotel":
        return Phrase(N_("{name} built a hotel on {space} for {price}."), **values)
    return Phrase(N_("{name} built a house on {space} for {price}."), **values)


def _placed(e: Any, n: Names, b: Board) -> Phrase:
    if e.building == "hotel":
        return Phrase(N_("{name} put the hotel on {space}."), name=n[e.player], space=b.name(e.space))
    return Phrase(N_("{name} put the house on {space}."), name=n[e.player], space=b.name(e.space))


def _debt(e: Any, n: Names, b: Board) -> Phrase:
    return Phrase(
        N_("{name} owes {to} {amount} for {what} and must raise the cash."),
        name=n[e.player],
        to=_who_or_box(n, e.creditor, e.box, b),
        amount=Money(e.amount),
        what=_charge(e.reason),
    )


def _jail_cards_moved(e: Any, n: Names, b: Board) -> Phrase:
    return Plural(
        "{name}'s Get Out of Jail Free card goes to {to}.",
        "{name}'s Get Out of Jail Free cards go to {to}.",
        e.count,
        name=n[e.from_player],
        to=_who(n, e.to_player),
    )


def _dealt_deed(e: Any, n: Names, b: Board) -> Phrase:
    if e.price:
        return Phrase(
            N_("{name} was dealt {space} for {price}."),
            name=n[e.player],
            space=b.name(e.space),
            price=Money(e.price),
        )
    return Phrase(N_("{name} was dealt {space}."), name=n[e.player], space=b.name(e.space))


def _ride_declined(e: Any, n: Names, b: Board) -> Phrase:
    if e.means == "subway":
        return Phrase(
            N_("{name} stayed on {space} and took no ride."), name=n[e.player], space=b.name(e.space)
        )
    return Phrase(
        N_("{name} stayed on {space}, leaving the airplane where it stands."),
        name=n[e.player],
        space=b.name(e.space),
    )


def _hand_moved(e: Any, n: Names, b: Board) -> Phrase:
    if e.to_player is None:
        return Plural(
            "{name}'s {n} card in hand goes back under the decks.",
            "{name}'s {n} cards in hand go back under the decks.",
            e.count,
            name=n[e.from_player],
        )
    return Plural(
        "{name}'s {n} card in hand goes to {to}.",
        "{name}'s {n} cards in hand go to {to}.",
        e.count,
        name=n[e.from_player],
        to=n[e.to_player],
    )


def _tickets(e: Any, n: Names, b: Board) -> Phrase:
    lots = ", ".join(b.name(s) for s in e.lots)
    return Phrase(N_("{name} drew lot tickets for {lots}."), name=n[e.player], lots=lots)


def _tickets_back(e: Any, n: Names, b: Board) -> Phrase:
    lots = ", ".join(b.name(s) for s in e.lots)
    return Phrase(N_("{name} put back the tickets for {lots}."), name=n[e.player], lots=lots)


def _move_lost(e: Any, n: Names, b: Board) -> Phrase:
    values: dict[str, object] = {"name": n[e.player], "space": b.name(e.to_space)}
    if e.wages:
        return Phrase(
            N_(
                "{name} did without the luxury and lost the move, back to {space}, "
                "handing back {amount} wages."
            ),
            amount=Money(e.wages),
            **values,
        )
    return Phrase(N_("{name} did without the luxury and lost the move, back to {space}."), **values)


def _award(e: Any, n: Names, b: Board) -> Phrase:
    return Phrase(
        N_("{name} received a {award} of {amount} from {box}."),
        name=n[e.player],
        award=b.name(e.space).lower(),
        amount=Money(e.amount),
        box=_box(b, e.box),
    )


def _direction(e: Any, n: Names, b: Board) -> Phrase:
    if e.backward:
        return Phrase(N_("{name} moves backward this turn."), name=n[e.player])
    return Phrase(N_("{name} moves forward this turn."), name=n[e.player])


def _loan_rejected(e: Any, n: Names, b: Board) -> Phrase:
    if e.reason:
        return Phrase(N_("{name} turned the loan down: {reason}"), name=n[e.player], reason=quoted(e.reason))
    return Phrase(N_("{name} turned the loan down."), name=n[e.player])


_TEXTS: dict[str, Callable[[Any, Names, Board], Phrase]] = {
    "turn_started": lambda e, n, b: Phrase(
        N_("Turn {turn}: {name} to play."), turn=e.turn + 1, name=n[e.player]
    ),
    "seed_pledged": lambda e, n, b: Phrase(
        N_(
            "Fair dice: every throw and card comes from this game's secret seed, whose SHA-256 is "
            "{fingerprint}; the seed is shown when the game ends, and `landlords verify` checks it."
        ),
        fingerprint=e.fingerprint,
    ),
    "dice_rolled": _rolled,
    "player_moved": _moved,
    "passed_go": _paid_for_passing,
    "sent_on": _sent_on,
    "forced_move": _forced,
    "bank_fee_paid": _fee,
    "lot_sold": _lot_sold,
    "route_chosen": _route,
    "sent_to_jail": lambda e, n, b: Phrase(_JAIL_REASONS[e.reason], name=n[e.player]),
    "jail_roll_failed": _jail_roll_failed,
    # how is told by the event before it (the doubles, the fine paid, the card used): not twice
    "left_jail": lambda e, n, b: Phrase(N_("{name} left jail."), name=n[e.player]),
    "jail_fine_paid": lambda e, n, b: Phrase(
        N_("{name} paid the {amount} jail fine."), name=n[e.player], amount=Money(e.amount)
    ),
    "jail_card_used": lambda e, n, b: Phrase(
        N_("{name} used a Get Out of Jail Free card."), name=n[e.player]
    ),
    "card_drawn": lambda e, n, b: Phrase(
        N_("{name} drew {deck}: \u201c{card}\u201d"),
        name=n[e.player],
        deck=_deck(e.deck, b),
        card=card_text(e.text),
    ),
    "property_offered": lambda e, n, b: Phrase(
        N_("{name} may buy {space} for {price}."),
        name=n[e.player],
        space=b.name(e.space),
        price=Money(e.price),
    ),
    "property_bought": lambda e, n, b: Phrase(
        N_("{name} bought {space} for {price}."),
        name=n[e.player],
        space=b.name(e.space),
        price=Money(e.price),
    ),
    "property_declined": lambda e, n, b: Phrase(
        N_("{name} declined to buy {space}."), name=n[e.player], space=b.name(e.space)
    ),
    "auction_started": _auction_started,
    "bid_placed": lambda e, n, b: Phrase(
        N_("{name} bid {amount}."), name=n[e.player], amount=Money(e.amount)
    ),
    "auction_passed": _passed,
    "auction_won": lambda e, n, b: Phrase(
        N_("{name} won {lot} for {amount}."),
        name=n[e.player],
        lot=_lot(e.lot, e.space, b),
        amount=Money(e.amount),
    ),
    "auction_unsold": lambda e, n, b: Phrase(
        N_("Nobody bid: {lot} stays with the bank."), lot=_lot(e.lot, e.space, b)
    ),
    "building_auction_uncontested": _uncontested,
    "rent_paid": _rent,
    "tax_paid": _tax,
    "paid_to_bank": lambda e, n, b: Phrase(
        N_("{name} paid the bank {amount}."), name=n[e.player], amount=Money(e.amount)
    ),
    "paid_by_bank": lambda e, n, b: Phrase(
        N_("{name} collected {amount} from the bank."), name=n[e.player], amount=Money(e.amount)
    ),
    "paid_to_player": lambda e, n, b: Phrase(
        N_("{payer} paid {payee} {amount}."), payer=n[e.payer], payee=n[e.payee], amount=Money(e.amount)
    ),
    "pot_collected": lambda e, n, b: Phrase(
        N_("{name} collected the {amount} Free Parking pot."), name=n[e.player], amount=Money(e.amount)
    ),
    "credit_drawn": lambda e, n, b: Phrase(
        N_("{name} drew {amount} of bank credit."), name=n[e.player], amount=Money(e.amount)
    ),
    "building_bought": _built,
    "building_placed": _placed,
    "building_sold": _building_sold,
    "buildings_returned": lambda e, n, b: Phrase(
        N_("The buildings on {space} go back to the bank."), space=b.name(e.space)
    ),
    "mortgaged": lambda e, n, b: Phrase(
        N_("{name} mortgaged {space} for {amount}."),
        name=n[e.player],
        space=b.name(e.space),
        amount=Money(e.amount),
    ),
    "unmortgaged": lambda e, n, b: Phrase(
        N_("{name} lifted the mortgage on {space} for {amount}."),
        name=n[e.player],
        space=b.name(e.space),
        amount=Money(e.amount),
    ),
    "mortgage_kept": lambda e, n, b: Phrase(
        N_("{name} kept the mortgage on {space}, paying {amount} interest."),
        name=n[e.player],
        space=b.name(e.space),
        amount=Money(e.interest),
    ),
    "trade_proposed": _trade,
    "trade_completed": _traded,
    "trade_rejected": _rejected,
    "trade_cancelled": lambda e, n, b: Phrase(N_("{name} withdrew the offer."), name=n[e.player]),
    "deal_proposed": _deal,
    "deal_accepted": _deal_agreed,
    "deal_completed": _dealt,
    "deal_rejected": _deal_refused,
    "deal_cancelled": lambda e, n, b: Phrase(N_("{name} withdrew the deal."), name=n[e.player]),
    "debt_incurred": _debt,
    "player_bankrupt": _bankrupt,
    "cash_surrendered": lambda e, n, b: Phrase(
        N_("{name} hands {amount} to {to}."), name=n[e.player], amount=Money(e.amount), to=_who(n, e.creditor)
    ),
    "deed_transferred": _deed_moved,
    "jail_cards_transferred": _jail_cards_moved,
    "deed_dealt": _dealt_deed,
    "card_taken": _card_taken,
    "travel_cards_played": _travel_played,
    "held_card_played": lambda e, n, b: Phrase(
        N_("{name} played {card}."), name=n[e.player], card=card_phrase(e.card, b)
    ),
    "held_card_kept": lambda e, n, b: Phrase(
        N_("{name} kept {card} for later."), name=n[e.player], card=card_phrase(e.card, b)
    ),
    "ride_declined": _ride_declined,
    "backward_roll_set": lambda e, n, b: Phrase(N_("{name}'s next throw moves backwards."), name=n[e.player]),
    "levy_thrown": _levy,
    "triple_play_thrown": lambda e, n, b: Phrase(
        N_("{name} threw {dice} for the triple play."),
        name=n[e.player],
        dice=", ".join(str(d) for d in e.dice),
    ),
    "triple_play_won": _triple_won,
    "pot_share_collected": lambda e, n, b: Phrase(
        N_("{name} collected {amount}, {percent}% of the pool."),
        name=n[e.player],
        amount=Money(e.amount),
        percent=e.percent,
    ),
    "hand_transferred": _hand_moved,
    "call_proposed": _call_proposed,
    "call_answered": _call_answered,
    "game_over": _game_over,
    "reason_given": lambda e, n, b: Phrase(
        N_("{name}: \u201c{reason}\u201d"), name=_speaker(e, n), reason=said(e.reason)
    ),
    "paid_into_box": lambda e, n, b: Phrase(
        N_("{name} paid {amount} into {box}: {what}."),
        name=n[e.player],
        amount=Money(e.amount),
        box=_box(b, e.box),
        what=_charge(e.reason),
    ),
    "fee_paid": lambda e, n, b: Phrase(
        N_("{payer} paid {payee} {amount}: {what}."),
        payer=n[e.payer],
        payee=n[e.payee],
        amount=Money(e.amount),
        what=_toll(e.reason, b),
    ),
    "tickets_dealt": _tickets,
    "tickets_returned": _tickets_back,
    "lot_offered": _lot_offered,
    "stopped_short": lambda e, n, b: Phrase(
        N_("Two tokens already stand on {space}: {name} stops short on {to}."),
        space=b.name(e.space),
        name=n[e.player],
        to=b.name(e.to_space),
    ),
    "luxury_bought": lambda e, n, b: Phrase(
        N_("{name} bought a luxury ticket for {price}."), name=n[e.player], price=Money(e.price)
    ),
    "move_lost": _move_lost,
    "franchise_claimed": lambda e, n, b: Phrase(
        N_("{name} put a charter on the {space}."), name=n[e.player], space=b.name(e.space)
    ),
    "award_received": _award,
    "circuit_completed": _circuit,
    "direction_chosen": _direction,
    "loan_taken": _loan_taken,
    "loan_repaid": _repaid,
    "loan_proposed": _loan_proposed,
    "loan_rejected": _loan_rejected,
    "loan_cancelled": lambda e, n, b: Phrase(N_("{name} withdrew the loan offer."), name=n[e.player]),
    "went_to_poorhouse": _poorhouse,
    "poorhouse_throw": lambda e, n, b: Phrase(
        N_("{name} has thrown {total} of the {needed} needed to leave the poorhouse."),
        name=n[e.player],
        total=e.total,
        needed=e.needed,
    ),
    "left_poorhouse": lambda e, n, b: Phrase(
        N_("{name} leaves the poorhouse for {space}."), name=n[e.player], space=b.name(e.to_space)
    ),
}
