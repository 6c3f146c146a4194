"""`GameView`, what one player may see: the whole table, but not the order of the decks, the dice to come, nor
the other players' face-down cards (a travel card in another hand shows as `"deck/?"`).

It also carries what the rules will do next (the continuations queued, the decisions set aside, the move
under way), which holds nothing random: with it, a view is a whole position that can be played forward
once the hidden parts are drawn afresh (`engine.lookahead.sampling`).

A view is a `Tabletop`, so the rule queries (`engine.queries`) answer from it as from the game. It never
carries the seed, nor anything else from which the throws to come could be worked out, until the game is
over; then the seed is given, so that the game can be replayed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from engine.core.board import Board, board_for
from engine.core.options import RuleOptions
from engine.core.ruleset import Ruleset
from engine.core.state import (
    BankState,
    DeedState,
    Effect,
    Journey,
    Loan,
    Pending,
    PlayerState,
    TradeOffer,
    bare_copy,
    copy_deeds,
    copy_player,
)
from engine.core.unchecked import unchecked
from engine.play.rulebook import ruleset_for
from engine.rules.hands import masked

if TYPE_CHECKING:
    from engine.core.live import LiveGame


class GameView(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    edition: str
    rules: RuleOptions
    me: int | None  # whose view this is (None: a spectator)
    players: list[PlayerState]
    deeds: dict[int, DeedState]
    bank: BankState
    deck_sizes: dict[str, int]
    current: int
    turn: int
    round: int
    doubles: int
    last_dice: tuple[int, int] | None
    pot: int
    markers: dict[str, int] = Field(default_factory=dict)  # movable pieces other than tokens, by space
    pending: Pending | None
    winner: int | None
    offers: list[TradeOffer]  # trades proposed this turn, answered or not
    boxes: dict[str, int] = Field(default_factory=dict)  # the money boxes' totals
    loans: list[Loan] = Field(default_factory=list)
    charters: dict[int, int] = Field(default_factory=dict)
    queue: list[Effect] = Field(default_factory=list)  # what the rules carry out once nothing is awaited
    suspended: list[Pending] = Field(default_factory=list)  # suspended decisions, to come back to
    journey: Journey | None = None  # the move under way, where an edition can take one back
    failed_jail_roll: tuple[int, int] | None = None
    next_trade_id: int = 1
    next_loan_id: int = 1
    seed: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Given once the game is over, never before (and then left out of the view altogether)."""

    @property
    def board(self) -> Board:
        return board_for(self.edition)

    @property
    def ruleset(self) -> Ruleset:
        return ruleset_for(self.edition, self.rules)


_game_view = unchecked(GameView)


def make_view(game: LiveGame, player: int | None) -> GameView:
    """Return what `player` may see of the game (None: a spectator). The view holds copies of the state's
    pieces that the rules change in place; the rest, immutable, is shared. Built from the state's own
    values, it is not validated again."""
    st = game.state
    players = [copy_player(ps) for ps in st.players]
    for p, ps in enumerate(players):
        if ps.hand and p != player:
            ps.hand = masked(game.board, ps.hand)
    return _game_view(
        edition=st.edition,
        rules=st.rules,
        me=player,
        players=players,
        deeds=copy_deeds(st.deeds),
        bank=bare_copy(st.bank),
        deck_sizes={name: len(order) for name, order in st.decks.items()},
        current=st.current,
        turn=st.turn,
        round=st.round,
        doubles=st.doubles,
        last_dice=st.last_dice,
        pot=st.pot,
        markers=dict(st.markers),
        pending=st.pending,
        winner=st.winner,
        offers=list(st.offers),
        boxes=dict(st.boxes),
        loans=list(st.loans),
        charters=dict(st.charters),
        queue=list(st.queue),
        suspended=list(st.suspended),
        journey=None if st.journey is None else bare_copy(st.journey),  # a copy: the state changes in place
        failed_jail_roll=st.failed_jail_roll,
        next_trade_id=st.next_trade_id,
        next_loan_id=st.next_loan_id,
        seed=st.seed if st.winner is not None else None,
    )
