"""landlords for learning agents: a PettingZoo AEC environment over the game's own engine.

    from landlords_env import env
    table = env(edition="classic", seats=4, opponents=["hard", "hard", "hard"], seed=1)

Install with `pip install 'landlords[env]'` (it adds PettingZoo and Gymnasium; the game itself never
loads them). The observation and action layouts are described in docs/research.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

try:
    from pettingzoo.utils import wrappers  # noqa: F401 (imported first, for a clear answer where missing)
except ModuleNotFoundError as missing:  # the game installed without its `env` extra
    raise ModuleNotFoundError(
        "landlords_env needs PettingZoo and Gymnasium: pip install 'landlords[env]'", name=missing.name
    ) from missing

from landlords_env.environment import raw_env
from landlords_env.ordered import OrderEnforcingEnv
from landlords_env.single import SingleAgentEnv

__all__ = ["OrderEnforcingEnv", "SingleAgentEnv", "env", "raw_env"]


def env(
    edition: str = "classic",
    seats: int = 4,
    opponents: Sequence[str] | Mapping[int, str] | None = None,
    seed: int | None = None,
    **options: Any,
) -> OrderEnforcingEnv:
    """Create the environment the way PettingZoo's own are created: `raw_env` inside the wrapper that enforces
    the order of the calls (reset first, then step), whose copies (`clone`, `determinised`) are wrapped too.
    `options` are `raw_env`'s."""
    return OrderEnforcingEnv(raw_env(edition, seats, opponents, seed, **options))
