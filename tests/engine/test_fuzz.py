"""Seeded random play: random legal commands (and many illegal ones) with the invariants checked after each.

Money is conserved against the ledger of events, the pot on the table included; the bank's houses and
hotels (32 and 12, or the add-on's 49 and 19) all accounted for; building even; one owner per deed; no
buildings where none may stand; cash never negative; every card of every deck in its deck or in one hand;
another player's face-down cards hidden from each view; the state survives JSON; replaying the log gives
the same state; a refused command changes nothing; a state's copy is the same position and shares nothing
that can change.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    AcceptDeal,
    AcceptLoan,
    AcceptTrade,
    BorrowFromBank,
    Build,
    BuyLot,
    BuyLuxury,
    BuyProperty,
    ChooseDirection,
    ChooseIncomeTax,
    ClaimHalfWinnings,
    Command,
    DeclareBankruptcy,
    DeclineLuxury,
    EndTurn,
    Game,
    GoToPoorhouse,
    IllegalCommand,
    KeepCard,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    PlayRefundCard,
    PlayTravelCards,
    ProposeDeal,
    ProposeLoan,
    ProposeTrade,
    RentLot,
    RepayLoan,
    RollDice,
    RollWithTravelCard,
    RuleOptions,
    SellBuilding,
    SellLot,
    TakeRide,
    Unmortgage,
    UseJailCard,
    new_game,
    trading_open,
)
from engine.core.state import Bundle, DealPart
from engine.lookahead.players import SimplePlayer
from engine.tools.simulate import play_game

from invariants import check_events, check_ledger, check_state

ADDON_ALTERNATIVES = {
    "pool_taxes_only": 1,
    "refund_percent": 100,
    "double_trouble_doubles_only": 1,
    "step_parity": 1,
    "travel_card_with_dice": 1,
    "subway_fare": 50,
    "airplane": 1,
    "airplane_fare": 25,
    "bridge": 1,
    "single_triple_play_card": 1,
}

CONFIGS = [
    ("classic", 4, None),
    ("modern", 3, None),
    ("darrow-1935", 6, None),
    ("classic", 4, RuleOptions(short_game=True)),
    ("classic", 2, RuleOptions(free_parking_pot=True, double_go_salary=True, rent_in_jail=False)),
    ("classic", 4, RuleOptions(time_limit_rounds=25)),
    ("classic", 4, RuleOptions(even_building=False, auctions=False)),
    ("two-rings", 3, None),
    ("finance-1936", 4, None),
    ("finance-1936", 3, RuleOptions(time_limit_rounds=15)),
    ("addon", 4, None),
    ("addon", 3, RuleOptions(edition_rules=ADDON_ALTERNATIVES)),
    ("landlords-1904", 4, None),
    ("landlords-1904", 3, RuleOptions(lot_tickets=False, circuits=2)),
]


def _bundle(rng: random.Random, game: Game, p: int) -> Bundle:
    st_ = game.state
    owned = [s for s in game.board.deeds if st_.deeds[s].owner == p]
    deeds = tuple(rng.sample(owned, k=min(len(owned), rng.randint(0, 2))))
    cash = rng.choice([0, 0, rng.randint(0, max(0, st_.players[p].cash))])
    built = [s for s in owned if st_.deeds[s].level > 1 and s not in deeds]
    houses = tuple(rng.choice(built) for _ in range(rng.randint(0, 2))) if built else ()
    jail_cards = rng.randint(0, len(st_.players[p].jail_cards))
    hand = st_.players[p].hand
    cards = tuple(rng.sample(hand, k=min(len(hand), rng.randint(0, 1))))
    if hand and rng.random() < 0.2:
        cards += (hand[0].partition("/")[0] + "/?",)
    return Bundle(cash=cash, deeds=deeds, jail_cards=jail_cards, houses=houses, cards=cards)


def _illegal(rng: random.Random, n: int) -> Command:
    p = rng.randrange(n + 1)
    space = rng.randrange(64)
    card = rng.choice(["travel/forward_3", "travel/back_1_a", "chance/dividend", "triple_play/123", "x"])
    illegal: list[Command] = [
        RollDice(player=p),
        BuyProperty(player=p),
        EndTurn(player=p),
        Build(player=p, space=space),
        SellBuilding(player=p, space=space),
        SellLot(player=p, space=space),
        Mortgage(player=p, space=space),
        Unmortgage(player=p, space=space),
        PlaceBid(player=p, amount=rng.randint(1, 3000)),
        PassAuction(player=p),
        DeclareBankruptcy(player=p),
        PayJailFine(player=p),
        UseJailCard(player=p),
        AcceptTrade(player=p, trade_id=rng.randint(0, 5)),
        AcceptDeal(player=p, deal_id=rng.randint(0, 5)),
        KeepMortgage(player=p, space=space),
        ChooseIncomeTax(player=p, option=rng.choice(["flat", "percent"])),
        PlayTravelCards(player=p, cards=(card,) * rng.randint(0, 2)),
        RollWithTravelCard(player=p, card=card),
        TakeRide(player=p, space=space),
        PlayRefundCard(player=p),
        ClaimHalfWinnings(player=p, target=rng.randrange(n + 1)),
        KeepCard(player=p),
        BuyLot(player=p),
        RentLot(player=p),
        BuyLuxury(player=p),
        DeclineLuxury(player=p),
        GoToPoorhouse(player=p),
        ChooseDirection(player=p, direction=rng.choice(["forward", "backward"])),
        BorrowFromBank(player=p, notes=rng.randint(1, 4), security=(space, rng.randrange(40))),
        RepayLoan(player=p, loan=rng.randint(0, 6)),
        AcceptLoan(player=p, offer=rng.randint(0, 5)),
    ]
    return rng.choice(illegal)


def _loan(rng: random.Random, game: Game, p: int, to: int) -> ProposeLoan:
    """A loan between two players, either way, against some of the borrower's lots."""
    lender = rng.choice([p, to])
    borrower = to if lender == p else p
    lots = [s for s in game.board.deeds if game.state.deeds[s].owner == borrower]
    security = tuple(rng.sample(lots, k=min(len(lots), rng.randint(0, 2))))
    principal = rng.choice([rng.randint(1, 60), rng.randint(1, 400)])
    return ProposeLoan(
        player=p, to=to, lender=lender, principal=principal, interest=rng.randint(0, 20), security=security
    )


def _deal(rng: random.Random, game: Game, p: int) -> ProposeDeal:
    """A deal among `p` and two or more others: each hands something to the next round the circle (and
    now and then a part left empty, or to someone outside it, which the rules refuse)."""
    n = len(game.state.players)
    others = rng.sample([q for q in range(n) if q != p], k=rng.randint(2, n - 1) if n > 3 else 2)
    circle = [p, *others]
    parts = [
        DealPart(giver=g, receiver=circle[(i + 1) % len(circle)], bundle=_bundle(rng, game, g))
        for i, g in enumerate(circle)
    ]
    if rng.random() < 0.3:
        parts.append(DealPart(giver=rng.choice(circle), receiver=p, bundle=Bundle(cash=rng.randint(0, 50))))
    return ProposeDeal(player=p, parties=tuple(others), parts=tuple(parts))


def _step(rng: random.Random, game: Game, deals: random.Random) -> Command | None:
    st_ = game.state
    n = len(st_.players)
    assert st_.pending is not None
    if n >= 3 and deals.random() < 0.02 and trading_open(game, st_.pending.player):
        return _deal(deals, game, st_.pending.player if deals.random() < 0.7 else deals.randrange(n))
    r = rng.random()
    if r < 0.1:
        return _illegal(rng, n)
    if r < 0.15 and trading_open(game, st_.pending.player):
        p = st_.pending.player if rng.random() < 0.5 else rng.randrange(n)
        to = rng.randrange(n)
        if game.board.edition.loans is not None and rng.random() < 0.5:
            return _loan(rng, game, p, to)
        return ProposeTrade(player=p, to=to, give=_bundle(rng, game, p), take=_bundle(rng, game, to))
    who = st_.pending.player if r < 0.92 else rng.randrange(n)
    legal = game.legal_commands(who)
    if not legal:
        return None
    managing = Build | SellBuilding | SellLot | Mortgage | Unmortgage
    decisions = [c for c in legal if not isinstance(c, managing)]
    cmd = rng.choice(decisions if decisions and rng.random() < 0.8 else legal)
    if isinstance(cmd, PlaceBid) and rng.random() < 0.5:
        cmd = PlaceBid(player=cmd.player, amount=cmd.amount + rng.randint(0, 150))
    return cmd


def fuzz(
    seed: int, edition: str, players: int, rules: RuleOptions | None, steps: int, seen: set[str] | None = None
) -> Game:
    rng = random.Random(seed)
    deals = random.Random(seed + 1)  # deals drawn on a stream of their own
    game = new_game(edition, [f"P{i}" for i in range(players)], seed=seed, rules=rules)
    check_state(game)
    for _ in range(steps):
        if game.state.winner is not None:
            break
        cmd = _step(rng, game, deals)
        if cmd is None:
            continue
        before = game.state.copy()
        try:
            events = game.apply(cmd)
        except IllegalCommand:
            assert game.state == before, f"refused {cmd} changed the state"
            assert cmd not in game.legal_commands(cmd.player), f"listed but refused: {cmd}"
            continue
        assert events, f"{cmd} was accepted and told nothing"  # the story and the screens follow events
        check_ledger(before, game.state, events)
        check_events(game, events)
        check_state(game)
        if seen is not None:
            seen.update(e.kind for e in events)
    assert Game.replay(game.initial, game.log).state == game.state
    return game


@pytest.mark.parametrize(("edition", "players", "rules"), CONFIGS)
@pytest.mark.parametrize("seed", range(4))
def test_random_play_keeps_every_invariant(
    seed: int, edition: str, players: int, rules: RuleOptions | None
) -> None:
    fuzz(seed, edition, players, rules, steps=1200)


def test_random_play_reaches_the_hard_corners() -> None:
    """The fuzz is only as good as what it visits: these must all happen across a few seeds."""
    seen: set[str] = set()
    for seed in range(4):
        for edition, players, rules in CONFIGS:
            fuzz(seed, edition, players, rules, steps=1200, seen=seen)
    assert seen >= {
        "auction_won",
        "auction_unsold",
        "building_bought",
        "building_sold",
        "mortgage_kept",
        "trade_completed",
        "trade_rejected",
        "trade_cancelled",
        "deal_completed",
        "deal_rejected",
        "debt_incurred",
        "player_bankrupt",
        "jail_card_used",
        "jail_fine_paid",
        "pot_collected",
        "credit_drawn",
        "game_over",
        "call_proposed",
        "call_answered",
        "deed_transferred",
        "forced_move",
        "sent_on",
        "fee_paid",
        "lot_sold",
        "building_placed",
        # the add-on board's pieces
        "card_taken",
        "travel_cards_played",
        "held_card_played",
        "backward_roll_set",
        "levy_thrown",
        "triple_play_won",
        "pot_share_collected",
        "lot_offered",
        "luxury_bought",
        "move_lost",
        "franchise_claimed",
        "award_received",
        "route_chosen",
        "direction_chosen",
        "loan_taken",
        "loan_repaid",
        "loan_proposed",
        "loan_rejected",
        "went_to_poorhouse",
        "left_poorhouse",
        "circuit_completed",
    }


@pytest.mark.parametrize(
    ("seed", "edition"), [*((s, "classic") for s in range(6)), (0, "addon"), (1, "addon")]
)
def test_simple_players_keep_every_invariant_to_the_end(seed: int, edition: str) -> None:
    """Whole games of the built-in players, checked after every command."""
    game = new_game(edition, ["A", "B", "C", "D"], seed=1000 + seed)
    simple = SimplePlayer()
    while game.state.winner is None and game.state.turn < 400:
        before = game.state.copy()
        events = game.apply(simple.decide(game, game.state.pending.player))  # type: ignore[union-attr]
        check_ledger(before, game.state, events)
        check_state(game)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=2**32), min_size=1, max_size=40))
def test_any_command_sequence_is_applied_whole_or_refused_whole(choices: list[int]) -> None:
    game = new_game("classic", ["A", "B", "C"], seed=77)
    play_game(game, [SimplePlayer()] * 3, max_turns=60)
    if game.state.winner is not None:
        return
    for c in choices:
        rng = random.Random(c)
        cmd = _illegal(rng, 3) if c % 3 else (_step(rng, game, rng) or _illegal(rng, 3))
        before = game.state.copy()
        try:
            events = game.apply(cmd)
        except IllegalCommand:
            assert game.state == before
            continue
        check_ledger(before, game.state, events)
        check_state(game)
        if game.state.winner is not None:
            break


# --- a state's copy: a look-ahead plays every course on one, and a refused command is checked against one,
# so a part left shared would let a playout move the real game, or hide a refused command's change ---


def changeable(value: object, path: str = "state") -> Iterator[tuple[str, object]]:
    """Every part of a state that can be changed in place, by where it is: lists, dicts and the dataclasses
    that are not frozen (a frozen one is replaced, never changed, so it may be shared)."""
    if isinstance(value, list):
        yield path, value
        for i, item in enumerate(value):
            yield from changeable(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from changeable(item, f"{path}[{key!r}]")
    elif dataclasses.is_dataclass(value) and not getattr(type(value), "__dataclass_params__").frozen:  # noqa: B009
        yield path, value
        for field in dataclasses.fields(value):
            yield from changeable(getattr(value, field.name), f"{path}.{field.name}")


@pytest.mark.parametrize(("edition", "players", "rules"), CONFIGS)
def test_a_copy_is_the_same_position_and_shares_nothing_changeable(
    edition: str, players: int, rules: object
) -> None:
    for steps in (0, 150, 600):
        state = fuzz(11, edition, players, rules, steps).state  # type: ignore[arg-type]
        copy = state.copy()
        assert copy == state and copy.to_json() == state.to_json()
        mine = dict(changeable(state))
        theirs = dict(changeable(copy))
        assert mine.keys() == theirs.keys()
        shared = [path for path, part in mine.items() if theirs[path] is part]
        assert shared == []


@pytest.mark.parametrize(("edition", "players", "rules"), CONFIGS)
def test_a_view_shows_the_table_as_it_is_and_shares_nothing_the_rules_change(
    edition: str, players: int, rules: object
) -> None:
    """A bot reads its view while the game goes on: a deed, a player or the bank shared with the state would
    change under it."""
    for steps in (0, 150, 600):
        game = fuzz(11, edition, players, rules, steps)  # type: ignore[arg-type]
        state = game.state
        view = game.view(None)
        assert view.deeds == state.deeds and view.bank == state.bank
        assert [p.cash for p in view.players] == [p.cash for p in state.players]
        parts = {id(part) for _, part in changeable(state)}
        seen = [*view.deeds.values(), *view.players, view.bank, view.journey]
        shared = [repr(part) for part in seen if part is not None and id(part) in parts]
        assert shared == []
