"""The ten acceptance scenarios of the Finance reference (edition `finance-1936`), each played through the
command door with scripted dice, and each replayed from its start to the same state."""

from __future__ import annotations

import pytest

from engine import (
    Build,
    BuyProperty,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    Game,
    IllegalCommand,
    PassAuction,
    PlaceBid,
    RollDice,
    SellLot,
    waiting_for,
)
from engine.bots import make_bot
from engine.bots.base import BotBase
from engine.core.commands import Command
from engine.core.events import (
    AuctionStarted,
    AuctionWon,
    BankFeePaid,
    BuildingSold,
    CashSurrendered,
    DebtIncurred,
    DiceRolled,
    ForcedMove,
    PassedGo,
    PlayerMoved,
    RentPaid,
    SentOn,
)
from engine.core.state import Auction
from engine.queries import liquidation_value, rent_for

from finance_board import (
    BOOMTOWN,
    CARNIVAL,
    CHANCE_C,
    CHEVY_CHASE,
    COTTAGE,
    EASY_STREET,
    FAIRHOPE,
    GAYETY,
    GOAT_ALLEY,
    LONELY_LANE,
    MARKET,
    MISSED_TRAIN,
    P0,
    P1,
    P2,
    P3,
    RICKETY_ROW,
    ROWBOAT,
    RUBEVILLE,
    SOUTH_RR,
    START,
    SWEEPSTAKES,
    SYLVAN,
    UNION_SQUARE,
    VENETIAN,
    WAYBACK,
    WEST_RR,
    WHARF,
    finance,
    lot,
)
from scenario import cash, dice, kinds, of_kind, place, play, replays, settle, top_card


def test_1_buying_a_house_and_lot() -> None:
    game = finance()
    assert game.state.bank.houses == 48
    place(game, P1, 0)
    dice(game, (1, 2), (1, 2))
    settle(game)
    play(game, RollDice(player=P0), BuyProperty(player=P0))
    st = game.state
    assert st.players[P0].cash == 1775
    assert st.deeds[LONELY_LANE].owner == P0 and st.deeds[LONELY_LANE].level == 1
    assert st.bank.houses == 47
    play(game, EndTurn(player=P0), RollDice(player=P1))
    assert st.players[P1].cash == START - 25 and st.players[P0].cash == 1775 + 25
    assert replays(game)


@pytest.mark.parametrize(("houses", "rent"), [(4, 1200), (6, 4800)])
def test_2_rent_doubles_with_every_house(houses: int, rent: int) -> None:
    game = finance()
    lot(game, P1, UNION_SQUARE, houses)
    cash(game, P0, 5000)
    place(game, P0, UNION_SQUARE - 5)
    dice(game, (2, 3))
    settle(game)
    events = play(game, RollDice(player=P0))
    paid = of_kind(events, RentPaid)
    assert [e.amount for e in paid] == [rent]
    assert game.state.players[P1].cash == START + rent
    assert game.state.players[P0].cash == 5000 - rent


def test_3_building_needs_a_circuit_and_stops_at_six() -> None:
    game = finance()
    lot(game, P0, GOAT_ALLEY)
    place(game, P0, 36)
    dice(game, (2, 2))
    settle(game)
    with pytest.raises(IllegalCommand) as refused:
        game.apply(Build(player=P0, space=GOAT_ALLEY))
    assert refused.value.code == "no_circuit"  # 36 -> 0 (landed on CASH HERE: +$200), then a double's throw
    play(game, RollDice(player=P0))
    assert game.state.players[P0].cash == START + 200 and game.state.players[P0].circuits == 1
    before = game.state.players[P0].cash
    play(game, Build(player=P0, space=GOAT_ALLEY), Build(player=P0, space=GOAT_ALLEY))
    assert game.state.players[P0].cash == before - 300
    assert game.state.deeds[GOAT_ALLEY].level == 3
    assert rent_for(game, GOAT_ALLEY, 7)[0] == 100
    play(game, *[Build(player=P0, space=GOAT_ALLEY)] * 3)
    with pytest.raises(IllegalCommand) as seventh:
        game.apply(Build(player=P0, space=GOAT_ALLEY))
    assert seventh.value.code == "has_hotel" and "6 houses" in seventh.value.reason
    assert replays(game)


@pytest.mark.parametrize(("ride", "again"), [((1, 2), False), ((3, 3), True)])
def test_4_a_railroad_throw_replaces_the_double(ride: tuple[int, int], again: bool) -> None:
    game = finance()
    place(game, P0, GOAT_ALLEY)
    dice(game, (2, 2), ride)
    settle(game)
    events = play(game, RollDice(player=P0))
    st = game.state
    end = SOUTH_RR + sum(ride)
    assert st.players[P0].position == end
    assert [e.amount for e in of_kind(events, BankFeePaid)] == [10]
    assert st.players[P0].cash == START - 10
    assert [e.purpose for e in of_kind(events, DiceRolled)] == ["move", "fare"]
    play(game, *_decline_if_offered(game))
    assert st.pending is not None
    assert st.pending.kind == ("roll" if again else "end_turn") and st.pending.player == P0
    if end == RICKETY_ROW:
        assert st.deeds[RICKETY_ROW].owner is None  # offered, declined, unsold: the move ends there
    assert replays(game)


def _decline_if_offered(game: Game) -> list[Command]:
    """Decline the lot on offer and let every bidder pass, so that the turn goes on."""
    out: list[Command] = []
    pend = game.state.pending
    if pend is not None and pend.kind == "buy":
        out.append(DeclineProperty(player=pend.player))
        out.extend(PassAuction(player=p) for p in (1, 2, 3, 0))
    return out


@pytest.mark.parametrize(("carnival", "end"), [((2, 4), CHEVY_CHASE), ((3, 4), MARKET)])
def test_5_missed_the_train_rowboat_carnival(carnival: tuple[int, int], end: int) -> None:
    game = finance()
    place(game, P0, CHEVY_CHASE)
    dice(game, (1, 3), carnival)
    settle(game)
    events = play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    sent = [(e.from_space, e.to_space) for e in of_kind(events, SentOn)]
    assert sent == [(MISSED_TRAIN, ROWBOAT), (ROWBOAT, CARNIVAL)]
    assert not of_kind(events, PassedGo)
    assert [e.amount for e in of_kind(events, BankFeePaid)] == [10]
    assert ps.position == end and ps.cash == 1915
    moved = of_kind(events, PlayerMoved)[-1]
    assert moved.backward == (end == MARKET)
    assert replays(game)


def test_6_soakem_wharf_and_the_carnival_back_onto_a_railroad() -> None:
    game = finance()
    place(game, P0, EASY_STREET)
    dice(game, (1, 2), (2, 3), (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert [e.amount for e in of_kind(events, BankFeePaid)] == [5, 10]
    assert ps.position == VENETIAN and ps.cash == 1910
    purposes = [e.purpose for e in of_kind(events, DiceRolled)]
    assert purposes == ["move", "carnival", "fare"]
    assert [e.to_space for e in of_kind(events, PlayerMoved)] == [WHARF, WEST_RR, VENETIAN]
    assert replays(game)


def test_6c_the_carnival_throw_replaces_the_double_that_reached_the_wharf() -> None:
    game = finance()
    place(game, P0, EASY_STREET)
    dice(game, (1, 2), (2, 3), (2, 2), (2, 4))  # ... West RR, (2,2) -> Wharf, Carnival: (2,4) -> 26
    settle(game)
    play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert ps.position == CHEVY_CHASE and ps.cash == START - 5 - 10 - 5
    play(game, *_decline_if_offered(game))
    pend = game.state.pending
    assert pend is not None and pend.kind == "end_turn"  # the (2,2) earned no throw of its own


@pytest.mark.parametrize("double", [False, True])
def test_7_the_forced_move(double: bool) -> None:
    game = finance()
    place(game, P1, CHEVY_CHASE)
    lot(game, P0, FAIRHOPE)
    place(game, P0, CHEVY_CHASE - 6)
    dice(game, (3, 3) if double else (2, 4))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.pending is not None and game.state.pending.kind == "buy"
    assert game.state.players[P1].position == CHEVY_CHASE  # P0's own action comes first
    events = play(game, BuyProperty(player=P0))
    st = game.state
    assert st.players[P1].position == FAIRHOPE
    forced = of_kind(events, ForcedMove)
    assert [(e.player, e.arriving, e.steps) for e in forced] == [(P1, P0, 5)]
    assert st.players[P1].cash == START - 60
    assert st.players[P0].cash == START - 240 + 60
    order = kinds(events)
    assert order.index("rent_paid") > order.index("forced_move")
    assert st.pending is not None and st.pending.kind == ("roll" if double else "end_turn")
    assert replays(game)


@pytest.mark.parametrize(("arrival", "again"), [((2, 4), False), ((3, 3), True)])
def test_8_win_sweepstakes(arrival: tuple[int, int], again: bool) -> None:
    game = finance()
    place(game, P0, FAIRHOPE)
    dice(game, arrival, (4, 5))
    settle(game)
    events = play(game, RollDice(player=P0))
    st = game.state
    assert st.players[P0].position == SWEEPSTAKES
    assert st.players[P0].cash == START + 270
    assert [st.players[p].cash for p in (P1, P2, P3)] == [START - 90] * 3
    assert [e.purpose for e in of_kind(events, DiceRolled)] == ["move", "sweepstakes"]
    assert st.pending is not None and st.pending.kind == ("roll" if again else "end_turn")
    assert replays(game)


def test_9_salary_by_card_and_the_carnival_card() -> None:
    game = finance()
    place(game, P0, CHANCE_C - 4)
    top_card(game, "chance", "to_goat_alley")
    dice(game, (1, 3))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].position == GOAT_ALLEY
    assert [e.salary for e in of_kind(events, PassedGo)] == [200]

    game = finance()
    place(game, P0, CHANCE_C - 4)
    top_card(game, "chance", "to_carnival")
    dice(game, (1, 3), (1, 1))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert not of_kind(events, PassedGo)
    assert [e.purpose for e in of_kind(events, DiceRolled)] == ["move", "carnival"]
    assert game.state.players[P0].position == CARNIVAL + 2


EIGHT_LOTS = (GOAT_ALLEY, LONELY_LANE, RUBEVILLE, WAYBACK, RICKETY_ROW, BOOMTOWN, COTTAGE, MARKET)


def test_9b_with_eight_lots_a_player_may_not_buy_but_is_not_shut_out_of_the_auction() -> None:
    """The rule sheet: with all eight markers in use "he is not shut out from bidding ... he must sell one
    of his lots back to the bank before he can bid"."""
    game = finance(apart=False)
    for space in EIGHT_LOTS:
        lot(game, P0, space)
    place(game, P0, 12)
    dice(game, (1, 1))  # 12 -> 14, Sylvan Dell
    settle(game)
    play(game, RollDice(player=P0))
    with pytest.raises(IllegalCommand) as refused:
        game.apply(BuyProperty(player=P0))
    assert refused.value.code == "lot_limit"
    events = play(game, DeclineProperty(player=P0))
    started = of_kind(events, AuctionStarted)[0]
    assert started.bidders == (P1, P2, P3, P0)
    play(game, PlaceBid(player=P1, amount=100), PassAuction(player=P2), PassAuction(player=P3))
    assert waiting_for(game) == "P0 to bid or pass"
    with pytest.raises(IllegalCommand) as refused:
        game.apply(PlaceBid(player=P0, amount=110))
    assert refused.value.code == "lot_limit" and "sell a lot back" in refused.value.reason
    assert PlaceBid(player=P0, amount=101) not in game.legal_commands(P0)
    with pytest.raises(IllegalCommand) as refused:
        game.apply(SellLot(player=P1, space=EIGHT_LOTS[0]))  # only the player asked to bid sells meanwhile
    assert refused.value.code == "not_now"
    sale = SellLot(player=P0, space=EIGHT_LOTS[0])
    assert sale in game.legal_commands(P0)
    play(game, sale)
    pending = game.state.pending
    assert isinstance(pending, Auction) and pending.player == P0  # still asked, now free to bid
    events = play(game, PlaceBid(player=P0, amount=110), PassAuction(player=P1))
    (won,) = of_kind(events, AuctionWon)
    assert (won.player, won.amount) == (P0, 110)
    st = game.state
    assert st.deeds[SYLVAN].owner == P0 and st.deeds[EIGHT_LOTS[0]].owner is None
    assert sum(1 for d in st.deeds.values() if d.owner == P0) == 8
    assert st.players[P0].cash == START + 75 - 110  # half of Goat Alley's $150 back, the bid paid
    assert replays(game)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_9b_an_eight_lot_bot_asked_to_bid_sells_back_first_or_passes(level: str) -> None:
    game = finance(apart=False)
    for space in EIGHT_LOTS:
        lot(game, P0, space)
    place(game, P0, 12)
    dice(game, (1, 1))
    settle(game)
    play(game, RollDice(player=P0), DeclineProperty(player=P0))
    play(game, PassAuction(player=P1), PassAuction(player=P2), PassAuction(player=P3))
    bot = make_bot(level, seed=1, seat=P0)
    assert isinstance(bot, BotBase)
    chosen = []
    while game.state.pending is not None and game.state.pending.kind == "auction":
        cmd = bot.choose(game.view(P0), game.legal_commands(P0))
        chosen.append(type(cmd).__name__)
        game.apply(cmd)
    assert bot.refused == 0 and chosen[-1] in ("PassAuction", "PlaceBid")
    assert set(chosen[:-1]) <= {"SellLot"} and ("PlaceBid" in chosen) == ("SellLot" in chosen)
    assert sum(1 for d in game.state.deeds.values() if d.owner == P0) <= 8


def test_10_bankruptcy_to_a_player() -> None:
    game = finance()
    cash(game, P0, 300)
    lot(game, P0, GOAT_ALLEY, 3)
    assert liquidation_value(game, P0) == 225
    lot(game, P1, MARKET, 5)  # $800 rent
    place(game, P0, MARKET - 5)
    dice(game, (2, 3))
    settle(game)
    events = play(game, RollDice(player=P0))
    assert [(e.creditor, e.amount) for e in of_kind(events, DebtIncurred)] == [(P1, 800)]
    assert game.check(DeclareBankruptcy(player=P0)) is None  # 300 + 225 < 800
    events = play(game, DeclareBankruptcy(player=P0))
    st = game.state
    assert st.players[P0].bankrupt
    assert st.players[P1].cash == START + 300
    assert st.deeds[GOAT_ALLEY].owner == P1 and st.deeds[GOAT_ALLEY].level == 3
    assert not of_kind(events, BuildingSold)
    assert replays(game)


def test_10b_bankruptcy_to_the_bank_at_the_theatre() -> None:
    game = finance()
    cash(game, P0, 10)
    place(game, P0, GAYETY - 3)
    dice(game, (1, 2))
    settle(game)
    events = play(game, RollDice(player=P0))
    debt = of_kind(events, DebtIncurred)
    assert [(e.creditor, e.amount) for e in debt] == [(None, 20)]
    events = play(game, DeclareBankruptcy(player=P0))
    assert [e.amount for e in of_kind(events, CashSurrendered)] == [10]
    assert game.state.players[P0].bankrupt and game.state.players[P0].cash == 0
    assert game.state.current == P1
    assert replays(game)
