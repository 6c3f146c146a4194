"""Playing through the environment's actions: a trade composed step by step and answered, an auction's
bid ladder, building evenly, a debt, and the rewards at the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine import Game, new_game
from engine.core.state import Auction
from landlords_env import raw_env
from landlords_env.actions import BID_SHARES, DRAFT_STEPS

from scenario import ADA, BALTIC, BROWN, GRACE, INCOME_TAX, MEDITERRANEAN, READING, cash, dice, own


def table_from(game: Game, **options: object) -> raw_env:
    table = raw_env(seats=len(game.state.players), **options)  # type: ignore[arg-type]
    table.reset(options={"state": game.state})
    return table


def action(table: raw_env, family: str, k: int = 0) -> int:
    fam = next(f for f in table.actions.families if f.name == family)
    return fam.start + k


def allowed(table: raw_env) -> set[int]:
    return {int(i) for i in np.flatnonzero(table.observe(table.agent_selection)["action_mask"])}


def test_a_trade_is_composed_action_by_action_and_answered() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    own(game, ADA, MEDITERRANEAN)
    own(game, GRACE, BALTIC, READING)
    table = table_from(game)
    assert table.agent_selection == "player_0"
    table.step(action(table, "offer_to", 1))  # to the next seat: Grace
    can = allowed(table)
    assert action(table, "give_deed", MEDITERRANEAN) in can and action(table, "take_deed", BALTIC) in can
    assert action(table, "give_deed", BALTIC) not in can  # not Ada's to give
    assert action(table, "roll_dice") not in can  # a draft open: finish it first
    assert action(table, "propose") not in can  # nothing in it yet
    for step in (("give_deed", MEDITERRANEAN), ("take_deed", BALTIC), ("give_cash", 1)):  # $50
        table.step(action(table, *step))
    draft = table.layout.named(table.observe("player_0")["observation"])
    assert draft["draft"].tolist() == [1, 50, 0, 0, 0]
    assert draft["draft_out"][MEDITERRANEAN] == 1 and draft["draft_in"][BALTIC] == 1
    table.step(action(table, "propose"))
    assert table.agent_selection == "player_1"
    seen = table.layout.named(table.observe("player_1")["observation"])
    assert seen["offer"].tolist() == [1, 0, 50, 0, 0]  # from Grace's side: Ada, cash in
    assert seen["offer_out"][BALTIC] == 1 and seen["offer_in"][MEDITERRANEAN] == 1
    assert action(table, "accept_trade") in allowed(table)
    table.step(action(table, "accept_trade"))
    assert table.game is not None
    deeds = table.game.state.deeds
    assert deeds[MEDITERRANEAN].owner == GRACE and deeds[BALTIC].owner == ADA
    assert table.game.state.players[GRACE].cash == 1550
    assert table.agent_selection == "player_0"


def test_drafts_are_bounded_in_steps_and_in_number_each_turn() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    table = table_from(game, offers_per_turn=1)
    table.step(action(table, "offer_to", 1))
    for _ in range(DRAFT_STEPS):
        table.step(action(table, "give_cash", 0))
    assert allowed(table) == {action(table, "propose"), action(table, "drop")}
    table.step(action(table, "drop"))
    assert action(table, "offer_to", 1) not in allowed(table)  # one draft a turn here
    assert action(table, "roll_dice") in allowed(table)


def test_an_auction_offers_a_ladder_of_bids_the_engine_takes() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    dice(game, (2, 3))  # Ada to Reading Railroad ($200)
    table = table_from(game)
    table.step(action(table, "roll_dice"))
    table.step(action(table, "decline_property"))
    assert table.game is not None and table.game.state.pending is not None
    assert table.game.state.pending.kind == "auction"
    bidder = table.agent_selection
    can = allowed(table)
    ladder = [k for k in range(len(BID_SHARES)) if action(table, "place_bid", k) in can]
    assert ladder == list(range(len(BID_SHARES)))  # $1500 each: every rung up to $400 is affordable
    k = BID_SHARES.index(1.0)
    table.step(action(table, "place_bid", k))
    pend = table.game.state.pending
    assert isinstance(pend, Auction) and pend.high_bid == 200
    assert pend.high_bidder == int(bidder.split("_")[1])


def test_building_follows_the_engines_even_rule() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    own(game, ADA, *BROWN)
    table = table_from(game)
    table.step(action(table, "build", MEDITERRANEAN))
    can = allowed(table)
    assert action(table, "build", BALTIC) in can
    assert action(table, "build", MEDITERRANEAN) not in can  # two on one lot, none on the other
    assert action(table, "sell_building", MEDITERRANEAN) in can


def test_a_debt_is_raised_or_ends_in_bankruptcy_and_the_loser_scores_minus_one() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=2)
    own(game, ADA, MEDITERRANEAN)
    cash(game, ADA, 10)
    dice(game, (1, 3))  # Income Tax: more than Ada has
    table = table_from(game)
    table.step(action(table, "roll_dice"))
    if table.game is not None and table.game.state.pending and table.game.state.pending.kind == "income_tax":
        table.step(action(table, "choose_income_tax", 0))
    assert table.game is not None and table.game.state.pending is not None
    assert table.game.state.players[ADA].position == INCOME_TAX
    assert table.game.state.pending.kind == "debt"
    can = allowed(table)
    assert action(table, "mortgage", MEDITERRANEAN) in can
    table.step(action(table, "mortgage", MEDITERRANEAN))  # $30: still short of the tax
    table.step(action(table, "declare_bankruptcy"))
    assert table.terminations == {"player_0": True, "player_1": True}
    assert table._cumulative_rewards == {"player_0": -1.0, "player_1": 1.0}


@pytest.mark.parametrize("shaping", [0.0, 1.0])
def test_one_agent_against_bots_ends_with_a_win_a_loss_or_the_cap(shaping: float) -> None:
    table = raw_env(seats=3, opponents=["simple", "easy"], seed=4, max_turns=60, shaping=shaping)
    table.reset()
    total = 0.0
    rng = np.random.default_rng(0)
    while table.agents:
        obs, reward, terminated, truncated, _ = table.last()
        total += reward
        if terminated or truncated:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert table.game is not None
    st = table.game.state
    if shaping:
        assert total != 0.0 and -2.0 < total < 2.0
    elif st.players[0].bankrupt or st.winner not in (None, 0):
        assert total == -1.0
    elif st.winner == 0:
        assert total == 1.0
    else:
        assert total == 0.0 and st.turn >= 60


def test_the_example_agent_plays_against_three_bots() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "research" / "agent_against_bots.py"
    run = [sys.executable, str(example), "--games", "2", "--level", "easy", "--max-turns", "40"]
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert out.count("the agent") == 2 and "steps" in out


def test_a_game_played_in_the_environment_is_written_as_an_event_log() -> None:
    from saves.eventlog import read_event_log, replay

    table = raw_env(seats=3, opponents={1: "easy"}, seed=8, max_turns=30)
    table.reset()
    rng = np.random.default_rng(1)
    while table.agents:
        obs, _, terminated, truncated, _ = table.last()
        table.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    log = read_event_log(table.event_lines())
    players = [(s.kind, s.level) for s in log.header.players]
    assert players == [("agent", None), ("bot", "easy"), ("agent", None)]
    assert table.game is not None and replay(log).state == table.game.state
