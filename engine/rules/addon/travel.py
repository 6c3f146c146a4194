"""Travel cards: drawn on the elevators, held face down, played instead of a throw.

At the start of his turn, before his first throw, a player who is not in jail and owes no backward throw
may play one or more travel cards instead of throwing. Each card is a move of its own (its number of steps
decides the ring test), only the last space is landed on, and that is his whole move for the turn: no
throw, no doubles. Played cards go to the bottom of their deck. A rule option lets a forward card be added
to a throw instead, the ring test reading the combined total.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.core.commands import PlayTravelCards, RollWithTravelCard
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import TravelCardsPlayed
from engine.core.phrases import N_, Phrase
from engine.core.registry import command, effect
from engine.core.state import PlayerState, TravelMove, finish_roll
from engine.rules.checks import awaited
from engine.rules.hands import card_of, give_back, take_top
from engine.rules.landing import space_action
from engine.rules.movement import move_by
from engine.rules.turns import throw

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

WITH_DICE = "travel_card_with_dice"
"""The edition's rule option that lets a forward travel card be added to a throw."""


def steps_of(table: Tabletop, ref: str) -> int:
    """Return how far a held travel card moves (negative: back); 0 for a card that is not a travel card."""
    card = card_of(table.board, ref)
    if card is None or card.effect.kind != "travel":
        return 0
    return int(getattr(card.effect, "steps", 0))


def travel_problem(ps: PlayerState, doubles: int) -> Phrase | None:
    """Return why a player awaited to throw (`doubles` thrown so far this turn) may not move by travel cards
    instead, or None."""
    if ps.in_jail:
        return Phrase(N_("Travel cards cannot be played from jail."))
    if ps.next_roll_backward:
        return Phrase(N_("After Move Backwards the next throw must be made first."))
    if doubles:
        return Phrase(N_("Travel cards are played before the first throw of a turn."))
    return None


def _check_play(game: LiveGame, cmd: PlayTravelCards) -> Refusal:
    refusal = awaited(game, cmd.player, "roll")
    if refusal is not None:
        return refusal
    why = travel_problem(game.state.players[cmd.player], game.state.doubles)
    if why is not None:
        return IllegalCommand("not_now", why)
    return _cards_problem(game, cmd.player, cmd.cards)


def _cards_problem(game: LiveGame, player: int, cards: tuple[str, ...]) -> Refusal:
    if not cards:
        return IllegalCommand("no_such_card", Phrase(N_("Name the travel cards to play.")))
    held = Counter(game.state.players[player].hand)
    for ref, n in Counter(cards).items():
        if held[ref] < n:
            return IllegalCommand(
                "no_such_card", Phrase(N_("{name} does not hold that travel card."), name=game.name(player))
            )
        if not steps_of(game, ref):
            return IllegalCommand(
                "not_a_travel_card", Phrase(N_("Only travel cards move a token instead of the dice."))
            )
    return None


@command(PlayTravelCards, _check_play)
def _play(game: LiveGame, cmd: PlayTravelCards) -> None:
    st = game.state
    p = cmd.player
    st.pending = None
    st.last_dice = None  # no throw moved the token this turn
    steps = [steps_of(game, ref) for ref in cmd.cards]
    for ref in cmd.cards:
        give_back(game, p, ref)
    game.emit(TravelCardsPlayed(player=p, cards=cmd.cards))
    last = len(steps) - 1
    moves = [TravelMove(player=p, steps=n, land=i == last) for i, n in enumerate(steps)]
    game.push_front([*moves, finish_roll(p, False)])


@effect(TravelMove)
def _travel_move(game: LiveGame, eff: TravelMove) -> None:
    move_by(game, eff.player, eff.steps, "card", 0, land_there=eff.land, rule="addon.travel")


@space_action("elevator")
def _elevator(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    deck = game.board.spaces[space].deck
    assert deck is not None
    take_top(game, player, deck, "addon.elevator")


# --- the rule option: a forward travel card added to a throw -----------------------------------------


def _check_roll_with(game: LiveGame, cmd: RollWithTravelCard) -> Refusal:
    refusal = awaited(game, cmd.player, "roll")
    if refusal is not None:
        return refusal
    if not game.ruleset.option(WITH_DICE):
        return IllegalCommand(
            "not_in_these_rules", Phrase(N_("Travel cards are not added to throws in this game."))
        )
    ps = game.state.players[cmd.player]
    if ps.in_jail:
        return IllegalCommand("not_now", Phrase(N_("Travel cards cannot be played from jail.")))
    if ps.next_roll_backward:
        return IllegalCommand(
            "not_now", Phrase(N_("After Move Backwards the next throw must be made first."))
        )
    refusal = _cards_problem(game, cmd.player, (cmd.card,))
    if refusal is not None:
        return refusal
    if steps_of(game, cmd.card) < 0:
        return IllegalCommand(
            "not_a_travel_card", Phrase(N_("Only a forward travel card is added to a throw."))
        )
    return None


@command(RollWithTravelCard, _check_roll_with)
def _roll_with(game: LiveGame, cmd: RollWithTravelCard) -> None:
    extra = steps_of(game, cmd.card)
    give_back(game, cmd.player, cmd.card)
    game.emit(TravelCardsPlayed(player=cmd.player, cards=(cmd.card,)))
    throw(game, cmd.player, extra)
