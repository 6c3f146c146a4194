"""Copies of the environment for search and for keeping a position: `clone`, `snapshot` and `restore`,
`copy.deepcopy` and `pickle`, each the game itself (the same observations, masks, rewards and the same
game to come under the same actions), and the determinised copy that draws afresh what a seat cannot know.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from engine import EDITIONS
from landlords_env import SingleAgentEnv, env, raw_env

from envplay import random_steps


def table(edition: str, seed: int = 1) -> raw_env:
    """Two agents and a bot (its memory and randomness are part of what a copy must carry)."""
    out = raw_env(edition=edition, seats=3, opponents={2: "normal"}, seed=seed, max_turns=300)
    out.reset()
    return out


def assert_alike(first: raw_env, second: raw_env, where: str) -> None:
    """Everything an agent is shown or given, equal."""
    assert first.agents == second.agents, where
    assert first.agent_selection == second.agent_selection, where
    for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        assert getattr(first, name) == getattr(second, name), (where, name)
    for agent in first.agents:
        a, b = first.observe(agent), second.observe(agent)
        assert np.array_equal(a["observation"], b["observation"]), (where, agent)
        assert np.array_equal(a["action_mask"], b["action_mask"]), (where, agent)


def play_together(tables: list[raw_env], steps: int, seed: int) -> int:
    """The same random actions on every table (chosen on the first), each step compared; the steps taken."""
    rng = random.Random(seed)
    lead = tables[0]
    for step in range(steps):
        if not lead.agents:
            return step
        agent = lead.agent_selection
        action: int | None = None
        if not (lead.terminations[agent] or lead.truncations[agent]):
            allowed = np.flatnonzero(lead.observe(agent)["action_mask"])
            action = int(allowed[rng.randrange(len(allowed))])
        for t in tables:
            t.step(action)
        for other in tables[1:]:
            assert_alike(lead, other, f"step {step}")
    return steps


def ended(t: raw_env) -> bool:
    return t.terminations[t.agent_selection] or t.truncations[t.agent_selection]


def same_game(first: raw_env, second: raw_env) -> None:
    assert first.game is not None and second.game is not None
    assert first.game.state.to_json() == second.game.state.to_json()
    assert first.game.log == second.game.log
    assert first.game.initial == second.game.initial


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_copy_is_the_game_itself_over_random_positions(edition: str) -> None:
    """At position after position of random games, `clone`, `deepcopy`, `pickle` and a snapshot restored
    into a fresh environment show every agent what the original shows, and under the same actions play
    the same game: the state, the commands, the rewards, the bots' answers."""
    original = table(edition)
    positions = drafts = 0
    for k in range(10):
        random_steps(original, 7 + 13 * k, seed=k)
        if not original.agents:
            original.reset()
            random_steps(original, 5, seed=k)
        drafts += bool(original._drafts)
        elsewhere = raw_env(edition=edition, seats=3, opponents={2: "normal"}, seed=99, max_turns=300)
        elsewhere.reset()  # another game at the same table: restore replaces all of it
        elsewhere.restore(original.snapshot())
        copies = [
            original.clone(),
            copy.deepcopy(original),
            pickle.loads(pickle.dumps(original)),
            elsewhere,
        ]
        for c in copies:
            assert_alike(original, c, f"position {k}")
        play_together([original, *copies], 40, seed=100 + k)
        for c in copies:
            same_game(original, c)
        positions += 1
    assert positions == 10
    assert drafts >= 1  # a trade draft open in one position at least: it is copied too


def test_a_snapshot_restored_plays_the_same_game_again() -> None:
    """Taken with a trade draft open (which a `GameState` does not hold), restored after the game went on,
    the environment plays the same steps again to the same end."""
    original = table("classic", seed=4)
    rng = random.Random(3)
    opened = False
    for _ in range(400):  # a step that opens a draft
        agent = original.agent_selection
        allowed = np.flatnonzero(original.observe(agent)["action_mask"])
        offer = original.actions.offer_to
        drafting = [int(a) for a in allowed if offer <= a < offer + 3]
        if drafting:
            original.step(drafting[0])
            opened = True
            break
        original.step(int(allowed[rng.randrange(len(allowed))]))
    assert opened and original._drafts
    kept = original.snapshot()
    before = original.clone()
    actions = random_steps(original, 60, seed=8)
    after = original.clone()
    original.restore(kept)
    assert_alike(before, original, "restored")
    for action in actions:
        while ended(original):
            original.step(None)
        original.step(action)
    same_game(after, original)
    assert_alike(after, original, "played again")
    original.restore(kept)  # a snapshot is restored as often as one likes
    same_game(before, original)


def test_a_snapshot_fits_only_its_own_table() -> None:
    kept = table("classic").snapshot()
    with pytest.raises(ValueError, match="classic with 3 seats, seat 2 normal; this environment plays "):
        raw_env(edition="classic", seats=4).restore(kept)
    with pytest.raises(ValueError, match="plays modern with 3 seats"):
        raw_env(edition="modern", seats=3, opponents={2: "normal"}).restore(kept)
    with pytest.raises(ValueError, match="plays classic with 3 seats, seat 2 easy"):
        raw_env(edition="classic", seats=3, opponents={2: "easy"}).restore(kept)


def test_a_clone_is_independent_of_its_original() -> None:
    original = table("classic", seed=6)
    random_steps(original, 30, seed=1)
    clone = original.clone()
    assert original.game is not None and clone.game is not None
    frozen = original.game.state.to_json()
    random_steps(clone, 80, seed=2)
    assert original.game.state.to_json() == frozen
    assert clone.game.state.to_json() != frozen


def test_the_wrapped_environment_deep_copies_and_pickles() -> None:
    wrapped = env(seats=4, opponents=["easy", "random"], seed=3)
    wrapped.reset()
    for _ in range(20):
        agent = wrapped.agent_selection
        wrapped.step(int(np.flatnonzero(wrapped.observe(agent)["action_mask"])[0]))
    for other in (copy.deepcopy(wrapped), pickle.loads(pickle.dumps(wrapped))):
        agent = wrapped.agent_selection
        assert other.agent_selection == agent
        assert np.array_equal(other.observe(agent)["observation"], wrapped.observe(agent)["observation"])


def test_the_wrapped_environments_copies_come_wrapped_as_it_is() -> None:
    """`clone` and `determinised` of `env(...)` return PettingZoo's order-enforcing wrapper around a copy of
    their own (its checks kept: a private name refused), which plays the original's game; a snapshot
    restored into a wrapped environment never reset may be stepped at once."""
    wrapped = env(seats=3, opponents={2: "normal"}, seed=5, max_turns=300)
    wrapped.reset()
    random_steps(wrapped, 25, seed=1)
    agent = wrapped.agent_selection
    for c in (wrapped.clone(), wrapped.determinised(agent, seed=4)):
        assert isinstance(c, OrderEnforcingWrapper)
        assert isinstance(c.unwrapped, raw_env) and c.unwrapped is not wrapped.unwrapped
        with pytest.raises(AttributeError, match="private attribute '_drafts'"):
            c._drafts  # noqa: B018 (the wrapper's own check)
        assert_alike(wrapped, c, "a wrapped copy")
    clone = wrapped.clone()
    fresh = env(seats=3, opponents={2: "normal"}, seed=9, max_turns=300)
    fresh.restore(wrapped.snapshot())
    assert play_together([wrapped, clone, fresh], 40, seed=3) == 40
    same_game(wrapped.unwrapped, clone.unwrapped)
    same_game(wrapped.unwrapped, fresh.unwrapped)


def test_the_single_agent_environment_clones_as_cheaply_and_exactly() -> None:
    """`SingleAgentEnv.clone` is the table's clone: the same observation and mask, the same steps to the
    same end under the same actions, and the original untouched; `determinised` shows the learning seat
    the same and redraws the rest."""
    original = SingleAgentEnv(seats=3, opponents=["normal", "random"], seed=2, max_turns=300)
    original.reset()
    rng = random.Random(4)
    for _ in range(30):
        allowed = np.flatnonzero(original.action_masks())
        original.step(int(allowed[rng.randrange(len(allowed))]))
    frozen = original.table.game.state.to_json() if original.table.game else ""
    clone, redrawn = original.clone(), original.determinised(seed=8)
    assert clone.table is not original.table and clone.table.game is not original.table.game
    for c in (clone, redrawn):
        assert np.array_equal(c._observation(), original._observation())
        assert np.array_equal(c.action_masks(), original.action_masks())
    assert redrawn.table.game is not None and original.table.game is not None
    assert redrawn.table.game.state.rng_state != original.table.game.state.rng_state
    twin = original.clone()
    for step in range(200):
        allowed = np.flatnonzero(clone.action_masks())
        action = int(allowed[rng.randrange(len(allowed))])
        first, second = clone.step(action), twin.step(action)
        assert np.array_equal(first[0], second[0]) and first[1:] == second[1:], step
        if first[2] or first[3]:
            break
    assert clone.table.game is not None and twin.table.game is not None
    assert clone.table.game.state.to_json() == twin.table.game.state.to_json() != frozen
    assert original.table.game.state.to_json() == frozen


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_determinised_copy_redraws_only_what_the_seat_cannot_know(edition: str) -> None:
    """The seat's view is the same, and so its observation and mask; the hidden parts (the dice to come,
    the decks' order, others' face-down cards) are drawn from the seed: the same seed, the same copy;
    other seeds, other games to come."""
    original = table(edition, seed=2)
    redrawn = 0
    for k in range(6):
        random_steps(original, 11 + 9 * k, seed=k)
        if not original.agents:
            break
        agent = original.agent_selection
        if original.terminations[agent] or original.truncations[agent]:
            continue
        seat = int(agent.split("_")[1])
        copies = [original.determinised(agent, seed=s) for s in (5, 5, 6)]
        assert original.game is not None
        for c in copies:
            assert c.game is not None
            assert c.game.view(seat) == original.game.view(seat), (edition, k)
            assert_alike(original, c, f"{edition} position {k}")
        hidden = [(c.game.state.decks, c.game.state.rng_state) for c in copies if c.game is not None]
        assert hidden[0] == hidden[1]
        redrawn += hidden[0] != (original.game.state.decks, original.game.state.rng_state)
        play_together(copies[:2], 40, seed=k)  # the same seed: the same game to come
        same_game(copies[0], copies[1])
    assert redrawn >= 3


def test_determinised_copies_of_other_seeds_play_other_games() -> None:
    original = table("classic", seed=3)
    random_steps(original, 20, seed=1)
    agent = original.agent_selection
    futures = set()
    for seed in range(4):
        c = original.determinised(agent, seed=seed)
        random_steps(c, 60, seed=9)
        assert c.game is not None
        futures.add(c.game.state.to_json())
    assert len(futures) == 4
