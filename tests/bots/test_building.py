"""Building: three houses a lot first, cash kept back, mortgages lifted, and the house shortage."""

from __future__ import annotations

import pytest

from engine import Build, EndTurn, Game
from engine.bots.hard import HARD_STYLE
from engine.bots.position import Position
from engine.bots.valuation import _best_level, best_level, rent_factor

from positions import (
    B_AND_O,
    BOARDWALK,
    MEDITERRANEAN,
    ORANGE,
    READING,
    RED,
    ST_JAMES,
    ask,
    bot,
    end_turn,
    play_decision,
    table,
)


def levels(game: Game, spaces: tuple[int, ...]) -> list[int]:
    return [game.state.deeds[s].level for s in spaces]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_with_sets_and_cash_builds_every_lot_to_three_houses_before_a_fourth(level: str) -> None:
    game = table(owners={0: ORANGE + RED}, cash=(2500, 1500, 1500, 1500))
    end_turn(game, 0)
    commands = play_decision(bot(level), game, 0)
    builds = [c for c in commands if isinstance(c, Build)]
    assert commands[-1] == EndTurn(player=0)
    # every lot of both groups reaches three before any lot gets a fourth
    seen: dict[int, int] = {}
    for cmd in builds:
        seen[cmd.space] = seen.get(cmd.space, 0) + 1
        if seen[cmd.space] == 4:
            assert all(seen.get(s, 0) >= 3 for s in ORANGE + RED), seen
    assert min(levels(game, ORANGE + RED)) == 3
    # the richer-paying orange group came first
    assert {c.space for c in builds[:9]} == set(ORANGE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_building_leaves_cash_in_hand(level: str) -> None:
    game = table(owners={0: ORANGE}, cash=(700, 1500, 1500, 1500))
    end_turn(game, 0)
    play_decision(bot(level), game, 0)
    assert sum(levels(game, ORANGE)) > 0
    assert game.state.players[0].cash >= 100


def test_hard_mortgages_stray_deeds_to_get_houses_up_and_normal_does_not() -> None:
    owners = {0: (*ORANGE, BOARDWALK, READING, B_AND_O)}
    results = {}
    for level in ("normal", "hard"):
        game = table(owners=owners, cash=(300, 1500, 1500, 1500))
        end_turn(game, 0)
        play_decision(bot(level), game, 0)
        mortgaged = [s for s in (BOARDWALK, READING, B_AND_O) if game.state.deeds[s].mortgaged]
        results[level] = (sum(levels(game, ORANGE)), mortgaged)
    assert results["normal"][1] == []
    assert results["hard"][1], "hard should raise building money from its stray deeds"
    assert results["hard"][0] > results["normal"][0]
    assert not any(game.state.deeds[s].mortgaged for s in ORANGE)


def test_hard_holds_four_houses_while_the_bank_runs_short_and_a_rival_could_build() -> None:
    def position() -> Game:
        game = table(
            owners={0: ORANGE, 1: RED}, cash=(3000, 1500, 1500, 1500), houses=dict.fromkeys(ORANGE, 4)
        )
        game.state.bank.houses = 8
        end_turn(game, 0)
        return game

    assert ask(bot("hard"), position(), 0) == EndTurn(player=0)  # a hotel would hand the rival four houses
    assert ask(bot("normal"), position(), 0).kind == "build"


def test_hard_builds_hotels_when_houses_are_plentiful() -> None:
    game = table(owners={0: ORANGE, 1: RED}, cash=(3000, 1500, 1500, 1500), houses=dict.fromkeys(ORANGE, 4))
    end_turn(game, 0)
    assert ask(bot("hard"), game, 0).kind == "build"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_mortgages_are_lifted_when_cash_is_plentiful_and_the_group_comes_first(level: str) -> None:
    game = table(
        owners={0: (*ORANGE, MEDITERRANEAN)},
        cash=(2000, 1500, 1500, 1500),
        mortgaged=(ORANGE[0], MEDITERRANEAN),
    )
    end_turn(game, 0)
    first = ask(bot(level), game, 0)
    assert first.kind == "unmortgage" and first.space == ORANGE[0]
    play_decision(bot(level), game, 0)
    assert not game.state.deeds[ORANGE[0]].mortgaged
    assert sum(levels(game, ORANGE)) > 0  # and then it built on the group


def test_a_broke_bot_lifts_nothing() -> None:
    game = table(owners={0: (MEDITERRANEAN, BOARDWALK)}, cash=(120, 1500, 1500, 1500), mortgaged=(BOARDWALK,))
    end_turn(game, 0)
    for level in ("easy", "normal", "hard"):
        assert ask(bot(level), game, 0) == EndTurn(player=0)


def test_the_level_a_group_is_built_to_is_the_same_for_any_cash_beyond_its_price() -> None:
    """Pricing a trade asks the level for every price tried; cash beyond what every level costs is asked
    as that cost, and the answer must be the one the search gives for the cash itself."""
    game = table(owners={0: ORANGE}, cash=(1500, 1500, 1500, 1500))
    group = Position(game.view(0), 0).group(ST_JAMES)
    incomes, cost = Position(game.view(0), 0).tables.development[group]
    most = (len(incomes) - 1) * cost
    pace = HARD_STYLE.saving * game.board.edition.salary
    for budget in (most - cost, most, most + 1, 10 * most, 1e12):
        pos = Position(game.view(0), 0)
        k = rent_factor(pos, HARD_STYLE, 0)
        found = best_level(pos, group, k, budget, HARD_STYLE.horizon, pace)
        assert found == _best_level(Position(game.view(0), 0), group, k, budget, HARD_STYLE.horizon, pace, 0)
        assert found[0] > 0
    top = len(incomes) - 1
    assert best_level(pos, group, k, 5000, HARD_STYLE.horizon, pace, top) == (top, 0.0)  # built to the top


def _every_level(
    pos: Position, group: str, k: float, budget: float, horizon: float, pace: float, houses_now: int
) -> tuple[int, float]:
    """The level a group should be built to, by weighing every level the bank's stock allows in turn."""
    incomes, cost = pos.tables.development[group]
    houses = len(pos.board.members[group]) * pos.top
    stop = len(incomes)
    if houses_now + pos.bank_houses < houses:
        stop = min(stop, houses_now + pos.bank_houses + 1)
    if pos.bank_hotels <= 0:
        stop = min(stop, houses + 1)
    base = incomes[houses_now]
    best_h, best = houses_now, 0.0
    for h in range(houses_now + 1, stop):
        spend = (h - houses_now) * cost
        if spend <= budget:
            net = (incomes[h] - base) * k - spend
        else:
            left = 1.0 - (spend - budget) * (1.0 / (pace * horizon))
            if left <= 0.0:
                break
            net = (incomes[h] - base) * k * left - spend
        if net > best:
            best_h, best = h, net
    return best_h, best


@pytest.mark.parametrize("houses", [32, 5, 0])
def test_the_level_search_weighs_every_level_it_skips(houses: int) -> None:
    """The search takes the levels cash pays for outright from a table and stops once no level left can
    pay: for every budget, building already up and stock of houses, it finds the level a walk through
    every level finds."""
    game = table(owners={0: ORANGE + RED + (BOARDWALK, 37)}, cash=(1500, 1500, 1500, 1500))
    game.state.bank.houses = houses
    for group_lots in (ORANGE, RED):
        pos = Position(game.view(0), 0)
        group = pos.group(group_lots[0])
        incomes, cost = pos.tables.development[group]
        k = rent_factor(pos, HARD_STYLE, 0)
        horizon = HARD_STYLE.horizon
        for pace in (40.0, 100.0, HARD_STYLE.saving * game.board.edition.salary):
            for houses_now in range(0, len(incomes), 2):
                for budget in (-300, -0.5, 0, 1, cost - 0.5, cost, 2.5 * cost, 7 * cost + 0.25, 5000, 1e12):
                    found = _best_level(
                        Position(game.view(0), 0), group, k, budget, horizon, pace, houses_now
                    )
                    assert found == _every_level(pos, group, k, budget, horizon, pace, houses_now)
