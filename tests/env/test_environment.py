"""The learning environment (`landlords_env`): PettingZoo's own checks in every edition, the same game from
the same seed and actions, observations that show exactly the seat's view, and a mask that is the engine's
list of legal commands."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from engine import EDITIONS, Game, new_game
from engine.core.events import Event
from landlords_env import env, raw_env
from landlords_env.actions import ActionLayout
from landlords_env.observations import ONE_DEED, QUIET, ObservationLayout

from envplay import random_steps


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoos_api_test_passes_in_every_edition(edition: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # the two warnings every environment with an action mask gets (PettingZoo's own are listed apart)
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        api_test(env(edition=edition, seats=3, seed=4), num_cycles=60)


def test_pettingzoos_seed_test_passes_with_bots_at_the_table() -> None:
    seed_test(lambda: env(seats=4, opponents=["easy", "random"], seed=1), num_cycles=150)


def test_the_same_seed_and_actions_make_the_same_game() -> None:
    first = raw_env(seats=3, opponents={2: "normal"}, seed=11)
    first.reset()
    actions = random_steps(first, 400, seed=5)
    second = raw_env(seats=3, opponents={2: "normal"}, seed=11)
    second.reset()
    for action in actions:
        while second.terminations[second.agent_selection] or second.truncations[second.agent_selection]:
            second.step(None)
        second.step(action)
    assert first.game is not None and second.game is not None
    assert first.game.state.to_json() == second.game.state.to_json()
    assert first.game.log == second.game.log and len(first.game.log) >= 150
    # and it is the engine's game: its log replays to the same table
    assert Game.replay(first.game.initial, first.game.log).state.to_json() == first.game.state.to_json()
    third = raw_env(seats=3, opponents={2: "normal"}, seed=12)
    third.reset()
    assert third.game is not None and third.game.state.to_json() != second.game.initial.to_json()


def test_the_kth_game_of_a_seeded_env_is_the_kth_game_of_simulate() -> None:
    from engine.tools.simulate import game_seed

    table = raw_env(seed=9)
    seeds = []
    for _ in range(3):
        table.reset()
        seeds.append(table.game_seed)
    assert seeds == [game_seed(9, k) for k in range(3)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_observation_is_the_seats_view_as_arrays(edition: str) -> None:
    """Read from the live state (the fast way the environment takes) or from the engine's view of the
    seat, the arrays are the same: the environment sees nothing the view hides."""
    table = raw_env(edition=edition, seats=3, seed=3, max_turns=400)
    table.reset()
    fresh = ObservationLayout(table.layout.board, 3)  # no memory of earlier reads
    checked = 0
    for step in range(60):
        random_steps(table, 9, seed=step)
        if not table.agents:
            break
        game = table.game
        assert game is not None
        for seat in range(3):
            live = table.layout.encode(game.state, seat)
            seen = fresh.encode(game.view(seat), seat)
            assert np.array_equal(live, seen), (edition, seat, game.state.turn)
            checked += 1
    assert checked >= 30


def test_the_dict_form_names_the_parts_of_the_flat_array() -> None:
    flat = raw_env(seed=2)
    named = raw_env(seed=2, observation="dict")
    flat.reset()
    named.reset()
    a = flat.observe(flat.agent_selection)["observation"]
    d = named.observe(named.agent_selection)["observation"]
    assert set(d) == {s.name for s in flat.layout.segments}
    assert np.array_equal(np.concatenate([d[s.name].ravel() for s in flat.layout.segments]), a)
    assert d["players"].shape == (4, 8) and d["players"][0, 0] == 1500  # the observer's own cash first
    assert named.observation_space(named.agent_selection).contains(named.observe(named.agent_selection))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_legal_command_is_one_allowed_action_and_nothing_else_is_allowed(edition: str) -> None:
    table = raw_env(edition=edition, seats=3, seed=6, offers_per_turn=0, max_turns=400)
    table.reset()
    for step in range(40):
        random_steps(table, 7, seed=100 + step)
        if not table.agents:
            break
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            continue
        game = table.game
        assert game is not None
        seat = int(agent.split("_")[1])
        mask, moves = table.actions.choices(game, seat, None, False)
        legal = game.legal_commands(seat)
        allowed = {int(i) for i in np.flatnonzero(mask)}
        assert allowed == set(moves)
        listed = [moves[i] for i in sorted(allowed) if table.actions.family_of(i).name != "place_bid"]
        assert sorted(map(repr, listed)) == sorted(map(repr, (c for c in legal if c.kind != "place_bid")))
        for i in allowed:
            move = moves[i]
            assert not isinstance(move, tuple) and game.check(move) is None


def test_an_action_the_mask_refuses_is_refused_with_its_meaning() -> None:
    table = raw_env(seed=1)
    table.reset()
    mask = table.observe(table.agent_selection)["action_mask"]
    refused = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not allowed"):
        table.step(refused)


def test_the_layout_is_read_from_the_engines_commands() -> None:
    layout = ActionLayout(raw_env().layout.board, 4)
    names = [f.name for f in layout.families]
    assert {"roll_dice", "end_turn", "build", "mortgage", "place_bid", "accept_trade", "propose"} <= set(
        names
    )
    assert len(names) == len(set(names))
    build = next(f for f in layout.families if f.name == "build")
    assert build.size == 40 and layout.family_of(build.start + 39).name == "build"
    assert sum(f.size for f in layout.families) == layout.size


def test_importing_the_game_loads_neither_pettingzoo_nor_gymnasium() -> None:
    code = (
        "import sys, json, engine, saves, room, cli.main, cli.simulate, tui.app, server.network.main; "
        "engine.new_game(); "
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = {m.split(".")[0] for m in json.loads(out)}
    assert not loaded & {"pettingzoo", "gymnasium", "landlords_env"}


def test_without_the_extra_the_environment_says_what_to_install() -> None:
    code = "import sys; sys.modules['pettingzoo'] = None; import landlords_env"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode != 0 and "pip install 'landlords[env]'" in run.stderr


def test_a_position_given_as_a_state_is_played_on() -> None:
    game = new_game("classic", ["Ada", "Grace"], seed=3)
    game.state.players[0].cash = 7
    table = raw_env(seats=2)
    table.reset(options={"state": game.state})
    assert table.observe("player_0")["observation"][1] == 7
    with pytest.raises(ValueError, match="this environment plays classic with 3"):
        raw_env(seats=3).reset(options={"state": game.state})


def test_the_researchers_page_names_every_part_of_the_observation() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    table = raw_env()
    for segment in table.layout.segments:
        assert f"`{segment.name}`" in page, segment.name
    drafting = [f.name for f in table.actions.families if f.command in ("trade draft", "propose_trade")]
    for name in [*drafting, "place_bid", "listed"]:
        assert f"`{name}`" in page, name
    assert (
        f"there are {table.actions.size} actions" in page and f"that is {table.layout.size} numbers" in page
    )


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_observation_never_shows_the_deck_order_nor_the_dice_to_come(edition: str) -> None:
    """Two games alike but for the hidden state (every deck's order, the dice generator's state, dice
    scripted to come) give every seat the same observation and the same mask."""
    table = raw_env(edition=edition, seats=3, seed=7, offers_per_turn=0, max_turns=400)
    table.reset()
    random_steps(table, 40, seed=2)
    assert table.game is not None
    shown = table.game.state
    hidden = shown.copy()
    hidden.decks = {name: cards[::-1] for name, cards in hidden.decks.items()}
    hidden.rng_state ^= 0x5DEECE66D
    hidden.rng_inc ^= 0x2
    hidden.scripted_dice = [(6, 6), (1, 2)]
    assert hidden.to_json() != shown.to_json()
    games = (Game.from_state(shown.copy()), Game.from_state(hidden))
    layouts = [ObservationLayout(table.layout.board, 3) for _ in games]
    for seat in range(3):
        first, second = (lay.encode(g.state, seat) for lay, g in zip(layouts, games, strict=True))
        assert np.array_equal(first, second), (edition, seat)
        masks = [table.actions.choices(g, seat, None, False)[0] for g in games]
        assert np.array_equal(masks[0], masks[1]), (edition, seat)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_events_say_which_deeds_a_command_changed(edition: str) -> None:
    """The observation reads again only the deeds the events name (`observations.note`): command after
    command of random games, every deed that changed is one the events told of, or an event of the
    command has every deed read again."""
    table = raw_env(edition=edition, seats=3, opponents={2: "easy"}, seed=5, max_turns=400)
    note = table.layout.note
    checked = 0
    before: dict[int, tuple[Any, ...]] | None = None  # the deeds after the last command

    def deeds() -> dict[int, tuple[Any, ...]]:
        assert table.game is not None
        return {s: (d.owner, d.level, d.mortgaged) for s, d in table.game.state.deeds.items()}

    def watched(events: Sequence[Event]) -> None:  # told of every command's events as it is applied
        nonlocal before, checked
        now = deeds()
        changed = set() if before is None else {s for s, was in before.items() if now[s] != was}
        before = now
        if {e.kind for e in events} <= QUIET | ONE_DEED:
            told = {e.space for e in events if e.kind in ONE_DEED}  # type: ignore[union-attr]
            assert changed <= told, (edition, [e.kind for e in events], changed)
            checked += bool(changed)
        note(events)

    table.layout.note = watched  # type: ignore[method-assign]
    for game_no in range(3):
        before = None
        table.reset()
        before = deeds()
        random_steps(table, 400, seed=game_no)
    assert checked >= 10, checked


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_observation_lies_within_its_bounds(edition: str) -> None:
    """Over random games, every agent's observation is inside the observation space, whose bounds are
    the real ones: flags 0 to 1, seats, spaces, dice 0 to 6, the edition's stock of buildings."""
    table = raw_env(edition=edition, seats=3, seed=2, max_turns=300)
    named = raw_env(edition=edition, seats=3, seed=2, max_turns=300, observation="dict")
    space = table.observation_space("player_0")["observation"]  # type: ignore[index]
    layout = table.layout
    seen = 0
    for game_no in range(2):
        for t in (table, named):
            t.reset()
        for step in range(40):
            actions = random_steps(table, 10, seed=100 * game_no + step)
            for action in actions:  # the dict form plays the same game
                while named.terminations[named.agent_selection] or named.truncations[named.agent_selection]:
                    named.step(None)
                named.step(action)
            if not table.agents:
                break
            for agent in table.agents:
                observation = table.observe(agent)["observation"]
                assert space.contains(observation), [
                    (s.name, observation[s.start : s.stop])
                    for s in layout.segments
                    if not (
                        (layout.low[s.start : s.stop] <= observation[s.start : s.stop]).all()
                        and (observation[s.start : s.stop] <= layout.high[s.start : s.stop]).all()
                    )
                ]
                assert named.observation_space(agent).contains(named.observe(agent))
                seen += 1
    assert seen >= 50
    named_high = layout.named(layout.high)
    assert named_high["dice"].tolist() == [6, 6] and named_high["mortgaged"].max() == 1
    assert named_high["seat"][0] == 2 and named_high["owner"].max() == 3


def test_no_deed_and_a_deed_the_bank_holds_are_told_apart() -> None:
    table = raw_env(seed=1)
    table.reset()
    owner = table.layout.named(table.observe("player_0")["observation"])["owner"]
    deeds = set(table.layout.board.deeds)
    assert owner[0] == -1 and owner[1] == 0  # GO has no deed; Mediterranean Avenue is the bank's
    assert {int(s) for s in np.flatnonzero(owner == -1)} == set(range(40)) - deeds
    assert {int(s) for s in np.flatnonzero(owner == 0)} == deeds


def test_the_boards_printed_figures_are_one_array() -> None:
    from landlords_env.observations import board_groups, rent_models

    table = raw_env()
    columns, data = table.board_columns, table.board_data
    assert data.shape == (40, len(columns))
    row = {name: data[39, k] for k, name in enumerate(columns)}  # Boardwalk
    assert (row["deed"], row["street"], row["price"], row["mortgage"], row["house_cost"]) == (
        1,
        1,
        400,
        200,
        200,
    )
    assert [row[f"rent_{k}"] for k in range(6)] == [50, 200, 600, 1400, 1700, 2000]
    groups, models = board_groups(table.layout.board), rent_models(table.layout.board)
    assert groups[int(row["group"])] == "dark_blue" and data[37, columns.index("group")] == row["group"]
    assert models[int(row["rent_model"])] == "ladder"
    reading = {name: data[5, k] for k, name in enumerate(columns)}
    assert models[int(reading["rent_model"])] == "count_tiers" and reading["street"] == 0
    assert [reading[f"rent_{k}"] for k in range(4)] == [25, 50, 100, 200]  # by the number of stations owned
    assert data[0, columns.index("pays")] == 200 and data[0, columns.index("deed")] == 0  # GO


def test_the_infos_carry_the_turn_and_the_seed() -> None:
    table = raw_env(seats=3, opponents={2: "easy"}, seed=4, max_turns=60)
    table.reset()
    rng = random.Random(1)
    while table.agents:
        agent = table.agent_selection
        _observation, _reward, terminated, truncated, info = table.last()
        assert table.game is not None
        assert info["turn"] == table.game.state.turn and info["seed"] == table.game_seed
        if terminated or truncated:
            assert info["end"] in ("turn_cap", "bankrupt", "last_player") and "winner" in info
            table.step(None)
            continue
        allowed = np.flatnonzero(table.observe(agent)["action_mask"])
        table.step(int(allowed[rng.randrange(len(allowed))]))
