"""The complete game state: pydantic dataclasses, JSON-serialisable, PRNG state and continuations included.

Dataclasses rather than `BaseModel` because the rules mutate the state in place on the hot path, and a
dataclass attribute write costs a tenth of a model's. They are validated whenever a state is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Annotated, Literal, TypeVar

from pydantic import ConfigDict, Field, TypeAdapter
from pydantic.dataclasses import dataclass

from engine.core.options import RuleOptions
from engine.core.rule_ids import RuleId

_STRICT = ConfigDict(extra="forbid", defer_build=True)

BuildingKind = Literal["house", "hotel"]
"""What a building level is: a house, or the hotel above the most houses a lot takes."""

# --- the bundle a trade moves ---------------------------------------------------------------------


@dataclass(frozen=True, config=_STRICT)
class Bundle:
    """One side of a trade: cash, title deeds (by space), Get Out of Jail Free cards, cards held in hand
    (`"deck/card"`; `"deck/?"` asks for one of the other side's face-down cards of that deck), and houses
    taken off the giver's lots (one entry per house, naming its lot) for the receiver to put on his own."""

    cash: int = Field(default=0, ge=0)
    deeds: tuple[int, ...] = ()
    jail_cards: int = Field(default=0, ge=0)
    houses: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return (
            self.cash == 0 and not self.deeds and self.jail_cards == 0 and not self.houses and not self.cards
        )


@dataclass(frozen=True, config=_STRICT)
class TradeOffer:
    id: int
    proposer: int
    to: int
    give: Bundle
    take: Bundle


def merged(bundles: Iterable[Bundle]) -> Bundle:
    """Merge several bundles into one: all that one player hands over, or takes, in a deal."""
    cash = jail = 0
    deeds: list[int] = []
    houses: list[int] = []
    cards: list[str] = []
    for b in bundles:
        cash += b.cash
        jail += b.jail_cards
        deeds += b.deeds
        houses += b.houses
        cards += b.cards
    return Bundle(cash=cash, deeds=tuple(deeds), jail_cards=jail, houses=tuple(houses), cards=tuple(cards))


@dataclass(frozen=True, config=_STRICT)
class DealPart:
    """What one party of a deal hands to one other: every item a deal moves has a giver and a receiver."""

    giver: int
    receiver: int
    bundle: Bundle


@dataclass(frozen=True, config=_STRICT)
class DealOffer:
    """A deal among several players, proposed by one: the others answer in seat order from him, each for
    his own part; it is carried out when the last accepts. `accepted` are those who have agreed so far."""

    id: int
    proposer: int
    parties: tuple[int, ...]
    """Everyone in the deal, the proposer first, then the others in the order they answer."""
    parts: tuple[DealPart, ...]
    accepted: tuple[int, ...] = ()

    @property
    def to(self) -> int:
        """The party whose answer the deal waits on (the last, once all have accepted)."""
        for p in self.parties[1:]:
            if p not in self.accepted:
                return p
        return self.parties[-1]

    def gives(self, player: int) -> Bundle:
        return merged(part.bundle for part in self.parts if part.giver == player)

    def gets(self, player: int) -> Bundle:
        return merged(part.bundle for part in self.parts if part.receiver == player)


def answer_order(proposer: int, others: Iterable[int]) -> tuple[int, ...]:
    """Return the parties of a deal as they answer it: the proposer, then the others in seat order after
    him."""
    rest = sorted(set(others) - {proposer}, key=lambda p: (p < proposer, p))
    return (proposer, *rest)


# --- money lent ------------------------------------------------------------------------------------


@dataclass(frozen=True, config=_STRICT)
class Loan:
    """Money lent: by the bank in whole notes (`lender` None) or by a player on the terms agreed.

    `interest` is paid at each of the borrower's wages; `security` are the borrower's lots pledged for
    it, which cannot change hands or be pledged again until the loan is repaid.
    """

    id: int
    borrower: int
    lender: int | None
    principal: int = Field(gt=0)
    interest: int = Field(ge=0)
    security: tuple[int, ...] = ()


@dataclass(frozen=True, config=_STRICT)
class LoanOffer:
    """A loan proposed between two players: `lender` (one of the two) lends to the other."""

    id: int
    proposer: int
    to: int
    lender: int
    principal: int = Field(gt=0)
    interest: int = Field(ge=0)
    security: tuple[int, ...] = ()

    @property
    def borrower(self) -> int:
        return self.to if self.lender == self.proposer else self.proposer


# --- what the game waits for ----------------------------------------------------------------------


@dataclass(frozen=True, config=_STRICT)
class AwaitingRoll:
    player: int
    kind: Literal["roll"] = "roll"


@dataclass(frozen=True, config=_STRICT)
class AwaitingEndTurn:
    player: int
    kind: Literal["end_turn"] = "end_turn"


@dataclass(frozen=True, config=_STRICT)
class BuyDecision:
    player: int
    space: int
    kind: Literal["buy"] = "buy"


@dataclass(frozen=True, config=_STRICT)
class Auction:
    """An English auction in turns: `player` must bid or pass; the leader is never asked to outbid himself.

    `lot` is a deed, or one building in a shortage; for a building, `space` is where the initiator
    asked to build, and `initiator` builds at the printed price if nobody else bids.
    """

    player: int
    lot: Literal["deed", "house", "hotel"]
    space: int
    bidders: tuple[int, ...]  # still in, in the order they are asked
    min_bid: int
    high_bid: int = 0
    high_bidder: int | None = None
    initiator: int | None = None
    kind: Literal["auction"] = "auction"

    @property
    def next_minimum(self) -> int:
        """The least the next bid may be: one more than the lead, or the opening minimum."""
        return self.high_bid + 1 if self.high_bidder is not None else self.min_bid


@dataclass(frozen=True, config=_STRICT)
class IncomeTaxDecision:
    player: int
    space: int
    kind: Literal["income_tax"] = "income_tax"


@dataclass(frozen=True, config=_STRICT)
class Charge:
    """A payment owed. `payee` None is the bank. `reason` states what for, so the paid event can report it."""

    payer: int
    payee: int | None
    amount: int
    reason: Literal[
        "rent", "tax", "card", "jail_fine", "interest", "repairs", "fee", "levy", "fare", "franchise", "loan"
    ]
    space: int | None = None
    detail: str = ""
    box: str = ""  # with no payee: the money box it is paid into ("": the bank)
    rule: RuleId | None = None  # the rule that charges it (None: the one its reason and space name)
    kind: Literal["charge"] = "charge"


@dataclass(frozen=True, config=_STRICT)
class Debt:
    """`player` owes more than his cash: he raises it (sell, mortgage, trade) or goes bankrupt."""

    player: int
    charge: Charge
    kind: Literal["debt"] = "debt"

    @property
    def amount(self) -> int:
        return self.charge.amount

    @property
    def creditor(self) -> int | None:
        return self.charge.payee


@dataclass(frozen=True, config=_STRICT)
class TradeAnswer:
    player: int
    trade: TradeOffer
    kind: Literal["trade_answer"] = "trade_answer"


@dataclass(frozen=True, config=_STRICT)
class DealAnswer:
    """A party of a deal answers his part of it (`player` is `deal.to`)."""

    player: int
    deal: DealOffer
    kind: Literal["deal_answer"] = "deal_answer"


@dataclass(frozen=True, config=_STRICT)
class MortgageDecision:
    """A mortgaged deed just received: lift it now (value + 10 %) or keep the mortgage (10 % now)."""

    player: int
    space: int
    kind: Literal["mortgage_decision"] = "mortgage_decision"


@dataclass(frozen=True, config=_STRICT)
class BuildingPlacement:
    """A building won at a shortage auction, paid for and waiting to be placed."""

    player: int
    building: Literal["house", "hotel"]
    kind: Literal["place_building"] = "place_building"


@dataclass(frozen=True, config=_STRICT)
class RouteChoice:
    """A move stopped where the track forks: the mover picks the space to go on from (`options[0]` is
    where the token stands, meaning stay on this ring), with `steps` still to go (`direction` -1: back)."""

    player: int
    at: int
    options: tuple[int, ...]
    steps: int
    direction: int = 1
    kind: Literal["route"] = "route"


@dataclass(frozen=True, config=_STRICT)
class ExcessLots:
    """A creditor has taken more lots from a bankrupt than his ownership markers allow: he sells back to the
    bank, at half their value, the ones of `spaces` he will not keep, until he is within the limit."""

    player: int
    spaces: tuple[int, ...]
    kind: Literal["excess_lots"] = "excess_lots"


@dataclass(frozen=True, config=_STRICT)
class RideChoice:
    """A token that may go straight to any space (`means`: the subway, the airplane): the mover names
    the space (`at`, where it stands, to stay)."""

    player: int
    at: int
    means: Literal["subway", "airplane"]
    kind: Literal["ride"] = "ride"


@dataclass(frozen=True, config=_STRICT)
class RefundChoice:
    """At the refund space, the holder of a full-refund card may play it for the whole pool."""

    player: int
    space: int
    kind: Literal["refund_card"] = "refund_card"


@dataclass(frozen=True, config=_STRICT)
class WinningsChoice:
    """Triple play winnings were paid: the holder of a half-winnings card may claim half of one
    winner's prize (`winners` and what each won, in `amounts`), or keep the card."""

    player: int
    winners: tuple[int, ...]
    amounts: tuple[int, ...]
    kind: Literal["winnings_card"] = "winnings_card"


@dataclass(frozen=True, config=_STRICT)
class TicketPurchase:
    """Before the first throw: the player may buy the lots his lot tickets name."""

    player: int
    kind: Literal["lot_tickets"] = "lot_tickets"


@dataclass(frozen=True, config=_STRICT)
class LotChoice:
    """An unowned lot stopped on: buy it, or rent it for `rent` (paid to `occupant`, a player already
    standing there, or else to the lot's money box)."""

    player: int
    space: int
    rent: int
    occupant: int | None = None
    kind: Literal["rent_or_buy"] = "rent_or_buy"


@dataclass(frozen=True, config=_STRICT)
class LuxuryOffer:
    """A luxury stopped on: buy a ticket for `price`, or lose the move (back to `back_to`, handing back
    the `wages` the move earned)."""

    player: int
    space: int
    price: int
    back_to: int
    wages: int = 0
    kind: Literal["luxury"] = "luxury"


@dataclass(frozen=True, config=_STRICT)
class DirectionChoice:
    """A player past the circuits that earn wages, and clear of debt, moves either way: which?"""

    player: int
    steps: int
    double: bool = False
    kind: Literal["direction"] = "direction"


@dataclass(frozen=True, config=_STRICT)
class LoanAnswer:
    player: int
    offer: LoanOffer
    kind: Literal["loan_answer"] = "loan_answer"


@dataclass(frozen=True, config=_STRICT)
class CallAnswer:
    """`caller` proposed to end the game now, the richest winning: `player` agrees or refuses, and those
    in `left` are asked after him."""

    player: int
    caller: int
    left: tuple[int, ...] = ()
    kind: Literal["call_answer"] = "call_answer"


Pending = Annotated[
    AwaitingRoll
    | AwaitingEndTurn
    | BuyDecision
    | Auction
    | IncomeTaxDecision
    | Debt
    | TradeAnswer
    | DealAnswer
    | MortgageDecision
    | BuildingPlacement
    | RouteChoice
    | ExcessLots
    | RideChoice
    | RefundChoice
    | WinningsChoice
    | TicketPurchase
    | LotChoice
    | LuxuryOffer
    | DirectionChoice
    | LoanAnswer
    | CallAnswer,
    Field(discriminator="kind"),
]

TRADING_OPEN = frozenset({"roll", "end_turn", "buy", "income_tax", "debt", "rent_or_buy", "lot_tickets"})
"""Decisions during which players may propose trades: not in an auction, while another trade is open,
or in the middle of a move."""

# --- continuations: work left to do once the decision in hand is made ----------------------------


@dataclass(frozen=True, config=_STRICT)
class FinishRoll:
    """After a roll is resolved: roll again on doubles, else the turn may end."""

    player: int
    again: bool
    kind: Literal["finish_roll"] = "finish_roll"


@dataclass(frozen=True, config=_STRICT)
class MoveAfterFine:
    """Out of jail after the forced fine: move by the throw that failed."""

    player: int
    steps: int
    dice_total: int
    kind: Literal["move_after_fine"] = "move_after_fine"


@dataclass(frozen=True, config=_STRICT)
class MoveOn:
    """The rest of a move that stopped for a route choice: `steps` more, from where the token stands."""

    player: int
    steps: int
    total: int  # steps of the whole move
    direction: int
    via: Literal["dice", "card"]
    dice_total: int
    land: bool = True  # False: the token only passes through (a travel card before the last)
    rule: RuleId | None = None  # the rule that moves the token, when neither the dice nor a card is
    kind: Literal["move_on"] = "move_on"


@dataclass(frozen=True, config=_STRICT)
class RaiseBuilding:
    """Put up the next building on a lot: bought at the printed price, or already paid for at auction."""

    player: int
    space: int
    paid: bool
    kind: Literal["raise_building"] = "raise_building"


@dataclass(frozen=True, config=_STRICT)
class AuctionDeed:
    """The bank auctions a deed it took from a bankrupt."""

    space: int
    kind: Literal["auction_deed"] = "auction_deed"


@dataclass(frozen=True, config=_STRICT)
class OfferMortgage:
    player: int
    space: int
    kind: Literal["offer_mortgage"] = "offer_mortgage"


@dataclass(frozen=True, config=_STRICT)
class RideOn:
    """A free ride taken (or not) from railroad `at`: `steps` more from where the token now stands."""

    player: int
    at: int
    steps: int
    direction: int
    dice_total: int
    kind: Literal["ride_on"] = "ride_on"


@dataclass(frozen=True, config=_STRICT)
class CheckEnding:
    """A move is resolved: the ending rule may end the game now (the last player's last circuit)."""

    kind: Literal["check_ending"] = "check_ending"


@dataclass(frozen=True, config=_STRICT)
class NextTurn:
    kind: Literal["next_turn"] = "next_turn"


@dataclass(frozen=True, config=_STRICT)
class Resume:
    """Continuation: restore the decision that a trade or an interruption suspended."""

    kind: Literal["resume"] = "resume"


@dataclass(frozen=True, config=_STRICT)
class Throw:
    """A throw a space or a card gives, made at once: the token moves by it (`why` names which)."""

    player: int
    why: Literal["fare", "carnival", "card"]
    kind: Literal["throw"] = "throw"


@dataclass(frozen=True, config=_STRICT)
class SendOn:
    """A space sends the token straight on to `space` (no salary on the way), where it comes to rest."""

    player: int
    space: int
    kind: Literal["send_on"] = "send_on"


@dataclass(frozen=True, config=_STRICT)
class ForcedBack:
    """The forced move: `arriving` came to rest on `space`, so this token, if still there, goes back."""

    player: int
    space: int
    arriving: int
    kind: Literal["forced_back"] = "forced_back"


@dataclass(frozen=True, config=_STRICT)
class PlaceTradedHouse:
    """A house bought from another player goes on one of the buyer's lots: he chooses which."""

    player: int
    kind: Literal["place_traded_house"] = "place_traded_house"


@dataclass(frozen=True, config=_STRICT)
class CheckLotLimit:
    """After a bankruptcy: the creditor keeps only as many of `spaces` as his markers allow."""

    player: int
    spaces: tuple[int, ...]
    kind: Literal["check_lot_limit"] = "check_lot_limit"


@dataclass(frozen=True, config=_STRICT)
class TravelMove:
    """One travel card's move of several played together; only the last one lands."""

    player: int
    steps: int
    land: bool
    kind: Literal["travel_move"] = "travel_move"


@dataclass(frozen=True, config=_STRICT)
class RideTo:
    """Straight to `space` (the subway, the airplane), once any fare is paid."""

    player: int
    space: int
    means: Literal["subway", "airplane"]
    kind: Literal["ride_to"] = "ride_to"


@dataclass(frozen=True, config=_STRICT)
class OfferRide:
    """Once the landing on `space` is settled, offer the ride there (the airplane) if the token still
    stands on it."""

    player: int
    space: int
    means: Literal["subway", "airplane"]
    kind: Literal["offer_ride"] = "offer_ride"


Effect = Annotated[
    FinishRoll
    | MoveAfterFine
    | MoveOn
    | Charge
    | RaiseBuilding
    | AuctionDeed
    | OfferMortgage
    | NextTurn
    | Resume
    | Throw
    | SendOn
    | ForcedBack
    | PlaceTradedHouse
    | CheckLotLimit
    | TravelMove
    | RideTo
    | OfferRide
    | RideOn
    | CheckEnding,
    Field(discriminator="kind"),
]

# --- the pieces on the table ----------------------------------------------------------------------


@dataclass(config=_STRICT)
class PlayerState:
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0  # failed rolls in this stay
    jail_cards: list[str] = Field(default_factory=list)  # the deck each held card returns to
    bankrupt: bool = False
    credit: int = 0  # bank credit not yet drawn (a crowded darrow-1935 table)
    circuits: int = 0  # times round the board
    hand: list[str] = Field(default_factory=list)  # other cards held, as "deck/card", oldest first
    next_roll_backward: bool = False  # his next throw moves him backwards
    tickets: list[int] = Field(default_factory=list)  # lots named on the lot tickets in hand
    luxuries: int = 0  # luxury tickets bought
    legacies: int = 0  # legacy tickets received
    in_poorhouse: bool = False
    poorhouse_pips: int = 0  # what the throws in the poorhouse add up to so far
    called_round: int = -1  # the round in which he last proposed to call the game (-1: never)


@dataclass(config=_STRICT)
class DeedState:
    """A title deed on the table. `level` is its buildings: 0 bare, then one house per level, and the
    level above the most houses a lot takes is its hotel (`engine.core.ruleset.Ruleset` defines which is
    which)."""

    owner: int | None = None
    level: int = Field(default=0, ge=0)
    mortgaged: bool = False


@dataclass(config=_STRICT)
class Journey:
    """The move under way, where an edition can take one back (a luxury declined loses the move): who
    moves, from where, which way, and the wages and circuits it has earned so far."""

    player: int
    start: int
    direction: int = 1
    wages: int = 0
    circuits: int = 0


@dataclass(config=_STRICT)
class BankState:
    houses: int
    hotels: int


@dataclass(config=_STRICT)
class GameState:
    edition: str
    rules: RuleOptions
    seed: int
    rng_state: int
    rng_inc: int
    players: list[PlayerState]
    deeds: dict[int, DeedState]
    bank: BankState
    decks: dict[str, list[str]]  # card ids, top first
    current: int = 0
    turn: int = 0  # turns played so far
    round: int = 0  # full rounds played so far
    doubles: int = 0  # doubles thrown in a row this turn
    last_dice: tuple[int, int] | None = None
    failed_jail_roll: tuple[int, int] | None = None  # for the Short Game's pay-after-rolling
    pot: int = 0  # the pot on the table: the Free Parking pot of the house rule, or an edition's pool
    markers: dict[str, int] = Field(default_factory=dict)  # movable pieces other than tokens, by space
    pending: Pending | None = None
    suspended: list[Pending] = Field(default_factory=list)
    queue: list[Effect] = Field(default_factory=list)
    next_trade_id: int = 1
    offers: list[TradeOffer] = Field(default_factory=list)  # trades proposed this turn, answered or not
    scripted_dice: list[tuple[int, int]] = Field(default_factory=list)
    winner: int | None = None
    boxes: dict[str, int] = Field(default_factory=dict)  # each money box: paid in less paid out
    charters: dict[int, int] = Field(default_factory=dict)  # franchise space -> who holds its charter
    loans: list[Loan] = Field(default_factory=list)
    next_loan_id: int = 1
    journey: Journey | None = None

    def to_json(self) -> str:
        return state_adapter().dump_json(self).decode()

    @staticmethod
    def from_json(text: str | bytes) -> GameState:
        return state_adapter().validate_json(text)

    def copy(self) -> GameState:
        """Return a deep, independent copy. Built field by field, not dumped and validated again (much faster,
        and a look-ahead copies a position for every playout of every course): the frozen parts (offers,
        pendings, effects, loans, the rule options) are shared, every mutable one is copied."""
        new = _bare(self)
        new.players = [_copy_player(p) for p in self.players]
        new.deeds = copy_deeds(self.deeds)
        new.bank = _bare(self.bank)
        new.decks = {name: list(cards) for name, cards in self.decks.items()}
        new.markers = dict(self.markers)
        new.suspended = list(self.suspended)
        new.queue = list(self.queue)
        new.offers = list(self.offers)
        new.scripted_dice = list(self.scripted_dice)
        new.boxes = dict(self.boxes)
        new.charters = dict(self.charters)
        new.loans = list(self.loans)
        new.journey = None if self.journey is None else _bare(self.journey)
        return new


_Piece = TypeVar("_Piece")
_new_object = object.__new__


def bare_copy(piece: _Piece) -> _Piece:
    """Return a shallow copy of one of the state's dataclasses, made without validating it again (a deed,
    the bank, the move under way: their fields are immutable values)."""
    new = object.__new__(type(piece))
    new.__dict__ = piece.__dict__.copy()  # a copy put in place: quicker than filling the new one's
    return new


_bare = bare_copy


def copy_deeds(deeds: dict[int, DeedState]) -> dict[int, DeedState]:
    """Return copies of the deeds on the table, by space: `bare_copy` of each, written out in the loop
    without a call per deed (every view and every look-ahead copies them all)."""
    out: dict[int, DeedState] = {}
    for space, deed in deeds.items():
        new = _new_object(DeedState)
        new.__dict__ = deed.__dict__.copy()
        out[space] = new
    return out


def copy_player(player: PlayerState) -> PlayerState:
    """Return an independent copy of a player's state (his lists copied), made without validating it again."""
    new = _bare(player)
    new.jail_cards = list(player.jail_cards)
    new.hand = list(player.hand)
    new.tickets = list(player.tickets)
    return new


_copy_player = copy_player


@cache
def state_adapter() -> TypeAdapter[GameState]:
    """Return the pydantic adapter that reads, writes and checks a whole state (built when first needed, not
    when the engine loads)."""
    return TypeAdapter(GameState)


# Immutable and asked for on every roll: shared instances spare the validation.
@cache
def awaiting_roll(player: int) -> AwaitingRoll:
    return AwaitingRoll(player=player)


@cache
def awaiting_end_turn(player: int) -> AwaitingEndTurn:
    return AwaitingEndTurn(player=player)


@cache
def buy_decision(player: int, space: int) -> BuyDecision:
    return BuyDecision(player=player, space=space)


@cache
def finish_roll(player: int, again: bool) -> FinishRoll:
    return FinishRoll(player=player, again=again)


CHECK_ENDING = CheckEnding()
"""The continuation that asks whether a move ended the game (Magie's circuits), queued after every move."""
