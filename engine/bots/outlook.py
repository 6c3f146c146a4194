"""The hard level's own play of Magie's 1904 game: it looks past the stop to the throws after it.

The shared play (`engine.bots.landlord`) weighs a way, a ride or a direction by the one stop it ends on.
But once a player has been round the set number of times and is clear of debt he chooses his way on
every throw until the slowest player is home, often for several circuits; the Legacy pays $100 on each
visit then, so where a stop leaves the token matters as much as the stop: a space from which the Legacy
is one throw away either way is worth far more than one from which it is not. So this play values each
space by what the throws from it should bring (a discounted sum over the dice, best way chosen on each
throw: a small value iteration over the forty spaces and the jail, on the stop costs of the table as it
stands) and chooses the way and the ride by stop plus that worth.

A note costs its interest only at wages, and the bank lends again at no charge, so it also repays its
notes when its next throw may reach Mother Earth, and borrows again when a lot wants buying.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.bots.landlord import LandlordPlay, Thrift
from engine.bots.position import Position
from engine.core.commands import ChooseDirection, ChooseRoute, Command, RepayLoan
from engine.core.phrases import N_, Phrase
from engine.core.state import DirectionChoice, Pending, RouteChoice
from engine.queries import earns_wages, loans_of, may_turn_back, repayment

TOTALS: tuple[tuple[int, float], ...] = tuple(
    (t, sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) / 36.0) for t in range(2, 13)
)
"""Each total of two dice and its chance."""
DOUBLE = 1.0 / 6.0
"""The chance that a throw is a double (the way out of jail)."""
MOST_PIPS = 12
"""The farthest one throw goes."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """Parameters of how far the hard level looks past the stop."""

    discount: float = 0.9  # what the next throw counts against this one
    sweeps: int = 12  # rounds of the value iteration (0.9 ** 12: the throws beyond hardly count)
    repay_before_wages: bool = True  # repays its notes when the next throw may reach Mother Earth


HARD_OUTLOOK = Outlook()


@cache
def _ends(forward: tuple[int, ...], backward: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Return, for each space and each dice total (in `TOTALS` order), where a move forward and one back
    end."""
    out = []
    for start in range(len(forward)):
        row = []
        for total, _ in TOTALS:
            f = b = start
            for _ in range(total):
                f = forward[f]
                b = backward[b]
            row.append((f, b))
        out.append(tuple(row))
    return tuple(out)


class OutlookPlay(LandlordPlay):
    """The shared 1904 play, with the way and the ride chosen by what lies beyond the stop, and notes
    repaid before the wages that would charge their interest."""

    def __init__(self, thrift: Thrift, outlook: Outlook = HARD_OUTLOOK) -> None:
        super().__init__(thrift)
        self.outlook = outlook

    # --- figures ------------------------------------------------------------------------------

    def space_worth(self, pos: Position, either_way: bool) -> tuple[list[float], list[float]]:
        """Return what each stop brings (less what it costs), and what the throws from each space should bring
        after it: discounted, choosing the better way on each throw when `either_way`. Index
        len(board) stands for the jail."""
        board = pos.board
        track = board.track
        n = len(board.kinds)
        gain = [-self.stop_cost(pos, s) for s in range(n)]
        jailing = [board.kinds[s] == "go_to_jail" for s in range(n)]
        jail = board.edition.jail.space if board.edition.jail is not None else 0
        ends = _ends(track.forward, track.backward)
        g = self.outlook.discount
        worth = [0.0] * (n + 1)
        for _ in range(self.outlook.sweeps):
            landed = [g * worth[n] if jailing[s] else gain[s] + g * worth[s] for s in range(n)]
            new = [0.0] * (n + 1)
            for s in range(n):
                row = ends[s]
                total = 0.0
                for k, (_, p) in enumerate(TOTALS):
                    f, b = row[k]
                    v = landed[f]
                    if either_way and landed[b] > v:
                        v = landed[b]
                    total += p * v
                new[s] = total
            # in jail: a double lets it out and it moves by that throw; otherwise it waits
            out = 0.0
            row = ends[jail]
            for k, (t, _) in enumerate(TOTALS):
                if t % 2 == 0:
                    f, b = row[k]
                    out += max(landed[f], landed[b]) if either_way else landed[f]
            new[n] = out / 36.0 + (1 - DOUBLE) * g * worth[n]
            worth = new
        return gain, worth

    def beyond(self, pos: Position, space: int, either_way: bool) -> float:
        """Return the worth of standing on `space` (the jail when it sends there), discounted one throw."""
        _, worth = self.worth_now(pos, either_way)
        n = len(pos.board.kinds)
        at = n if pos.board.kinds[space] == "go_to_jail" else space
        return self.outlook.discount * worth[at]

    def worth_now(self, pos: Position, either_way: bool) -> tuple[list[float], list[float]]:
        """Return `space_worth`, computed once per decision."""
        if self._memo_pos is not pos or self._memo_way != either_way:
            self._memo_pos, self._memo_way = pos, either_way
            self._memo = self.space_worth(pos, either_way)
        return self._memo

    _memo_pos: Position | None = None
    _memo_way = False
    _memo: tuple[list[float], list[float]] = ([], [])

    # --- the decisions ----------------------------------------------------------------------------

    def on_direction(self, pos: Position, pend: DirectionChoice, legal: list[Command]) -> Command:
        me = pos.me
        here = pos.view.players[me].position
        track = pos.board.track

        def worth(step: int) -> float:
            end = track.walk(here, pend.steps, direction=step).end
            return -self._walk_cost(pos, here, pend.steps, step) + self.beyond(pos, end, True)

        if worth(-1) > worth(1):
            cmd = ChooseDirection(player=me, direction="backward")
            return self.because(cmd, Phrase(N_("backward leaves me best placed for the throws after")))
        cmd = ChooseDirection(player=me, direction="forward")
        return self.because(cmd, Phrase(N_("forward leaves me best placed for the throws after")))

    def on_route(self, pos: Position, pend: RouteChoice, legal: list[Command]) -> Command:
        me = pos.me
        either = may_turn_back(pos.view, me)  # the throws after: either way, or forward only
        best, best_worth = pend.options[0], float("-inf")
        for way in pend.options:
            worth = -self._walk_cost(pos, way, pend.steps, pend.direction)
            if way != pend.at and pend.direction > 0 and earns_wages(pos.view, me):
                passed = pos.board.track.along(pend.at, way) or ()
                worth += self.thrift.wage_weight * sum(pos.board.pays[s] for s in passed)
            end = pos.board.track.walk(way, pend.steps, direction=pend.direction).end
            worth += self.beyond(pos, end, either)
            if worth > best_worth:
                best, best_worth = way, worth
        return self.because(ChooseRoute(player=me, space=best), Phrase(N_("that way leaves me best placed")))

    def on_end_turn(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """Repay notes before ending the turn when the next throw can reach Mother Earth.

        A note costs its interest only at wages and the bank lends again at no charge: so, the next throw
        able to reach Mother Earth, it repays what its cash allows (and borrows again when a lot wants
        buying)."""
        me = pos.me
        if self.outlook.repay_before_wages and earns_wages(pos.view, me):
            here = pos.view.players[me].position
            wages_at = pos.board.pay_spaces[0] if pos.board.pay_spaces else here
            to_go = pos.board.track.along(here, wages_at)
            if to_go is not None and len(to_go) <= MOST_PIPS:
                for loan in sorted(
                    loans_of(pos.view, me), key=lambda ln: (-ln.interest / ln.principal, ln.id)
                ):
                    repay = RepayLoan(player=me, loan=loan.id)
                    if repay in legal and pos.funds[me] >= repayment(pos.view, loan):
                        return self.because(
                            repay, Phrase(N_("wages are a throw away: no interest on a note repaid"))
                        )
        return super().on_end_turn(pos, pend, legal)
