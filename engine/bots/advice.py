"""The advisor: the options a player weighs at the decision the game waits on him for, each with his chance to
win after it, the one that leaves him the best chance picked, and why, in words to him.

The options are worked out from that player's own view, as the expert sees any table: the expert's move and
the others a player weighs there (`engine.bots.advice_options`: accept or refuse, buy or let it go to
auction, build now or keep the cash, propose the trade or not). They are judged under the same luck
(`engine.lookahead.judge`) and valued as the chances panel values a position: where the views show a value
alone (the learned value, or the fitted one where it judges as well), each option is played on by the fast
copy of the shark's plan only until its decision has resolved (an auction over, an offer answered) and
valued there, so that the dice's luck never enters; elsewhere each is played one round on, as the panel
plays its playouts, from as many of them. Two seeds of the analysis tell the same figure within a point.

The option picked is the one shown with the highest chance. Where the next one lies within the estimate's
error of it (the paired difference within its 95 % margin, or less than a point), the advice says the two
are too close to call, and which it would take: the higher figure, the expert's own move where that is it.
Where the caller knows each seat's level (a table does), the options are valued with it, as the chances
panel values the table.

A trade is only ever suggested, never made: the advice carries its terms (`Advice.command`, a
`ProposeTrade`) for a front end to open in its negotiator or spell out, and never terms below a price the
partner named for the same deeds when he refused them this game (`engine.bots.advice_options.within_named`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.bots.advice_options import Refusal, weighed, within_named
from engine.bots.expert import ExpertBot
from engine.bots.judging import answer_figures
from engine.bots.position import Position
from engine.chances import SHOWN_HORIZON, SHOWN_PLAYOUTS, Z95, valued_alone
from engine.core.commands import AcceptTrade, Command, EndTurn, ProposeTrade, RollDice
from engine.core.phrases import N_, Phrase
from engine.core.state import GameState
from engine.learned.acceptance import acceptance_for
from engine.learned.moves import weigh_offers
from engine.learned.value import learned_for
from engine.lookahead.judge import Course, Verdict, judge
from engine.play.view import GameView

if TYPE_CHECKING:
    from engine.learned.model import LearnedValue

PLAYOUTS = 96
"""Drawn positions each option is tried on, each played to the end of its turn: with the same luck for
every option, enough for the figures of two seeds to agree within a point (`python bench/advisor.py`)."""
TURNS = 1
"""How far an option may be played before its position is valued: to the end of the turn it is taken in at
most, and no further than its decision is settled (`settled_after`)."""
SETTLED = frozenset({"roll", "end_turn"})
"""What the game waits on once a decision is settled: a throw or the end of a turn."""
PLAYED = SHOWN_PLAYOUTS
"""Drawn positions each option is played out from where the views show a figure worked out by playouts
(Finance, a game with rule options: `engine.chances.valued_alone` says which): as many as the chances panel
plays, each played one round on as it plays them, so that moving on shows the panel's own figure
(`python bench/advisor.py`)."""
CLOSE = 0.01
"""Options whose chances lie less than this apart are too close to call however sure the difference."""


@dataclass(frozen=True, slots=True)
class Option:
    command: Command
    chance: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The option picked, why, and the options with the chances they leave, best first."""

    command: Command
    """The option picked: the first of `options`. A `ProposeTrade` is a suggestion, to be shown, not sent."""
    reason: str
    options: tuple[Option, ...]
    said: Phrase | str = ""
    """The reason as a translatable phrase, for a front end to render in its player's language (`reason` is
    its English)."""
    close: bool = False
    """Whether the next option lies within the estimate's error of the one picked: too close to call."""

    def __post_init__(self) -> None:
        if not self.said:  # made with its English words only (an advisor from before, a test)
            object.__setattr__(self, "said", self.reason)

    @property
    def draft(self) -> ProposeTrade | None:
        """The trade suggested, to open in a negotiator or spell out; None where the advice is no trade."""
        return self.command if isinstance(self.command, ProposeTrade) else None


def advise(
    view: GameView,
    legal: list[Command],
    seed: int = 0,
    levels: Sequence[str | None] | None = None,
    refused: Sequence[Refusal] = (),
) -> Advice:
    """Return the advice for the seat whose view this is (`view.me`), among `legal`; `levels` names each
    seat's bot level (None for a person), where the caller knows who sits where; `refused`, the offers
    refused this game with a price named (`engine.bots.advice_options.refusals`)."""
    me = view.me
    if me is None:
        raise ValueError("advice is for a seat: a spectator's view has none")
    move = ExpertBot(seed, me).choose(view, legal)
    offer: ProposeTrade | None = None
    if isinstance(move, ProposeTrade):
        offer = within_named(view, move, refused)
        onward = next((c for c in legal if isinstance(c, EndTurn | RollDice)), None)
        if offer is None and onward is not None:
            move = onward
        elif offer is not None:
            move = offer
    options = weighed(view, legal, move)
    value = learned_for(view.edition, len(view.players), view.rules)
    courses: list[Course] = [[] if isinstance(c, RollDice) else [c] for c in options]
    taken = accepted(view, offer, value) if offer is not None and offer == move and len(options) > 1 else None
    if offer is not None and taken is not None:  # judged made and accepted, against moving on, weighed below
        accept = AcceptTrade(player=offer.to, trade_id=view.next_trade_id)  # by the chance it is accepted
        courses = [courses[1], [offer, accept], *courses[2:]]
    alone = valued_alone(view)  # valued as the views value a position: as it stands, or played on a round
    verdicts = judge(
        view,
        me,
        courses,
        PLAYOUTS if alone else PLAYED,
        seed,
        SHOWN_HORIZON,
        levels=levels,
        policy=ExpertBot.playout_policy,
        value=value,
        turns=TURNS if alone else None,
        settled=settled_after(view.turn) if alone else None,
        luck=not alone,
    )
    if taken is not None:
        verdicts = [*_proposed(verdicts[1], verdicts[0], taken), *verdicts[2:]]
    order = sorted(range(len(options)), key=lambda i: (-verdicts[i].chance, i))
    best = order[0]
    close = len(order) > 1 and _too_close(verdicts, best, order[1])
    said = _why(view, options, verdicts, order, close, taken)
    shown = tuple(Option(options[i], verdicts[i].chance, verdicts[i].low, verdicts[i].high) for i in order)
    return Advice(options[best], str(said), shown, said, close)


def settled_after(turn: int) -> Callable[[GameState], bool]:
    """Return whether a position reached from a decision of `turn` has settled it: the game waits on a throw
    or on the end of a turn again (an auction, an answer, a debt is over), or the turn is over."""

    def settled(st: GameState) -> bool:
        pend = st.pending
        return st.turn != turn or pend is None or pend.kind in SETTLED

    return settled


def accepted(view: GameView, offer: ProposeTrade, value: LearnedValue | None) -> float | None:
    """Return the chance the partner accepts the offer, by the learned acceptance model (as the expert prices
    its offers); None where the edition has none, and the offer is judged as the playouts' players answer
    it."""
    model = acceptance_for(view.edition)
    if value is None or model is None:
        return None
    side = Position(view, offer.to)
    figures = [answer_figures(side, offer.player, offer.give, offer.take)]
    weighed = weigh_offers(value, view, offer.player, [offer], 0.0, model, figures)
    return weighed[0].accepted if weighed else 0.0


def _proposed(made: Verdict, onward: Verdict, taken: float) -> list[Verdict]:
    """Return the verdicts of proposing an offer and of moving on without it, proposing first: the offer's
    chance is the move on's, plus its edge if accepted times the chance it is (`taken`)."""
    edge = taken * made.edge
    chance = onward.chance + edge
    low = onward.low + taken * (made.low - onward.low)
    high = onward.high + taken * (made.high - onward.high)
    mine = Verdict(chance, min(low, chance), max(high, chance), 0.0, 0.0, onward.others)
    other = Verdict(onward.chance, onward.low, onward.high, -edge, taken * made.error, onward.others)
    return [mine, other]


def _too_close(verdicts: list[Verdict], a: int, b: int) -> bool:
    """Whether option `a`'s lead over `b` lies within the estimate's error: its paired difference (against
    the first option, which the judge pairs every option with) within its 95 % margin, or under a point."""
    if b == 0:
        diff, error = verdicts[a].edge, verdicts[a].error
    elif a == 0:
        diff, error = -verdicts[b].edge, verdicts[b].error
    else:  # neither is the first: their errors added, as if their luck were unshared (the wider margin)
        diff = verdicts[a].edge - verdicts[b].edge
        error = (verdicts[a].error ** 2 + verdicts[b].error ** 2) ** 0.5
    return diff < max(Z95 * error, CLOSE)


def _why(
    view: GameView,
    options: list[Command],
    verdicts: list[Verdict],
    order: list[int],
    close: bool,
    taken: float | None,
) -> Phrase:
    """Return why the pick, said to the player about his seat."""
    best = order[0]
    chance = 100 * verdicts[best].chance
    if len(order) == 1:
        return Phrase(
            N_("it is the one move to weigh here; it leaves you about {chance:.0f}% to win"), chance=chance
        )
    if close:
        if best == 0:
            return Phrase(
                N_(
                    "the options lie within the estimate's error of each other; this one is the expert's own "
                    "move here, and it shows your highest chance, about {chance:.0f}%"
                ),
                chance=chance,
            )
        return Phrase(
            N_(
                "the options lie within the estimate's error of each other; this one shows your highest "
                "chance, about {chance:.0f}%, by less than that error"
            ),
            chance=chance,
        )
    other = 100 * verdicts[order[1]].chance
    picked = options[best]
    if isinstance(picked, ProposeTrade) and taken is not None:
        return Phrase(
            N_(
                "proposing it leaves you about {chance:.0f}% to win, against {other:.0f}% if you do not: "
                "{name} accepts it about {accepted:.0f} times in a hundred, and it is worth more to you then"
            ),
            chance=chance,
            other=other,
            name=view.players[picked.to].name,
            accepted=100 * taken,
        )
    return Phrase(
        N_("it leaves you about {chance:.0f}% to win, against {other:.0f}% for the next option"),
        chance=chance,
        other=other,
    )
