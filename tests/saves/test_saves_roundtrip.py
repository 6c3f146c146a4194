"""Saved after every command and loaded again, a game goes on to exactly the end it had uninterrupted."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Game
from saves import SaveStore

from saved_games import GAMES, Setup, finished, play, seats_of


@pytest.mark.parametrize("name", list(GAMES))
def test_save_and_load_after_every_command_then_play_on_to_the_same_end(name: str, tmp_path: Path) -> None:
    reference, reference_events = finished(GAMES[name])
    store = SaveStore(tmp_path)
    live = GAMES[name].start()
    session = store.create(live, seats_of(live), name)
    kinds_saved: set[str] = set()
    for i, cmd in enumerate(reference.log):
        live.apply(cmd)
        session.save(live)
        loaded = store.load(session.id).game
        assert loaded.state == live.state, f"after command {i + 1}"
        assert loaded.log == live.log
        if loaded.state.pending is not None:
            kinds_saved.add(loaded.state.pending.kind)
        for j, later in enumerate(reference.log[i + 1 :], start=i + 1):
            assert loaded.apply(later) == reference_events[j], f"loaded after {i + 1}, command {j + 1}"
        assert loaded.state == reference.state
    session.close()
    assert live.state == reference.state
    assert {"roll", "end_turn"} <= kinds_saved and kinds_saved & {"buy", "rent_or_buy"}


def test_the_games_visit_every_kind_of_decision() -> None:
    """Between them the games above save mid-auction, mid-trade, in debt and after the game is over."""
    kinds: set[str] = set()
    for setup in GAMES.values():
        game = setup.start()
        play(game, after=lambda g, e: kinds.add(g.state.pending.kind if g.state.pending else "over"))
    assert {"auction", "trade_answer", "debt", "income_tax", "ride", "over"} <= kinds
    assert {"lot_tickets", "rent_or_buy", "luxury", "direction", "route"} <= kinds  # the 1904 game


@pytest.mark.parametrize("name", ["classic, 2 players", "modern, Short Game"])
def test_fresh_players_play_a_loaded_game_as_they_play_the_live_one(name: str, tmp_path: Path) -> None:
    """New decisions, not only the recorded ones: from a loaded save and from the uninterrupted game at
    the same point, the same (fresh) players reach the same end."""
    setup: Setup = GAMES[name]
    reference, _ = finished(setup)
    store = SaveStore(tmp_path)
    for cut in range(0, len(reference.log), 40):
        live = Game.replay(reference.initial, reference.log[:cut])
        with store.create(live, seats_of(live), f"cut {cut}") as session:
            loaded = store.load(session.id).game
        play(live)
        play(loaded)
        assert loaded.state == live.state, f"cut at {cut}"
        assert loaded.log[cut:] == live.log[cut:]
