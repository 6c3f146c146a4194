"""What one player may see: the whole table, but not the order of the decks nor the dice to come."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engine.options import RuleOptions
from engine.state import BankState, DeedState, Pending, PlayerState, TradeOffer

if TYPE_CHECKING:
    from engine.game import Game


class GameView(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

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
    pending: Pending | None
    winner: int | None
    offers: list[TradeOffer]  # trades proposed this turn, answered or not


_PLAYERS: TypeAdapter[list[PlayerState]] = TypeAdapter(list[PlayerState])
_DEEDS: TypeAdapter[dict[int, DeedState]] = TypeAdapter(dict[int, DeedState])


def make_view(game: Game, player: int | None) -> GameView:
    st = game.state
    return GameView(
        edition=st.edition,
        rules=st.rules,
        me=player,
        players=_PLAYERS.validate_python(_PLAYERS.dump_python(st.players)),
        deeds=_DEEDS.validate_python(_DEEDS.dump_python(st.deeds)),
        bank=BankState(houses=st.bank.houses, hotels=st.bank.hotels),
        deck_sizes={name: len(order) for name, order in st.decks.items()},
        current=st.current,
        turn=st.turn,
        round=st.round,
        doubles=st.doubles,
        last_dice=st.last_dice,
        pot=st.pot,
        pending=st.pending,
        winner=st.winner,
        offers=list(st.offers),
    )
