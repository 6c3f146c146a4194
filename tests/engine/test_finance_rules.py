"""Finance (edition `finance-1936`): one or more scenario tests for each numbered rule F1-F36 of the
reference, played through the command door with scripted dice."""

from __future__ import annotations

import pytest

from engine import (
    AcceptTrade,
    Build,
    Bundle,
    BuyProperty,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    Event,
    Game,
    Mortgage,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RollDice,
    RuleOptions,
    SellBuilding,
    SellLot,
    SetupError,
    load_edition,
    new_game,
    standings,
)
from engine.core.events import (
    AuctionStarted,
    AuctionWon,
    BankFeePaid,
    BuildingSold,
    DiceRolled,
    ForcedMove,
    GameOver,
    LotSold,
    PassedGo,
    PlayerMoved,
    RentPaid,
    SentOn,
)
from engine.queries import markers_left, net_worth, rent_for, rent_schedule

from finance_board import (
    BALL_GAME,
    CARNIVAL,
    CASH_HERE,
    CHANCE_A,
    CHANCE_B,
    CHANCE_C,
    CHEVY_CHASE,
    COMMONWEALTH,
    COTTAGE,
    EDITION,
    FAIRHOPE,
    FIFTH_AVENUE,
    GAYETY,
    GOAT_ALLEY,
    GROSSE_POINT,
    JOHNSON,
    LEGACY,
    LONELY_LANE,
    MADISON,
    MAIN_LINE,
    MARKET,
    MISSED_TRAIN,
    NORTH_RR,
    OVERDRAWN,
    P0,
    P1,
    P2,
    P3,
    RAILROADS,
    REBATE,
    RICKETY_ROW,
    RITTENHOUSE,
    ROWBOAT,
    RUBEVILLE,
    SOUTH_RR,
    START,
    SWEEPSTAKES,
    SYLVAN,
    UNION_SQUARE,
    VENETIAN,
    WALL_STREET,
    WHARF,
    finance,
    lot,
    rounded,
)
from scenario import cash, dice, kinds, of_kind, place, play, replays, settle, top_card, turn_of


def _roll(game: Game, player: int = P0, *pairs: tuple[int, int]) -> list[Event]:
    dice(game, *pairs)
    settle(game)
    return play(game, RollDice(player=player))


# --- setup ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 6])
def test_f1_two_to_six_players(n: int) -> None:
    game = new_game(EDITION, [f"P{i}" for i in range(n)], seed=1)
    assert len(game.state.players) == n


@pytest.mark.parametrize("n", [1, 7])
def test_f1_not_one_nor_seven(n: int) -> None:
    with pytest.raises(SetupError, match="2 to 6"):
        new_game(EDITION, [f"P{i}" for i in range(n)], seed=1)


def test_f2_capital_markers_and_the_start() -> None:
    game = new_game(EDITION, ["A", "B", "C"], seed=1)
    assert [p.cash for p in game.state.players] == [START] * 3
    assert [p.position for p in game.state.players] == [CASH_HERE] * 3
    assert [markers_left(game, p) for p in range(3)] == [8, 8, 8]
    assert game.state.bank.houses == 48 and game.state.bank.hotels == 0


def test_f3_turns_go_in_seat_order() -> None:
    game = finance()
    dice(game, (1, 2), (1, 3))
    settle(game)
    play(
        game, RollDice(player=P0), DeclineProperty(player=P0), *[PassAuction(player=p) for p in (1, 2, 3, 0)]
    )
    play(game, EndTurn(player=P0))
    assert game.state.current == P1 and game.state.pending is not None and game.state.pending.kind == "roll"


def test_the_edition_has_no_jail_no_mortgages_no_hotels_and_no_colour_groups() -> None:
    ed = load_edition(EDITION)
    assert ed.jail is None and ed.doubles_limit is None and not ed.mortgages and not ed.hotels
    assert ed.short_game is None and not ed.colour_groups
    assert sum(1 for s in ed.spaces if s.kind == "street") == 22 and len(ed.spaces) == 40
    assert sum(1 for s in ed.spaces if s.is_deed) == 22  # railroads are nobody's
    assert [s.kind for s in ed.spaces if s.kind == "ride"] == ["ride"] * 4
    with pytest.raises(SetupError, match="no Short Game"):
        new_game(EDITION, ["A", "B"], rules=RuleOptions(short_game=True))


# --- movement and throws ---------------------------------------------------------------------------


def test_f4_a_throw_moves_clockwise_and_the_space_acts() -> None:
    game = finance()
    events = _roll(game, P0, (2, 6))
    assert game.state.players[P0].position == RICKETY_ROW
    assert kinds(events)[-1] == "property_offered"


def _pass_all(game: Game, lander: int) -> list[Event]:
    """Decline the lot on offer and let the auction go unsold."""
    n = len(game.state.players)
    order = [(lander + k) % n for k in range(1, n + 1)]
    return play(game, DeclineProperty(player=lander), *[PassAuction(player=p) for p in order])


def test_f5_doubles_throw_again_without_limit() -> None:
    game = finance()
    place(game, P0, REBATE)
    dice(game, (1, 1), (1, 1), (1, 1), (2, 1))  # 12 -> 14 -> 16 -> 18 -> 21: no jail, ever
    settle(game)
    for _ in range(3):
        play(game, RollDice(player=P0))
        _pass_all(game, P0)
        assert game.state.pending is not None and game.state.pending.kind == "roll"
    assert game.state.doubles == 3 and game.state.players[P0].position == VENETIAN
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == FAIRHOPE


@pytest.mark.parametrize(("card_throw", "after"), [((1, 3), "end_turn"), ((2, 2), "roll")])
def test_f6_the_cards_throw_replaces_the_double(card_throw: tuple[int, int], after: str) -> None:
    game = finance()
    top_card(game, "chance", "throw_again")
    place(game, P0, SOUTH_RR)
    events = _roll(game, P0, (1, 1), card_throw)  # 5 -> 7 Chance: throw again, 4 on to Cottage Terrace
    assert [e.purpose for e in of_kind(events, DiceRolled)] == ["move", "card"]
    assert game.state.players[P0].position == COTTAGE
    _pass_all(game, P0)
    assert game.state.pending is not None and game.state.pending.kind == after


def test_f7_the_double_comes_after_the_whole_chain_of_forced_moves() -> None:
    game = finance()
    lot(game, P1, FAIRHOPE)
    place(game, P1, CHEVY_CHASE)
    place(game, P2, FAIRHOPE)
    place(game, P0, BALL_GAME)
    _roll(game, P0, (2, 2))  # 22 -> 26, where P1 stands
    events = _pass_all(game, P0)
    forced = [(e.player, e.space) for e in of_kind(events, ForcedMove)]
    assert forced == [(P1, CHEVY_CHASE), (P2, FAIRHOPE)]  # P1 on Fairhope sends P2 back to Easy Street
    assert game.state.players[P1].position == FAIRHOPE and game.state.players[P2].position == 16
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("buy", P2)
    _pass_all(game, P2)
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("roll", P0)
    assert replays(game)


def test_f8_a_double_thrown_for_a_ride_earns_one_more_throw() -> None:
    game = finance()
    place(game, P0, GOAT_ALLEY)
    _roll(game, P0, (1, 3), (3, 3))  # 1 -> 5, the ride (3,3) -> 11
    assert game.state.players[P0].position == COTTAGE
    _pass_all(game, P0)
    assert game.state.pending is not None and game.state.pending.kind == "roll"


def test_f9_the_sweepstakes_throw_moves_nothing_and_earns_no_throw() -> None:
    game = finance()
    place(game, P0, FAIRHOPE)
    events = _roll(game, P0, (2, 4), (3, 3))
    assert game.state.players[P0].position == SWEEPSTAKES
    assert game.state.players[P0].cash == START + 3 * 60
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"
    assert len(of_kind(events, PlayerMoved)) == 1


def test_f10_and_a19_a_token_still_on_cash_here_is_forced_back_and_its_double_earns_nothing() -> None:
    game = finance()
    top_card(game, "chance", "to_cash_here")
    place(game, P1, CASH_HERE)
    place(game, P0, CHANCE_C - 3)
    events = _roll(game, P0, (1, 2), (2, 2))  # 33 -> 36: to CASH HERE (+$200); P1 back to 35, ride (2,2)
    assert game.state.players[P0].cash == START + 200
    ride = [e for e in of_kind(events, DiceRolled) if e.purpose == "fare"]
    assert [(e.player, e.dice) for e in ride] == [(P1, (2, 2))]
    assert game.state.players[P1].position == UNION_SQUARE
    assert game.state.players[P1].cash == START - 10
    _pass_all(game, P1)
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("end_turn", P0)
    assert replays(game)


# --- salary -----------------------------------------------------------------------------------------


def test_f11_landing_on_or_passing_cash_here_pays_200() -> None:
    game = finance()
    place(game, P0, 36)
    events = _roll(game, P0, (2, 2))
    assert [(e.salary, e.landed) for e in of_kind(events, PassedGo)] == [(200, True)]
    game = finance()
    place(game, P0, WALL_STREET)
    events = _roll(game, P0, (1, 2))
    assert [(e.salary, e.landed) for e in of_kind(events, PassedGo)] == [(200, False)]
    assert game.state.players[P0].position == GOAT_ALLEY


def test_f12_cards_pay_for_passing_unless_told_not_to() -> None:
    game = finance()
    top_card(game, "chance", "to_goat_alley")
    place(game, P0, CHANCE_A - 3)
    _roll(game, P0, (1, 2))
    assert game.state.players[P0].cash == START + 200 and game.state.players[P0].position == GOAT_ALLEY
    game = finance()
    top_card(game, "chance", "missed_train")
    place(game, P0, CHANCE_C - 3)
    events = _roll(game, P0, (1, 2), (2, 4))  # 36 -> 30 round past CASH HERE: no salary
    assert not of_kind(events, PassedGo)
    assert game.state.players[P0].cash == START - 10  # the Rowboat's fare only


def test_f12_going_back_over_cash_here_pays_nothing() -> None:
    game = finance()
    place(game, P1, LONELY_LANE)
    place(game, P0, CASH_HERE)
    _roll(game, P0, (1, 2))  # P0 lands on 3: once his lot is dealt with, P1 goes back 5 over CASH HERE
    events = _pass_all(game, P0)
    assert [e.player for e in of_kind(events, ForcedMove)] == [P1]
    assert game.state.players[P1].position == WALL_STREET
    assert game.state.players[P1].cash == START and not of_kind(events, PassedGo)


def test_f13_and_f26_missed_the_train_crosses_to_the_rowboat_without_salary() -> None:
    game = finance()
    place(game, P0, GROSSE_POINT)
    events = _roll(game, P0, (1, 1), (3, 4))
    sent = of_kind(events, SentOn)
    assert next((e.from_space, e.to_space) for e in sent) == (MISSED_TRAIN, ROWBOAT)
    assert not of_kind(events, PassedGo)


def test_f14_the_first_salary_completes_the_circuit() -> None:
    game = finance()
    lot(game, P0, WALL_STREET)
    place(game, P0, WALL_STREET)
    dice(game, (1, 2))
    settle(game)
    assert game.check(Build(player=P0, space=WALL_STREET)) is not None
    play(game, RollDice(player=P0))
    assert game.state.players[P0].circuits == 1
    assert game.check(Build(player=P0, space=WALL_STREET)) is None


# --- property ---------------------------------------------------------------------------------------


def test_f15_a_lot_is_bought_with_a_house_and_a_marker() -> None:
    game = finance()
    _roll(game, P0, (2, 6))
    play(game, BuyProperty(player=P0))
    deed = game.state.deeds[RICKETY_ROW]
    assert (deed.owner, deed.level, game.state.bank.houses) == (P0, 1, 47)
    assert markers_left(game, P0) == 7 and game.state.players[P0].cash == START - 180


def test_f16_a_declined_lot_is_auctioned_to_all_and_the_lander_pays_no_rent_for_it() -> None:
    game = finance()
    _roll(game, P0, (2, 6))
    events = play(game, DeclineProperty(player=P0))
    started = of_kind(events, AuctionStarted)[0]
    assert started.bidders == (P1, P2, P3, P0) and started.min_bid == 1
    events = play(
        game,
        PlaceBid(player=P1, amount=1),
        PassAuction(player=P2),
        PassAuction(player=P3),
        PassAuction(player=P0),
    )
    assert [(e.player, e.amount) for e in of_kind(events, AuctionWon)] == [(P1, 1)]
    assert game.state.deeds[RICKETY_ROW].level == 1 and game.state.bank.houses == 47
    assert not of_kind(events, RentPaid) and game.state.players[P0].cash == START
    assert game.state.players[P0].position == RICKETY_ROW


def test_f16_with_no_bid_the_lot_stays_with_the_bank() -> None:
    game = finance()
    _roll(game, P0, (2, 6))
    events = _pass_all(game, P0)
    assert kinds(events).count("auction_unsold") == 1
    assert game.state.deeds[RICKETY_ROW].owner is None and game.state.bank.houses == 48


def test_f17_houses_on_any_lot_at_its_price_with_no_group_nor_evenness_and_at_any_time() -> None:
    game = finance()
    lot(game, P0, GOAT_ALLEY)
    lot(game, P0, UNION_SQUARE)
    rounded(game, P0)
    turn_of(game, P2)  # another player's turn: building is open at any time
    settle(game)
    play(game, *[Build(player=P0, space=UNION_SQUARE)] * 5)
    assert game.state.deeds[UNION_SQUARE].level == 6 and game.state.deeds[GOAT_ALLEY].level == 1
    assert game.state.players[P0].cash == START - 5 * 300
    assert game.state.bank.houses == 48 - 6 - 1


def test_f18_rent_is_the_printed_rent_doubled_per_house_and_nothing_on_ones_own_lot() -> None:
    game = finance()
    for houses in range(1, 7):
        lot(game, P1, MADISON, houses)
        assert rent_for(game, MADISON, 7)[0] == 100 * 2 ** (houses - 1)
    rows = rent_schedule(game, MADISON)
    assert [str(r.amount) for r in rows] == ["$100", "$200", "$400", "$800", "$1,600", "$3,200"]
    assert [r.current for r in rows] == [False] * 5 + [True]
    lot(game, P0, MARKET, 3)
    place(game, P0, MARKET - 3)
    events = _roll(game, P0, (1, 2))
    assert not of_kind(events, RentPaid) and game.state.players[P0].cash == START


def test_f18_the_printed_ladders_double_and_match_the_seeds_table() -> None:
    ed = load_edition(EDITION)
    ladders = {tuple(s.rent) for s in ed.spaces if s.kind == "street" and s.rent}
    assert sorted(r[0] for r in ladders) == [25, 30, 40, 50, 60, 80, 100, 130, 150]
    for ladder in ladders:
        assert list(ladder) == [ladder[0] * 2**k for k in range(6)]
    assert ed.spaces[GOAT_ALLEY].price == 150 and ed.spaces[UNION_SQUARE].price == 300


EIGHT = (GOAT_ALLEY, LONELY_LANE, RUBEVILLE, RICKETY_ROW, COTTAGE, MARKET, SYLVAN, VENETIAN)


def test_f19_no_ninth_lot_by_trade_and_a_lot_sold_back_frees_a_marker() -> None:
    game = finance()
    for space in EIGHT:
        lot(game, P0, space)
    lot(game, P1, MADISON)
    settle(game)
    offer = ProposeTrade(player=P0, to=P1, give=Bundle(cash=500), take=Bundle(deeds=(MADISON,)))
    refusal = game.check(offer)
    assert refusal is not None and refusal.code == "lot_limit"
    swap = ProposeTrade(player=P0, to=P1, give=Bundle(deeds=(GOAT_ALLEY,)), take=Bundle(deeds=(MADISON,)))
    assert game.check(swap) is None  # a lot for a lot keeps him at eight
    play(game, SellLot(player=P0, space=GOAT_ALLEY))
    assert markers_left(game, P0) == 1 and game.check(offer) is None


def test_f19_a_trade_may_fill_the_last_marker_but_not_go_beyond() -> None:
    game = finance()
    for space in EIGHT[:7]:
        lot(game, P0, space)
    lot(game, P1, MADISON)
    lot(game, P1, WALL_STREET)
    settle(game)
    both = ProposeTrade(player=P0, to=P1, give=Bundle(cash=900), take=Bundle(deeds=(MADISON, WALL_STREET)))
    refusal = game.check(both)
    assert refusal is not None and refusal.code == "lot_limit"
    play(game, ProposeTrade(player=P0, to=P1, give=Bundle(cash=500), take=Bundle(deeds=(MADISON,))))
    play(game, AcceptTrade(player=P1, trade_id=1))
    assert game.state.deeds[MADISON].owner == P0 and markers_left(game, P0) == 0


# --- the forced move ----------------------------------------------------------------------------------


def test_f20_several_rivals_go_back_in_seat_order_after_the_arriving_player() -> None:
    game = finance()
    lot(game, P2, FAIRHOPE)
    place(game, P0, CHEVY_CHASE)
    place(game, P3, CHEVY_CHASE)
    place(game, P2, CHEVY_CHASE - 5)
    dice(game, (1, 4))
    turn_of(game, P2)
    settle(game)
    play(game, RollDice(player=P2))
    events = _pass_all(game, P2)
    forced = [(e.player, e.space) for e in of_kind(events, ForcedMove)]
    # P3 then P0 go back to Fairhope (P2's: $60 each); P0 arriving there sends P3 on to Easy Street
    assert forced == [(P3, CHEVY_CHASE), (P0, CHEVY_CHASE), (P3, FAIRHOPE)]
    assert [e.payer for e in of_kind(events, RentPaid)] == [P3, P0]
    assert game.state.players[P0].position == FAIRHOPE and game.state.players[P3].position == 16


def test_f20_a_forced_move_onto_a_rivals_lot_pays_rent_and_can_chain_on() -> None:
    game = finance()
    lot(game, P2, FAIRHOPE, 2)
    place(game, P1, CHEVY_CHASE)
    place(game, P0, CHEVY_CHASE - 4)
    _roll(game, P0, (1, 3))
    events = _pass_all(game, P0)
    assert [(e.payer, e.owner, e.amount) for e in of_kind(events, RentPaid)] == [(P1, P2, 120)]


def test_f21_tokens_never_rest_on_the_sending_spaces() -> None:
    for start, d in ((GOAT_ALLEY, (2, 2)), (COTTAGE - 3, (3, 4))):
        game = finance()
        place(game, P0, start)
        _roll(game, P0, d, (1, 2), (1, 3), (2, 3))
        assert game.state.players[P0].position not in (*RAILROADS, ROWBOAT, WHARF, CARNIVAL, MISSED_TRAIN)


# --- railroads and the other spaces ------------------------------------------------------------------


def test_f22_a_railroad_charges_its_fare_gives_a_throw_and_belongs_to_nobody() -> None:
    game = finance()
    place(game, P0, NORTH_RR - 3)
    events = _roll(game, P0, (1, 2), (1, 3))
    assert [(e.amount, e.space) for e in of_kind(events, BankFeePaid)] == [(10, NORTH_RR)]
    assert game.state.players[P0].position == NORTH_RR + 4
    assert all(s not in game.state.deeds for s in RAILROADS)


def test_f22_the_free_ride_card_pays_no_fare_and_passes_cash_here() -> None:
    game = finance()
    top_card(game, "chance", "free_ride")
    place(game, P0, CHANCE_C - 3)
    events = _roll(game, P0, (1, 2), (1, 2))  # 36 -> South Railroad (past CASH HERE), ride 3 -> 8
    assert not of_kind(events, BankFeePaid)
    assert [e.salary for e in of_kind(events, PassedGo)] == [200]
    assert game.state.players[P0].position == RICKETY_ROW


@pytest.mark.parametrize(
    ("space", "cash_after"),
    [
        (OVERDRAWN, START + 200 - 10),
        (BALL_GAME, START - 10),
        (REBATE, START + 70),
        (LEGACY, START + 50),
        (GAYETY, START - 4 * 5),
    ],
)
def test_f23_penalties_and_rewards(space: int, cash_after: int) -> None:
    game = finance()
    place(game, P0, (space - 3) % 40)
    _roll(game, P0, (1, 2))
    assert game.state.players[P0].position == space
    assert game.state.players[P0].cash == cash_after


def test_f23_the_theatre_counts_the_players_still_in_the_game() -> None:
    game = finance()
    game.state.players[P3].bankrupt = True
    game.state.players[P3].cash = 0
    place(game, P0, GAYETY - 3)
    _roll(game, P0, (1, 2))
    assert game.state.players[P0].cash == START - 15


def test_f24_win_sweepstakes_collects_ten_times_the_throw_from_each_other_player() -> None:
    game = finance(("A", "B"))
    place(game, P0, SWEEPSTAKES - 3)
    _roll(game, P0, (1, 2), (6, 6))
    assert game.state.players[P0].cash == START + 120 and game.state.players[P1].cash == START - 120


def test_f25_a_card_goes_back_to_the_bottom() -> None:
    game = finance()
    top_card(game, "chance", "dividend")
    place(game, P0, CHANCE_A - 3)
    _roll(game, P0, (1, 2))
    assert game.state.decks["chance"][-1] == "dividend" and len(game.state.decks["chance"]) == 16
    assert game.state.players[P0].cash == START + 50


# --- the Surprise Move ------------------------------------------------------------------------------


def test_f27_the_rowboat_charges_10_and_passing_the_wharf_costs_nothing() -> None:
    game = finance()
    place(game, P0, ROWBOAT - 4)
    events = _roll(game, P0, (1, 3), (2, 2))  # 6 -> Rowboat -> Carnival: (2,2) on to Main Line
    assert [e.amount for e in of_kind(events, BankFeePaid)] == [10]
    assert game.state.players[P0].position == CARNIVAL + 4


def test_f28_sent_back_onto_the_wharf_completes_the_surprise_move() -> None:
    game = finance()
    place(game, P1, MAIN_LINE)
    place(game, P0, MAIN_LINE - 3)
    _roll(game, P0, (1, 2), (3, 5))  # P0 on Main Line; P1 back 5 to the Wharf: $5, Carnival 8 -> 28
    _pass_all(game, P0)
    assert game.state.players[P1].position == GROSSE_POINT
    assert game.state.players[P1].cash == START - 5


def test_f29_an_even_ten_at_the_carnival_misses_the_train_and_starts_again() -> None:
    game = finance()
    top_card(game, "chance", "to_carnival")
    place(game, P0, CHANCE_B - 3)
    events = _roll(game, P0, (1, 2), (5, 5), (2, 4))
    assert [e.amount for e in of_kind(events, BankFeePaid)] == [10]
    assert game.state.players[P0].position == CHEVY_CHASE
    _pass_all(game, P0)
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"  # (5,5) was replaced


# --- bank, trading, shortage ----------------------------------------------------------------------


def test_f30_the_bank_buys_back_at_half_and_the_last_house_goes_with_the_lot() -> None:
    game = finance()
    lot(game, P0, RITTENHOUSE, 4)
    settle(game)
    events = play(game, SellBuilding(player=P0, space=RITTENHOUSE))
    assert [e.amount for e in of_kind(events, BuildingSold)] == [140]
    play(game, SellBuilding(player=P0, space=RITTENHOUSE), SellBuilding(player=P0, space=RITTENHOUSE))
    refusal = game.check(SellBuilding(player=P0, space=RITTENHOUSE))
    assert refusal is not None and refusal.code == "last_house"
    lot(game, P0, FIFTH_AVENUE, 3)
    settle(game)
    events = play(game, SellLot(player=P0, space=FIFTH_AVENUE))
    assert [(e.houses, e.amount) for e in of_kind(events, LotSold)] == [(3, 420)]
    assert game.state.deeds[FIFTH_AVENUE].owner is None and game.state.deeds[FIFTH_AVENUE].level == 0
    assert game.state.bank.houses == 48 - 1


def test_f31_lots_trade_with_their_houses_and_nothing_is_mortgaged() -> None:
    game = finance()
    lot(game, P0, JOHNSON, 3)
    settle(game)
    play(game, ProposeTrade(player=P0, to=P1, give=Bundle(deeds=(JOHNSON,)), take=Bundle(cash=700)))
    play(game, AcceptTrade(player=P1, trade_id=1))
    assert game.state.deeds[JOHNSON].owner == P1 and game.state.deeds[JOHNSON].level == 3
    refusal = game.check(Mortgage(player=P1, space=JOHNSON))
    assert refusal is not None and refusal.code == "no_mortgages"


def _bank_emptied(game: Game) -> None:
    """Every one of the 48 houses on a lot: P1 six lots of six, P2 two lots (six and five), P0 one house."""
    for s in (UNION_SQUARE, WALL_STREET, FIFTH_AVENUE, RITTENHOUSE, COMMONWEALTH, MADISON):
        lot(game, P1, s, 6)
    lot(game, P2, GROSSE_POINT, 6)
    lot(game, P2, CHEVY_CHASE, 5)
    lot(game, P0, GOAT_ALLEY, 1)
    assert game.state.bank.houses == 0


def test_f32_with_no_house_in_the_bank_nothing_is_built_and_no_lot_is_sold() -> None:
    game = finance()
    _bank_emptied(game)
    rounded(game, P0)
    place(game, P0, MARKET - 3)
    dice(game, (1, 2))
    settle(game)
    refusal = game.check(Build(player=P0, space=GOAT_ALLEY))
    assert refusal is not None and refusal.code == "no_houses_left"
    play(game, RollDice(player=P0))
    refusal = game.check(BuyProperty(player=P0))
    assert refusal is not None and refusal.code == "no_houses_left"
    events = play(game, DeclineProperty(player=P0))
    assert of_kind(events, AuctionStarted)[0].bidders == ()
    assert "auction_unsold" in kinds(events) and game.state.deeds[MARKET].owner is None


def test_f32_when_more_players_want_houses_than_the_bank_has_they_are_auctioned() -> None:
    game = finance()
    _bank_emptied(game)
    rounded(game, P0, P2)
    settle(game)
    play(game, SellBuilding(player=P1, space=UNION_SQUARE))  # one house back in the bank
    events = play(game, Build(player=P0, space=GOAT_ALLEY))
    started = of_kind(events, AuctionStarted)[0]
    assert (started.lot, started.bidders) == ("house", (P2, P0))
    events = play(game, PlaceBid(player=P2, amount=300), PassAuction(player=P0))
    assert [(e.player, e.amount) for e in of_kind(events, AuctionWon)] == [(P2, 300)]
    play(game, Build(player=P2, space=CHEVY_CHASE))  # the house won goes on his lot
    assert game.state.deeds[CHEVY_CHASE].level == 6 and game.state.bank.houses == 0


def test_f33_bankruptcy_only_when_selling_everything_cannot_pay() -> None:
    game = finance()
    cash(game, P0, 100)
    lot(game, P0, UNION_SQUARE, 3)  # the bank pays 150 + 2 x 150 = 450 for it
    lot(game, P1, MARKET, 4)  # $400 rent
    place(game, P0, MARKET - 3)
    _roll(game, P0, (1, 2))
    refusal = game.check(DeclareBankruptcy(player=P0))
    assert refusal is not None and refusal.code == "can_raise_cash"
    play(game, SellBuilding(player=P0, space=UNION_SQUARE), SellBuilding(player=P0, space=UNION_SQUARE))
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"  # paid
    assert game.state.players[P0].cash == 100 + 300 - 400 and game.state.players[P1].cash == START + 400


def test_f34_a_creditor_keeps_only_as_many_lots_as_he_has_markers_and_sells_the_rest() -> None:
    game = finance()
    for s in (LONELY_LANE, RUBEVILLE, RICKETY_ROW, COTTAGE, SYLVAN, VENETIAN, JOHNSON):
        lot(game, P1, s)
    lot(game, P1, MARKET, 5)  # the eighth: $800 rent
    game.state.deeds[JOHNSON].owner = None
    game.state.bank.houses += game.state.deeds[JOHNSON].level
    game.state.deeds[JOHNSON].level = 0  # P1: seven lots, one marker left
    cash(game, P0, 50)
    lot(game, P0, GOAT_ALLEY, 2)
    lot(game, P0, WALL_STREET, 1)
    lot(game, P0, UNION_SQUARE, 1)
    place(game, P0, MARKET - 3)
    _roll(game, P0, (1, 2))
    events = play(game, DeclareBankruptcy(player=P0))
    st = game.state
    assert st.players[P1].cash == START + 50
    pend = st.pending
    assert pend is not None and (pend.kind, pend.player) == ("excess_lots", P1)
    assert set(pend.spaces) == {GOAT_ALLEY, WALL_STREET, UNION_SQUARE}  # type: ignore[union-attr]
    refusal = game.check(SellLot(player=P1, space=LONELY_LANE))  # not one of the lots taken
    assert refusal is not None
    events = play(game, SellLot(player=P1, space=GOAT_ALLEY), SellLot(player=P1, space=WALL_STREET))
    assert [e.amount for e in of_kind(events, LotSold)] == [75 + 75, 150]
    assert st.deeds[UNION_SQUARE].owner == P1 and markers_left(game, P1) == 0
    assert st.pending is not None and (st.pending.kind, st.pending.player) == ("roll", P1)
    assert replays(game)


def test_f35_a_debt_to_the_bank_must_be_raised_by_selling_back_first() -> None:
    game = finance()
    lot(game, P0, GOAT_ALLEY)  # the bank pays $75 for it
    cash(game, P0, 1)
    place(game, P0, GAYETY - 3)
    _roll(game, P0, (1, 2))
    refusal = game.check(DeclareBankruptcy(player=P0))
    assert refusal is not None and refusal.code == "can_raise_cash"
    play(game, SellLot(player=P0, space=GOAT_ALLEY))
    assert game.state.players[P0].cash == 1 + 75 - 20
    assert game.state.pending is not None and game.state.pending.kind == "end_turn"


def test_f35_a_bankrupt_owing_the_bank_returns_his_lots_unowned_and_unauctioned() -> None:
    """On this board a lot always sells back for more than any charge of the bank, so the rule is reached
    by the bankruptcy itself (a player's own lots and houses back to the bank, his cash to it)."""
    from engine.rules.debts import go_bankrupt

    game = finance()
    lot(game, P0, GOAT_ALLEY, 3)
    lot(game, P0, UNION_SQUARE, 1)
    go_bankrupt(game, P0, None)
    st = game.state
    assert st.deeds[GOAT_ALLEY].owner is None and st.deeds[GOAT_ALLEY].level == 0
    assert st.deeds[UNION_SQUARE].owner is None and st.bank.houses == 48
    assert st.players[P0].bankrupt and st.players[P0].cash == 0
    assert not any(e.kind == "auction_deed" for e in st.queue)


# --- the end ---------------------------------------------------------------------------------------


def test_f36_the_last_player_left_wins() -> None:
    game = finance(("A", "B"))
    cash(game, P0, 5)
    place(game, P0, GAYETY - 3)
    _roll(game, P0, (1, 2))
    events = play(game, DeclareBankruptcy(player=P0))
    over = of_kind(events, GameOver)
    assert [(e.winner, e.reason) for e in over] == [(P1, "last_player")]


def test_f36_at_the_time_limit_the_richest_wins_counting_each_lot_at_price_times_houses() -> None:
    game = finance(("A", "B"), rules=RuleOptions(time_limit_rounds=1))
    assert not any(d.owner is not None for d in game.state.deeds.values())  # nothing is dealt
    lot(game, P1, UNION_SQUARE, 3)
    assert net_worth(game, P1) == START + 900
    cash(game, P0, START + 800)
    assert [p for p, _ in standings(game)] == [P1, P0]
    place(game, P0, LONELY_LANE - 3)
    place(game, P1, RUBEVILLE - 3)
    dice(game, (1, 2), (1, 2))
    settle(game)
    play(
        game, RollDice(player=P0), DeclineProperty(player=P0), PassAuction(player=P1), PassAuction(player=P0)
    )
    play(game, EndTurn(player=P0), RollDice(player=P1))
    play(game, DeclineProperty(player=P1), PassAuction(player=P0), PassAuction(player=P1))
    events = play(game, EndTurn(player=P1))
    assert [(e.winner, e.reason) for e in of_kind(events, GameOver)] == [(P1, "time_limit")]


def test_f31_a_player_sells_houses_to_another_who_puts_them_on_his_own_lots() -> None:
    game = finance()
    lot(game, P0, MADISON, 4)
    lot(game, P1, GOAT_ALLEY)
    rounded(game, P1)
    settle(game)
    offer = ProposeTrade(player=P0, to=P1, give=Bundle(houses=(MADISON, MADISON)), take=Bundle(cash=400))
    events = play(game, offer, AcceptTrade(player=P1, trade_id=1))
    assert "2 houses (from Madison Square)" in describe_trade(game, events)
    assert game.state.deeds[MADISON].level == 2
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("place_building", P1)
    play(game, Build(player=P1, space=GOAT_ALLEY))
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("place_building", P1)
    play(game, Build(player=P1, space=GOAT_ALLEY))
    assert game.state.deeds[GOAT_ALLEY].level == 3 and game.state.bank.houses == 48 - 5
    assert game.state.players[P0].cash == START + 400 and game.state.players[P1].cash == START - 400
    pend = game.state.pending
    assert pend is not None and (pend.kind, pend.player) == ("roll", P0)
    assert replays(game)


def test_f31_houses_sold_need_room_a_circuit_and_never_the_lots_own_house() -> None:
    game = finance()
    lot(game, P0, MADISON, 2)
    lot(game, P1, GOAT_ALLEY, 6)
    lot(game, P2, WALL_STREET)
    rounded(game, P1)
    settle(game)
    own_house = ProposeTrade(player=P0, to=P2, give=Bundle(houses=(MADISON, MADISON)), take=Bundle(cash=1))
    refusal = game.check(own_house)
    assert refusal is not None and refusal.code == "no_building"
    full = ProposeTrade(player=P0, to=P1, give=Bundle(houses=(MADISON,)), take=Bundle(cash=1))
    refusal = game.check(full)
    assert refusal is not None and refusal.code == "no_room"  # his only lot has six
    no_circuit = ProposeTrade(player=P0, to=P2, give=Bundle(houses=(MADISON,)), take=Bundle(cash=1))
    refusal = game.check(no_circuit)
    assert refusal is not None and refusal.code == "no_room"  # P2 has not been round the board
    rounded(game, P2)
    assert game.check(no_circuit) is None
    classic = new_game("classic", ["A", "B"], seed=1)
    classic.state.deeds[1].owner = 0
    refusal = classic.check(ProposeTrade(player=0, to=1, give=Bundle(houses=(1,)), take=Bundle(cash=1)))
    assert refusal is not None and refusal.code == "no_house_sales"


def describe_trade(game: Game, events: list[Event]) -> str:
    from engine.core.narration import describe

    names = [p.name for p in game.state.players]
    return " ".join(describe(e, names, game.board) for e in events)
