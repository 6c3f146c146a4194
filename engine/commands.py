"""Commands: everything a player can ask of the game, in the imperative. One discriminated union."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, cast, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.errors import IllegalCommand
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


class ChooseRoute(_Command):
    """Where the track forks, go on from `space`: the junction itself (stay on this ring) or a link's end."""

    kind: Literal["choose_route"] = "choose_route"
    space: int


class PlayTravelCards(_Command):
    """Instead of throwing, play these travel cards ("deck/card") from hand, in this order."""

    kind: Literal["play_travel_cards"] = "play_travel_cards"
    cards: tuple[str, ...]


class RollWithTravelCard(_Command):
    """Throw the dice and add this travel card's steps to the throw (a rule option)."""

    kind: Literal["roll_with_travel_card"] = "roll_with_travel_card"
    card: str


class TakeRide(_Command):
    """Go straight to `space` (the subway, the airplane); the space where the token stands stays put."""

    kind: Literal["take_ride"] = "take_ride"
    space: int = Field(ge=0)


class PlayRefundCard(_Command):
    """Play the full-refund card at the refund space: the whole pool instead of its share."""

    kind: Literal["play_refund_card"] = "play_refund_card"


class ClaimHalfWinnings(_Command):
    """Play the half-winnings card: `target` pays half of what he has just won."""

    kind: Literal["claim_half_winnings"] = "claim_half_winnings"
    target: int = Field(ge=0)


class KeepCard(_Command):
    """Do not play the held card now: keep it for later."""

    kind: Literal["keep_card"] = "keep_card"


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
    | ChooseRoute
    | PlayTravelCards
    | RollWithTravelCard
    | TakeRide
    | PlayRefundCard
    | ClaimHalfWinnings
    | KeepCard
    | EndTurn
    | DeclareBankruptcy,
    Field(discriminator="kind"),
]

COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)
COMMAND_LIST_ADAPTER: TypeAdapter[list[Command]] = TypeAdapter(list[Command])


C = TypeVar("C", bound=_Command)


@cache
def _simple(kind: type[_Command], player: int) -> _Command:
    return kind(player=player)


def simple(kind: type[C], player: int) -> C:
    """A shared instance of a command that has no fields but the player (they are immutable)."""
    return cast(C, _simple(kind, player))


# --- the shape of a command, checked at the door ------------------------------------------------

FieldCheck = Callable[[Any], bool]
_UNBOUNDED = -(2**63)


def _bundle_ok(b: Any) -> bool:
    if type(b) is not Bundle:
        return False
    cash = getattr(b, "cash", None)
    deeds = getattr(b, "deeds", None)
    cards = getattr(b, "jail_cards", None)
    held = getattr(b, "cards", None)
    return (
        type(cash) is int
        and cash >= 0
        and type(cards) is int
        and cards >= 0
        and type(deeds) is tuple
        and all(type(d) is int for d in deeds)
        and _strings(held)
    )


def _strings(v: Any) -> bool:
    return type(v) is tuple and all(type(x) is str for x in v)


def _field_check(ann: Any) -> FieldCheck:
    if ann is Bundle:
        return _bundle_ok
    if get_origin(ann) is Literal:
        allowed = frozenset(get_args(ann))
        return lambda v: type(v) is str and v in allowed
    if ann is str:
        return lambda v: type(v) is str
    if ann == tuple[str, ...]:
        return _strings
    raise TypeError(f"no door check for a command field of type {ann!r}")


class _Shape:
    """What a command's fields must hold: whole numbers (at least some bound), the kind's own name, a
    literal choice, a reason's text, trade bundles."""

    __slots__ = ("count", "kind", "numbers", "others")

    def __init__(self, cls: type[_Command]) -> None:
        self.count = len(cls.model_fields)
        self.numbers: list[tuple[str, int]] = []
        self.others: list[tuple[str, FieldCheck]] = []
        self.kind = ""
        for name, info in cls.model_fields.items():
            ann = info.annotation
            if name == "kind":
                self.kind = get_args(ann)[0]
            elif ann is int:
                lower = _UNBOUNDED
                for m in info.metadata:  # pydantic's Gt(0) / Ge(0) bounds
                    if isinstance(getattr(m, "gt", None), int):
                        lower = m.gt + 1
                    elif isinstance(getattr(m, "ge", None), int):
                        lower = m.ge
                self.numbers.append((name, lower))
            else:
                self.others.append((name, _field_check(ann)))


_SHAPES: dict[type, _Shape] = {cls: _Shape(cls) for cls in get_args(get_args(Command)[0])}


def malformed(cmd: object) -> IllegalCommand | None:
    """Why a command object is not a well-formed command (built without validation, say), or None.

    Commands made the usual way are validated when built; this catches one assembled by other means
    (`model_construct`, a changed `__dict__`) before any rule reads it. It runs for every command, so
    it is kept to a few comparisons.
    """
    shape = _SHAPES.get(type(cmd))
    if shape is None:
        return IllegalCommand("unknown_command", f"{type(cmd).__name__} is not a command of this game")
    values = getattr(cmd, "__dict__", None)
    if values is None or len(values) != shape.count or values.get("kind") != shape.kind:
        return _bad(cmd, "kind")
    for name, lower in shape.numbers:
        v = values.get(name)
        if type(v) is not int or v < lower:
            return _bad(cmd, name)
    for name, ok in shape.others:
        if name not in values or not ok(values[name]):
            return _bad(cmd, name)
    return None


def _bad(cmd: object, part: str) -> IllegalCommand:
    return IllegalCommand("malformed_command", f"The {type(cmd).__name__} has an invalid or missing {part}.")
