"""Setting up: seats per edition, starting money, Darrow's crowded table, dealt variants, the data."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine import EDITIONS, Edition, RuleOptions, SetupError, load_edition, new_game
from engine.core.edition import _read

from scenario import pending


def test_seat_limits_follow_the_edition() -> None:
    with pytest.raises(SetupError):
        new_game("classic", ["Ada"])
    with pytest.raises(SetupError):
        new_game("classic", [f"P{i}" for i in range(9)])
    assert len(new_game("darrow-1935", [f"P{i}" for i in range(9)]).state.players) == 9
    with pytest.raises(SetupError):
        new_game("darrow-1935", [f"P{i}" for i in range(10)])


def test_names_must_be_given_and_distinct() -> None:
    with pytest.raises(SetupError):
        new_game("classic", ["Ada", "Ada"])
    with pytest.raises(SetupError):
        new_game("classic", ["Ada", "  "])


def test_unknown_edition_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match="unknown edition"):
        new_game("monopoly-2049", ["A", "B"])


def test_everyone_starts_on_go_with_1500_and_the_first_seat_rolls() -> None:
    game = new_game("classic", ["A", "B", "C"], seed=1)
    assert [(p.cash, p.position, p.credit) for p in game.state.players] == [(1500, 0, 0)] * 3
    assert (pending(game).kind, pending(game).player) == ("roll", 0)
    assert game.state.bank.houses == 32 and game.state.bank.hotels == 12
    assert all(d.owner is None for d in game.state.deeds.values())


def test_darrow_with_more_than_five_players_starts_with_1000_and_500_of_credit() -> None:
    five = new_game("darrow-1935", ["A", "B", "C", "D", "E"])
    assert {(p.cash, p.credit) for p in five.state.players} == {(1500, 0)}
    six = new_game("darrow-1935", ["A", "B", "C", "D", "E", "F"])
    assert {(p.cash, p.credit) for p in six.state.players} == {(1000, 500)}


def test_starting_cash_option() -> None:
    game = new_game("classic", ["A", "B"], rules=RuleOptions(starting_cash=2000))
    assert {p.cash for p in game.state.players} == {2000}


def test_the_same_seed_shuffles_the_same_way_and_another_seed_differently() -> None:
    a = new_game("classic", ["A", "B"], seed=42).state.decks
    b = new_game("classic", ["A", "B"], seed=42).state.decks
    c = new_game("classic", ["A", "B"], seed=43).state.decks
    assert a == b and a != c
    assert sorted(a["chance"]) == sorted(c["chance"]) and len(a["chance"]) == 16


def test_the_short_game_deals_three_free_deeds_each() -> None:
    game = new_game("classic", ["A", "B", "C", "D"], seed=3, rules=RuleOptions(short_game=True))
    owned = [sum(1 for d in game.state.deeds.values() if d.owner == p) for p in range(4)]
    assert owned == [3, 3, 3, 3]
    assert {p.cash for p in game.state.players} == {1500}
    assert [e.kind for e in game.opening].count("deed_dealt") == 12


def test_the_time_limit_game_deals_two_deeds_each_at_their_price() -> None:
    game = new_game("classic", ["A", "B"], seed=3, rules=RuleOptions(time_limit_rounds=10))
    for p in range(2):
        price = sum(game.board.price[s] for s, d in game.state.deeds.items() if d.owner == p)
        assert game.state.players[p].cash == 1500 - price


def test_short_game_and_time_limit_exclude_each_other() -> None:
    with pytest.raises(ValidationError):
        RuleOptions(short_game=True, time_limit_rounds=5)


@pytest.mark.parametrize(
    "edition",
    [e for e in EDITIONS if "community_chest" in load_edition(e).decks and load_edition(e).track is None],
)  # the editions on the classic board alone (the add-on board's supply is tested with its rules)
def test_each_edition_of_the_classic_board_has_it_all(edition: str) -> None:
    ed = load_edition(edition)
    assert len(ed.spaces) == 40
    assert sum(1 for s in ed.spaces if s.is_deed) == 28
    assert sum(1 for s in ed.spaces if s.kind == "street") == 22
    assert {name: len(d.cards) for name, d in ed.decks.items()} == {"chance": 16, "community_chest": 16}
    assert (ed.bank.houses, ed.bank.hotels) == (32, 12)


def test_printed_figures_spot_checks() -> None:
    ed = load_edition("classic")
    boardwalk = ed.spaces[39]
    assert (boardwalk.price, boardwalk.mortgage, boardwalk.house_cost) == (400, 200, 200)
    assert boardwalk.rent == [50, 200, 600, 1400, 1700, 2000]
    assert ed.spaces[24].rent == [20, 100, 300, 750, 925, 1100]
    assert ed.spaces[3].rent == [4, 20, 60, 180, 320, 450]
    assert ed.groups["railroads"].tiers == [25, 50, 100, 200]
    assert ed.groups["utilities"].multipliers == [4, 10]
    assert (ed.taxes["income"].flat, ed.taxes["income"].percent, ed.taxes["luxury"].flat) == (200, 10, 75)
    modern = load_edition("modern")
    assert (modern.taxes["income"].flat, modern.taxes["income"].percent, modern.taxes["luxury"].flat) == (
        200,
        None,
        100,
    )
    assert modern.auction_min_bid == 10 and ed.auction_min_bid == 1
    darrow = load_edition("darrow-1935")
    assert (darrow.taxes["income"].flat, darrow.taxes["income"].worth) == (300, "mortgage_values")


def test_edition_data_is_validated_when_loaded() -> None:
    data = _read("classic")
    data["spaces"][1]["group"] = "purple"
    with pytest.raises(ValidationError, match="unknown group"):
        Edition.model_validate(data)
    data = _read("classic")
    data["spaces"][39]["rent"] = [50, 200]
    with pytest.raises(ValidationError, match="six rents"):
        Edition.model_validate(data)
    data = _read("classic")
    data["decks"]["chance"]["cards"][0]["effect"] = {"kind": "advance_to", "space": 99}
    with pytest.raises(ValidationError, match="no space 99"):
        Edition.model_validate(data)
    data = _read("classic")
    data["unknown_rule"] = True
    with pytest.raises(ValidationError):
        Edition.model_validate(data)
