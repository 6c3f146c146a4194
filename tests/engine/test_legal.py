"""The legal commands are exactly the candidates that pass their checks.

`legal_commands` lists only what could pass (it leaves out, say, a mortgage on a deed of a built group
without asking its check); `options` puts every candidate on every deed to the same checks `apply` runs.
The two must agree on what is legal at every position, so that a shortcut in the first never hides a move.
"""

from __future__ import annotations

import random

import pytest

from engine import Game, RuleOptions, new_game
from engine.core.commands import Build, Mortgage, SellBuilding, SellLot, Unmortgage
from tests.engine.test_fuzz import CONFIGS

MANAGING = Build | SellBuilding | SellLot | Mortgage | Unmortgage


def _checked(game: Game) -> int:
    """Compare the two lists for every seat; return how many legal commands were seen."""
    seen = 0
    for p in range(len(game.state.players)):
        legal = game.legal_commands(p)
        passing = [o.command for o in game.options(p) if o.legal]
        assert set(legal) == set(passing), f"seat {p}: {set(legal) ^ set(passing)}"
        assert len(legal) == len(set(legal))
        seen += len(legal)
    return seen


@pytest.mark.parametrize(("edition", "players", "rules"), CONFIGS)
def test_legal_commands_are_the_candidates_that_pass(
    edition: str, players: int, rules: RuleOptions | None
) -> None:
    rng = random.Random(7)
    game = new_game(edition, [f"P{i}" for i in range(players)], seed=7, rules=rules)
    seen = steps = 0
    for steps in range(400):  # noqa: B007 (the count is read below)
        if game.state.winner is not None:
            break
        seen += _checked(game)
        pend = game.state.pending
        assert pend is not None
        legal = game.legal_commands(pend.player)
        managing = [c for c in legal if isinstance(c, MANAGING)]
        decisions = [c for c in legal if not isinstance(c, MANAGING)]
        game.apply(rng.choice(managing if managing and rng.random() < 0.3 else decisions or legal))
    assert steps > 20 and seen > steps  # a game under way, and more than one move a position compared
