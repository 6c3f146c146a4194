"""Scripted blunder offers: offers any sensible player refuses, put to a bot in its own seat, and whether
each level of play accepts them (`bench/blunders.py` prints the table; the bot tests hold the levels that
claim to trade well to none).

Seat 0 (Ada) is the bot that answers; seat 1 (Grace) proposes, seat 2 (Linus) is the third party of a deal.
Each offer is a table of its own, built afresh for every answer, so answers never see one another.
In the classic game the lots of a group with buildings cannot change hands, so a built-up group is put at
stake where the rules allow it: in Finance, where a lot trades with its houses and houses sell apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine import Command, Game, ProposeDeal, ProposeLoan
from engine.core.state import AwaitingEndTurn, Bundle, DealAnswer, DealPart, LoanAnswer
from engine.tools.tables import bot, offer, table, wait_for

BOT, PROPOSER, THIRD = 0, 1, 2
LEVELS = ("easy", "normal", "hard", "expert")
ACCEPTED = frozenset({"accept_trade", "accept_deal", "accept_loan"})
TURN = 60  # round 15: past the opening, nothing yet decided

CLASSIC, ADDON, LANDLORDS_1904, FINANCE = "classic", "addon", "landlords-1904", "finance-1936"

# classic board spaces (the add-on board keeps them)
MEDITERRANEAN, BALTIC, ORIENTAL, ST_CHARLES, ELECTRIC = 1, 3, 6, 11, 12
READING, PENNSYLVANIA_RR, B_AND_O, SHORT_LINE, WATER_WORKS = 5, 15, 25, 35, 28
ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19
KENTUCKY, INDIANA, ILLINOIS, ATLANTIC = 21, 23, 24, 26
PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE, PARK_PLACE, BOARDWALK = 31, 32, 34, 37, 39
# the add-on board's inner ring
BROADWAY, TELEPHONE, GAS, MICHIGAN, STATE_STREET, LAKE_SHORE = 41, 43, 55, 57, 59, 60
# the 1904 board: lot n costs 10 n
LOT_1, LOT_3, LOT_20, LOT_22 = 1, 6, 34, 38
# Finance
GOAT_ALLEY, WALL_STREET, UNION_SQUARE = 1, 38, 39


@dataclass(frozen=True)
class Blunder:
    """One scripted offer: `what` describes it, `build` sets up a fresh table waiting on the bot's answer."""

    what: str
    edition: str
    build: Callable[[], Game]


def _table(edition: str, owners: Mapping[int, Iterable[int]], **kw: object) -> Game:
    game = table(owners=owners, edition=edition, turn=TURN, **kw)  # type: ignore[arg-type]
    if edition == FINANCE:  # every lot stands with at least its one house; all have been round once
        for spaces in owners.values():
            for s in spaces:
                game.state.deeds[s].level = max(game.state.deeds[s].level, 1)
        for p in game.state.players:
            p.circuits = 1
    return game


def _hands(game: Game, cards: Mapping[int, Sequence[str]]) -> None:
    """Empty every hand into its deck, then deal each seat the named cards (`"deck/card"`)."""
    st = game.state
    for ps in st.players:
        for ref in ps.hand:
            deck, _, card = ref.partition("/")
            st.decks[deck].append(card)
        ps.hand = []
    for seat, refs in cards.items():
        for ref in refs:
            deck, _, card = ref.partition("/")
            st.decks[deck].remove(card)
            st.players[seat].hand.append(ref)


def trade(
    what: str,
    edition: str,
    owners: Mapping[int, Iterable[int]],
    give: Bundle,
    take: Bundle,
    cards: Mapping[int, Sequence[str]] | None = None,
    **kw: object,
) -> Blunder:
    """Build a table where Grace offers the bot `give` for `take`."""

    def build() -> Game:
        game = _table(edition, owners, **kw)
        if cards is not None:
            _hands(game, cards)
        offer(game, PROPOSER, BOT, give=give, take=take)
        return game

    return Blunder(what, edition, build)


def deal(
    what: str, edition: str, owners: Mapping[int, Iterable[int]], parts: Sequence[DealPart], **kw: object
) -> Blunder:
    """Build a table where Grace proposes a deal among the three; everyone else agrees before the bot is
    asked."""

    def build() -> Game:
        game = _table(edition, owners, players=3, **kw)
        wait_for(game, AwaitingEndTurn(player=PROPOSER))
        parties = tuple(sorted({p for pt in parts for p in (pt.giver, pt.receiver)} - {PROPOSER}))
        game.apply(ProposeDeal(player=PROPOSER, parties=parties, parts=tuple(parts)))
        from engine import AcceptDeal

        pend = game.state.pending
        while isinstance(pend, DealAnswer) and pend.player != BOT:
            game.apply(AcceptDeal(player=pend.player, deal_id=pend.deal.id))
            pend = game.state.pending
        assert isinstance(pend, DealAnswer) and pend.player == BOT, pend
        return game

    return Blunder(what, edition, build)


def loan(
    what: str, edition: str, principal: int, interest: int, security: tuple[int, ...], **kw: object
) -> Blunder:
    """Build a table where Grace asks the bot to lend her `principal` at `interest` a wage day, pledging
    `security`."""

    def build() -> Game:
        game = _table(edition, {PROPOSER: security}, **kw)
        wait_for(game, AwaitingEndTurn(player=PROPOSER))
        game.apply(
            ProposeLoan(
                player=PROPOSER, to=BOT, lender=BOT, principal=principal, interest=interest, security=security
            )
        )
        assert isinstance(game.state.pending, LoanAnswer)
        return game

    return Blunder(what, edition, build)


def _part(giver: int, receiver: int, *deeds: int, cash: int = 0) -> DealPart:
    return DealPart(giver=giver, receiver=receiver, bundle=Bundle(cash=cash, deeds=deeds))


def _deeds(*spaces: int, cash: int = 0) -> Bundle:
    return Bundle(deeds=spaces, cash=cash)


def _cash(amount: int) -> Bundle:
    return Bundle(cash=amount)


RICH = (4000, 1500, 1500, 1500)

BLUNDERS: tuple[Blunder, ...] = (
    # classic: completing a rival's group for little
    trade(
        "the last orange to the holder of the other two, for $50",
        CLASSIC,
        {BOT: (NEW_YORK,), PROPOSER: (ST_JAMES, TENNESSEE)},
        _cash(50),
        _deeds(NEW_YORK),
    ),
    trade(
        "the last green to the holder of the others for $450, the bot at $4,000",
        CLASSIC,
        {BOT: (PENNSYLVANIA_AVE,), PROPOSER: (PACIFIC, NORTH_CAROLINA)},
        _cash(450),
        _deeds(PENNSYLVANIA_AVE),
        cash=RICH,
    ),
    trade(
        "the fourth railroad for Baltic Avenue",
        CLASSIC,
        {BOT: (SHORT_LINE,), PROPOSER: (READING, PENNSYLVANIA_RR, B_AND_O, BALTIC)},
        _deeds(BALTIC),
        _deeds(SHORT_LINE),
    ),
    trade(
        "one of the bot's two oranges to the holder of the third, for $220",
        CLASSIC,
        {BOT: (ST_JAMES, TENNESSEE), PROPOSER: (NEW_YORK,)},
        _cash(220),
        _deeds(TENNESSEE),
    ),
    # classic: far below or far above the worth, no group at stake
    trade("Boardwalk for $10, no group at stake", CLASSIC, {BOT: (BOARDWALK,)}, _cash(10), _deeds(BOARDWALK)),
    trade(
        "$600 for Mediterranean Avenue",
        CLASSIC,
        {PROPOSER: (MEDITERRANEAN,)},
        _deeds(MEDITERRANEAN),
        _cash(600),
    ),
    trade("$400 for Electric Company", CLASSIC, {PROPOSER: (ELECTRIC,)}, _deeds(ELECTRIC), _cash(400)),
    trade(
        "Park Place for Boardwalk and $200",
        CLASSIC,
        {BOT: (BOARDWALK,), PROPOSER: (PARK_PLACE,)},
        _deeds(PARK_PLACE),
        _deeds(BOARDWALK, cash=200),
    ),
    # classic: breaking up the bot's own complete group
    trade(
        "Kentucky, of the bot's complete red group, for Mediterranean",
        CLASSIC,
        {BOT: (KENTUCKY, INDIANA, ILLINOIS), PROPOSER: (MEDITERRANEAN,)},
        _deeds(MEDITERRANEAN),
        _deeds(KENTUCKY),
    ),
    trade(
        "the bot's complete dark blue group for three stray lots",
        CLASSIC,
        {BOT: (PARK_PLACE, BOARDWALK), PROPOSER: (ORIENTAL, ST_CHARLES, ATLANTIC)},
        _deeds(ORIENTAL, ST_CHARLES, ATLANTIC),
        _deeds(PARK_PLACE, BOARDWALK),
    ),
    # classic: giving away for nothing, paying full price for a mortgaged lot
    trade(
        "a jail card and $100 for nothing",
        CLASSIC,
        {},
        Bundle(),
        Bundle(cash=100, jail_cards=1),
        jail_cards={BOT: 1},
    ),
    trade(
        "a mortgaged Illinois Avenue for its printed price and $100",
        CLASSIC,
        {PROPOSER: (ILLINOIS,)},
        _deeds(ILLINOIS),
        _cash(340),
        mortgaged=(ILLINOIS,),
    ),
    # classic: deals among three
    deal(
        "a deal: $60 to the bot while Linus hands Grace the last red",
        CLASSIC,
        {BOT: (BOARDWALK,), PROPOSER: (INDIANA, ILLINOIS), THIRD: (KENTUCKY,)},
        (
            _part(THIRD, PROPOSER, KENTUCKY),
            _part(PROPOSER, THIRD, cash=400),
            _part(PROPOSER, BOT, cash=60),
            _part(BOT, THIRD, cash=10),
        ),
    ),
    deal(
        "a deal: the bot hands Grace the last red for Baltic Avenue from Linus",
        CLASSIC,
        {BOT: (KENTUCKY,), PROPOSER: (INDIANA, ILLINOIS), THIRD: (BALTIC,)},
        (_part(BOT, PROPOSER, KENTUCKY), _part(THIRD, BOT, BALTIC), _part(PROPOSER, THIRD, cash=150)),
    ),
    deal(
        "a deal: the bot's browns completed, and Grace's dark blue by Linus",
        CLASSIC,
        {BOT: (BALTIC,), PROPOSER: (PARK_PLACE, MEDITERRANEAN), THIRD: (BOARDWALK,)},
        (
            _part(THIRD, PROPOSER, BOARDWALK),
            _part(PROPOSER, BOT, MEDITERRANEAN),
            _part(PROPOSER, THIRD, cash=300),
            _part(BOT, THIRD, cash=10),
        ),
    ),
    # the add-on board
    trade(
        "Lake Shore Drive to the holder of the other two for $100",
        ADDON,
        {BOT: (LAKE_SHORE,), PROPOSER: (MICHIGAN, STATE_STREET)},
        _cash(100),
        _deeds(LAKE_SHORE),
        cards={},
    ),
    trade(
        "the fourth utility to the holder of the other three for $100",
        ADDON,
        {BOT: (GAS,), PROPOSER: (ELECTRIC, WATER_WORKS, TELEPHONE)},
        _cash(100),
        _deeds(GAS),
        cards={},
    ),
    trade(
        "a triple play card for $5",
        ADDON,
        {},
        _cash(5),
        Bundle(cards=("triple_play/136",)),
        cards={BOT: ("triple_play/136",)},
    ),
    trade(
        "a travel card and $100 for nothing",
        ADDON,
        {},
        Bundle(),
        Bundle(cash=100, cards=("travel/forward_7",)),
        cards={BOT: ("travel/forward_7",)},
    ),
    trade(
        "$500 for Broadway, no group at stake",
        ADDON,
        {PROPOSER: (BROADWAY,)},
        _deeds(BROADWAY),
        _cash(500),
        cards={},
    ),
    # 1904: a lot counts its price at the end
    trade(
        "Lot 22 ($220) for $20", LANDLORDS_1904, {BOT: (LOT_22,)}, _cash(20), _deeds(LOT_22), cash=(600,) * 4
    ),
    trade(
        "$300 for Lot 3 ($30)",
        LANDLORDS_1904,
        {PROPOSER: (LOT_3,)},
        _deeds(LOT_3),
        _cash(300),
        cash=(600,) * 4,
    ),
    trade(
        "Lot 20 ($200) for Lot 1 ($10)",
        LANDLORDS_1904,
        {BOT: (LOT_20,), PROPOSER: (LOT_1,)},
        _deeds(LOT_1),
        _deeds(LOT_20),
        cash=(600,) * 4,
    ),
    loan(
        "a loan of $400 at no interest against Lot 1 ($10)", LANDLORDS_1904, 400, 0, (LOT_1,), cash=(600,) * 4
    ),
    # Finance: lots trade with their houses
    trade(
        "Union Square with six houses for $300",
        FINANCE,
        {BOT: (UNION_SQUARE,)},
        _cash(300),
        _deeds(UNION_SQUARE),
        houses={UNION_SQUARE: 6},
    ),
    trade(
        "$600 for Goat Alley (the bank's price: $150), to a bot with no lot",
        FINANCE,
        {PROPOSER: (GOAT_ALLEY,)},
        _deeds(GOAT_ALLEY),
        _cash(600),
    ),
    trade(
        "Wall Street with four houses for Goat Alley with one",
        FINANCE,
        {BOT: (WALL_STREET,), PROPOSER: (GOAT_ALLEY,)},
        _deeds(GOAT_ALLEY),
        _deeds(WALL_STREET),
        houses={WALL_STREET: 4},
    ),
    trade(
        "three houses off Union Square for $30",
        FINANCE,
        {BOT: (UNION_SQUARE,), PROPOSER: (GOAT_ALLEY,)},
        _cash(30),
        Bundle(houses=(UNION_SQUARE,) * 3),
        houses={UNION_SQUARE: 5},
    ),
)


@dataclass
class Answer:
    """The answer of one level to one scripted offer, and the CPU the answer took (0 without a clock)."""

    blunder: Blunder
    level: str
    command: Command
    cpu: float

    @property
    def accepted(self) -> bool:
        return self.command.kind in ACCEPTED


@dataclass
class Results:
    answers: list[Answer] = field(default_factory=list)

    def accepted(self, level: str) -> list[str]:
        return [a.blunder.what for a in self.answers if a.level == level and a.accepted]


def answer(level: str, blunder: Blunder, seed: int = 7, clock: Callable[[], float] | None = None) -> Answer:
    """Return the bot's answer, from its own seat, to the scripted offer on a fresh table (the expert with the
    budget it plays with); with `clock` (the bench's CPU clock: the engine reads none), its time."""
    game = blunder.build()
    me = bot(level, seat=BOT, seed=seed)
    start = clock() if clock else 0.0
    cmd = me.choose(game.view(BOT), game.legal_commands(BOT))
    cpu = clock() - start if clock else 0.0
    assert game.check(cmd) is None, (blunder.what, level, cmd, game.check(cmd))
    return Answer(blunder, level, cmd, cpu)


def run(
    levels: Sequence[str] = LEVELS,
    blunders: Sequence[Blunder] = BLUNDERS,
    seed: int = 7,
    clock: Callable[[], float] | None = None,
) -> Results:
    """Return every scripted offer answered by every level."""
    return Results([answer(level, b, seed, clock) for b in blunders for level in levels])
