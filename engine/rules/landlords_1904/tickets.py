"""Lot tickets (Magie, 1904): before the first throw, tickets naming the lots are drawn one at a time round
the table, and each player may buy the lots his tickets name at their price. Tickets not used go back to
the wages box and cost nothing. The rule option `lot_tickets` off plays the patent's variant without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import BuyTicketLot, DoneWithTickets
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import Event, TicketsDealt, TicketsReturned
from engine.core.hooks import OPENINGS
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command
from engine.core.state import TicketPurchase, awaiting_roll
from engine.rules.checks import awaited
from engine.rules.landlords_1904.lots import buy_lot
from engine.rules.money import funds

if TYPE_CHECKING:
    from engine.core.live import LiveGame


@OPENINGS.register("lot_tickets")
def deal_tickets(game: LiveGame) -> list[Event]:
    """Shuffle a ticket for every lot and draw them one at a time round the table until the edition's
    number are drawn; the first player holding tickets then chooses what to buy."""
    st = game.state
    rules = game.board.edition.lot_tickets
    if rules is None or not st.rules.lot_tickets:
        return []
    pile = [s for s in game.board.deeds if game.board.kinds[s] == "lot"]
    game.shuffle(pile)
    n = len(st.players)
    for k in range(min(rules.drawn, len(pile))):
        st.players[k % n].tickets.append(pile[k])
    events: list[Event] = []
    for p, ps in enumerate(st.players):
        ps.tickets.sort()
        if ps.tickets:
            events.append(TicketsDealt(player=p, lots=tuple(ps.tickets)))
    _next_buyer(game, -1)
    return events


def _next_buyer(game: LiveGame, after: int) -> None:
    """Put the tickets to the next player after `after` who holds any; when none is left, play begins."""
    st = game.state
    for p in range(after + 1, len(st.players)):
        if st.players[p].tickets:
            st.pending = TicketPurchase(player=p)
            return
    st.pending = awaiting_roll(st.current)


def _check_buy(game: LiveGame, cmd: BuyTicketLot) -> Refusal:
    refusal = awaited(game, cmd.player, "lot_tickets")
    if refusal is not None:
        return refusal
    if cmd.space not in game.state.players[cmd.player].tickets:
        return IllegalCommand(
            "no_ticket", Phrase(N_("You hold no lot ticket for space {space}."), space=cmd.space)
        )
    price = game.board.price[cmd.space]
    if funds(game, cmd.player) < price:
        return IllegalCommand(
            "insufficient_funds",
            Phrase(
                N_("{space} costs {amount}; you cannot afford it."),
                space=game.board.name(cmd.space),
                amount=Money(price),
            ),
        )
    return None


@command(BuyTicketLot, _check_buy)
def _buy(game: LiveGame, cmd: BuyTicketLot) -> None:
    game.state.players[cmd.player].tickets.remove(cmd.space)
    buy_lot(game, cmd.player, cmd.space, "buy.tickets")
    if not game.state.players[cmd.player].tickets:
        _next_buyer(game, cmd.player)


@command(DoneWithTickets, lambda game, cmd: awaited(game, cmd.player, "lot_tickets"))
def _done(game: LiveGame, cmd: DoneWithTickets) -> None:
    ps = game.state.players[cmd.player]
    if ps.tickets:
        game.emit(TicketsReturned(player=cmd.player, lots=tuple(ps.tickets)))
        ps.tickets = []
    _next_buyer(game, cmd.player)
