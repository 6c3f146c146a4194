"""Headless simulation: reproducible runs, every roll's landing counted, the figures of each edition."""

from __future__ import annotations

from engine.tools.simulate import simulate


def test_a_run_is_reproducible_and_accounts_for_every_roll() -> None:
    a = simulate(6, players=4, seed=3)
    b = simulate(6, players=4, seed=3)
    assert a.as_dict() == b.as_dict()
    assert a.games == 6 and sum(a.wins) + a.capped == 6
    assert len(a.landings) == 40 and sum(a.landings) == a.rolls
    assert a.landings[30] == 0  # nobody ends a roll on Go To Jail: it is resolved to Jail
    assert a.landings[10] > max(a.landings[1:10])  # Jail is the most visited square


def test_a_turn_cap_ends_every_game() -> None:
    r = simulate(3, players=4, seed=1, max_turns=20)
    assert r.capped == 3 and r.longest == 20


def test_the_1904_game_always_ends_and_its_figures_are_counted() -> None:
    r = simulate(12, players=4, seed=8, edition="landlords-1904")
    data = r.as_dict()
    assert r.capped == 0 and sum(r.wins) == 12
    scores = data["scores"]
    assert isinstance(scores, dict) and len(scores["average_by_seat"]) == 4
    assert scores["winner_average"] >= scores["average"] > 0
    top = data["top_buyer"]
    assert isinstance(top, dict) and 0 <= top["wins"] <= top["games"] <= 12
    poorhouse = data["poorhouse"]
    assert isinstance(poorhouse, dict) and 0 <= poorhouse["games"] <= 12
    assert r.landings[4] == r.landings[30] == 0  # No Trespassing is resolved to the jail beside Coal


def test_the_classic_report_has_no_poorhouse() -> None:
    assert "poorhouse" not in simulate(2, players=2, seed=1, max_turns=50).as_dict()
