"""`SingleAgentEnv`: one seat of the game as a Gymnasium environment, the other seats played by the
built-in bots or by policies of one's own.

    from landlords_env import SingleAgentEnv
    table = SingleAgentEnv(opponents=["easy", "easy", "easy"], seed=1)
    observation, info = table.reset()
    observation, reward, terminated, truncated, info = table.step(table.action_masks().argmax())

The learning seat is seat 0 (`player_0`). `action_masks()` is the mask of the actions allowed now, as
sb3-contrib's `MaskablePPO` asks for it; the observation is the AEC environment's (`raw_env`) without the
mask. An action the mask refuses ends the episode with -1 (`illegal="lose"`, the default here, as
Gymnasium's tools sample any action of the space) or raises `ValueError` with its meaning
(`illegal="raise"`). The reward of a step is all the seat was given since its last action: +1 won, -1
lost, 0 cut short at the turn cap, and the shaping if asked for.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np

from landlords_env.environment import raw_env

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A seat of one's own choosing: given its observation and its mask, the action it takes."""

LEARNER = "player_0"


class SingleAgentEnv(gymnasium.Env[Any, np.int64]):
    """A `gymnasium.Env` playing seat 0 of a landlords table; see the module's description."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        edition: str = "classic",
        seats: int = 4,
        opponents: Sequence[str | Policy] | Mapping[int, str | Policy] = ("random", "random", "random"),
        seed: int | None = None,
        *,
        illegal: Literal["lose", "raise"] = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """`opponents`: seats 1, 2, ... (or a mapping from seat to opponent), each a level of the built-in
        bots (`easy`, ..., `random`, `simple`, `module:Class`) or a policy (`Policy`) played here.
        `options` are `raw_env`'s (`max_turns`, `shaping`, `observation`, rule options, ...)."""
        given = dict(enumerate(opponents, start=1)) if not isinstance(opponents, Mapping) else opponents
        if 0 in given:
            raise ValueError("seat 0 is the learning seat: give opponents for seats 1 and on")
        if len(given) != seats - 1 or set(given) != set(range(1, seats)):
            raise ValueError(f"a table of {seats} needs an opponent for each of seats 1 to {seats - 1}")
        self.policies: dict[str, Policy] = {
            f"player_{s}": p for s, p in given.items() if not isinstance(p, str)
        }
        levels = {s: p for s, p in given.items() if isinstance(p, str)}
        self.table = raw_env(
            edition, seats, levels, seed, illegal=illegal, render_mode=render_mode, **options
        )
        self.render_mode = render_mode
        spaces = self.table.observation_space(LEARNER)
        assert isinstance(spaces, gymnasium.spaces.Dict)
        self.observation_space = spaces["observation"]
        self.action_space = self.table.action_space(LEARNER)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a new game (the k-th since seeded with S is `raw_env`'s, so `landlords simulate`'s, k-th
        game); `options` are `raw_env.reset`'s (`{"state": state}`)."""
        super().reset(seed=seed)
        self.table.reset(seed=seed, options=options)
        self._play_others()
        return self._observation(), dict(self.table.infos.get(LEARNER, {}))

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.agent_selection != LEARNER or LEARNER not in table.agents or self._over():
            raise RuntimeError("the episode is over: call reset()")
        table.step(int(action))
        self._play_others()
        reward = float(table._cumulative_rewards.get(LEARNER, 0.0))
        terminated = bool(table.terminations.get(LEARNER, True))
        truncated = bool(table.truncations.get(LEARNER, False)) and not terminated
        return self._observation(), reward, terminated, truncated, dict(table.infos.get(LEARNER, {}))

    def action_masks(self) -> np.ndarray:
        """Return the actions allowed now, as booleans (all refused once the episode is over)."""
        if self._over() or self.table.agent_selection != LEARNER:
            return np.zeros(self.action_space.n, dtype=bool)  # type: ignore[attr-defined]
        return np.asarray(self.table.observe(LEARNER)["action_mask"], dtype=bool)

    def clone(self) -> SingleAgentEnv:
        """Return an independent copy as it stands, as cheap as `raw_env.clone`: played on with the same
        actions, it plays the same game. The policies of one's own given as opponents are shared, not
        copied."""
        return self._holding(self.table.clone())

    def determinised(self, seed: int) -> SingleAgentEnv:
        """Return a copy as the learning seat knows it, with what it cannot know drawn afresh from `seed`
        (`raw_env.determinised`): the same observation and mask, another game to come."""
        return self._holding(self.table.determinised(LEARNER, seed))

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()

    def _holding(self, table: raw_env) -> SingleAgentEnv:
        """Return a copy of this environment around `table`, a copy of its own."""
        other = copy.copy(self)
        other.table = table
        other.policies = dict(self.policies)
        other._np_random = copy.deepcopy(self._np_random)
        return other

    def _over(self) -> bool:
        table = self.table
        return LEARNER not in table.agents or table.terminations[LEARNER] or table.truncations[LEARNER]

    def _observation(self) -> Any:
        return self.table.observe(LEARNER)["observation"]

    def _play_others(self) -> None:
        """Play the other agents' moves (the policies given) until the game waits on the learning seat or
        its episode is over. The bots move inside `raw_env`."""
        table = self.table
        while table.agents and not self._over():
            agent = table.agent_selection
            if agent == LEARNER:
                return
            if table.terminations[agent] or table.truncations[agent]:
                table.step(None)
                continue
            seen = table.observe(agent)
            table.step(int(self.policies[agent](seen["observation"], seen["action_mask"])))
