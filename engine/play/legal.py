"""What a player may do now: every candidate command with the reason it would be refused, if it would.

`options` lists the commands a player might think of (his decision, and building, selling and mortgaging
on each of his deeds), each with the refusal the same check `apply` runs gives it, so that an interface
can show why a key does nothing without asking again. `legal_commands` keeps the ones that pass.
A bid is listed once, at the smallest legal amount; trade proposals are not listed (any well-formed offer
may be made while trading is open, see `engine.rules.trades.trading_open`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from engine.core.commands import (
    AcceptDeal,
    AcceptLoan,
    AcceptTrade,
    AgreeToCall,
    BorrowFromBank,
    Build,
    BuyLot,
    BuyLuxury,
    BuyProperty,
    BuyTicketLot,
    CallGame,
    CancelDeal,
    CancelLoan,
    CancelTrade,
    ChooseDirection,
    ChooseIncomeTax,
    ChooseRoute,
    ClaimHalfWinnings,
    Command,
    DeclareBankruptcy,
    DeclineLuxury,
    DeclineProperty,
    DoneWithTickets,
    EndTurn,
    GoToPoorhouse,
    KeepCard,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    PlayRefundCard,
    PlayTravelCards,
    RefuseCall,
    RejectDeal,
    RejectLoan,
    RejectTrade,
    RentLot,
    RepayLoan,
    RollDice,
    RollWithTravelCard,
    SellBuilding,
    SellLot,
    TakeRide,
    Unmortgage,
    UseJailCard,
    simple,
)
from engine.core.phrases import Phrase
from engine.core.registry import COMMANDS
from engine.core.state import (
    Auction,
    DealAnswer,
    ExcessLots,
    LoanAnswer,
    MortgageDecision,
    RideChoice,
    RouteChoice,
    TradeAnswer,
    WinningsChoice,
)
from engine.core.unchecked import unchecked
from engine.rules.checks import HELD_UP
from engine.rules.hands import held_of
from engine.rules.landlords_1904.loans import security_for
from engine.rules.money import funds

if TYPE_CHECKING:
    from engine.core.live import LiveGame


DeedCommand = Build | KeepMortgage | Mortgage | SellBuilding | SellLot | Unmortgage
"""The commands on one deed: a player and a space."""


@cache
def on_deed(kind: type[DeedCommand], player: int, space: int) -> Command:
    """Return the command of this kind on one deed, one shared instance for each player and space (commands
    are immutable): the candidates on every deed a player holds are listed at each of his decisions, and
    the fast players make the same few again and again."""
    return unchecked(kind)(player=player, space=space)


@cache
def choose_route(player: int, space: int) -> Command:
    """Return the choice of where to go on from a fork or a ride, one shared instance for each player and
    space (as `on_deed`)."""
    return ChooseRoute(player=player, space=space)


@cache
def choose_direction(player: int, direction: Literal["forward", "backward"]) -> Command:
    """Return the choice of the way to move, one shared instance for each player and way (as `on_deed`)."""
    return ChooseDirection(player=player, direction=direction)


@dataclass(frozen=True, slots=True)
class Option:
    """A command a player might give now, and why it would be refused (None: it would be taken)."""

    command: Command
    refusal: str | None = None
    code: str | None = None
    phrase: Phrase | None = None
    """The refusal as a phrase, for a front end to show in its player's language (`refusal`: its English)."""

    @property
    def legal(self) -> bool:
        return self.refusal is None


def options(game: LiveGame, player: int) -> list[Option]:
    """Return every candidate command of `player`, in a stable order, each with its refusal if any: his
    decision, and building, selling and mortgaging on every deed he holds."""
    st = game.state
    if st.winner is not None or not 0 <= player < len(st.players) or st.players[player].bankrupt:
        return []
    out: list[Option] = []
    for cmd in dict.fromkeys(_candidates(game, player, every=True)):
        refusal = game.check(cmd)
        out.append(
            Option(cmd) if refusal is None else Option(cmd, refusal.reason, refusal.code, refusal.phrase)
        )
    return out


def legal_commands(game: LiveGame, player: int) -> list[Command]:
    """Return the candidate commands that pass their checks.

    The candidates are built here from the state's own values, so they are well-formed: each is put to its
    rule's check alone, without `malformed`, which `Game.check` runs for a command from outside."""
    st = game.state
    if st.winner is not None or not 0 <= player < len(st.players) or st.players[player].bankrupt:
        return []
    table = COMMANDS  # each candidate's own check, as `Game.check_rules` finds it
    # the same command twice is one shared instance (`on_deed`): told apart by identity, not by hashing
    # every candidate's fields
    distinct = {id(c): c for c in _candidates(game, player)}.values()
    return [c for c in distinct if table[c.__class__][0](game, c) is None]


def _candidates(game: LiveGame, player: int, every: bool = False) -> list[Command]:
    out: list[Command] = []
    pend = game.state.pending
    if pend is not None:
        if pend.player == player:
            out.extend(_DECISIONS[pend.kind](game, player, pend))
        if isinstance(pend, TradeAnswer) and pend.trade.proposer == player:
            out.append(CancelTrade(player=player, trade_id=pend.trade.id))
        if isinstance(pend, DealAnswer) and pend.deal.proposer == player:
            out.append(CancelDeal(player=player, deal_id=pend.deal.id))
        if isinstance(pend, LoanAnswer) and pend.offer.proposer == player:
            out.append(CancelLoan(player=player, offer=pend.offer.id))
    out.extend(_management(game, player, every))
    out.extend(_loans(game, player))
    return out


def _loans(game: LiveGame, player: int) -> list[Command]:
    """Return the loan commands: repaying each loan the player owes, and borrowing one note against the fewest
    lots that secure it (any number of notes against any lots may be asked for; this one stands for them)."""
    st = game.state
    if game.board.edition.loans is None:
        return []
    out: list[Command] = [RepayLoan(player=player, loan=ln.id) for ln in st.loans if ln.borrower == player]
    security = security_for(game, player, 1)
    if security is not None:
        out.append(BorrowFromBank(player=player, notes=1, security=security))
    return out


def _management(game: LiveGame, player: int, every: bool) -> list[Command]:
    """Return the building, selling and mortgaging commands on the player's deeds: those that could pass their
    checks, or (`every`) each of them on every deed, so that the refusals can be shown."""
    st = game.state
    pend = st.pending
    if not every and pend is not None and pend.kind in HELD_UP:
        return []
    out: list[Command] = []
    board = game.board
    mortgages = game.ruleset.mortgages or every
    buy_back = board.edition.bank_buys_lots
    cash = funds(game, player)
    deeds = st.deeds
    if every:
        for space in board.deeds:
            if deeds[space].owner != player:
                continue
            out += [on_deed(Mortgage, player, space), on_deed(Unmortgage, player, space)]
            if board.kinds[space] == "street":
                out += [on_deed(Build, player, space), on_deed(SellBuilding, player, space)]
                if buy_back:
                    out.append(on_deed(SellLot, player, space))
        return out
    kinds, group_of, house_cost = board.kinds, board.group_of, board.house_cost  # asked at every decision
    add = out.append
    built: set[str | None] = set()  # the groups with a building: no lot of them may be mortgaged
    if mortgages:
        for space in board.streets:
            if deeds[space].level:
                built.add(group_of[space])
    for space in board.deeds:
        deed = deeds[space]
        if deed.owner != player:
            continue
        if deed.mortgaged:
            if cash >= board.unmortgage_cost(space):  # lifting it is paid at once, in full
                add(on_deed(Unmortgage, player, space))
            continue
        street = kinds[space] == "street"
        if mortgages and not (street and group_of[space] in built):
            add(on_deed(Mortgage, player, space))
        if street:
            if cash >= house_cost[space]:  # a building is paid at once, in full
                add(on_deed(Build, player, space))
            if deed.level:
                add(on_deed(SellBuilding, player, space))
            if buy_back:
                add(on_deed(SellLot, player, space))
    return out


def _roll(game: LiveGame, p: int, pend: Any) -> list[Command]:
    out: list[Command] = [simple(RollDice, p), simple(PayJailFine, p), simple(UseJailCard, p)]
    if game.state.players[p].hand:
        out += _travel_plays(game, p)
    out.append(simple(CallGame, p))
    return out


TRAVEL_PAIRS_UP_TO = 6
"""Travel cards in hand up to which every ordered pair of them is listed as a play (beyond, single cards)."""


def _travel_plays(game: LiveGame, p: int) -> list[Command]:
    """Return the travel-card commands: cards played one at a time or two in either order, and each added to a
    throw."""
    cards = held_of(game, p, "travel")
    plays: list[Command] = [PlayTravelCards(player=p, cards=(c,)) for c in cards]
    if len(cards) <= TRAVEL_PAIRS_UP_TO:
        plays += [PlayTravelCards(player=p, cards=(a, b)) for a in cards for b in cards if a != b]
    plays += [RollWithTravelCard(player=p, card=c) for c in cards]
    return plays


def _end_turn(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [simple(EndTurn, p), simple(PayJailFine, p), simple(CallGame, p)]


def _buy(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [simple(BuyProperty, p), simple(DeclineProperty, p)]


def _auction(game: LiveGame, p: int, pend: Auction) -> list[Command]:
    """Return a bid at the least, a pass, and, for a lot where the bank buys lots back, selling one of his own
    first (with every ownership marker in use, the way to qualify to bid)."""
    out: list[Command] = [PlaceBid(player=p, amount=pend.next_minimum), simple(PassAuction, p)]
    if pend.lot == "deed" and game.board.edition.bank_buys_lots:
        deeds = game.state.deeds
        out += [on_deed(SellLot, p, s) for s in game.board.streets if deeds[s].owner == p]
    return out


def _income_tax(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [ChooseIncomeTax(player=p, option="flat"), ChooseIncomeTax(player=p, option="percent")]


def _debt(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [simple(DeclareBankruptcy, p), simple(GoToPoorhouse, p)]


def _trade_answer(game: LiveGame, p: int, pend: TradeAnswer) -> list[Command]:
    return [AcceptTrade(player=p, trade_id=pend.trade.id), RejectTrade(player=p, trade_id=pend.trade.id)]


def _deal_answer(game: LiveGame, p: int, pend: DealAnswer) -> list[Command]:
    return [AcceptDeal(player=p, deal_id=pend.deal.id), RejectDeal(player=p, deal_id=pend.deal.id)]


def _mortgage_decision(game: LiveGame, p: int, pend: MortgageDecision) -> list[Command]:
    return [on_deed(Unmortgage, p, pend.space), on_deed(KeepMortgage, p, pend.space)]


def _place_building(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [on_deed(Build, p, s) for s in game.board.streets if game.state.deeds[s].owner == p]


def _route(game: LiveGame, p: int, pend: RouteChoice) -> list[Command]:
    return [choose_route(p, s) for s in pend.options]


def _excess_lots(game: LiveGame, p: int, pend: ExcessLots) -> list[Command]:
    return [on_deed(SellLot, p, s) for s in pend.spaces]


def _ride(game: LiveGame, p: int, pend: RideChoice) -> list[Command]:
    return [TakeRide(player=p, space=s) for s in range(game.board.size)]


def _refund_card(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [simple(PlayRefundCard, p), simple(KeepCard, p)]


def _winnings_card(game: LiveGame, p: int, pend: WinningsChoice) -> list[Command]:
    return [*(ClaimHalfWinnings(player=p, target=w) for w in pend.winners), simple(KeepCard, p)]


def _lot_tickets(game: LiveGame, p: int, pend: Any) -> list[Command]:
    tickets = game.state.players[p].tickets
    return [*(BuyTicketLot(player=p, space=s) for s in tickets), simple(DoneWithTickets, p)]


def _rent_or_buy(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [simple(BuyLot, p), simple(RentLot, p)]


def _luxury(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [simple(BuyLuxury, p), simple(DeclineLuxury, p)]


def _direction(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [choose_direction(p, "forward"), choose_direction(p, "backward")]


def _loan_answer(game: LiveGame, p: int, pend: LoanAnswer) -> list[Command]:
    return [AcceptLoan(player=p, offer=pend.offer.id), RejectLoan(player=p, offer=pend.offer.id)]


def _call_answer(game: LiveGame, p: int, pend: Any) -> list[Command]:
    return [simple(AgreeToCall, p), simple(RefuseCall, p)]


_DECISIONS: dict[str, Callable[[LiveGame, int, Any], list[Command]]] = {
    "roll": _roll,
    "end_turn": _end_turn,
    "buy": _buy,
    "auction": _auction,
    "income_tax": _income_tax,
    "debt": _debt,
    "trade_answer": _trade_answer,
    "deal_answer": _deal_answer,
    "mortgage_decision": _mortgage_decision,
    "place_building": _place_building,
    "route": _route,
    "excess_lots": _excess_lots,
    "ride": _ride,
    "refund_card": _refund_card,
    "winnings_card": _winnings_card,
    "lot_tickets": _lot_tickets,
    "rent_or_buy": _rent_or_buy,
    "luxury": _luxury,
    "direction": _direction,
    "loan_answer": _loan_answer,
    "call_answer": _call_answer,
}
