"""Which bot reasons are shown for a move, and when, beyond the rules' own events.

A bot's reason for a decision still open is private until it closes: "I will go as far as $256" told
while the auction runs would let anyone win it for $257, and "it is worth $300 to me" told while a deal
waits on the others would tell them what the bot would accept. So while an auction, an offer, a deal, a
loan or a call is open, every reason given is kept back, and told, in the order given, once it closes;
but for a bid's own reason, which says why the bot bids and names no figure ("I bid for Oriental Avenue:
it completes my group"): it is told with its bid, so that an auction reads bid, reason, bid, reason and
then its result. A bid's reason that names a figure (a limit, in a game saved before bids' reasons left it
out) waits like the rest.
Reasons an answer carries in its own words (agreeing to a deal others have still to answer) are kept
back the same way. A proposal's own reason is told with it (the offer's terms are on the table already;
its reason is what the others weigh it by). A move's reason is told after its first event, the move
itself, and before what that led to: "mortgaged Oriental Avenue", its reason, then the rent the mortgage
paid; never after who won an auction, the next turn or the end of the game it led to. Reasons released by
a closing move follow its events up to those, so that the reasons of an auction's bids come before who
won it. The reasons are kept by the place of their move from the start: only the telling waits. A bot
playing a person's seat while they are away speaks as that bot, never in the person's name
(`ReasonGiven.stand_in`).

Every story of a game goes through here: the live table (`room.Room`), a game taken up again
(`room.replay`), a past game stepped through (`room.past_game`) and a save told as text
(`saves.history.Story`), so they tell the same reasons in the same places.

A reason is told when it tells something new: the same words from the same player (the same figures, the
same grounds: "I buy every deed I land on while I keep $150") are told again only `REPEAT_AFTER` turns
after they were last told. A reason whose cash kept back, deed or group changed is other words, and told.
The reasons are kept all the same, by the place of their move, for the review.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engine import Event, GameState
from engine.core.events import BidPlaced, ReasonGiven, TurnStarted

OPEN = frozenset({"auction", "trade_answer", "deal_answer", "loan_answer", "call_answer"})
"""What the game may wait on while a decision involving several players is still open."""

CARRIED = frozenset(
    {
        "trade_completed",
        "trade_rejected",
        "deal_accepted",
        "deal_completed",
        "deal_rejected",
        "loan_taken",
        "loan_rejected",
        "call_answered",
    }
)
"""Events that carry, in their `reason`, the words of the player who answered."""


REPEAT_AFTER = 30
"""Turns (each player's turn counts one) before a player's same reason is told again."""

AFTERWARDS = frozenset({"auction_won", "auction_unsold", "turn_started", "game_over"})
"""What a move may go on to after closing a decision: the reasons it released, and its own, are told
before it, with the moves they explain (never after who won the auction they bid in, after "Game over",
or in the next player's turn)."""

PROPOSALS = frozenset({"trade_proposed", "deal_proposed", "loan_proposed", "call_proposed"})
"""Events of a move that opens a decision by offering something: the proposer's reason is told with it."""


def decision_open(state: GameState) -> bool:
    """Whether the game is in the middle of a decision among players: bids, offers or a call unanswered."""
    pend = state.pending
    if pend is not None and pend.kind in OPEN:
        return True
    return any(p.kind in OPEN for p in state.suspended)


def as_stand_in(events: Sequence[Event], people: Collection[int]) -> list[Event]:
    """Return the events with every reason given for a person's seat marked as a stand-in's: people give no
    reasons, so one recorded for their seat came from the bot that played it while they were away."""
    return [
        e.model_copy(update={"stand_in": True})
        if isinstance(e, ReasonGiven) and e.player in people and not e.stand_in
        else e
        for e in events
    ]


class Discretion:
    """Holds back the reasons given while a decision is open, and releases them once it closes."""

    def __init__(self, held: Sequence[tuple[int, ReasonGiven]] = (), told: Sequence[Event] = ()) -> None:
        """`held` are the reasons of a decision still open, `told` the story so far of a game taken up
        again (the reasons it told, and when, are not told again too soon)."""
        self._held: list[tuple[int, ReasonGiven]] = list(held)
        self._said: dict[tuple[int, str], int] = {}  # (player, reason) -> the turn it was last told
        turn = 0
        for e in told:
            if isinstance(e, TurnStarted):
                turn = e.turn
            elif isinstance(e, ReasonGiven):
                self._said[e.player, e.reason] = turn

    def _fresh(self, reasons: Sequence[Event], turn: int) -> list[Event]:
        """Return the reasons that tell something new at `turn`, remembering them as told."""
        fresh: list[Event] = []
        for e in reasons:
            assert isinstance(e, ReasonGiven)
            last = self._said.get((e.player, e.reason))
            if last is not None and turn - last < REPEAT_AFTER:
                continue
            self._said[e.player, e.reason] = turn
            fresh.append(e)
        return fresh

    @property
    def held(self) -> tuple[tuple[int, ReasonGiven], ...]:
        """The reasons held back, each with the place of its move in the game's log."""
        return tuple(self._held)

    def tell(self, events: Sequence[Event], after: GameState, move: int) -> list[Event]:
        """Return the events of the move at `move` in the log, as the table shows them, `after` being the
        game's state after it."""
        if decision_open(after):
            proposal = any(e.kind in PROPOSALS for e in events)
            bidders = {e.player for e in events if isinstance(e, BidPlaced)}
            told: list[Event] = []
            for e in events:
                if isinstance(e, ReasonGiven) and not proposal:
                    if e.player in bidders and not any(c.isdigit() for c in e.reason):
                        told.extend(self._fresh([e], after.turn))  # why it bids, told with its bid
                        continue
                    self._held.append((move, e))
                    continue
                words = getattr(e, "reason", "") if e.kind in CARRIED else ""
                if words:
                    player = getattr(e, "player", None)
                    if isinstance(player, int):
                        self._held.append((move, ReasonGiven(rule=e.rule, player=player, reason=words)))
                        e = e.model_copy(update={"reason": ""})
                told.append(e)
            return told
        released = self._fresh([e for _, e in self._held], after.turn)
        self._held.clear()
        own = self._fresh([e for e in events if isinstance(e, ReasonGiven)], after.turn)
        moves = [e for e in events if not isinstance(e, ReasonGiven)]
        cut = next((i for i, e in enumerate(moves) if e.kind in AFTERWARDS), len(moves))
        if released:
            return [*moves[:cut], *released, *own, *moves[cut:]]
        first = min(cut, 1)  # the move itself: what it led to (a debt paid off, a bid winning) follows
        return [*moves[:first], *own, *moves[first:]]

    def forget_from(self, move: int) -> None:
        """Drop held reasons from `move` on: those moves were taken back."""
        self._held = [(m, e) for m, e in self._held if m < move]
