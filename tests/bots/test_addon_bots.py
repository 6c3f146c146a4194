"""The bots on the add-on board: landing odds over both rings, the new groups and utilities valued from
them, travel cards played when they beat the dice, rides to the best stop, the kept cards played when they
are worth it, cards in hand valued in trades, and whole games played to the end without a refused answer."""

from __future__ import annotations

import pytest

from engine import (
    ClaimHalfWinnings,
    KeepCard,
    PlayRefundCard,
    PlayTravelCards,
    RejectTrade,
    RollDice,
    TakeRide,
    new_game,
)
from engine.bots.cards import card_worth, hand_worth
from engine.bots.normal import NORMAL_STYLE
from engine.bots.position import Position, figures_for
from engine.bots.valuation import deed_value
from engine.core.options import RuleOptions
from engine.core.state import Bundle, RefundChoice, RideChoice, WinningsChoice
from engine.play.odds import odds_for
from engine.tools.simulate import BotPlayer, play_game

from positions import ask, bot, end_turn, offer, roll, table, wait_for

LEVELS = ("easy", "normal", "hard")
BOARDWALK, PARK_PLACE = 39, 37
TRIPLE_PLAY, BOYLSTON, NEWBURY, BEACON, PASS, SUBWAY, TAX_REFUND = 52, 53, 50, 51, 46, 58, 54
INNER_D = (57, 59, 60)


def _addon(**kw: object):  # type: ignore[no-untyped-def]
    game = table(edition="addon", **kw)  # type: ignore[arg-type]
    for ps in game.state.players:  # hands start empty in these positions
        for ref in ps.hand:
            deck, _, card = ref.partition("/")
            game.state.decks[deck].append(card)
        ps.hand = []
    return game


def _give(game, player: int, *refs: str) -> None:  # type: ignore[no-untyped-def]
    for ref in refs:
        deck, _, card = ref.partition("/")
        game.state.decks[deck].remove(card)
        game.state.players[player].hand.append(ref)


def test_the_landing_odds_cover_both_rings() -> None:
    odds = odds_for("addon")
    assert len(odds.land) == 64 and sum(odds.land) == pytest.approx(1.0)
    inner = sum(odds.land[40:])
    assert 0.3 < inner < 0.45  # the inner ring takes a good share of the stops
    classic = odds_for("classic")
    assert odds.land[24] < classic.land[24]  # Illinois loses stops to the inner ring
    # from Move Backwards the next throw goes back: it never reaches Double Trouble's side of the ring
    assert all(end in range(41, 62) or end < 40 for end, _ in odds.from_space[62])


def test_the_bots_value_the_inner_groups_and_the_four_utilities() -> None:
    figures = figures_for("addon", RuleOptions())
    assert set(figures.street_groups) >= {"inner_a", "inner_b", "inner_c", "inner_d"}
    assert "utilities" in figures.dice_groups
    game = _addon(owners={0: (57, 59)})
    pos = Position(game.view(0), 0)
    # the lot that completes the silver group is worth far more than its price to the bot
    assert deed_value(pos, NORMAL_STYLE, 0, 60) > 2 * game.board.price[60]
    game = _addon(owners={0: (12, 28, 43)})
    pos = Position(game.view(0), 0)
    assert deed_value(pos, NORMAL_STYLE, 0, 55) > deed_value(pos, NORMAL_STYLE, 1, 55)


@pytest.mark.parametrize("level", LEVELS)
def test_a_travel_card_is_played_when_it_beats_the_dice(level: str) -> None:
    # rivals' hotels all round the next twelve spaces; a travel card reaches PASS and beyond, safely
    game = _addon(owners={1: (47, 48, 45)}, hotels=(45, 47, 48), cash=(1500, 1500, 1500, 1500))
    game.state.players[0].position = 41
    _give(game, 0, "travel/forward_5")
    roll(game, 0)
    cmd = ask(bot(level), game, 0)
    assert cmd == PlayTravelCards(player=0, cards=("travel/forward_5",))


@pytest.mark.parametrize("level", LEVELS)
def test_a_travel_card_is_kept_when_the_dice_do_as_well(level: str) -> None:
    game = _addon()
    game.state.players[0].position = 0
    _give(game, 0, "travel/back_1_a")  # back onto a rival's hotel would be a poor use of it
    game.state.deeds[39].owner = 1
    game.state.deeds[37].owner = 1
    game.state.deeds[39].level = game.ruleset.max_level
    game.state.bank.hotels -= 1
    roll(game, 0)
    assert ask(bot(level), game, 0) == RollDice(player=0)


@pytest.mark.parametrize("level", LEVELS)
def test_the_subway_rides_to_the_best_stop(level: str) -> None:
    game = _addon(owners={1: INNER_D}, hotels=INNER_D)
    game.state.players[0].position = SUBWAY
    wait_for(game, RideChoice(player=0, at=SUBWAY, means="subway"))
    cmd = ask(bot(level), game, 0)
    assert isinstance(cmd, TakeRide)
    assert cmd.space not in INNER_D and cmd.space != 30  # never a rival's hotel, never to jail
    board = game.board
    # a salary, a deed for sale, or the levy on the three others (about $216 on average)
    assert (
        board.pays[cmd.space]
        or (board.price[cmd.space] and game.state.deeds[cmd.space].owner is None)
        or board.kinds[cmd.space] == "double_trouble"
    )


@pytest.mark.parametrize("level", LEVELS)
def test_the_refund_card_is_played_on_a_big_pool_and_kept_on_a_small_one(level: str) -> None:
    for pool, expected in ((1000, PlayRefundCard(player=0)), (60, KeepCard(player=0))):
        game = _addon()
        game.state.pot = pool
        _give(game, 0, "chance/full_refund")
        game.state.players[0].position = TAX_REFUND
        wait_for(game, RefundChoice(player=0, space=TAX_REFUND))
        assert ask(bot(level), game, 0) == expected


@pytest.mark.parametrize("level", LEVELS)
def test_half_winnings_are_claimed_from_the_biggest_prize(level: str) -> None:
    game = _addon()
    _give(game, 0, "community_chest/half_winnings")
    wait_for(game, WinningsChoice(player=0, winners=(1, 2), amounts=(200, 1000)))
    assert ask(bot(level), game, 0) == ClaimHalfWinnings(player=0, target=2)
    wait_for(game, WinningsChoice(player=0, winners=(1,), amounts=(50,)))
    assert ask(bot(level), game, 0) == KeepCard(player=0)


@pytest.mark.parametrize("level", LEVELS)
def test_cards_in_hand_are_not_given_away(level: str) -> None:
    game = _addon()
    _give(game, 1, "triple_play/136", "community_chest/half_winnings")
    pend = offer(game, 0, 1, give=Bundle(cash=1), take=Bundle(cards=("triple_play/136",)))
    cmd = ask(bot(level, seat=1), game, 1)
    assert isinstance(cmd, RejectTrade) and cmd.trade_id == pend.trade.id


def test_a_travel_card_is_worth_something_in_a_trade() -> None:
    game = _addon()
    _give(game, 1, "travel/forward_7")
    offer(game, 0, 1, give=Bundle(cash=500), take=Bundle(cards=("travel/?",)))
    cmd = ask(bot("normal", seat=1), game, 1)
    assert cmd.kind == "accept_trade"  # $500 is a good price for one of its face-down cards


def test_the_hard_bot_builds_hotels_once_the_table_is_awash_with_cash() -> None:
    from engine.bots.hard import HardBot

    lots = (16, 18, 19)
    game = _addon(owners={0: lots, 1: (21, 23, 24)}, houses=dict.fromkeys(lots, 4))
    game.state.bank.houses = 5
    hard = HardBot(7, 0)
    assert not hard.hotels_allowed(Position(game.view(0), 0))  # a rival could use the houses
    for ps in game.state.players:
        ps.cash = 30_000
    assert hard.hotels_allowed(Position(game.view(0), 0))  # nobody is starved by holding them back
    end_turn(game, 0)


@pytest.mark.parametrize("lineup", [("hard", "normal", "easy", "random"), ("normal", "easy", "easy")])
def test_whole_games_of_bots_on_the_add_on_board(lineup: tuple[str, ...]) -> None:
    from engine.bots import make_bot

    for seed in (3, 4):
        game = new_game("addon", [f"P{i}" for i in range(len(lineup))], seed=seed)
        seats = [BotPlayer(make_bot(level, seed, i)) for i, level in enumerate(lineup)]
        play_game(game, seats, 400)
        assert all(s.bot.refused == 0 for s in seats)  # type: ignore[attr-defined]
        kinds = {c.kind for c in game.log}
        assert "roll_dice" in kinds


def test_a_hand_is_worth_its_cards_over_the_horizon_asked() -> None:
    """A card's figure is kept for the rest of the decision, once for each horizon it was asked over."""
    game = _addon()
    _give(game, 0, "triple_play/136", "triple_play/112", "travel/forward_7", "community_chest/half_winnings")
    pos = Position(game.view(0), 0)
    hand = pos.hands[0]
    short = sum(card_worth(pos, ref, 6.0) for ref in hand)
    long = sum(card_worth(pos, ref, 12.0) for ref in hand)
    assert hand_worth(pos, hand, 6.0) == short
    assert hand_worth(pos, hand, 12.0) == long > short  # the prizes of more rounds
    assert hand_worth(pos, hand, 6.0) == short  # asked again: the same figure, not the other horizon's
