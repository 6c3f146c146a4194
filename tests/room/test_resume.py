"""A game taken over by fresh bots after a save goes on exactly as the uninterrupted one: the one replay
that loading a save makes also brings the bots up to date."""

from __future__ import annotations

import pytest

from engine import Game, new_game
from engine.bots import make_bot
from engine.tools.simulate import BotPlayer, play_game
from room.opponents import BotOpponent
from room.replay import relive

LEVELS = ("hard", "normal", "easy", "random")


def _bots(seed: int) -> dict[int, object]:
    return {seat: make_bot(level, seed, seat) for seat, level in enumerate(LEVELS)}


@pytest.mark.parametrize("seed", [3, 8])
def test_bots_caught_up_on_the_log_play_on_as_if_never_interrupted(seed: int) -> None:
    whole = new_game("classic", ["Hard", "Normal", "Easy", "Random"], seed=seed)
    bots = _bots(seed)
    play_game(whole, [BotPlayer(bots[s]) for s in range(4)], max_turns=400)  # type: ignore[arg-type]
    for cut in (len(whole.log) // 3, (2 * len(whole.log)) // 3):
        saved = Game.replay(whole.initial, whole.log[:cut])
        resumed = Game.from_state(saved.state)
        fresh = _bots(seed)
        relive({s: BotOpponent(b) for s, b in fresh.items()}, whole, whole.log[:cut])  # type: ignore[arg-type]
        play_game(resumed, [BotPlayer(fresh[s]) for s in range(4)], max_turns=400)  # type: ignore[arg-type]
        assert resumed.state == whole.state
        assert whole.log[cut:] == resumed.log


def test_without_catching_up_fresh_bots_may_play_differently() -> None:
    """What catching up is for: a bot's memory (offers made, its own random stream) shapes its play."""
    diverged = 0
    for seed in range(3, 9):
        whole = new_game("classic", ["Hard", "Normal", "Easy", "Random"], seed=seed)
        bots = _bots(seed)
        play_game(whole, [BotPlayer(bots[s]) for s in range(4)], max_turns=300)  # type: ignore[arg-type]
        cut = len(whole.log) // 2
        resumed = Game.from_state(Game.replay(whole.initial, whole.log[:cut]).state)
        fresh = _bots(seed)
        play_game(resumed, [BotPlayer(fresh[s]) for s in range(4)], max_turns=300)  # type: ignore[arg-type]
        diverged += resumed.state != whole.state
    assert diverged > 0
