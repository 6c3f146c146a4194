"""Cards held in hand: dealt before the first turn, drawn onto a hand, played, traded, given up.

A held card is named `"deck/card"` (a travel card, a triple play card, a card kept until needed); the
Get Out of Jail Free cards are held apart, as the classic game has them. Cards of a `hidden` deck are
face down: a view shows another player's as `"deck/?"`, and a trade may ask for `"deck/?"`, one of the
other side's face-down cards of that deck (he hands over those he has held longest).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.commands import KeepCard
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import CardTaken, Event, HandTransferred
from engine.core.hooks import CARD_EFFECTS
from engine.core.phrases import N_, Phrase
from engine.core.registry import command
from engine.rules.checks import actor

if TYPE_CHECKING:
    import engine.core.edition as ed
    from engine.core.board import Board
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

FACE_DOWN = "?"


def card_ref(deck: str, card: str) -> str:
    return f"{deck}/{card}"


def split_ref(ref: str) -> tuple[str, str]:
    """Split a held card's name into ("deck", "card")."""
    deck, _, card = ref.partition("/")
    return deck, card


def card_of(board: Board, ref: str) -> ed.Card | None:
    """Return the card a held card's name stands for (None for a face-down one, or a name of no card)."""
    deck, card = split_ref(ref)
    return board.cards.get(deck, {}).get(card)


def held_of(table: Tabletop, player: int, kind: str) -> list[str]:
    """Return the cards `player` holds whose effect is of this kind, oldest first."""
    board = table.board
    out = []
    for ref in table.players[player].hand:
        card = card_of(board, ref)
        if card is not None and card.effect.kind == kind:
            out.append(ref)
    return out


def holds_for_use(table: Tabletop, player: int, use: str) -> str | None:
    """Return the first card `player` keeps for this use (a "keep" card), if any."""
    for ref in held_of(table, player, "keep"):
        card = card_of(table.board, ref)
        if card is not None and getattr(card.effect, "use", None) == use:
            return ref
    return None


def take_top(game: LiveGame, player: int, deck: str, rule: RuleId = "cards.draw") -> str | None:
    """Return the top card of `deck` into `player`'s hand (nothing when the pile is empty), under `rule` (the
    space or card that gives it)."""
    taken = _take(game, player, deck, rule)
    if taken is None:
        return None
    game.emit(taken)
    return game.state.players[player].hand[-1]


def _take(game: LiveGame, player: int, deck: str, rule: RuleId = "cards.dealt") -> CardTaken | None:
    order = game.state.decks[deck]
    if not order:
        return None
    card = order.pop(0)
    game.state.players[player].hand.append(card_ref(deck, card))
    hidden = game.board.edition.decks[deck].hidden
    return CardTaken(player=player, deck=deck, card="" if hidden else card, rule=rule)


def give_back(game: LiveGame, player: int, ref: str) -> None:
    """Return a card from `player`'s hand to the bottom of its deck (played, or given up)."""
    game.state.players[player].hand.remove(ref)
    deck, card = split_ref(ref)
    game.state.decks[deck].append(card)


def deal_hands(game: LiveGame) -> list[Event]:
    """Deal the hands before the first turn: each player in seat order gets each dealt deck's share, top cards
    first."""
    events: list[Event] = []
    for name, deck in sorted(game.board.edition.decks.items()):
        for _ in range(deck.deal):
            for p in range(len(game.state.players)):
                taken = _take(game, p, name)
                if taken is not None:
                    events.append(taken)
    return events


def masked(board: Board, hand: Sequence[str]) -> list[str]:
    """Return a hand as another player sees it: the cards of a hidden deck face down."""
    decks = board.edition.decks
    return [card_ref(split_ref(r)[0], FACE_DOWN) if decks[split_ref(r)[0]].hidden else r for r in hand]


def cards_problem(table: Tabletop, owner: int, cards: Sequence[str]) -> Refusal:
    """Return why `owner` cannot hand over these held cards (named, or face down as `"deck/?"`), or None."""
    name = table.players[owner].name
    held = Counter(table.players[owner].hand)
    by_deck = Counter(split_ref(r)[0] for r in held.elements())
    named = Counter(r for r in cards if split_ref(r)[1] != FACE_DOWN)
    for ref, n in named.items():
        if held[ref] < n:
            return IllegalCommand(
                "no_such_card", Phrase(N_("{name} does not hold that card ({ref})."), name=name, ref=ref)
            )
    wanted = Counter(split_ref(r)[0] for r in cards)
    for deck, n in wanted.items():
        if by_deck[deck] < n:
            return IllegalCommand(
                "no_such_card",
                Phrase(N_("{name} does not hold {count} card(s) of that deck."), name=name, count=n),
            )
    return None


def hand_over(game: LiveGame, giver: int, receiver: int, cards: Sequence[str]) -> None:
    """Move held cards between players: named ones, then for each `"deck/?"` the giver's oldest card of
    that deck not already named."""
    hand = game.state.players[giver].hand
    named = [r for r in cards if split_ref(r)[1] != FACE_DOWN]
    moved = list(named)
    for ref in named:
        hand.remove(ref)
    for ref in cards:
        deck, card = split_ref(ref)
        if card == FACE_DOWN:
            oldest = next(r for r in hand if split_ref(r)[0] == deck)
            hand.remove(oldest)
            moved.append(oldest)
    game.state.players[receiver].hand.extend(moved)


def surrender_hand(game: LiveGame, player: int, creditor: int | None) -> None:
    """Hand a bankrupt's cards to the player he owes, or back under their decks when he owes the bank."""
    ps = game.state.players[player]
    if not ps.hand:
        return
    to: RuleId = "bankrupt.to_bank" if creditor is None else "bankrupt.to_player"
    game.emit(HandTransferred(from_player=player, to_player=creditor, count=len(ps.hand), rule=to))
    if creditor is None:
        for ref in ps.hand:
            deck, card = split_ref(ref)
            game.state.decks[deck].append(card)
    else:
        game.state.players[creditor].hand.extend(ps.hand)
    ps.hand = []


# --- a card kept until needed, not played when it could be -------------------------------------------

KEEP_RULES: dict[str, Callable[[LiveGame, Any], None]] = {}
"""Pending kind -> what follows (given the suspended decision) when its holder keeps his card instead of
playing it: each rule area that asks whether to play a held card registers its own."""


def _check_keep(game: LiveGame, cmd: KeepCard) -> Refusal:
    refusal = actor(game, cmd.player)
    if refusal is not None:
        return refusal
    pend = game.state.pending
    if pend is None or pend.kind not in KEEP_RULES or pend.player != cmd.player:
        return IllegalCommand("not_now", Phrase(N_("No held card may be played now.")))
    return None


@command(KeepCard, _check_keep)
def _keep(game: LiveGame, cmd: KeepCard) -> None:
    pend = game.state.pending
    assert pend is not None
    game.state.pending = None
    KEEP_RULES[pend.kind](game, pend)


@CARD_EFFECTS.register("draw_to_hand")
def _draw_to_hand(game: LiveGame, player: int, eff: ed.DrawToHand, card: ed.Card) -> None:
    take_top(game, player, eff.deck)
