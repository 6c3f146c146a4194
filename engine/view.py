"""What one player may see: the whole table, but not the order of the decks, the dice to come, nor the
other players' face-down cards (a travel card in another hand shows as `"deck/?"`).

A view is a `Tabletop`, so the rule queries (`engine.queries`) answer from it as from the game. It never
carries the seed, nor anything else from which the throws to come could be worked out, until the game is
over; then the seed is given, so that the game can be replayed.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.board import Board, board_for
from engine.options import RuleOptions
from engine.rulebook import ruleset_for
from engine.rules.hands import masked
from engine.ruleset import Ruleset
from engine.state import BankState, DeedState, Loan, Pending, PlayerState, TradeOffer

if TYPE_CHECKING:
    from engine.live import LiveGame


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
    seed: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Given once the game is over, never before (and then left out of the view altogether)."""

    @property
    def board(self) -> Board:
        return board_for(self.edition)

    @property
    def ruleset(self) -> Ruleset:
        return ruleset_for(self.edition, self.rules)


@cache
def _players() -> TypeAdapter[list[PlayerState]]:
    return TypeAdapter(list[PlayerState])


@cache
def _deeds() -> TypeAdapter[dict[int, DeedState]]:
    return TypeAdapter(dict[int, DeedState])


def make_view(game: LiveGame, player: int | None) -> GameView:
    st = game.state
    players = _players().validate_python(_players().dump_python(st.players))
    for p, ps in enumerate(players):
        if ps.hand and p != player:
            ps.hand = masked(game.board, ps.hand)
    return GameView(
        edition=st.edition,
        rules=st.rules,
        me=player,
        players=players,
        deeds=_deeds().validate_python(_deeds().dump_python(st.deeds)),
        bank=BankState(houses=st.bank.houses, hotels=st.bank.hotels),
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
        seed=st.seed if st.winner is not None else None,
    )
