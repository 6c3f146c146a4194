"""Events: what happened, in the past tense, with every amount and player involved.

Each event that moves money says so in `deltas()` (player, change of cash) and `pot_delta()`, so that a
ledger of events accounts for every dollar without diffing states.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core.rule_ids import RuleId
from engine.core.state import DealOffer, Loan, LoanOffer, TradeOffer
from engine.core.unchecked import unchecked

Lot = Literal["deed", "house", "hotel"]
BuildingKind = Literal["house", "hotel"]


class _Event(BaseModel):
    # Unknown keys are refused: the event log (`saves.eventlog`) reads events from outside.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ()

    def pot_delta(self) -> int:
        return 0

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        """Return (money box, change of its total) for every box the event pays into or out of."""
        return ()


class SeedPledged(_Event):
    """The game's fairness pledge, announced first: every throw and card comes from its secret seed, whose
    fingerprint (`engine.core.fairness`) this is. The seed itself is revealed when the game ends."""

    kind: Literal["seed_pledged"] = "seed_pledged"
    rule: RuleId = "turn.throw"
    fingerprint: str


class TurnStarted(_Event):
    kind: Literal["turn_started"] = "turn_started"
    rule: RuleId = "turn.order"
    player: int
    turn: int


class DiceRolled(_Event):
    kind: Literal["dice_rolled"] = "dice_rolled"
    rule: RuleId = "turn.throw"
    player: int
    dice: tuple[int, int]
    doubles: bool
    purpose: Literal[
        "move", "jail", "utility_rent", "poorhouse", "fare", "carnival", "card", "sweepstakes"
    ] = "move"


class PlayerMoved(_Event):
    kind: Literal["player_moved"] = "player_moved"
    rule: RuleId = "turn.throw"
    player: int
    from_space: int
    to_space: int
    via: Literal["dice", "card", "subway", "airplane"]
    backward: bool = False
    path: tuple[int, ...] = ()  # the spaces entered on the way, one per step (none for a jump)


class RouteChosen(_Event):
    """Where the track forks, the mover goes on from `to` (`at` itself: stays on this ring)."""

    kind: Literal["route_chosen"] = "route_chosen"
    rule: RuleId = "addon.bridge"
    player: int
    at: int
    to: int


class SentOn(_Event):
    """A space sent the token straight on to another (the Surprise Move): no salary on the way."""

    kind: Literal["sent_on"] = "sent_on"
    rule: RuleId = "space.surprise_move"
    player: int
    from_space: int
    to_space: int


class ForcedMove(_Event):
    """The forced move: `arriving` came to rest where `player` stood, so `player` goes back `steps`."""

    kind: Literal["forced_move"] = "forced_move"
    rule: RuleId = "space.forced_move"
    player: int
    arriving: int
    space: int
    steps: int


class PassedGo(_Event):
    """Paid for landing on or passing a space that pays (GO, or another edition's like of it)."""

    kind: Literal["passed_go"] = "passed_go"
    rule: RuleId = "salary.go"
    player: int
    salary: int
    landed: bool
    space: int = 0
    box: str = ""  # the money box the wages come out of ("": the bank)

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.salary),)

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, -self.salary),) if self.box else ()


class SentToJail(_Event):
    kind: Literal["sent_to_jail"] = "sent_to_jail"
    rule: RuleId = "jail.go_to_jail"
    player: int
    reason: Literal["go_to_jail", "card", "third_double"]
    space: int | None = None  # the space that sent him (its name is told)


class JailRollFailed(_Event):
    kind: Literal["jail_roll_failed"] = "jail_roll_failed"
    rule: RuleId = "jail.throw"
    player: int
    attempt: int


class LeftJail(_Event):
    kind: Literal["left_jail"] = "left_jail"
    rule: RuleId = "jail.throw"
    player: int
    how: Literal["doubles", "fine", "card"]


class JailFinePaid(_Event):
    kind: Literal["jail_fine_paid"] = "jail_fine_paid"
    rule: RuleId = "jail.fine"
    player: int
    amount: int
    forced: bool
    to_pot: bool = False
    box: str = ""  # the money box the fine went into ("": the bank)

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.amount),)

    def pot_delta(self) -> int:
        return self.amount if self.to_pot else 0

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, self.amount),) if self.box else ()


class JailCardUsed(_Event):
    kind: Literal["jail_card_used"] = "jail_card_used"
    rule: RuleId = "jail.free_card"
    player: int
    deck: str


class CardDrawn(_Event):
    kind: Literal["card_drawn"] = "card_drawn"
    rule: RuleId = "cards.draw"
    player: int
    deck: str
    card: str
    text: str


class PropertyOffered(_Event):
    kind: Literal["property_offered"] = "property_offered"
    rule: RuleId = "buy.unowned"
    player: int
    space: int
    price: int


class PropertyBought(_Event):
    kind: Literal["property_bought"] = "property_bought"
    rule: RuleId = "buy.unowned"
    player: int
    space: int
    price: int
    box: str = ""  # the money box the price went into ("": the bank)

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.price),)

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, self.price),) if self.box else ()


class PropertyDeclined(_Event):
    kind: Literal["property_declined"] = "property_declined"
    rule: RuleId = "buy.declined"
    player: int
    space: int


class AuctionStarted(_Event):
    kind: Literal["auction_started"] = "auction_started"
    rule: RuleId = "buy.declined"
    lot: Lot
    space: int
    bidders: tuple[int, ...]
    min_bid: int
    initiator: int | None = None


class BidPlaced(_Event):
    kind: Literal["bid_placed"] = "bid_placed"
    rule: RuleId = "auction.bids"
    player: int
    amount: int


class AuctionPassed(_Event):
    kind: Literal["auction_passed"] = "auction_passed"
    rule: RuleId = "auction.bids"
    player: int
    forced: bool = False  # could not raise the bid


class AuctionWon(_Event):
    kind: Literal["auction_won"] = "auction_won"
    rule: RuleId = "auction.result"
    player: int
    lot: Lot
    space: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.amount),)


class BuildingAuctionUncontested(_Event):
    """Nobody else bid for a building in short supply, so the player who asked builds at the printed price."""

    kind: Literal["building_auction_uncontested"] = "building_auction_uncontested"
    rule: RuleId = "build.shortage"
    player: int
    building: BuildingKind
    space: int


class AuctionUnsold(_Event):
    kind: Literal["auction_unsold"] = "auction_unsold"
    rule: RuleId = "auction.result"
    lot: Lot
    space: int


class RentPaid(_Event):
    kind: Literal["rent_paid"] = "rent_paid"
    rule: RuleId = "rent.printed"
    payer: int
    owner: int
    space: int
    amount: int
    detail: str = ""

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.payer, -self.amount), (self.owner, self.amount))


class TaxPaid(_Event):
    kind: Literal["tax_paid"] = "tax_paid"
    rule: RuleId = "tax.penalty"
    player: int
    space: int
    amount: int
    detail: str = ""
    to_pot: bool = False

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.amount),)

    def pot_delta(self) -> int:
        return self.amount if self.to_pot else 0


class PaidToBank(_Event):
    kind: Literal["paid_to_bank"] = "paid_to_bank"
    rule: RuleId = "cards.draw"
    player: int
    amount: int
    reason: str
    to_pot: bool = False

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.amount),)

    def pot_delta(self) -> int:
        return self.amount if self.to_pot else 0


class BankFeePaid(_Event):
    """A charge a special space makes, paid to the bank (a fare, a fee, the theatre's seats)."""

    kind: Literal["bank_fee_paid"] = "bank_fee_paid"
    rule: RuleId = "railroad.fare"
    player: int
    amount: int
    detail: str
    space: int | None = None

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.amount),)


class LotSold(_Event):
    """A lot and every house on it sold back to the bank at half their printed value."""

    kind: Literal["lot_sold"] = "lot_sold"
    rule: RuleId = "lots.sell_back"
    player: int
    space: int
    houses: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)


class PaidByBank(_Event):
    kind: Literal["paid_by_bank"] = "paid_by_bank"
    rule: RuleId = "cards.draw"
    player: int
    amount: int
    reason: str

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)


class PaidToPlayer(_Event):
    kind: Literal["paid_to_player"] = "paid_to_player"
    rule: RuleId = "cards.draw"
    payer: int
    payee: int
    amount: int
    reason: str

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.payer, -self.amount), (self.payee, self.amount))


class PotCollected(_Event):
    kind: Literal["pot_collected"] = "pot_collected"
    rule: RuleId = "space.free_parking_pot"
    player: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)

    def pot_delta(self) -> int:
        return -self.amount


class CreditDrawn(_Event):
    kind: Literal["credit_drawn"] = "credit_drawn"
    rule: RuleId = "setup.credit"
    player: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)


class BuildingBought(_Event):
    kind: Literal["building_bought"] = "building_bought"
    rule: RuleId = "build.evenly"
    player: int
    space: int
    building: BuildingKind
    price: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.price),)


class BuildingPlaced(_Event):
    """A building won at a shortage auction goes on a lot (already paid for)."""

    kind: Literal["building_placed"] = "building_placed"
    rule: RuleId = "build.shortage"
    player: int
    space: int
    building: BuildingKind


class BuildingSold(_Event):
    kind: Literal["building_sold"] = "building_sold"
    rule: RuleId = "build.sell"
    player: int
    space: int
    hotel_sold: bool
    houses_left: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)


class BuildingsReturned(_Event):
    """A bankrupt's buildings go back to the bank, unpaid, when the bank is the creditor."""

    kind: Literal["buildings_returned"] = "buildings_returned"
    rule: RuleId = "bankrupt.to_bank"
    player: int
    space: int
    houses: int
    hotel: bool


class Mortgaged(_Event):
    kind: Literal["mortgaged"] = "mortgaged"
    rule: RuleId = "mortgage.take"
    player: int
    space: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)


class Unmortgaged(_Event):
    kind: Literal["unmortgaged"] = "unmortgaged"
    rule: RuleId = "mortgage.lift"
    player: int
    space: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.amount),)


class MortgageKept(_Event):
    kind: Literal["mortgage_kept"] = "mortgage_kept"
    rule: RuleId = "mortgage.transfer"
    player: int
    space: int
    interest: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.interest),)


class TradeProposed(_Event):
    kind: Literal["trade_proposed"] = "trade_proposed"
    rule: RuleId = "trade.deeds"
    trade: TradeOffer


class TradeCompleted(_Event):
    kind: Literal["trade_completed"] = "trade_completed"
    rule: RuleId = "trade.deeds"
    trade: TradeOffer
    reason: str = ""  # the accepting player's one line, if he gave one

    def deltas(self) -> tuple[tuple[int, int], ...]:
        t = self.trade
        net = t.take.cash - t.give.cash
        return ((t.proposer, net), (t.to, -net))


class TradeRejected(_Event):
    kind: Literal["trade_rejected"] = "trade_rejected"
    rule: RuleId = "trade.deeds"
    trade_id: int
    player: int
    reason: str = ""
    asking: int | None = None  # the counter-price named: cash from the proposer (negative: to him)


class TradeCancelled(_Event):
    kind: Literal["trade_cancelled"] = "trade_cancelled"
    rule: RuleId = "trade.deeds"
    trade_id: int
    player: int


class DealProposed(_Event):
    kind: Literal["deal_proposed"] = "deal_proposed"
    rule: RuleId = "trade.deeds"
    deal: DealOffer


class DealAccepted(_Event):
    """One party agreed to his part; the deal waits on the next."""

    kind: Literal["deal_accepted"] = "deal_accepted"
    rule: RuleId = "trade.deeds"
    deal_id: int
    player: int
    reason: str = ""


class DealCompleted(_Event):
    kind: Literal["deal_completed"] = "deal_completed"
    rule: RuleId = "trade.deeds"
    deal: DealOffer
    reason: str = ""  # the last party's one line, if he gave one

    def deltas(self) -> tuple[tuple[int, int], ...]:
        d = self.deal
        return tuple((p, d.gets(p).cash - d.gives(p).cash) for p in d.parties)


class DealRejected(_Event):
    """A party refused his part, which ended the deal: nothing changed hands."""

    kind: Literal["deal_rejected"] = "deal_rejected"
    rule: RuleId = "trade.deeds"
    deal_id: int
    player: int
    reason: str = ""


class DealCancelled(_Event):
    kind: Literal["deal_cancelled"] = "deal_cancelled"
    rule: RuleId = "trade.deeds"
    deal_id: int
    player: int


class DebtIncurred(_Event):
    kind: Literal["debt_incurred"] = "debt_incurred"
    rule: RuleId = "debt.raise"
    player: int
    creditor: int | None
    amount: int
    reason: str
    box: str = ""  # owed to this money box rather than the bank


class PlayerBankrupt(_Event):
    kind: Literal["player_bankrupt"] = "player_bankrupt"
    rule: RuleId = "bankrupt.when"
    player: int
    creditor: int | None


class CashSurrendered(_Event):
    """A bankrupt's last cash goes to the creditor (None: the bank)."""

    kind: Literal["cash_surrendered"] = "cash_surrendered"
    rule: RuleId = "bankrupt.to_player"
    player: int
    creditor: int | None
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        if self.creditor is None:
            return ((self.player, -self.amount),)
        return ((self.player, -self.amount), (self.creditor, self.amount))


class DeedTransferred(_Event):
    kind: Literal["deed_transferred"] = "deed_transferred"
    rule: RuleId = "bankrupt.to_player"
    space: int
    from_player: int
    to_player: int | None  # None: back to the bank
    mortgaged: bool


class JailCardsTransferred(_Event):
    kind: Literal["jail_cards_transferred"] = "jail_cards_transferred"
    rule: RuleId = "bankrupt.to_player"
    from_player: int
    to_player: int | None
    count: int


class DeedDealt(_Event):
    kind: Literal["deed_dealt"] = "deed_dealt"
    rule: RuleId = "end.short_game"
    player: int
    space: int
    price: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.price),) if self.price else ()


class CardTaken(_Event):
    """A card went into a player's hand from `deck` (`card` empty: face down, for its holder's eyes)."""

    kind: Literal["card_taken"] = "card_taken"
    rule: RuleId = "cards.dealt"
    player: int
    deck: str
    card: str = ""


class TravelCardsPlayed(_Event):
    """Travel cards played instead of a throw (`cards` as "deck/card", in the order played)."""

    kind: Literal["travel_cards_played"] = "travel_cards_played"
    rule: RuleId = "addon.travel"
    player: int
    cards: tuple[str, ...]


class HeldCardPlayed(_Event):
    """A card held in hand was played ("deck/card") and went back under its deck."""

    kind: Literal["held_card_played"] = "held_card_played"
    rule: RuleId = "addon.refund_card"
    player: int
    card: str


class HeldCardKept(_Event):
    """A card held in hand that could have been played now ("deck/card") stays in hand for later."""

    kind: Literal["held_card_kept"] = "held_card_kept"
    rule: RuleId = "addon.refund_card"
    player: int
    card: str


class RideDeclined(_Event):
    """Offered a ride to any space (the Subway, the airplane), the player stayed where he stands."""

    kind: Literal["ride_declined"] = "ride_declined"
    rule: RuleId = "addon.subway"
    player: int
    space: int
    means: Literal["subway", "airplane"]


class BackwardRollSet(_Event):
    """The player's next throw will move him backwards."""

    kind: Literal["backward_roll_set"] = "backward_roll_set"
    rule: RuleId = "addon.move_backwards"
    player: int


class LevyThrown(_Event):
    """A throw that sets what every other player pays the thrower (`amount` each; 0: nothing)."""

    kind: Literal["levy_thrown"] = "levy_thrown"
    rule: RuleId = "addon.double_trouble"
    player: int
    space: int
    dice: tuple[int, int]
    amount: int


class TriplePlayThrown(_Event):
    kind: Literal["triple_play_thrown"] = "triple_play_thrown"
    rule: RuleId = "addon.triple_play"
    player: int
    dice: tuple[int, int, int]


class TriplePlayWon(_Event):
    """The bank paid a player for one of his triple play cards (`card` as "deck/card")."""

    kind: Literal["triple_play_won"] = "triple_play_won"
    rule: RuleId = "addon.triple_play"
    player: int
    card: str
    matches: int
    amount: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)


class PaidIntoBox(_Event):
    """A payment into one of the money boxes in the middle of the board (a tax, a fare, a rent)."""

    kind: Literal["paid_into_box"] = "paid_into_box"
    rule: RuleId = "space.necessity"
    player: int
    box: str
    amount: int
    reason: str  # in words: "the Bread tax", "rent for Lot 6"
    space: int | None = None

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.amount),)

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, self.amount),)


class FeePaid(_Event):
    """A payment to another player that is not a rent: a franchise's toll, interest on a loan."""

    kind: Literal["fee_paid"] = "fee_paid"
    rule: RuleId = "space.franchise"
    payer: int
    payee: int
    amount: int
    reason: str
    space: int | None = None

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.payer, -self.amount), (self.payee, self.amount))


class TicketsDealt(_Event):
    """Lot tickets drawn at the start: the lots a player may buy before the first throw."""

    kind: Literal["tickets_dealt"] = "tickets_dealt"
    rule: RuleId = "buy.tickets"
    player: int
    lots: tuple[int, ...]


class TicketsReturned(_Event):
    kind: Literal["tickets_returned"] = "tickets_returned"
    rule: RuleId = "buy.tickets"
    player: int
    lots: tuple[int, ...]


class LotOffered(_Event):
    kind: Literal["lot_offered"] = "lot_offered"
    rule: RuleId = "buy.unowned"
    player: int
    space: int
    price: int
    rent: int
    occupant: int | None = None


class StoppedShort(_Event):
    """Two tokens already stand on the lot a throw would end on: the mover stops a space before it."""

    kind: Literal["stopped_short"] = "stopped_short"
    rule: RuleId = "rent.stop_short"
    player: int
    space: int
    to_space: int


class LuxuryBought(_Event):
    kind: Literal["luxury_bought"] = "luxury_bought"
    rule: RuleId = "space.luxury"
    player: int
    space: int
    price: int
    box: str

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.price),)

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, self.price),)


class MoveLost(_Event):
    """A luxury declined: the token goes back where the move began, and the move's wages go back."""

    kind: Literal["move_lost"] = "move_lost"
    rule: RuleId = "space.luxury"
    player: int
    from_space: int
    to_space: int
    wages: int = 0
    circuits: int = 0
    box: str = ""  # where the wages go back to

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, -self.wages),) if self.wages else ()

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, self.wages),) if self.wages and self.box else ()


class FranchiseClaimed(_Event):
    kind: Literal["franchise_claimed"] = "franchise_claimed"
    rule: RuleId = "space.franchise"
    player: int
    space: int


class AwardReceived(_Event):
    """Paid for stopping on a space (a legacy), with a ticket to show for it."""

    kind: Literal["award_received"] = "award_received"
    rule: RuleId = "space.legacy"
    player: int
    space: int
    amount: int
    box: str

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, -self.amount),)


class CircuitCompleted(_Event):
    """Once more round the board, ticked on the tally sheet (`paid`: wages were earned for it)."""

    kind: Literal["circuit_completed"] = "circuit_completed"
    rule: RuleId = "end.circuits"
    player: int
    circuits: int
    paid: bool


class DirectionChosen(_Event):
    kind: Literal["direction_chosen"] = "direction_chosen"
    rule: RuleId = "turn.either_way"
    player: int
    backward: bool


class LoanTaken(_Event):
    """Money lent, by the bank against pledged lots or by a player on the terms agreed."""

    kind: Literal["loan_taken"] = "loan_taken"
    rule: RuleId = "loan.bank"
    loan: Loan
    box: str = ""  # the money box a bank loan comes out of
    reason: str = ""  # the lender's one line, when a player agreed to it

    def deltas(self) -> tuple[tuple[int, int], ...]:
        ln = self.loan
        if ln.lender is None:
            return ((ln.borrower, ln.principal),)
        return ((ln.borrower, ln.principal), (ln.lender, -ln.principal))

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, -self.loan.principal),) if self.box and self.loan.lender is None else ()


class LoanRepaid(_Event):
    kind: Literal["loan_repaid"] = "loan_repaid"
    rule: RuleId = "loan.bank"
    loan: int
    borrower: int
    lender: int | None
    amount: int
    left: int  # principal still owed
    box: str = ""

    def deltas(self) -> tuple[tuple[int, int], ...]:
        if self.lender is None:
            return ((self.borrower, -self.amount),)
        return ((self.borrower, -self.amount), (self.lender, self.amount))

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, self.amount),) if self.box and self.lender is None else ()


class LoanProposed(_Event):
    kind: Literal["loan_proposed"] = "loan_proposed"
    rule: RuleId = "loan.players"
    offer: LoanOffer


class LoanRejected(_Event):
    kind: Literal["loan_rejected"] = "loan_rejected"
    rule: RuleId = "loan.players"
    offer: int
    player: int
    reason: str = ""


class LoanCancelled(_Event):
    kind: Literal["loan_cancelled"] = "loan_cancelled"
    rule: RuleId = "loan.players"
    offer: int
    player: int


class WentToPoorhouse(_Event):
    """Unable to pay: the player's cash went to the creditor, the rest was forgiven, and he went to the
    poorhouse."""

    kind: Literal["went_to_poorhouse"] = "went_to_poorhouse"
    rule: RuleId = "debt.poorhouse"
    player: int
    creditor: int | None
    paid: int
    forgiven: int
    box: str = ""  # the money box owed, when not a player

    def deltas(self) -> tuple[tuple[int, int], ...]:
        if self.creditor is None:
            return ((self.player, -self.paid),) if self.paid else ()
        return ((self.player, -self.paid), (self.creditor, self.paid))

    def box_deltas(self) -> tuple[tuple[str, int], ...]:
        return ((self.box, self.paid),) if self.box and self.creditor is None and self.paid else ()


class PoorhouseThrow(_Event):
    kind: Literal["poorhouse_throw"] = "poorhouse_throw"
    rule: RuleId = "debt.poorhouse"
    player: int
    total: int  # the throws so far
    needed: int


class LeftPoorhouse(_Event):
    kind: Literal["left_poorhouse"] = "left_poorhouse"
    rule: RuleId = "debt.poorhouse"
    player: int
    to_space: int


class PotShareCollected(_Event):
    """A player took `percent` of the pot on the table."""

    kind: Literal["pot_share_collected"] = "pot_share_collected"
    rule: RuleId = "addon.tax_refund"
    player: int
    amount: int
    percent: int

    def deltas(self) -> tuple[tuple[int, int], ...]:
        return ((self.player, self.amount),)

    def pot_delta(self) -> int:
        return -self.amount


class HandTransferred(_Event):
    """A bankrupt's cards in hand go to his creditor (None: back under their decks)."""

    kind: Literal["hand_transferred"] = "hand_transferred"
    rule: RuleId = "bankrupt.to_player"
    from_player: int
    to_player: int | None
    count: int


class CallProposed(_Event):
    """`player` proposes to end the game now; `leader` is who would win by the count as it stands."""

    kind: Literal["call_proposed"] = "call_proposed"
    rule: RuleId = "end.called"
    player: int
    leader: int


class CallAnswered(_Event):
    kind: Literal["call_answered"] = "call_answered"
    rule: RuleId = "end.called"
    player: int
    agreed: bool
    reason: str = ""


class ReasonGiven(_Event):
    """A bot's explanation of why it made the move just reported (`engine.bots.Bot.reason`). No rule emits it:
    the table tells it after that move's events (before the next turn's start or the game's end they led
    to) and keeps it with the game's save, and bots are not shown it. The words are the bot's, so they are
    shown as plain text. Its rule is the rule of the move it explains (the last event of that move; see
    `reason_for`)."""

    kind: Literal["reason_given"] = "reason_given"
    rule: RuleId = "turn.order"  # made by `reason_for`, which names the rule of the move it explains
    player: int
    reason: str
    stand_in: bool = False  # said by a bot playing a person's seat while they are away, not by that person


class GameOver(_Event):
    kind: Literal["game_over"] = "game_over"
    rule: RuleId = "end.last_player"
    winner: int
    reason: Literal["last_player", "short_game", "time_limit", "circuits", "called"]
    standings: tuple[tuple[int, int], ...]  # (player, net worth), richest first


Event = Annotated[
    TurnStarted
    | DiceRolled
    | PlayerMoved
    | RouteChosen
    | SentOn
    | ForcedMove
    | PassedGo
    | SentToJail
    | JailRollFailed
    | LeftJail
    | JailFinePaid
    | JailCardUsed
    | CardDrawn
    | PropertyOffered
    | PropertyBought
    | PropertyDeclined
    | AuctionStarted
    | BidPlaced
    | AuctionPassed
    | AuctionWon
    | AuctionUnsold
    | BuildingAuctionUncontested
    | RentPaid
    | TaxPaid
    | PaidToBank
    | BankFeePaid
    | LotSold
    | PaidByBank
    | PaidToPlayer
    | PotCollected
    | CreditDrawn
    | BuildingBought
    | BuildingPlaced
    | BuildingSold
    | BuildingsReturned
    | Mortgaged
    | Unmortgaged
    | MortgageKept
    | TradeProposed
    | TradeCompleted
    | TradeRejected
    | TradeCancelled
    | DealProposed
    | DealAccepted
    | DealCompleted
    | DealRejected
    | DealCancelled
    | DebtIncurred
    | PlayerBankrupt
    | CashSurrendered
    | DeedTransferred
    | JailCardsTransferred
    | DeedDealt
    | CardTaken
    | TravelCardsPlayed
    | HeldCardPlayed
    | HeldCardKept
    | RideDeclined
    | BackwardRollSet
    | LevyThrown
    | TriplePlayThrown
    | TriplePlayWon
    | PotShareCollected
    | HandTransferred
    | PaidIntoBox
    | FeePaid
    | TicketsDealt
    | TicketsReturned
    | LotOffered
    | StoppedShort
    | LuxuryBought
    | MoveLost
    | FranchiseClaimed
    | AwardReceived
    | CircuitCompleted
    | DirectionChosen
    | LoanTaken
    | LoanRepaid
    | LoanProposed
    | LoanRejected
    | LoanCancelled
    | WentToPoorhouse
    | PoorhouseThrow
    | LeftPoorhouse
    | CallProposed
    | CallAnswered
    | ReasonGiven
    | SeedPledged
    | GameOver,
    Field(discriminator="kind"),
]


@cache
def event_adapter() -> TypeAdapter[Event]:
    """Return the pydantic adapter that reads and writes one event as JSON (built when first needed, not when
    the engine loads)."""
    return TypeAdapter(Event)


@cache
def event_list_adapter() -> TypeAdapter[list[Event]]:
    return TypeAdapter(list[Event])


def maker(cls: type[_Event]) -> Callable[[dict[str, Any]], Any]:
    """Return a validated constructor taking a dict: half the cost of `cls(**kw)`, for the events of every
    turn."""
    return cls.__pydantic_validator__.validate_python


def interned(cls: type[_Event], *fields: str) -> Callable[..., Any]:
    """Return a constructor for an event that recurs with the same values (a throw, a move, a rent).

    Events are immutable, so one instance serves every time those values come round again: the commonest
    events of a game cost a lookup in `functools.cache`, whose calls do not enter Python at all once the
    values have been seen. The rules give the values, so the first is not validated either
    (`engine.core.unchecked`).
    """
    build = unchecked(cls)

    @cache
    def make(*values: Any) -> Any:
        return build(**dict(zip(fields, values, strict=True)))

    return make


def reason_for(events: Sequence[Event], player: int, reason: str, stand_in: bool = False) -> ReasonGiven:
    """Build a bot's `ReasonGiven`, reported after the events of its move: it carries the rule that move came
    under."""
    rule: RuleId = events[-1].rule if events else "turn.order"
    return ReasonGiven(rule=rule, player=player, reason=reason, stand_in=stand_in)
