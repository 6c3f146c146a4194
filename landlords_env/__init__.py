"""landlords for learning agents: a PettingZoo AEC environment over the game's own engine.

    from landlords_env import env
    table = env(edition="classic", seats=4, opponents=["hard", "hard", "hard"], seed=1)

Install with `pip install 'landlords[env]'` (it adds PettingZoo and Gymnasium; the game itself never
loads them). The observation and action layouts are described in docs/research.md.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from landlords_env.environment import raw_env

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> wrappers.OrderEnforcingWrapper[str, dict[str, Any], int]:
    """The environment as PettingZoo's own are handed out: `raw_env` inside the wrapper that holds a
    program to the order of the calls (reset first, then step)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
