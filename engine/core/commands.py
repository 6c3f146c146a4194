"""Commands: everything a player can ask of the game, in the imperative. One discriminated union."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, cast, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core.errors import IllegalCommand
from engine.core.phrases import N_, Phrase
from engine.core.state import Bundle, DealPart


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
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


class SellLot(_Command):
    """Sell a lot, with every house on it, back to the bank (where the bank buys lots)."""

    kind: Literal["sell_lot"] = "sell_lot"
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
    """Turn an offer down: with a one line reason, and the price at which one would agree, if any."""

    kind: Literal["reject_trade"] = "reject_trade"
    trade_id: int
    reason: str = ""  # a bot's one line for the other side ("that would complete your orange group")
    asking: int | None = None
    """The cash from the proposer (negative: to him) at which one would take the offer's deeds as they
    stand, or None: the counter-price, read by bots as a figure (the reason may say it in words too)."""


class CancelTrade(_Command):
    kind: Literal["cancel_trade"] = "cancel_trade"
    trade_id: int


class ProposeDeal(_Command):
    """Offer a deal among several players: `parties` are the others in it, `parts` what each hands to
    whom (the proposer's own parts included)."""

    kind: Literal["propose_deal"] = "propose_deal"
    parties: tuple[int, ...]
    parts: tuple[DealPart, ...]


class AcceptDeal(_Command):
    """Agree to one's own part of an open deal."""

    kind: Literal["accept_deal"] = "accept_deal"
    deal_id: int
    reason: str = ""


class RejectDeal(_Command):
    """Refuse one's part of an open deal, which ends it for everyone."""

    kind: Literal["reject_deal"] = "reject_deal"
    deal_id: int
    reason: str = ""


class CancelDeal(_Command):
    kind: Literal["cancel_deal"] = "cancel_deal"
    deal_id: int


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


# --- Magie's 1904 rules: lots for sale or rent, luxuries, loans, the poorhouse ---------------------


class BuyTicketLot(_Command):
    """Before the first throw, buy the lot one of your lot tickets names."""

    kind: Literal["buy_ticket_lot"] = "buy_ticket_lot"
    space: int


class DoneWithTickets(_Command):
    """Buy no more of your tickets' lots; the tickets left go back."""

    kind: Literal["done_with_tickets"] = "done_with_tickets"


class BuyLot(_Command):
    kind: Literal["buy_lot"] = "buy_lot"


class RentLot(_Command):
    kind: Literal["rent_lot"] = "rent_lot"


class BuyLuxury(_Command):
    kind: Literal["buy_luxury"] = "buy_luxury"


class DeclineLuxury(_Command):
    """Do without the luxury and lose the move."""

    kind: Literal["decline_luxury"] = "decline_luxury"


class ChooseDirection(_Command):
    kind: Literal["choose_direction"] = "choose_direction"
    direction: Literal["forward", "backward"]


class BorrowFromBank(_Command):
    """Borrow `notes` whole notes from the bank, pledging the lots in `security`."""

    kind: Literal["borrow_from_bank"] = "borrow_from_bank"
    notes: int = Field(gt=0)
    security: tuple[int, ...]


class RepayLoan(_Command):
    """Repay a loan: one note of a bank loan, or the whole of a loan from a player."""

    kind: Literal["repay_loan"] = "repay_loan"
    loan: int


class ProposeLoan(_Command):
    """Offer a loan to `to`, or ask one of him: `lender` (either of the two) lends `principal`, the
    borrower paying `interest` at each of his wages and pledging the lots in `security`."""

    kind: Literal["propose_loan"] = "propose_loan"
    to: int = Field(ge=0)
    lender: int = Field(ge=0)
    principal: int = Field(gt=0)
    interest: int = Field(ge=0)
    security: tuple[int, ...]


class AcceptLoan(_Command):
    kind: Literal["accept_loan"] = "accept_loan"
    offer: int
    reason: str = ""


class RejectLoan(_Command):
    kind: Literal["reject_loan"] = "reject_loan"
    offer: int
    reason: str = ""


class CallGame(_Command):
    """Propose to end the game now, the richest by the edition's count winning, as when a Time Limit
    game's rounds run out: every other player still in is asked in turn, and one refusal keeps it going."""

    kind: Literal["call_game"] = "call_game"


class AgreeToCall(_Command):
    kind: Literal["agree_to_call"] = "agree_to_call"
    reason: str = ""


class RefuseCall(_Command):
    kind: Literal["refuse_call"] = "refuse_call"
    reason: str = ""


class CancelLoan(_Command):
    kind: Literal["cancel_loan"] = "cancel_loan"
    offer: int


class GoToPoorhouse(_Command):
    """Unable to pay or to borrow enough: pay what cash there is and go to the poorhouse."""

    kind: Literal["go_to_poorhouse"] = "go_to_poorhouse"


Command = Annotated[
    RollDice
    | BuyProperty
    | DeclineProperty
    | PlaceBid
    | PassAuction
    | Build
    | SellBuilding
    | SellLot
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
    | ProposeDeal
    | AcceptDeal
    | RejectDeal
    | CancelDeal
    | ChooseRoute
    | PlayTravelCards
    | RollWithTravelCard
    | TakeRide
    | PlayRefundCard
    | ClaimHalfWinnings
    | KeepCard
    | EndTurn
    | DeclareBankruptcy
    | BuyTicketLot
    | DoneWithTickets
    | BuyLot
    | RentLot
    | BuyLuxury
    | DeclineLuxury
    | ChooseDirection
    | BorrowFromBank
    | RepayLoan
    | ProposeLoan
    | AcceptLoan
    | RejectLoan
    | CancelLoan
    | GoToPoorhouse
    | CallGame
    | AgreeToCall
    | RefuseCall,
    Field(discriminator="kind"),
]

COMMAND_TYPES: tuple[type[_Command], ...] = get_args(get_args(Command)[0])
"""Every command type, in the order of `Command`: the one list that a save's kinds, the learning
environment's actions and the checks of the command door are read from."""


@cache
def command_adapter() -> TypeAdapter[Command]:
    """Return the pydantic adapter that reads and writes one command as JSON (built when first needed, not
    when the engine loads)."""
    return TypeAdapter(Command)


@cache
def command_list_adapter() -> TypeAdapter[list[Command]]:
    return TypeAdapter(list[Command])


C = TypeVar("C", bound=_Command)


@cache
def _simple(kind: type[_Command], player: int) -> _Command:
    return kind(player=player)


def simple(kind: type[C], player: int) -> C:
    """Return a shared instance of a command that has no fields but the player (they are immutable)."""
    return cast(C, _simple(kind, player))


# --- the shape of a command, checked by Game.apply ------------------------------------------------

FieldCheck = Callable[[Any], bool]
_UNBOUNDED = -(2**63)


def _bundle_ok(b: Any) -> bool:
    if type(b) is not Bundle:
        return False
    cash = getattr(b, "cash", None)
    deeds = getattr(b, "deeds", None)
    cards = getattr(b, "jail_cards", None)
    houses = getattr(b, "houses", None)
    held = getattr(b, "cards", None)
    return (
        type(cash) is int
        and cash >= 0
        and type(cards) is int
        and cards >= 0
        and type(deeds) is tuple
        and all(type(d) is int for d in deeds)
        and type(houses) is tuple
        and all(type(h) is int for h in houses)
        and _strings(held)
    )


def _parts_ok(v: Any) -> bool:
    return type(v) is tuple and all(
        type(p) is DealPart
        and type(getattr(p, "giver", None)) is int
        and type(getattr(p, "receiver", None)) is int
        and _bundle_ok(getattr(p, "bundle", None))
        for p in v
    )


def _strings(v: Any) -> bool:
    return type(v) is tuple and all(type(x) is str for x in v)


def _spaces_ok(v: Any) -> bool:
    return type(v) is tuple and all(type(s) is int for s in v)


def _field_check(ann: Any) -> FieldCheck:
    if ann is Bundle:
        return _bundle_ok
    if ann == tuple[int, ...]:
        return _spaces_ok
    if ann == tuple[DealPart, ...]:
        return _parts_ok
    if get_origin(ann) is Literal:
        allowed = frozenset(get_args(ann))
        return lambda v: type(v) is str and v in allowed
    if ann is str:
        return lambda v: type(v) is str
    if ann == int | None:
        return lambda v: v is None or type(v) is int
    if ann == tuple[str, ...]:
        return _strings
    raise TypeError(f"no door check for a command field of type {ann!r}")


class _Shape:
    """The validation rules for a command's fields: whole numbers (at least some bound), the kind's own name,
    a literal choice, a reason's text, a figure that may be left out, trade bundles."""

    __slots__ = ("count", "kind", "numbers", "others", "plain")

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
        self.plain = self.numbers == [("player", 0)] and not self.others  # a player and nothing else


_SHAPES: dict[type, _Shape] = {cls: _Shape(cls) for cls in COMMAND_TYPES}

SOUND: dict[int, object] = {}
"""Command objects already found well-formed, by identity (held, so that no other object can take their
identity). Commands are immutable: players who keep and send the same object again (the simple players
do, every turn) are not checked again. Bounded: emptied when it grows large."""
SOUND_MOST = 4096


def malformed(cmd: object) -> IllegalCommand | None:
    """Return why a command object is not a well-formed command (built without validation, say), or None.

    Commands made the usual way are validated when built; this catches one assembled by other means
    (`model_construct`, a changed `__dict__`) before any rule reads it. It runs for every command, so
    it is kept to a few comparisons.
    """
    if SOUND.get(id(cmd)) is cmd:
        return None
    shape = _SHAPES.get(type(cmd))
    if shape is None:
        return IllegalCommand(
            "unknown_command",
            Phrase(N_("{command} is not a command of this game"), command=type(cmd).__name__),
        )
    values = cmd.__dict__  # every command class has one (a `_Command`)
    if shape.plain:  # the commonest commands (roll, end the turn, buy, ...): two fields
        player = values.get("player")
        if type(player) is int and player >= 0 and values.get("kind") == shape.kind and len(values) == 2:
            _remember(cmd)
            return None
        return _bad(cmd, "player" if values.get("kind") == shape.kind else "kind")
    if len(values) != shape.count or values.get("kind") != shape.kind:
        return _bad(cmd, "kind")
    for name, lower in shape.numbers:
        v = values.get(name)
        if type(v) is not int or v < lower:
            return _bad(cmd, name)
    for name, ok in shape.others:
        if name not in values or not ok(values[name]):
            return _bad(cmd, name)
    _remember(cmd)
    return None


def _remember(cmd: object) -> None:
    """Keep a command found well-formed, so that sending the same object again costs a lookup."""
    if len(SOUND) >= SOUND_MOST:
        SOUND.clear()
    SOUND[id(cmd)] = cmd


def _bad(cmd: object, part: str) -> IllegalCommand:
    return IllegalCommand(
        "malformed_command",
        Phrase(N_("The {command} has an invalid or missing {part}."), command=type(cmd).__name__, part=part),
    )
