"""The bots in Finance, where lots stand alone: whole games with every answer legal, and the decisions that
matter there: where the next house goes, what to buy with the building money in mind, the marker limit,
what to sell when cash runs short, which lots a creditor keeps, houses moved when the bank is empty, and
`hard`'s trading of lots: it asks for a rival's lot it would build up, sells a lot to a rival who would pay
more for it than it is worth to the bot but never below what it is worth to him, answers by the same
reckoning it prices its offers with (naming its price when it refuses), and keeps a person's manners: no
offers in the first rounds, never the same offer twice, at most one a round to each partner."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import (
    AcceptTrade,
    Build,
    Bundle,
    BuyProperty,
    DeclineProperty,
    EndTurn,
    ExcessLots,
    Game,
    ProposeTrade,
    RejectTrade,
    RuleOptions,
    SellBuilding,
    SellLot,
    new_game,
)
from engine.bots import make_bot
from engine.bots.bargaining import TradeMemory
from engine.bots.base import BotBase
from engine.bots.hard import HARD_DEALING, HARD_LOTS
from engine.bots.lot_trades import LotDeal, LotDealer
from engine.bots.position import Position
from engine.core.state import TradeAnswer
from engine.queries import proposal_problem
from engine.tools.simulate import BotPlayer

from positions import ask, bot, buy, debt, end_turn, offer, table, wait_for

FINANCE = "finance-1936"
GOAT_ALLEY, LONELY_LANE, RUBEVILLE, WAYBACK, RICKETY_ROW, BOOMTOWN, COTTAGE = 1, 3, 4, 6, 8, 9, 11
MARKET, SYLVAN, VENETIAN, FAIRHOPE, MAIN_LINE, CHEVY_CHASE, GROSSE_POINT = 13, 14, 18, 21, 24, 26, 28
MADISON, RITTENHOUSE, UNION_SQUARE = 29, 33, 39
EASY_STREET, JOHNSON, COMMONWEALTH, WALL_STREET = 16, 23, 31, 38


def finance_table(
    owners: dict[int, tuple[int, ...]],
    houses: dict[int, int] | None = None,
    cash: tuple[int, ...] = (1925,) * 4,
) -> Game:
    """A Finance table: every lot owned carries its house (or as many as `houses` says); all have been
    round the board once."""
    levels = {s: 1 for spaces in owners.values() for s in spaces}
    levels.update(houses or {})
    game = table(owners=owners, houses=levels, cash=cash, edition=FINANCE)
    for p in game.state.players:
        p.circuits = 1
    return game


def _play(game: Game, levels: list[str], seed: int, max_turns: int) -> list[BotBase]:
    from invariants import check_events, check_ledger, check_state

    bots = [make_bot(level, seed, seat) for seat, level in enumerate(levels)]
    players = [BotPlayer(b) for b in bots]
    st = game.state
    while st.winner is None and st.turn < max_turns:
        p = st.pending.player  # type: ignore[union-attr]
        cmd = players[p].decide(game, p)
        assert game.check(cmd) is None, (levels[p], cmd, game.check(cmd))
        before = st.copy()
        events = game.apply(cmd)
        check_ledger(before, st, events)
        check_events(game, events)
        check_state(game)
    return [b for b in bots if isinstance(b, BotBase)]


@pytest.mark.parametrize(
    ("levels", "rules"),
    [
        (["easy", "normal", "hard", "random"], None),
        (["hard", "normal", "normal", "normal", "easy", "easy"], None),
        (["hard", "easy"], RuleOptions(time_limit_rounds=20)),
    ],
)
def test_whole_finance_games_keep_every_rule_and_no_answer_is_refused(
    levels: list[str], rules: RuleOptions | None
) -> None:
    for seed in (21, 22):
        game = new_game(FINANCE, [f"Bot {i}" for i in range(len(levels))], seed=seed, rules=rules)
        bots = _play(game, levels, seed, max_turns=500)
        assert all(b.refused == 0 for b in bots), [b.refused for b in bots]
        assert game.state.winner is not None


def test_the_newcomer_builds_on_its_cheapest_lot_the_others_where_finishing_pays_best() -> None:
    game = finance_table({0: (GOAT_ALLEY, GROSSE_POINT)}, cash=(2000, 1925, 1925, 1925))
    end_turn(game, 0)
    answers = {level: ask(bot(level), game, 0) for level in ("easy", "normal", "hard")}
    assert answers["easy"] == Build(player=0, space=GOAT_ALLEY)
    assert answers["normal"] == answers["hard"] == Build(player=0, space=GROSSE_POINT)


def test_a_lot_already_built_up_is_finished_first() -> None:
    game = finance_table(
        {0: (UNION_SQUARE, GROSSE_POINT)}, houses={GROSSE_POINT: 5}, cash=(1000, 1925, 1925, 1925)
    )
    end_turn(game, 0)
    assert ask(bot("normal"), game, 0) == Build(player=0, space=GROSSE_POINT)


def test_no_house_before_the_first_circuit() -> None:
    game = finance_table({0: (GROSSE_POINT,)})
    game.state.players[0].circuits = 0
    end_turn(game, 0)
    for level in ("easy", "normal", "hard"):
        assert ask(bot(level), game, 0) == EndTurn(player=0)


def test_the_building_money_is_kept_from_a_weaker_lot() -> None:
    # 1,300 in hand and Grosse Point to finish (1,200): Goat Alley would only take its building money
    game = finance_table({0: (GROSSE_POINT,)}, cash=(1300, 1925, 1925, 1925))
    buy(game, 0, GOAT_ALLEY)
    assert ask(bot("normal"), game, 0) == DeclineProperty(player=0)
    assert ask(bot("easy"), game, 0) == BuyProperty(player=0)
    # a better lot to build up than the one it has is bought
    game = finance_table({0: (GOAT_ALLEY,)}, cash=(1300, 1925, 1925, 1925))
    buy(game, 0, UNION_SQUARE)
    assert ask(bot("normal"), game, 0) == BuyProperty(player=0)


def test_with_every_marker_used_a_far_better_lot_is_made_room_for() -> None:
    eight = (GOAT_ALLEY, LONELY_LANE, RUBEVILLE, WAYBACK, RICKETY_ROW, BOOMTOWN, COTTAGE, SYLVAN)
    game = finance_table({0: eight}, cash=(3000, 1925, 1925, 1925))
    buy(game, 0, UNION_SQUARE)
    first = ask(bot("hard"), game, 0)
    assert isinstance(first, SellLot) and first.space in (GOAT_ALLEY, LONELY_LANE)
    game.apply(first)
    assert ask(bot("hard"), game, 0) == BuyProperty(player=0)
    # the newcomer never does: it declines
    game = finance_table({0: eight}, cash=(3000, 1925, 1925, 1925))
    buy(game, 0, UNION_SQUARE)
    assert ask(bot("easy"), game, 0) == DeclineProperty(player=0)


def test_cash_is_raised_where_the_least_rent_is_lost_and_a_lot_goes_last() -> None:
    game = finance_table(
        {0: (GOAT_ALLEY, GROSSE_POINT)}, houses={GOAT_ALLEY: 3, GROSSE_POINT: 6}, cash=(0,) * 4
    )
    debt(game, 0, 100)
    first = ask(bot("normal"), game, 0)
    assert first == SellBuilding(player=0, space=GOAT_ALLEY)  # $50 of rent a throw lost at most, not $1,280
    game = finance_table({0: (GOAT_ALLEY, GROSSE_POINT)}, cash=(0,) * 4)
    debt(game, 0, 100)
    assert ask(bot("normal"), game, 0) == SellLot(player=0, space=GOAT_ALLEY)


def test_a_creditor_gives_back_the_lots_worth_least() -> None:
    game = finance_table({0: (GOAT_ALLEY, UNION_SQUARE)}, houses={UNION_SQUARE: 4})
    wait_for(game, ExcessLots(player=0, spaces=(GOAT_ALLEY, UNION_SQUARE)))
    for level in ("easy", "normal", "hard"):
        assert ask(bot(level), game, 0) == SellLot(player=0, space=GOAT_ALLEY)


def test_with_the_bank_empty_a_house_moves_from_a_weak_lot_to_a_strong_one() -> None:
    owners = {
        0: (GOAT_ALLEY, UNION_SQUARE),
        1: (MADISON, FAIRHOPE),
        2: (RITTENHOUSE, VENETIAN),
        3: (MAIN_LINE, CHEVY_CHASE, GROSSE_POINT, MARKET),
    }
    full = dict.fromkeys((MADISON, FAIRHOPE, RITTENHOUSE, VENETIAN, MAIN_LINE, CHEVY_CHASE, GROSSE_POINT), 6)
    game = finance_table(owners, houses={GOAT_ALLEY: 3, MARKET: 2, **full}, cash=(5000, 1925, 1925, 1925))
    assert game.state.bank.houses == 0
    end_turn(game, 0)
    assert ask(bot("hard"), game, 0) == SellBuilding(player=0, space=GOAT_ALLEY)
    assert ask(bot("easy"), game, 0) == EndTurn(player=0)


# --- trading lots ----------------------------------------------------------------------------------


def rich_and_poor() -> Game:
    """The bot (seat 0) has cash to build; seat 1 holds Union Square with no cash to build it up."""
    return finance_table({0: (GOAT_ALLEY,), 1: (UNION_SQUARE, LONELY_LANE)}, cash=(2000, 100, 1925, 1925))


def offers_now(bot: BotBase, game: Game) -> list[ProposeTrade]:
    """Let the bot finish its turn, each offer it makes refused at once without a word about price; the
    offers it made."""
    made: list[ProposeTrade] = []
    end_turn(game, 0)
    for _ in range(20):
        cmd = ask(bot, game, 0)
        if not isinstance(cmd, ProposeTrade):
            return made
        made.append(cmd)
        events = game.apply(cmd)
        bot.observe(events)
        pend = game.state.pending
        assert isinstance(pend, TradeAnswer)
        bot.observe(game.apply(RejectTrade(player=cmd.to, trade_id=pend.trade.id)))
        end_turn(game, 0)
    raise AssertionError("the bot kept offering")


def next_round(game: Game) -> None:
    game.state.turn += 4
    game.state.round += 1


def test_hard_offers_for_a_lot_it_would_build_up_and_says_why() -> None:
    game = rich_and_poor()
    end_turn(game, 0)
    bot = make_bot("hard", 7, 0)
    cmd = ask(bot, game, 0)
    assert isinstance(cmd, ProposeTrade)
    assert (cmd.to, cmd.take.deeds, cmd.give.deeds) == (1, (UNION_SQUARE,), ())
    assert 0 < cmd.give.cash <= 2000
    assert proposal_problem(game.view(0), 0, 1, cmd.give, cmd.take) is None
    assert "Union Square" in bot.reason and "worth more to me" in bot.reason


def test_no_lot_offers_in_the_first_rounds() -> None:
    game = rich_and_poor()
    game.state.turn, game.state.round = 4, 1
    bot = make_bot("hard", 7, 0)
    assert isinstance(bot, BotBase)
    assert offers_now(bot, game) == []
    for _ in range(3):
        next_round(game)
    assert len(offers_now(bot, game)) == 1


def test_an_offer_is_never_made_twice_and_each_refusal_brings_a_better_price() -> None:
    game = rich_and_poor()
    bot = make_bot("hard", 7, 0)
    assert isinstance(bot, BotBase)
    made: list[ProposeTrade] = []
    for _ in range(8):
        now = offers_now(bot, game)
        assert len({c.to for c in now}) == len(now)  # at most one a round to each partner
        made += now
        next_round(game)
    asked = [(c.to, c.give.deeds, c.take.deeds, c.give.cash - c.take.cash) for c in made]
    assert len(asked) == len(set(asked)) > 1
    for_union = [c.give.cash for c in made if c.take.deeds == (UNION_SQUARE,)]
    assert for_union == sorted(for_union) and len(set(for_union)) == len(for_union) > 1
    assert len(for_union) < 8  # it stops asking before long


def test_a_lopsided_offer_is_refused_with_a_price_that_it_then_takes() -> None:
    game = finance_table({0: (GOAT_ALLEY, GROSSE_POINT), 1: (MARKET,)})
    bot = make_bot("hard", 7, 0)
    pend = offer(game, 1, 0, give=Bundle(cash=10), take=Bundle(deeds=(GOAT_ALLEY,)))
    no = ask(bot, game, 0)
    assert isinstance(no, RejectTrade)
    assert no.asking is not None and no.asking > 10
    assert "worth less to me" in no.reason and f"{no.asking:,}" in no.reason
    game.apply(RejectTrade(player=0, trade_id=pend.trade.id))
    pend = offer(game, 1, 0, give=Bundle(cash=no.asking - 50), take=Bundle(deeds=(GOAT_ALLEY,)))
    assert isinstance(ask(bot, game, 0), RejectTrade)
    game.apply(RejectTrade(player=0, trade_id=pend.trade.id))
    offer(game, 1, 0, give=Bundle(cash=no.asking), take=Bundle(deeds=(GOAT_ALLEY,)))
    assert isinstance(ask(bot, game, 0), AcceptTrade)


def test_owing_a_little_it_never_lets_a_lot_go_to_a_player_for_less_than_the_bank_pays() -> None:
    # $25 in hand, $50 owed to seat 2: the bank pays $110 for Fairhope Avenue
    owners = {
        0: (WAYBACK, COTTAGE, VENETIAN, UNION_SQUARE),
        1: (BOOMTOWN, MAIN_LINE, MADISON, WALL_STREET),
        2: (LONELY_LANE, RICKETY_ROW, MARKET, EASY_STREET, JOHNSON, COMMONWEALTH, RITTENHOUSE),
        3: (FAIRHOPE, GROSSE_POINT),
    }
    built = {VENETIAN: 2, UNION_SQUARE: 3, BOOMTOWN: 3, MAIN_LINE: 3, WALL_STREET: 3, GROSSE_POINT: 6}
    game = finance_table(owners, houses=built, cash=(265, 611, 721, 25))
    debt(game, 3, 50, creditor=2)
    cmd = ask(bot("hard", seat=3), game, 3)
    if isinstance(cmd, ProposeTrade):
        assert cmd.give.deeds == (FAIRHOPE,) and cmd.take.cash >= 110, cmd


def short_of_cash_beside_a_rich_rival(cash: int) -> Game:
    """The bot (seat 0) holds Union Square and Goat Alley with `cash` in hand; seat 1 has $3,000 and
    only Lonely Lane, so any lot is worth more to him, built up, than to the bot. Seats 2 and 3 hold all
    the lots they may (eight each): three are left to buy from the bank."""
    rest = [RUBEVILLE, WAYBACK, RICKETY_ROW, BOOMTOWN, COTTAGE, MARKET, SYLVAN, VENETIAN, FAIRHOPE, MAIN_LINE]
    rest += [CHEVY_CHASE, GROSSE_POINT, MADISON, RITTENHOUSE, EASY_STREET, JOHNSON, COMMONWEALTH, WALL_STREET]
    owners = {0: (UNION_SQUARE, GOAT_ALLEY), 1: (LONELY_LANE,), 2: tuple(rest[:8]), 3: tuple(rest[8:16])}
    return finance_table(owners, cash=(cash, 3000, 1925, 1925))


def test_hard_sells_a_lot_to_a_rival_who_would_build_it_for_more_than_the_bank_pays() -> None:
    game = short_of_cash_beside_a_rich_rival(400)
    game.state.turn, game.state.round = 20, 5
    end_turn(game, 0)
    bot = make_bot("hard", 7, 0)
    cmd = ask(bot, game, 0)
    assert isinstance(cmd, ProposeTrade)
    assert (cmd.to, cmd.give.deeds, cmd.take.deeds) == (1, (GOAT_ALLEY,), ())
    assert cmd.take.cash > 150 // 2  # the bank would pay half the printed price
    assert "Goat Alley" in bot.reason and "worth more to you" in bot.reason
    # at that price the buyer gains no more than the bot, by the reckoning it prices with
    pos = Position(game.view(0), 0)
    mine, his = LotDeal(pos, HARD_LOTS, HARD_DEALING, 0, 1, Bundle(deeds=(GOAT_ALLEY,)), Bundle()).gains(
        -cmd.take.cash
    )
    assert mine >= his


def test_a_lot_a_rival_would_build_up_is_never_sold_him_below_what_it_is_worth_to_him() -> None:
    game = short_of_cash_beside_a_rich_rival(100)
    pend = offer(game, 1, 0, give=Bundle(cash=300), take=Bundle(deeds=(UNION_SQUARE,)))
    no = ask(make_bot("hard", 7, 0), game, 0)
    assert isinstance(no, RejectTrade) and no.asking is not None
    pos = Position(game.view(0), 0)
    deal = LotDeal(pos, HARD_LOTS, HARD_DEALING, 1, 0, Bundle(), Bundle(deeds=(UNION_SQUARE,)))
    his, mine = deal.gains(no.asking)
    assert mine >= his > 0  # the price it names leaves him a gain, and the bot no less
    # a dealer content with a third of the buyer's gain would name a lower price: the rule is what holds it up
    lenient = LotDealer(HARD_LOTS, replace(HARD_DEALING, arming=0.0), TradeMemory())
    lower = lenient.answer(pos, 1, pend.trade.id, pend.trade.give, pend.trade.take, game.legal_commands(0))
    assert isinstance(lower, RejectTrade) and lower.asking is not None and lower.asking < no.asking
    game.apply(RejectTrade(player=0, trade_id=pend.trade.id))
    pend = offer(game, 1, 0, give=Bundle(cash=no.asking - 20), take=Bundle(deeds=(UNION_SQUARE,)))
    assert isinstance(ask(make_bot("hard", 7, 0), game, 0), RejectTrade)
    game.apply(RejectTrade(player=0, trade_id=pend.trade.id))
    offer(game, 1, 0, give=Bundle(cash=no.asking), take=Bundle(deeds=(UNION_SQUARE,)))
    assert isinstance(ask(make_bot("hard", 7, 0), game, 0), AcceptTrade)


def _most_paid_for_goat_alley(game: Game) -> int:
    """The most `hard` in seat 0 would pay seat 1 for Goat Alley, by its reckoning."""
    pos = Position(game.view(0), 0)
    deal = LotDeal(pos, HARD_LOTS, HARD_DEALING, 0, 1, Bundle(), Bundle(deeds=(GOAT_ALLEY,)))
    price = 0
    while deal.gains(price + 5)[0] >= HARD_DEALING.min_gain:
        price += 5
    return price


def test_a_lot_the_bank_still_sells_like_is_worth_less_from_a_rival_than_on_a_full_board() -> None:
    """With lots for sale at the bank, a rival's lot only saves the wait for one: a bot with no lot pays no
    more than the bank's price for it; with every lot owned, it is the only way to a lot, and worth more."""
    few = finance_table({1: (GOAT_ALLEY,)})
    assert _most_paid_for_goat_alley(few) < 150
    lots = [GOAT_ALLEY, LONELY_LANE, RUBEVILLE, WAYBACK, RICKETY_ROW, BOOMTOWN, COTTAGE, MARKET, SYLVAN]
    lots += [VENETIAN, FAIRHOPE, MAIN_LINE, CHEVY_CHASE, GROSSE_POINT, MADISON, RITTENHOUSE, UNION_SQUARE]
    lots += [EASY_STREET, JOHNSON, COMMONWEALTH, WALL_STREET]
    full = finance_table({1: tuple(lots[:8]), 2: tuple(lots[8:16]), 3: tuple(lots[16:])})
    assert _most_paid_for_goat_alley(full) > _most_paid_for_goat_alley(few)
