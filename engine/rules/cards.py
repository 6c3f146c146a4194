"""Chance and Community Chest: draw the top card, follow it, return it to the bottom of its deck.

A Get Out of Jail Free card is kept instead, and goes back to the bottom of its own deck when used; so
is any other card to be kept until needed (it goes into the drawer's hand, `engine.rules.hands`). Each card
effect kind in the edition data names one function here or in the rule area it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import engine.core.edition as ed
from engine.core.events import CardDrawn, PaidByBank, interned
from engine.core.hooks import CARD_EFFECTS
from engine.core.state import Charge
from engine.core.unchecked import unchecked
from engine.rules.jail import send_to_jail
from engine.rules.landing import space_action
from engine.rules.money import owe
from engine.rules.movement import advance_to, move_by
from engine.rules.throws import give_throw

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_charge = unchecked(Charge)

CardAction = Callable[["LiveGame", int, Any, ed.Card], None]
_card_drawn = interned(CardDrawn, "player", "deck", "card", "text")
_paid_by_bank = interned(PaidByBank, "player", "amount", "reason")


card_effect = CARD_EFFECTS.register


@space_action("card")
def _card_space(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    deck = game.board.spaces[space].deck
    assert deck is not None
    draw(game, player, deck)


def draw(game: LiveGame, player: int, deck: str) -> None:
    order = game.state.decks[deck]
    card_id = order.pop(0)
    card = game.board.cards[deck][card_id]
    game.emit(_card_drawn(player, deck, card_id, card.text))
    if card.kept:
        ps = game.state.players[player]
        if isinstance(card.effect, ed.JailFree):
            ps.jail_cards.append(deck)
        else:
            ps.hand.append(f"{deck}/{card_id}")
        return
    order.append(card_id)
    CARD_EFFECTS.table[card.effect.kind](game, player, card.effect, card)


def _dice_total(game: LiveGame) -> int:
    d = game.state.last_dice
    return d[0] + d[1] if d else 0


@card_effect("advance_to")
def _advance_to(game: LiveGame, player: int, eff: ed.AdvanceTo, card: ed.Card) -> None:
    advance_to(game, player, eff.space, _dice_total(game), salary=eff.salary)


@card_effect("advance_to_nearest")
def _advance_to_nearest(game: LiveGame, player: int, eff: ed.AdvanceToNearest, card: ed.Card) -> None:
    target = game.board.nearest(game.state.players[player].position, eff.group)
    advance_to(game, player, target, _dice_total(game), eff.rent_multiplier or 1, eff.dice_multiplier)


@card_effect("move_by")
def _move_by(game: LiveGame, player: int, eff: ed.MoveBy, card: ed.Card) -> None:
    move_by(game, player, eff.steps, "card", _dice_total(game))


@card_effect("go_to_jail")
def _go_to_jail(game: LiveGame, player: int, eff: ed.GoToJail, card: ed.Card) -> None:
    send_to_jail(game, player, "card")


@card_effect("collect")
def _collect(game: LiveGame, player: int, eff: ed.Collect, card: ed.Card) -> None:
    game.state.players[player].cash += eff.amount
    game.emit(_paid_by_bank(player, eff.amount, card.text))


@card_effect("pay")
def _pay(game: LiveGame, player: int, eff: ed.Pay, card: ed.Card) -> None:
    owe(game, player, None, eff.amount, "card", detail=card.text)


@card_effect("repairs")
def _repairs(game: LiveGame, player: int, eff: ed.Repairs, card: ed.Card) -> None:
    houses = hotels = 0
    rules = game.ruleset
    for deed in game.state.deeds.values():
        if deed.owner == player and deed.level:
            hotels += rules.hotels_at(deed.level)
            houses += rules.houses(deed.level)
    amount = houses * eff.per_house + hotels * eff.per_hotel
    if amount:
        counted = f"{houses} houses, {hotels} hotels" if rules.hotels else f"{houses} houses"
        detail = f"{card.text} ({counted})"
        owe(game, player, None, amount, "repairs", detail=detail)


def others(game: LiveGame, player: int) -> list[int]:
    """Return the other players still in the game, in seat order after `player`."""
    players = game.state.players
    n = len(players)
    return [(player + k) % n for k in range(1, n) if not players[(player + k) % n].bankrupt]


@card_effect("pay_each_player")
def _pay_each_player(game: LiveGame, player: int, eff: ed.PayEachPlayer, card: ed.Card) -> None:
    game.push_front(
        [
            _charge(payer=player, payee=o, amount=eff.amount, reason="card", detail=card.text)
            for o in others(game, player)
        ]
    )


@card_effect("collect_from_each_player")
def _collect_from_each(game: LiveGame, player: int, eff: ed.CollectFromEachPlayer, card: ed.Card) -> None:
    game.push_front(
        [
            _charge(payer=o, payee=player, amount=eff.amount, reason="card", detail=card.text)
            for o in others(game, player)
        ]
    )


@card_effect("free_ride")
def _free_ride(game: LiveGame, player: int, eff: ed.FreeRide, card: ed.Card) -> None:
    """Move forward to the nearest space of the kind (paid for passing GO), its charge waived
    (`rent_multiplier` 0): a railroad's ride without the fare, its throw included."""
    board = game.board
    spaces = [s for s, kind in enumerate(board.kinds) if kind == eff.space_kind]
    target = board.track.nearest(game.state.players[player].position, spaces)
    advance_to(game, player, target, _dice_total(game), rent_multiplier=0)


@card_effect("extra_throw")
def _extra_throw(game: LiveGame, player: int, eff: ed.ExtraThrow, card: ed.Card) -> None:
    give_throw(game, player, "card")


@card_effect("pay_per_deed")
def _pay_per_deed(game: LiveGame, player: int, eff: ed.PayPerDeed, card: ed.Card) -> None:
    deeds = sum(1 for deed in game.state.deeds.values() if deed.owner == player)
    if deeds:
        owe(game, player, None, deeds * eff.amount, "card", detail=f"{card.text} ({deeds} deeds)")


@card_effect("collect_on_ring")
def _collect_on_ring(game: LiveGame, player: int, eff: ed.CollectOnRing, card: ed.Card) -> None:
    if game.ruleset.track.ring_of[game.state.players[player].position] == eff.ring:
        game.state.players[player].cash += eff.amount
        game.emit(_paid_by_bank(player, eff.amount, card.text))
