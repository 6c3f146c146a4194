"""`expert`: the shark's moves, each judged by looking ahead. Where the game offers a choice that matters,
in any edition (buying a deed the shark declines, renting a lot or buying it, a luxury, lots bought with
tickets, a route or a direction, leaving jail), it tries the shark's move and the other ways of making
that choice on positions drawn from what its seat can see, plays each forward under the same dice and
cards, and takes the one that leaves it the best chance to win (`engine.lookahead.judge`), overruling the
shark only where the gain is sure. Decisions that barely matter (a throw, a turn ended with nothing to
build) are made at once, as `hard` makes them.

Every seat of its playouts, its own included, is played by a fast copy of the shark's plan
(`engine.lookahead.shark`), not by the simple players: a course is judged against a table that races to
three houses and bids at auction as the table it sits at does. On the boards of colour groups it also
weighs its building once a turn as whole plans, each kept by its own seat through the playouts: the
shark's race, cash kept back against the dearest rent on the board, and every dollar in houses.

It makes the shark's offers as they are, and answers offers and deals as the shark does. Two rounds of
playouts see what a deal costs now, not the group it wins a dozen rounds later: offers composed by
looking ahead at prices of its own, and the shark's offers vetoed where the look-ahead judged them to
lower its chance, both won less against three `hard` (19 % and 22 % of 200 classic games, where the
shark's offers as they are won 30.5 %; the veto tried again with the shark's copy in the playouts lost
1.6 and 4.0 points on two seeds of 400 games); with its answers overruled by the look-ahead it won 26.9 %
of 1,800 classic games on three seeds, with the shark's answers as they are 28.7 % (`docs/bots.md`).

It keeps the table manners of the other levels (no offers in the first rounds, none repeated on an
unchanged table, a price named when it refuses, and met when it is offered) and says why, in its chance
to win, when it overrules the shark's instinct.

Its look-ahead can be worked out ahead of the decision, elsewhere (`foresee`, on a copy of the bot, in a
process of its own) and handed to it (`heed`): a program that draws screens keeps its event loop free
while the expert thinks, and the decision is the very one it would have made alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.bargaining import table_signature
from engine.bots.hard import HardBot
from engine.bots.position import Position
from engine.commands import Command, EndTurn
from engine.lookahead.judge import Course, Verdict, judge, plan_step
from engine.phrases import N_, Phrase
from engine.state import Pending
from engine.view import GameView

PLAYOUTS = 48
"""Drawn positions each candidate is tried on: enough, with the same luck for every candidate, to tell
apart moves a point or two of winning chance apart."""
SURE = 1.5
"""How many standard errors a move must gain over the shark's own choice before it overrules it."""

CHOICES: dict[str, frozenset[str]] = {
    "buy": frozenset({"buy_property", "decline_property"}),
    "rent_or_buy": frozenset({"buy_lot", "rent_lot"}),
    "luxury": frozenset({"buy_luxury", "decline_luxury"}),
    "lot_tickets": frozenset({"buy_ticket_lot", "done_with_tickets"}),
    "route": frozenset({"choose_route"}),
    "direction": frozenset({"choose_direction"}),
}
"""The choices it looks ahead on, in every edition: what the game waits for, and the moves that make it."""
JAIL = frozenset({"roll_dice", "pay_jail_fine", "use_jail_card"})
"""On its throw while in jail: stay and throw, or pay or use a card to leave."""
KEPT = frozenset({"buy_property"})
"""The shark's moves it never overrules: a deed the shark buys, it buys. Two rounds of playouts see the
price paid, not the groups and trades the deed makes later; declining what the shark bought won 20.0 % of
300 add-on games against three `hard`, where keeping the shark's purchases won 25.3 % (in the classic
game 26.0 % and 26.2 % of 400)."""
ALTERNATIVES = 2
"""Other moves it tries beside the shark's own, at most: one of each other kind first."""
LOOKED_AHEAD = frozenset(CHOICES)
"""What the game waits for when it may look ahead (and on its throw while in jail)."""

Question = tuple[int, int, tuple[tuple[str, ...], ...], tuple[str, ...]]
"""What a look-ahead was asked: the seat, the luck's seed, the courses compared (as JSON) and the plan
its own seat keeps after each."""

BUILD_PLANS = ("shark", "hold", "all_in")
"""The courses of building it weighs once a turn (`engine.lookahead.judge.PLAYERS`), each kept by its own
seat through the playouts: the shark's race to three houses (the default, as `hard` builds), cash kept
back against the dearest rent on the board, and every dollar in houses."""


@dataclass(frozen=True, slots=True)
class Foresight:
    """The look-ahead of one decision, worked out ahead: each question asked, in order, with its answer."""

    answers: tuple[tuple[Question, tuple[Verdict, ...]], ...] = ()


class ExpertBot(HardBot):
    level = "expert"
    playout_policy = "shark"
    """Who plays every seat of its playouts, its own included: a fast copy of the shark's plan."""
    reason = ""
    """Why it chose as it did, in chances, where it looked ahead (empty where it did not)."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self._expected: list[tuple[Question, tuple[Verdict, ...]]] = []
        """Answers worked out ahead for its next decision (`heed`), taken in the order asked."""
        self._asked: list[tuple[Question, tuple[Verdict, ...]]] | None = None
        """While foreseeing: every question its look-ahead answers, kept to be handed over."""
        self._plan: tuple[int, str] | None = None
        """The turn it weighed its building on, and the plan it keeps for the rest of that turn."""

    def may_look_ahead(self, view: GameView) -> bool:
        """Whether its decision in `view` may look ahead (buying, leaving jail, its building once a
        turn): the others are made at once, and are not worth working out elsewhere."""
        pend = view.pending
        if pend is None or pend.player != self.seat:
            return False
        if pend.kind == "end_turn":  # its building, weighed once a turn on the boards of colour groups
            board = view.board
            if not board.edition.colour_groups or "lot" in board.kinds:
                return False
            if self._plan is not None and self._plan[0] == view.turn:
                return False
            deeds, top = view.deeds, view.ruleset.max_level
            return any(
                all(deeds[s].owner == self.seat for s in lots) and any(deeds[s].level < top for s in lots)
                for lots in board.street_groups
            )
        return pend.kind in LOOKED_AHEAD or (pend.kind == "roll" and view.players[self.seat].in_jail)

    def foresee(self, view: GameView, legal: list[Command]) -> Foresight:
        """Make the decision of `view` now, only to keep what its look-ahead worked out. Meant for a
        copy of the bot (its memory moves on as if it had decided): the bot itself then `heed`s it."""
        self._asked = []
        try:
            self.choose(view, legal)
            return Foresight(tuple(self._asked))
        finally:
            self._asked = None

    def heed(self, foresight: Foresight) -> None:
        """Use these answers in the next decision, where it asks the same questions; any other is worked
        out as usual."""
        self._expected = list(foresight.answers)

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        self.tell("")
        try:
            return super().choose(view, legal)
        finally:
            self._expected = []  # what was foreseen was for this decision alone

    def compare(self, pos: Position, courses: list[Course], plans: Sequence[str] = ()) -> list[Verdict]:
        """Each course's chance for this seat, under the same luck; the first course is the default.
        `plans` names, for each course, the building plan its own seat keeps after it (`BUILD_PLANS`)."""
        seed = (table_signature(pos) ^ (pos.turn << 4) ^ pos.me) & ((1 << 30) - 1)
        question: Question = (pos.me, seed, _written(courses), tuple(plans))
        if self._expected:
            asked, answer_ = self._expected.pop(0)
            if asked == question:
                return list(answer_)
            self._expected.clear()  # foreseen for another table: of no use any more
        verdicts = judge(
            pos.view,
            pos.me,
            courses,
            PLAYOUTS,
            seed,
            policy=self.playout_policy,
            plans=plans or None,
        )
        if self._asked is not None:
            self._asked.append((question, tuple(verdicts)))
        return verdicts

    def choose_between(self, pos: Position, default: Command, others: list[Command]) -> tuple[Command, str]:
        """The default, unless another move is surely better; and the reason, in chances."""
        courses: list[Course] = [[default], *([o] for o in others)]
        verdicts = self.compare(pos, courses)
        best = max(range(len(courses)), key=lambda i: verdicts[i].edge - SURE * verdicts[i].error)
        chosen = courses[best][0]
        if best == 0 or verdicts[best].edge <= SURE * verdicts[best].error:
            chance = Phrase(N_("it leaves me a {chance:.0f}% chance to win"), chance=100 * verdicts[0].chance)
            # the shark's reason, and the odds
            self.tell(Phrase(N_("{why}; {more}"), why=self.said, more=chance) if self.reason else chance)
            return default, self.reason
        self.tell(
            Phrase(
                N_("it leaves me a {chance:.0f}% chance to win, against {other:.0f}% otherwise"),
                chance=100 * verdicts[best].chance,
                other=100 * verdicts[0].chance,
            )
        )
        return chosen, self.reason

    # --- choices ------------------------------------------------------------------------------

    def decide(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """The shark's move, as each edition's play of it decides; then, where the game offers a choice
        that matters, each other way of making it tried against that move."""
        default = super().decide(pos, pend, legal)
        others = alternatives(pos, pend, legal, default)
        if not others:
            return default
        chosen, _ = self.choose_between(pos, default, others)
        return chosen if chosen is default else self.keep_to_declined(pos, pend, chosen)

    # --- building -----------------------------------------------------------------------------

    def develop(self, pos: Position, legal: list[Command]) -> Command | None:
        """Once a turn where it could build, the shark's building weighed against keeping its cash back
        and against putting every dollar in houses, each course kept through the playouts; the plan
        chosen is kept for the rest of the turn."""
        default = super().develop(pos, legal)
        me = pos.me
        if self._plan is not None and self._plan[0] == pos.turn:
            return self._follow(pos, legal, default, self._plan[1])
        if pos.tables.lots_alone or pos.tables.landlord or not any(c.kind == "build" for c in legal):
            return default
        end = EndTurn(player=me)
        first = default or end
        courses: list[Course] = [[first]]
        plans = ["shark"]
        if first != end:
            courses.append([end])
            plans.append("hold")
        step = self._step(pos, "all_in")
        if step is not None and step != first and step in legal:
            courses.append([step])
            plans.append("all_in")
        if len(courses) == 1:
            return default
        verdicts = self.compare(pos, courses, plans)
        best = max(range(len(courses)), key=lambda i: verdicts[i].edge - SURE * verdicts[i].error)
        if best == 0 or verdicts[best].edge <= SURE * verdicts[best].error:
            self._plan = (pos.turn, "shark")
            return default
        self._plan = (pos.turn, plans[best])
        self.tell(
            Phrase(
                N_("it leaves me a {chance:.0f}% chance to win, against {other:.0f}% otherwise"),
                chance=100 * verdicts[best].chance,
                other=100 * verdicts[0].chance,
            )
        )
        return self._follow(pos, legal, default, plans[best])

    def _follow(
        self, pos: Position, legal: list[Command], default: Command | None, plan: str
    ) -> Command | None:
        """Its next step of the building plan it chose this turn: the shark's own, none, or the next
        step of every dollar in houses."""
        if plan == "shark":
            return default
        if plan == "hold":
            return None
        step = self._step(pos, plan)
        return step if step is not None and step in legal else None

    def _step(self, pos: Position, plan: str) -> Command | None:
        """The next building step of a plan on this table."""
        return plan_step(pos.view, pos.me, plan)


def alternatives(pos: Position, pend: Pending, legal: list[Command], default: Command) -> list[Command]:
    """The other ways of making the choice the game waits for, worth trying against `default`: none where
    the default is no such move (raising cash first, say) or nothing is chosen."""
    kinds = CHOICES.get(pend.kind) or (JAIL if pend.kind == "roll" and pos.in_jail[pos.me] else None)
    if kinds is None or default.kind not in kinds or default.kind in KEPT:
        return []
    others = [c for c in legal if c.kind in kinds and c != default]
    first: list[Command] = []
    seen = {default.kind}
    for cmd in others:
        if cmd.kind not in seen:
            seen.add(cmd.kind)
            first.append(cmd)
    rest = [c for c in others if c not in first]
    return [*first, *rest][:ALTERNATIVES]


def _written(courses: Sequence[Course]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(cmd.model_dump_json() for cmd in course) for course in courses)


def foresee(bot: ExpertBot, view: GameView, legal: list[Command]) -> Foresight:
    """`bot.foresee`, as a function a pool of processes can be handed with a copy of the bot."""
    return bot.foresee(view, legal)
