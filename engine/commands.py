"""Commands: everything a player can ask of the game, in the imperative. One discriminated union."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.state import Bundle


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    player: int = Field(ge=0)


class RollDice(_Command):
    kind: Literal["roll_dice"] = "roll_dice"


class BuyProperty(_Command):
    kind: Literal["buy_property"] = "buy_property"


class DeclineProperty(_Command):
    kind: Literal["decline_property"] = "decline_property"


class PlaceBid(_Command):
    kind: Literal["place_bid"] = "place_bid"
    amount: int = Field(gt=0)


class PassAuction(_Command):
    kind: Literal["pass_auction"] = "pass_auction"


class Build(_Command):
    kind: Literal["build"] = "build"
    space: int


class SellBuilding(_Command):
    kind: Literal["sell_building"] = "sell_building"
    space: int


class Mortgage(_Command):
    kind: Literal["mortgage"] = "mortgage"
    space: int


class Unmortgage(_Command):
    kind: Literal["unmortgage"] = "unmortgage"
    space: int


class KeepMortgage(_Command):
    kind: Literal["keep_mortgage"] = "keep_mortgage"
    space: int


class PayJailFine(_Command):
    kind: Literal["pay_jail_fine"] = "pay_jail_fine"


class UseJailCard(_Command):
    kind: Literal["use_jail_card"] = "use_jail_card"


class ChooseIncomeTax(_Command):
    kind: Literal["choose_income_tax"] = "choose_income_tax"
    option: Literal["flat", "percent"]


class ProposeTrade(_Command):
    kind: Literal["propose_trade"] = "propose_trade"
    to: int = Field(ge=0)
    give: Bundle = Bundle()
    take: Bundle = Bundle()


class AcceptTrade(_Command):
    kind: Literal["accept_trade"] = "accept_trade"
    trade_id: int
    reason: str = ""  # a bot's one line for the other side ("that completes my orange group")


class RejectTrade(_Command):
    kind: Literal["reject_trade"] = "reject_trade"
    trade_id: int
    reason: str = ""  # a bot's one line for the other side ("that would complete your orange group")


class CancelTrade(_Command):
    kind: Literal["cancel_trade"] = "cancel_trade"
    trade_id: int


class EndTurn(_Command):
    kind: Literal["end_turn"] = "end_turn"


class DeclareBankruptcy(_Command):
    kind: Literal["declare_bankruptcy"] = "declare_bankruptcy"


Command = Annotated[
    RollDice
    | BuyProperty
    | DeclineProperty
    | PlaceBid
    | PassAuction
    | Build
    | SellBuilding
    | Mortgage
    | Unmortgage
    | KeepMortgage
    | PayJailFine
    | UseJailCard
    | ChooseIncomeTax
    | ProposeTrade
    | AcceptTrade
    | RejectTrade
    | CancelTrade
    | EndTurn
    | DeclareBankruptcy,
    Field(discriminator="kind"),
]

COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)
COMMAND_LIST_ADAPTER: TypeAdapter[list[Command]] = TypeAdapter(list[Command])


@cache
def simple(kind: type[_Command], player: int) -> _Command:
    """A shared instance of a command that has no fields but the player (they are immutable)."""
    return kind(player=player)
