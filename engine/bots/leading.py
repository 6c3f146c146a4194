"""The leader's group: no bot hands the player who leads the game the deed that completes his group for less
than the trade costs its own chance to win.

A bot prices a deal by its own reckoning of both sides, in dollars: a premium for completing a rival's
group, a floor on the printed price. Against the player who already leads, that is not enough: a group
completed for him may end the game, whatever the cash he paid for it. So before a bot accepts or proposes a
trade that completes a group for its partner, and the partner leads the table by the value of the position
(the learned value of the edition where there is one, the fitted linear value elsewhere), it asks that
value for its own chance after the trade: if the trade lowers it, the bot refuses, naming the least cash at
which its chance would not fall (if the partner has it), or does not make the offer.
"""

from __future__ import annotations

from engine.bots.judging import REASON_MOST, completed, group_words
from engine.bots.position import Position
from engine.bots.talk import asking_words
from engine.bots.thresholds import least_passing, round_up
from engine.core.commands import AcceptTrade, Command, RejectTrade
from engine.core.phrases import N_, Phrase
from engine.core.state import Bundle, TradeAnswer
from engine.core.unchecked import replaced
from engine.learned.value import learned_for
from engine.lookahead.judge import chances_now
from engine.play.view import GameView


def chances(view: GameView) -> list[float]:
    """Return each seat's chance to win as the table stands: by the learned value of its edition and table
    size where there is one, else by the fitted linear value."""
    learned = learned_for(view.edition, len(view.players), view.rules)
    if learned is not None:
        return learned.chances(view)
    return chances_now(view)


def chances_here(pos: Position) -> list[float]:
    """Return `chances` of the table as the bot sees it for this decision, worked out once for it."""
    key = chances_here  # the function itself: no other key of the memo is like it
    found = pos.memo.get(key)
    if found is None:
        found = pos.memo[key] = chances(pos.view)
    return found  # type: ignore[return-value]


def leads(view: GameView, player: int, now: list[float]) -> bool:
    """Whether `player` has the best chance at the table, among the players still in the game."""
    live = [p for p, state in enumerate(view.players) if not state.bankrupt]
    return player in live and max(live, key=lambda p: now[p]) == player


def after_trade(
    view: GameView, me: int, partner: int, gives: Bundle, gets: Bundle, extra: int = 0
) -> GameView:
    """Return the table after a trade in which `me` hands `partner` `gives` and gets `gets` and `extra` more
    cash from him (its deeds moved, its cash paid, and the interest due on mortgaged deeds paid by their
    new holder); nothing else moves."""
    board = view.board
    cash = {me: gets.cash - gives.cash + extra, partner: gives.cash - gets.cash - extra}
    deeds = dict(view.deeds)
    for receiver, bundle in ((partner, gives), (me, gets)):
        for s in bundle.deeds:
            deed = deeds[s]
            if deed.mortgaged:
                cash[receiver] -= board.interest(s)
            deeds[s] = replaced(deed, owner=receiver)
    players = [replaced(p, cash=p.cash + cash[k]) if k in cash else p for k, p in enumerate(view.players)]
    return view.model_copy(update={"players": players, "deeds": deeds})


def costs_me(pos: Position, partner: int, gives: Bundle, gets: Bundle, extra: int = 0) -> bool:
    """Whether a trade in which this bot hands `partner` `gives` for `gets` (and `extra` more cash from him)
    completes a group for him while he leads the game, and lowers its own chance to win."""
    if not completed(pos, gives, gets, partner):
        return False
    view, me = pos.view, pos.me
    now = chances_here(pos)
    if not leads(view, partner, now):
        return False
    return chances(after_trade(view, me, partner, gives, gets, extra))[me] < now[me]


def least_price(pos: Position, partner: int, gives: Bundle, gets: Bundle) -> int | None:
    """Return the least cash, beyond the trade's own, from `partner` at which the trade no longer lowers this
    bot's chance to win, or None if he does not hold that much."""
    view, me = pos.view, pos.me
    before = chances_here(pos)[me]
    most = pos.funds[partner] - (gets.cash - gives.cash)

    def enough(extra: int) -> bool:
        return chances(after_trade(view, me, partner, gives, gets, extra))[me] >= before

    if most <= 0 or not enough(most):
        return None
    return least_passing(0, most, enough)


def answer_leader(pos: Position, pend: TradeAnswer, cmd: Command) -> tuple[RejectTrade, Phrase] | None:
    """Return the refusal, and its reason, that replaces a bot's answer `cmd` to an offer where that answer
    would let the leader complete his group at a cost to its chance: an acceptance, or a price named below
    what its chance asks (then the price its chance asks is named instead, if he holds it). None where the
    answer stands."""
    t = pend.trade
    partner, gives, gets = t.proposer, t.take, t.give
    offered = gets.cash - gives.cash
    if isinstance(cmd, AcceptTrade):
        extra = 0
    elif isinstance(cmd, RejectTrade) and cmd.asking is not None and cmd.asking > offered:
        extra = cmd.asking - offered
    else:
        return None
    if not costs_me(pos, partner, gives, gets, extra):
        return None
    more = least_price(pos, partner, gives, gets)
    group = completed(pos, gives, gets, partner)[0]
    why = Phrase(N_("you lead, and that would complete your {group}"), group=group_words(pos, group))
    asking = None
    if more is not None:
        least = offered + max(more, extra)
        asking = round_up(least) if round_up(least) <= pos.funds[partner] else least  # in its favour
        words = asking_words(asking, len(t.take.deeds), len(t.give.deeds))
        joined = len(str(why)) + len(str(words)) < REASON_MOST
        why = Phrase(N_("{why}; {words}"), why=why, words=words) if joined else words
    return RejectTrade(player=pos.me, trade_id=t.id, reason=str(why), asking=asking), why
