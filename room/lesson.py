"""The tutorial game (`landlords learn`): what to explain, and when, for every front end.

A face (the full screen's game screen, a line session) hands every new batch of events here; the lesson
answers with the explanations of the things that happen in it for the first time in the game, each given
once, and the face tells each in its own way: the full screen names keys (`Explanation.text`), the line
mode the words typed (`Explanation.typed`). Which were given is never saved:
a lesson taken up again reads them off the game's story so far (`Lesson.resumed`), so a thing explained
before the person left is not explained again. The engine knows nothing of lessons.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine import Board, Event, GameView
from translation import N_, _


@dataclass(frozen=True)
class Explanation:
    """One tutorial explanation: a title and a sentence or two, naming the keys to press (`text`) or,
    for the line mode, the commands to type (`typed`); all message ids, translated where they are shown."""

    topic: str
    title: str
    text: str
    typed: str = ""

    @property
    def said(self) -> str:
        """Return the line mode's text, for explanations that have their own (else the full screen's)."""
        return self.typed or self.text


EXPLANATIONS: dict[str, Explanation] = {
    e.topic: e
    for e in (
        Explanation(
            "welcome",
            N_("Your first game"),
            N_(
                "A Short Game against two easy bots: each of you was dealt three deeds, and the game ends "
                "when the first player goes bankrupt; the richest then wins. r throws the dice; z shows what "
                "the expert would do in your seat, s each player's chances, ? every key."
            ),
            N_(
                "A Short Game against two easy bots: each of you was dealt three deeds, and the game ends "
                "when the first player goes bankrupt; the richest then wins. Type roll to throw the dice; "
                "advice tells what the expert would do in your seat, chances each player's chances, help "
                "the commands that work now."
            ),
        ),
        Explanation(
            "purchase",
            N_("A deed nobody owns"),
            N_(
                "You may buy it at its printed price: b buys it. a declines it, and the deed goes to auction "
                "at once, where everyone (you too) may bid. z asks the advisor."
            ),
            N_(
                "You may buy it at its printed price: type buy. decline lets it go, and the deed goes to "
                "auction at once, where everyone (you too) may bid. advice asks the advisor."
            ),
        ),
        Explanation(
            "auction",
            N_("An auction"),
            N_(
                "Everyone may bid for the deed, from $1, and the highest bid buys it, even below its price. "
                "b bids the sum shown, + and - change it by $10 (or type one), p passes; u bids for you "
                "up to the sum shown, the least each time. s shows the chances."
            ),
            N_(
                "Everyone may bid for the deed, from $1, and the highest bid buys it, even below its price. "
                "Type bid and a sum (bid 120), or pass to drop out. chances tells the chances."
            ),
        ),
        Explanation(
            "rent",
            N_("Rent"),
            N_(
                "Landing on a deed someone owns pays its owner the rent printed on it, doubled on a bare "
                "street when the owner holds its whole colour group. y on a line of the log (l) tells the "
                "rule."
            ),
            N_(
                "Landing on a deed someone owns pays its owner the rent printed on it, doubled on a bare "
                "street when the owner holds its whole colour group. deed and a deed's name tells its rent."
            ),
        ),
        Explanation(
            "go",
            N_("Passing GO"),
            N_("Each time you pass or land on GO the bank pays you $200."),
        ),
        Explanation(
            "tax",
            N_("A tax"),
            N_("A tax space takes a fixed sum from whoever lands on it; the money goes to the bank."),
        ),
        Explanation(
            "card",
            N_("A card"),
            N_(
                "Chance and Community Chest cards move you, pay you or make you pay; when you draw one, "
                "Enter closes it. A Get Out of Jail Free card is kept until used."
            ),
            N_(
                "Chance and Community Chest cards move you, pay you or make you pay. A Get Out of Jail Free "
                "card is kept until used."
            ),
        ),
        Explanation(
            "group",
            N_("A whole colour group"),
            N_(
                "You own every street of a colour: their rent doubles while they are bare, and you may "
                "build. b opens building; houses go up evenly, three before a hotel in the Short Game."
            ),
            N_(
                "You own every street of a colour: their rent doubles while they are bare, and you may "
                "build. build alone says where and for how much; houses go up evenly, three before a hotel "
                "in the Short Game."
            ),
        ),
        Explanation(
            "building",
            N_("Houses"),
            N_(
                "Houses raise a street's rent steeply. They go up one at a time across the group, and sell "
                "back to the bank for half their price (b, then the street)."
            ),
            N_(
                "Houses raise a street's rent steeply. They go up one at a time across the group, and sell "
                "back to the bank for half their price (sell and the street's name)."
            ),
        ),
        Explanation(
            "jail",
            N_("Jail"),
            N_(
                "In jail you still collect rent but do not move: r tries for doubles, p pays the $50 fine, c "
                "uses a Get Out of Jail Free card. After three failed throws you pay and move."
            ),
            N_(
                "In jail you still collect rent but do not move: roll tries for doubles, pay fine pays the "
                "$50 fine, use card uses a Get Out of Jail Free card. After three failed throws you pay and "
                "move."
            ),
        ),
        Explanation(
            "debt",
            N_("Raising cash"),
            N_(
                "You owe more than you hold. m mortgages a deed (the bank lends its mortgage value), b sells "
                "houses, t offers a trade; x declares bankruptcy, which ends this game."
            ),
            N_(
                "You owe more than you hold. mortgage and a deed's name mortgages it (the bank lends its "
                "mortgage value), sell sells houses, offer proposes a trade; bankrupt gives up, which ends "
                "this game."
            ),
        ),
        Explanation(
            "game_over",
            N_("The end"),
            N_(
                "The first bankruptcy ends the Short Game, and the richest player wins; o shows these "
                "results again. landlords new --quick starts a game against three bots, without explanations."
            ),
            N_(
                "The first bankruptcy ends the Short Game, and the richest player wins; review tells how it "
                "went. landlords new --quick --plain starts a game against three bots, without "
                "explanations."
            ),
        ),
    )
}
"""Every explanation, by topic, in the order a game usually meets them."""

READING_START = 2.0
"""Seconds the bots wait after an explanation before its first word is read..."""
READING_SPEED = 30.0
"""...and the characters read in each second after that (a slow reader's pace)."""
READING_MOST = 10.0


def reading_time(explanation: Explanation) -> float:
    """Return how long the bots wait while an explanation is read (the notice stays a little longer)."""
    return min(READING_MOST, READING_START + len(_(explanation.text)) / READING_SPEED)


WELCOME_BACK = Explanation(
    "welcome_back",
    N_("The lesson goes on"),
    N_(
        "Each new thing is still explained the first time it happens. z asks the advisor, s shows the "
        "chances, y on a log line tells the rule."
    ),
    N_(
        "Each new thing is still explained the first time it happens. advice asks the advisor, chances "
        "tells the chances, help the commands that work now."
    ),
)
"""Said each time a lesson is taken up again (never counted as given)."""


@dataclass
class Lesson:
    """Tracks which explanations the person at seat `person` has seen, and which new events call for one."""

    person: int
    board: Board
    given: set[str] = field(default_factory=set)

    @classmethod
    def resumed(cls, person: int, board: Board, history: Sequence[Event], view: GameView) -> Lesson:
        """Create a lesson for a resumed game: everything that already happened in `history` counts as
        explained."""
        lesson = cls(person, board)
        lesson.given.update(lesson.topics(history, view))
        if any(e.kind == "dice_rolled" for e in history):
            lesson.given.add("welcome")
        return lesson

    @property
    def started(self) -> bool:
        """Whether the lesson has begun (its welcome given)."""
        return "welcome" in self.given

    def opening(self) -> Explanation:
        """Return the first explanation to show: the welcome the first time, a reminder when taken up
        again."""
        if self.started:
            return WELCOME_BACK
        self.given.add("welcome")
        return EXPLANATIONS["welcome"]

    def due(self, events: Sequence[Event], view: GameView) -> list[Explanation]:
        """Return the explanations the events call for that were not shown yet, without marking them shown."""
        return [EXPLANATIONS[t] for t in self.topics(events, view) if t not in self.given]

    def take(self, events: Sequence[Event], view: GameView) -> list[Explanation]:
        """Return the explanations the events call for, each the first time only, and mark them shown."""
        fresh = self.due(events, view)
        self.given.update(e.topic for e in fresh)
        return fresh

    def topics(self, events: Iterable[Event], view: GameView) -> list[str]:
        """Return the topics the events (and the resulting table, `view`) touch, in the order they happen."""
        found: list[str] = []
        for event in events:
            topic = self._topic_of(event)
            if topic is not None and topic not in found:
                found.append(topic)
        if self._owns_a_group(view) and "group" not in found:
            found.append("group")
        return found

    def _topic_of(self, event: Event) -> str | None:
        mine = getattr(event, "player", None) == self.person
        kind = event.kind
        if kind == "property_offered" and mine:
            return "purchase"
        if kind == "auction_started":
            return "auction"
        if kind == "rent_paid":
            return "rent"
        if kind == "passed_go" and mine:
            return "go"
        if kind == "tax_paid" and mine:
            return "tax"
        if kind == "card_drawn":
            return "card"
        if kind == "building_bought":
            return "building"
        if kind == "sent_to_jail":
            return "jail"
        if kind == "debt_incurred" and mine:
            return "debt"
        if kind == "game_over":
            return "game_over"
        return None

    def _owns_a_group(self, view: GameView) -> bool:
        """Whether the person owns every street of a colour group."""
        deeds = view.deeds
        return any(
            all(deeds.get(s) is not None and deeds[s].owner == self.person for s in group)
            for group in self.board.street_groups
        )
