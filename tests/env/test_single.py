"""The single-agent Gymnasium face (`SingleAgentEnv`): Gymnasium's own checker, the mask as `MaskablePPO`
asks for it, whole games to their end against bots and against policies of one's own, and an action the
mask refuses ending the episode with -1 (here and in the AEC environment) or raising."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from engine import EDITIONS
from landlords_env import SingleAgentEnv, raw_env


def play_out(table: SingleAgentEnv, seed: int) -> tuple[float, int, dict[str, object], bool]:
    """Uniform among the allowed actions to the end: the total reward, the steps, the last info, and
    whether it ended by termination."""
    rng = random.Random(seed)
    total, steps = 0.0, 0
    while True:
        allowed = np.flatnonzero(table.action_masks())
        assert len(allowed) > 0
        observation, reward, terminated, truncated, info = table.step(
            int(allowed[rng.randrange(len(allowed))])
        )
        assert table.observation_space.contains(observation)
        total += reward
        steps += 1
        if terminated or truncated:
            assert not table.action_masks().any()
            return total, steps, info, terminated


@pytest.mark.parametrize("edition", ["classic", "landlords-1904"])
def test_gymnasiums_env_checker_passes(edition: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # Magie's game has no buildings, no jail cards and no cards: those elements are 0 to 0 there
        warnings.filterwarnings("ignore", ".*A Box observation space maximum and minimum values are equal")
        check_env(SingleAgentEnv(edition=edition, seed=1), skip_render_check=True)


def test_the_mask_is_the_aec_environments_and_the_same_seed_plays_the_same_game() -> None:
    table = SingleAgentEnv(opponents=["easy", "random", "simple"], seed=4, max_turns=200)
    observation, info = table.reset()
    assert info == {"turn": 0, "seed": table.table.game_seed}
    raw = table.table.observe("player_0")
    assert np.array_equal(observation, raw["observation"])
    assert table.action_masks().dtype == bool
    assert np.array_equal(table.action_masks(), raw["action_mask"].astype(bool))
    first = play_out(table, seed=1)
    table.reset(seed=4)
    assert play_out(table, seed=1) == first


@pytest.mark.parametrize("edition", EDITIONS)
def test_whole_games_end_with_the_reward_and_why(edition: str) -> None:
    table = SingleAgentEnv(edition=edition, seats=3, opponents=["simple", "simple"], seed=2, max_turns=300)
    ends = set()
    for game in range(3):
        table.reset()
        total, steps, info, terminated = play_out(table, seed=game)
        assert steps > 0 and info["seed"] == table.table.game_seed
        end = info["end"]
        ends.add(end)
        if end == "turn_cap":
            assert not terminated and total == 0.0 and info["turn"] == 300
        elif end == "bankrupt":
            assert terminated and total == -1.0
        else:  # the game ended, as its game_over event says why: the winner +1, the others -1
            assert terminated and end in ("last_player", "short_game", "time_limit", "circuits", "called")
            assert total == (1.0 if info["winner"] == 0 else -1.0)
    assert ends


def test_opponents_may_be_policies_of_ones_own() -> None:
    asked: list[int] = []

    def first_allowed(observation: np.ndarray, mask: np.ndarray) -> int:
        asked.append(int(observation[0]))  # the seat it plays, as its observation says
        return int(np.flatnonzero(mask)[0])

    table = SingleAgentEnv(seats=3, opponents={1: first_allowed, 2: "easy"}, seed=5, max_turns=100)
    table.reset()
    play_out(table, seed=3)
    assert asked and set(asked) == {1}
    assert table.table.possible_agents == ["player_0", "player_1"]


def test_an_action_the_mask_refuses_loses_the_game_or_raises() -> None:
    table = SingleAgentEnv(seed=1)
    table.reset()
    refused = int(np.flatnonzero(~table.action_masks())[0])
    _observation, reward, terminated, truncated, info = table.step(refused)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["end"] == "illegal_action" and "refused" in info
    with pytest.raises(RuntimeError, match="call reset"):
        table.step(0)
    table.reset()
    _observation, reward, terminated, _truncated, info = table.step(table.action_space.n + 5)  # type: ignore[attr-defined]
    assert (reward, terminated) == (-1.0, True) and "no action" in info["refused"]
    strict = SingleAgentEnv(seed=1, illegal="raise")
    strict.reset()
    with pytest.raises(ValueError, match="not allowed"):
        strict.step(refused)


def test_in_the_aec_environment_a_refused_action_ends_the_game_for_every_agent() -> None:
    table = raw_env(seats=3, seed=1, illegal="lose")
    table.reset()
    agent = table.agent_selection
    refused = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    table.step(refused)
    rewards = {}
    for other in table.agent_iter():
        _observation, reward, terminated, _truncated, info = table.last()
        assert terminated and info["end"] == "illegal_action" and info["illegal"] == agent
        rewards[other] = reward
        table.step(None)
    assert rewards == {a: (-1.0 if a == agent else 0.0) for a in table.possible_agents}
    with pytest.raises(ValueError, match="illegal is 'raise' or 'lose'"):
        raw_env(illegal="ignore")  # type: ignore[arg-type]


def test_a_table_needs_an_opponent_for_every_other_seat() -> None:
    with pytest.raises(ValueError, match="seats 1 to 3"):
        SingleAgentEnv(opponents=["easy"])
    with pytest.raises(ValueError, match="seat 0 is the learning seat"):
        SingleAgentEnv(seats=2, opponents={0: "easy", 1: "easy"})


def test_a_vector_of_games_steps_in_one_process_with_stacked_masks() -> None:
    """Gymnasium's own vector of environments holds several games at once: observations and masks
    stacked, a game that ends started again by itself."""
    from gymnasium.vector import SyncVectorEnv

    def make() -> SingleAgentEnv:
        return SingleAgentEnv(seats=2, opponents=["random"], max_turns=6)

    vector = SyncVectorEnv([make] * 3)
    observations, _infos = vector.reset(seed=7)
    assert observations.shape == (3, vector.single_observation_space.shape[0])  # type: ignore[index]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(300):
        masks = np.stack(vector.call("action_masks"))
        assert masks.shape == (3, vector.single_action_space.n)  # type: ignore[attr-defined]
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        observations, _rewards, terminated, truncated, _infos = vector.step(np.array(actions))
        ended += int(np.sum(terminated | truncated))
    assert ended >= 1
