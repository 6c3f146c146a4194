"""`OrderEnforcingEnv`: PettingZoo's wrapper that enforces the order of the calls, around `raw_env`, with
the environment's copies wrapped as it is.

PettingZoo's wrappers pass every attribute they do not know on to the environment inside, so a copy made
through one (`clone`, `determinised`) would come back bare, without the checks the original had.
"""

from __future__ import annotations

from pettingzoo.utils import wrappers

from landlords_env.environment import Snapshot, raw_env


# PettingZoo ships no type hints, so its wrapper is Any to the type checker.
class OrderEnforcingEnv(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """`raw_env` inside PettingZoo's order-enforcing wrapper (reset first, then step), whose copies are
    wrapped too; `env()` makes one."""

    env: raw_env

    def clone(self) -> OrderEnforcingEnv:
        """Return an independent copy as it stands (`raw_env.clone`), in a wrapper of its own."""
        return self._wrapping(self.env.clone())

    def determinised(self, agent: str, seed: int) -> OrderEnforcingEnv:
        """Return a copy as `agent` knows it, the unknown drawn from `seed` (`raw_env.determinised`), in a
        wrapper of its own."""
        return self._wrapping(self.env.determinised(agent, seed))

    def restore(self, snapshot: Snapshot) -> None:
        """Restore the environment to where `snapshot` was taken (`raw_env.restore`): a game under way, so
        it may be stepped at once, as after `reset`."""
        self.env.restore(snapshot)
        self._has_reset = True
        self._has_updated = True

    def _wrapping(self, table: raw_env) -> OrderEnforcingEnv:
        other = type(self)(table)
        other._has_reset = self._has_reset
        other._has_updated = self._has_updated
        return other
