"""`landlords replay GAME` and `landlords demo` in a terminal: what they hand the replay screen (the screen
itself is tested in tests/tui/test_replay_screen.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli import launch
from cli.main import main
from engine import new_game
from saves import SaveStore
from tui import terminal

from saved_games import GAMES, finished, seats_of


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What the app would be opened on, in a terminal (the app itself is not run)."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr(terminal, "missing", lambda: False)

    def run(args: Any, kind: str = "menu", **opening: Any) -> int:
        seen.update(opening, kind=kind)
        return 0

    monkeypatch.setattr(launch, "run", run)
    return seen


def test_replay_opens_the_game_on_the_board_at_the_turn_asked(tmp_path: Path, opened: dict[str, Any]) -> None:
    game, _ = finished(GAMES["classic, 2 players"])
    with SaveStore(tmp_path).create(game, seats_of(game), "Two of us") as session:
        pass
    assert main(["replay", "Two of us", "--to", "12", "--saves-dir", str(tmp_path)]) == 0
    past = opened["past"]
    assert opened["kind"] == "replay" and opened["turn"] == 12 and past.title == "Two of us"
    assert past.position(past.moves).view == game.view(None)
    opened.clear()
    assert main(["replay", "--saves-dir", str(tmp_path)]) == 0  # no game: the saved games to choose from
    assert opened["kind"] == "replay" and "past" not in opened
    assert session.path.exists()


def test_the_demo_plays_normal_and_hard_bots_up_to_its_turns(opened: dict[str, Any]) -> None:
    assert main(["demo", "--seed", "5", "--turns", "4"]) == 0
    past, grow = opened["past"], opened["grow"]
    assert opened["kind"] == "replay" and past.moves == 0 and past.title == "seed 5"
    while grow():
        pass
    assert past.last_turn == 4 and not past.over  # --turns: played up to the start of turn 5, no further
    assert past.levels == ("normal", "hard", "normal", "hard")
    fresh = new_game("classic", ["Ada", "Grace", "Linus", "Ken"], seed=5)
    assert past.position(0).view == fresh.view(None)  # --seed: the game of that seed
