"""The turning points of a game: the players' decisions that changed the chances most, each judged against
the alternative the player had, and told by what changed.

A decision is a command a player chose: buying a deed or declining it, an auction (told as its winner's,
at its price), accepting or refusing an offer (a trade, a deal, a loan), building, selling or mortgaging
(a run of them in a row as one), a jail choice, the way a tax is paid, going bankrupt (told with the debt
that broke him). The dice, the cards and the rents they bring are luck, never a decision: they are not
judged, and a decision is told without them. Nor is what a player sells or mortgages to pay a debt: the
rent or tax owed chose it.

Each decision is judged against its alternative: buying against declining, accepting against refusing
(and the other way round), the way a tax was paid against the other; an auction, a build, a mortgage or a
bankruptcy against the position just before it. Where the edition has a learned value
(`engine.learned.value`) both positions are valued by it, which has no luck of its own: the error of a
figure is how far its members disagree about it. Elsewhere the fitted linear value picks the
`CANDIDATES` decisions that moved the chances most, and the two positions of each (the alternative's and
the decision's) are played out under the same drawn luck (`engine.chances.values`: the k-th
playout of each throws the same dice): the error is the paired difference's.

A decision is a turning point when it moved the chances by a point or more and its player's own chance by
more than that figure's error: a refusal that only kept another player from a good trade is not one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from engine import Command, Game, GameState
from engine.chances import Z95, values
from engine.core.board import Board, board_for
from engine.core.commands import (
    AcceptDeal,
    AcceptLoan,
    AcceptTrade,
    AgreeToCall,
    BuyLot,
    BuyLuxury,
    BuyProperty,
    ChooseIncomeTax,
    DeclineLuxury,
    DeclineProperty,
    RefuseCall,
    RejectDeal,
    RejectLoan,
    RejectTrade,
    RentLot,
)
from engine.core.errors import IllegalCommand
from engine.core.events import (
    AuctionWon,
    BuildingBought,
    DealAccepted,
    DealCompleted,
    DealProposed,
    DealRejected,
    DebtIncurred,
    Event,
    LoanProposed,
    LoanRejected,
    LoanTaken,
    TradeCompleted,
    TradeProposed,
    TradeRejected,
)
from engine.core.narration import narrate
from engine.core.phrases import N_, Money, Phrase, Plural
from engine.lookahead.value import model_for

MOVE_PLAYOUTS = 150
"""Playouts a decision and its alternative are each played out from, where there is no learned value."""
CANDIDATES = 8
"""Decisions played out, where there is no learned value: those the fitted value says moved most."""
KEPT_MOST = 5
SMALL = 0.01
"""A decision that moved the chances less than this (a point) is not a turning point."""
EVENTS_TOLD = 5
"""At most this many events of a decision in words; the rest are counted."""

LUCK = frozenset({"roll_dice", "roll_with_travel_card", "end_turn"})
"""Commands that are not decisions: a throw of the dice (and what it brings), a turn handed on."""
STEPS = frozenset(
    {
        "propose_trade",
        "propose_deal",
        "propose_loan",
        "cancel_trade",
        "cancel_deal",
        "cancel_loan",
        "call_game",
    }
)
"""Commands that change nothing by themselves: an offer is judged where it is answered."""
RUNS = frozenset(
    {
        "build",
        "sell_building",
        "sell_lot",
        "mortgage",
        "unmortgage",
        "keep_mortgage",
        "borrow_from_bank",
        "repay_loan",
        "buy_ticket_lot",
    }
)
"""Commands that a player makes several of in a row, judged as one decision (three houses built)."""
BIDS = frozenset({"place_bid", "pass_auction"})
AUCTION_ENDS = frozenset({"auction_won", "auction_unsold", "building_auction_uncontested"})
UNTOLD = frozenset(
    {
        "turn_started",
        "bid_placed",
        "auction_passed",
        "property_offered",
        "trade_proposed",
        "deal_proposed",
        "lot_offered",
        "reason_given",
    }
)
"""Events a decision is told without: the steps to what changed (the bids of an auction), not the change."""

Alternative = Literal["declining", "buying", "refusing", "accepting", "renting", "other_way", "before"]
AGAINST: dict[str, str] = {
    "declining": N_("Against declining"),
    "buying": N_("Against buying"),
    "refusing": N_("Against refusing"),
    "accepting": N_("Against accepting"),
    "renting": N_("Against renting it"),
    "other_way": N_("Against paying the other way"),
    "before": N_("Before and after"),
}
"""How the chances of a turning point are introduced: what they are compared with."""


def _instead(cmd: Command) -> tuple[Command, Alternative] | None:
    """Return the other answer a player had to the question he answered with `cmd`, or None where the
    alternative is not making the move."""
    p = cmd.player
    match cmd:
        case BuyProperty():
            return DeclineProperty(player=p), "declining"
        case DeclineProperty():
            return BuyProperty(player=p), "buying"
        case AcceptTrade():
            return RejectTrade(player=p, trade_id=cmd.trade_id), "refusing"
        case RejectTrade():
            return AcceptTrade(player=p, trade_id=cmd.trade_id), "accepting"
        case AcceptDeal():
            return RejectDeal(player=p, deal_id=cmd.deal_id), "refusing"
        case RejectDeal():
            return AcceptDeal(player=p, deal_id=cmd.deal_id), "accepting"
        case AcceptLoan():
            return RejectLoan(player=p, offer=cmd.offer), "refusing"
        case RejectLoan():
            return AcceptLoan(player=p, offer=cmd.offer), "accepting"
        case AgreeToCall():
            return RefuseCall(player=p), "refusing"
        case RefuseCall():
            return AgreeToCall(player=p), "accepting"
        case BuyLot():
            return RentLot(player=p), "renting"
        case RentLot():
            return BuyLot(player=p), "buying"
        case BuyLuxury():
            return DeclineLuxury(player=p), "declining"
        case DeclineLuxury():
            return BuyLuxury(player=p), "buying"
        case ChooseIncomeTax():
            return ChooseIncomeTax(
                player=p, option="percent" if cmd.option == "flat" else "flat"
            ), "other_way"
    return None


@dataclass(frozen=True)
class Step:
    """One decision judged: who made it, what happened, and each player's chance with the alternative
    (`before`) and as it was made (`after`)."""

    turn: int
    seat: int
    lines: tuple[str | Phrase, ...]
    """What happened, as the narration phrases it; worked out in another process, so a phrase where it can
    be (said in the reader's language when shown, `room.review_words.what_happened`)."""
    reasons: tuple[tuple[int, str], ...]  # (bot seat, its reason in its own words)
    before: tuple[float, ...]
    after: tuple[float, ...]
    said: tuple[object, ...] = ()  # the lines as phrases, said in each reader's language (`lines`: English)
    errors: tuple[float, ...] = ()
    """How far each player's change may be off (a 95 % half-width, 0 to 1)."""
    against: str = AGAINST["before"]
    """What `before` is: the alternative the player had (`AGAINST`)."""
    kind: str = ""
    """The kind of the decision's first command ("buy_property", "build", "place_bid"...)."""

    @property
    def swing(self) -> float:
        """Return how far the decision shifted the chances: half the sum of every player's change (0 to 1)."""
        return sum(abs(a - b) for a, b in zip(self.after, self.before, strict=True)) / 2

    def gain(self, player: int) -> float:
        """Return how far the decision moved a player's chance (negative: lowered it)."""
        return self.after[player] - self.before[player]

    @property
    def error(self) -> float:
        """Return how far any player's change may be off: the largest error."""
        return max(self.errors, default=0.0)

    def own_error(self) -> float:
        """Return how far the change in the decider's own chance may be off."""
        return self.errors[self.seat] if self.seat < len(self.errors) else 0.0

    @property
    def beyond_error(self) -> bool:
        """Whether the decision moved its player's own chance by more than that figure's error."""
        return abs(self.gain(self.seat)) > self.own_error()

    def costs(self, player: int) -> bool:
        """Whether the decision lowered a player's chance by a point or more, and by more than its error."""
        lost = -self.gain(player)
        return lost >= SMALL and lost > (self.errors[player] if player < len(self.errors) else 0.0)


@dataclass(frozen=True)
class Decision:
    """A decision found in a game, with the positions it is judged from."""

    turn: int
    seat: int
    course: tuple[Command, ...]
    instead: Command | None
    against: Alternative
    before: GameState
    alternative: GameState  # the position the alternative leads to (`before` where it is not making it)
    after: GameState
    events: tuple[Event, ...]
    context: tuple[Event, ...]  # told before its events: the offer answered, the debt that broke a player


def decisions(initial: GameState, log: Sequence[Command]) -> list[Decision]:
    """Play the game again and return every decision in it, in order."""
    game = Game.from_state(initial)
    st = game.state
    found: list[Decision] = []
    offers: dict[int, Event] = {}  # the last offer made to each player
    debts: dict[int, Event] = {}  # the last debt each player ran into
    i = 0
    while i < len(log):
        cmd = log[i]
        i += 1
        if cmd.kind in LUCK or cmd.kind in STEPS:
            _note(game.apply(cmd), offers, debts)
            continue
        before = st.copy()
        turn = st.turn
        course = [cmd]
        events = list(game.apply(cmd))
        if cmd.kind in BIDS:
            while not any(e.kind in AUCTION_ENDS for e in events) and i < len(log) and log[i].kind in BIDS:
                course.append(log[i])
                events.extend(game.apply(log[i]))
                i += 1
        elif cmd.kind in RUNS:
            while i < len(log) and log[i].kind in RUNS and log[i].player == cmd.player:
                course.append(log[i])
                events.extend(game.apply(log[i]))
                i += 1
        if cmd.kind in RUNS and _in_debt(before, cmd.player):  # forced by the rent or tax that is owed
            _note(events, offers, debts)
            continue
        seat, context = _who_decided(cmd, events, offers, debts)
        other = _instead(cmd)
        alternative = before
        instead: Command | None = None
        against: Alternative = "before"
        if other is not None:
            tried = Game.from_state(before)
            try:
                tried.apply(other[0])
            except IllegalCommand:  # he had no other answer (the deed was beyond his cash)
                pass
            else:
                instead, against, alternative = other[0], other[1], tried.state
        found.append(
            Decision(
                turn + 1,
                seat,
                tuple(course),
                instead,
                against,
                before,
                alternative,
                st.copy(),
                tuple(events),
                context,
            )
        )
        _note(events, offers, debts)
    return found


def _in_debt(state: GameState, player: int) -> bool:
    """Whether a player is raising cash for a debt: what he sells or mortgages then, the debt chose."""
    pending = state.pending
    return pending is not None and pending.kind == "debt" and pending.player == player


def _note(events: Sequence[Event], offers: dict[int, Event], debts: dict[int, Event]) -> None:
    """Keep the last offer made to each player and the last debt each ran into."""
    for e in events:
        if isinstance(e, TradeProposed):
            offers[e.trade.to] = e
        elif isinstance(e, LoanProposed):
            offers[e.offer.to] = e
        elif isinstance(e, DealProposed):
            for p in e.deal.parties[1:]:
                offers[p] = e
        elif isinstance(e, DebtIncurred):
            debts[e.player] = e


ANSWERS = frozenset(
    {"accept_trade", "reject_trade", "accept_deal", "reject_deal", "accept_loan", "reject_loan"}
)
BROKE = frozenset({"declare_bankruptcy", "go_to_poorhouse"})


def _who_decided(
    cmd: Command, events: Sequence[Event], offers: dict[int, Event], debts: dict[int, Event]
) -> tuple[int, tuple[Event, ...]]:
    """Return who made the decision (an auction's winner), and the events it is told after: the offer a
    player refused, the debt that broke him."""
    seat = next((e.player for e in events if isinstance(e, AuctionWon)), cmd.player)
    if cmd.kind in ANSWERS and cmd.kind.startswith("reject") and cmd.player in offers:
        return seat, (offers[cmd.player],)
    if cmd.kind in BROKE and cmd.player in debts:
        return seat, (debts[cmd.player],)
    return seat, ()


# --- judging ------------------------------------------------------------------------------------------


class Appraiser(Protocol):
    """Type of a function valuing positions without luck: each member's chances at each table (members x
    tables x seats), or None where there is no such value for the game."""

    def __call__(
        self, tables: Sequence[Game], levels: Sequence[str | None]
    ) -> list[list[list[float]]] | None: ...


def learned(tables: Sequence[Game], levels: Sequence[str | None]) -> list[list[list[float]]] | None:
    """Value positions by the edition's learned value, each of its members apart; None where it has none."""
    if not tables:
        return None
    from engine.learned.value import learned_for

    first = tables[0].state
    value = learned_for(first.edition, len(first.players), first.rules)
    if value is None:
        return None
    return value.all_chances(tables, levels)[:, :, : len(first.players)].tolist()  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Judged:
    """Every decision judged, and how: `exact` by a value without luck, else by playouts."""

    steps: tuple[Step, ...]
    exact: bool


def judge_decisions(
    initial: GameState,
    log: Sequence[Command],
    names: Sequence[str],
    levels: Sequence[str | None],
    playouts: int = MOVE_PLAYOUTS,
    seed: int = 0,
    appraise: Appraiser = learned,
) -> Judged:
    """Find every decision of a game and judge it against its alternative (see the module's docstring)."""
    found = decisions(initial, log)
    if not found:
        return Judged((), True)
    tables = [Game(s) for d in found for s in (d.alternative, d.after)]
    members = appraise(tables, levels)
    if members is not None:
        steps = []
        for k, d in enumerate(found):
            per = [(m[2 * k], m[2 * k + 1]) for m in members]
            before = tuple(sum(a[p] for a, _ in per) / len(per) for p in range(len(names)))
            after = tuple(sum(b[p] for _, b in per) / len(per) for p in range(len(names)))
            errors = tuple(
                max(abs((b[p] - a[p]) - (after[p] - before[p])) for a, b in per) for p in range(len(names))
            )
            steps.append(_step(d, names, levels, before, after, errors))
        return Judged(tuple(steps), True)
    model = model_for(initial.edition)
    screened = []
    for k in range(len(found)):
        a, b = model.chances(tables[2 * k], levels), model.chances(tables[2 * k + 1], levels)
        screened.append((sum(abs(x - y) for x, y in zip(a, b, strict=True)), k))
    chosen = sorted(k for _, k in sorted(screened, reverse=True)[:CANDIDATES])
    steps = []
    for k in chosen:
        d = found[k]
        alone, made, spread = paired(d.alternative, d.after, playouts, seed, levels)
        steps.append(_step(d, names, levels, alone, made, spread))
    return Judged(tuple(steps), False)


def paired(
    first: GameState, second: GameState, playouts: int, seed: int, levels: Sequence[str | None]
) -> tuple[list[float], list[float], tuple[float, ...]]:
    """Return each player's chance from two positions, played out under the same drawn luck (the k-th
    playout of each draws the same dice and cards), and the 95 % half-width of each player's difference."""
    a = values(Game(first).view(None), 0, playouts, seed, levels=levels, value="linear")
    b = values(Game(second).view(None), 0, playouts, seed, levels=levels, value="linear")
    players = len(first.players)
    n = len(a)
    before = [sum(x[p] for x in a) / n for p in range(players)]
    after = [sum(y[p] for y in b) / n for p in range(players)]
    errors = []
    for p in range(players):
        diffs = [y[p] - x[p] for x, y in zip(a, b, strict=True)]
        mean = after[p] - before[p]
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        errors.append(Z95 * (var / n) ** 0.5)
    return before, after, tuple(errors)


def _step(
    d: Decision,
    names: Sequence[str],
    levels: Sequence[str | None],
    before: Sequence[float],
    after: Sequence[float],
    errors: Sequence[float],
) -> Step:
    said = told(d, names, board_for(d.before.edition))
    return Step(
        d.turn,
        d.seat,
        tuple(str(line) for line in said),
        reasons(d.events, levels),
        tuple(before),
        tuple(after),
        tuple(said),
        tuple(errors),
        AGAINST[d.against],
        d.course[0].kind,
    )


# --- telling ------------------------------------------------------------------------------------------


def told(d: Decision, names: Sequence[str], board: Board) -> list[object]:
    """Return what a decision changed, in phrases: the offer it answered or the debt that broke a player,
    the purchase, the auction and its price, the trade and its terms, the houses built, and any group it
    completed."""
    said: list[object] = [narrate(e, names, board) for e in d.context]
    events = [e for e in d.events if e.kind not in UNTOLD]
    if d.course[0].kind in BROKE:  # the bankruptcy, not the sales and hand-overs that follow it
        events = [e for e in events if e.kind == "player_bankrupt"]
    built = [e for e in events if isinstance(e, BuildingBought)]
    if len(built) > 1:
        events = [e for e in events if not isinstance(e, BuildingBought)]
        said.extend(_built(built, names, board))
    said.extend(narrate(e, names, board) for e in events)
    if len(said) > EVENTS_TOLD:
        said = [*said[:EVENTS_TOLD], Phrase(N_("... and {count} more"), count=len(said) - EVENTS_TOLD)]
    said.extend(completed(d.before, d.after, names, board))
    return said


def _built(built: Sequence[BuildingBought], names: Sequence[str], board: Board) -> list[object]:
    """Tell a run of buildings bought in a line for each player: how many, on which lots, for how much."""
    out: list[object] = []
    for player in dict.fromkeys(e.player for e in built):
        his = [e for e in built if e.player == player]
        values: dict[str, object] = {
            "name": names[player],
            "spaces": ", ".join(dict.fromkeys(board.name(e.space) for e in his)),
            "price": Money(sum(e.price for e in his)),
        }
        hotels = sum(1 for e in his if e.building == "hotel")
        if hotels:
            out.append(
                Plural(
                    "{name} built {n} hotel on {spaces} for {price}, the houses under it included.",
                    "{name} built {n} hotels on {spaces} for {price}, the houses under them included.",
                    hotels,
                    **values,
                )
            )
        else:
            out.append(
                Plural(
                    "{name} built {n} house on {spaces} for {price}.",
                    "{name} built {n} houses on {spaces} for {price}.",
                    len(his),
                    **values,
                )
            )
    return out


def completed(before: GameState, after: GameState, names: Sequence[str], board: Board) -> list[Phrase]:
    """Return a line for each group that a player came to hold whole."""
    out = []
    for group, spaces in board.members.items():
        if len(spaces) < 2:
            continue
        owners = {after.deeds[s].owner for s in spaces}
        had = {before.deeds[s].owner for s in spaces}
        owner = next(iter(owners))
        if len(owners) == 1 and owner is not None and had != owners:
            out.append(
                Phrase(
                    N_("{name} now holds the whole {group}."), name=names[owner], group=_group(board, group)
                )
            )
    return out


def _group(board: Board, group: str) -> Phrase:
    name = Phrase.within("edition", board.edition.groups[group].name.lower())
    if tuple(board.members[group]) in board.street_groups:
        return Phrase(N_("{colour} group"), colour=name)
    return Phrase(N_("set of {kind}"), kind=name)


def reasons(events: Sequence[Event], levels: Sequence[str | None]) -> tuple[tuple[int, str], ...]:
    """Return the reasons the bots that answered an offer gave for their answers."""
    out: list[tuple[int, str]] = []
    for e in events:
        who: int | None
        if isinstance(e, TradeCompleted):
            who = e.trade.to
        elif isinstance(e, DealCompleted):
            who = e.deal.parties[-1]  # the last to accept
        elif isinstance(e, LoanTaken):
            who = e.loan.lender
        elif isinstance(e, TradeRejected | LoanRejected | DealRejected | DealAccepted):
            who = e.player
        else:
            continue
        if e.reason and who is not None and 0 <= who < len(levels) and levels[who] is not None:
            out.append((who, e.reason))
    return tuple(out)


# --- choosing -----------------------------------------------------------------------------------------


def turning_points(steps: Sequence[Step], most: int = KEPT_MOST) -> tuple[Step, ...]:
    """Return the decisions, at most `most`, that moved the chances most, each by a point or more and beyond
    its error, in the order they were made."""
    ranked = sorted((s for s in steps if s.swing >= SMALL and s.beyond_error), key=lambda s: -s.swing)
    order = {id(s): i for i, s in enumerate(steps)}
    return tuple(sorted(ranked[:most], key=lambda s: (s.turn, order[id(s)])))


def costliest(steps: Sequence[Step], players: int) -> tuple[Step | None, ...]:
    """Return each player's decision that lowered his own chance most, by a point or more and beyond its
    error, or None. Going bankrupt does not count: the debt chose it."""
    out: list[Step | None] = []
    for p in range(players):
        own = [s for s in steps if s.seat == p and s.kind not in BROKE and s.costs(p)]
        out.append(min(own, key=lambda s: s.gain(p)) if own else None)
    return tuple(out)
