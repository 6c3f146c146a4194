"""The replay screen: a past game on the board, stepped a move or a turn at a time, jumped to a turn; the
log and the cash beside the board are those of the game replayed to that move. And a demo that plays on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from engine import Game
from engine.core.narration import money
from room import Persistence
from room.opponents import SimpleOpponent
from room.past_game import CHECKPOINT_EVERY, PastGame
from saves import SaveStore
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog

from saved_games import GAMES, finished, play, seats_of


def _saved(root: Path) -> tuple[Game, str]:
    game, _ = finished(GAMES["classic, 2 players"])
    with SaveStore(root).create(game, seats_of(game), "Two of us") as session:
        return game, session.id


def _app(root: Path, **opening: object) -> LandlordsApp:
    options = AppOptions(theme="dark", saves_dir=root)
    return LandlordsApp(options, Opening(**opening), Persistence(root))  # type: ignore[arg-type]


def _replayed(game: Game, move: int) -> Game:
    return Game.replay(game.initial, game.log[:move])


def _shows(screen: ReplayScreen, game: Game) -> None:
    """What the screen shows is the game replayed to its move: the board's state, the log, the cash."""
    again = _replayed(game, screen.move)
    assert screen.past.position(screen.move).view == again.view(None)
    told = [screen.past.narrate(e) for e in screen.past.events_to(screen.move)]
    for log in screen.query(EventLog):
        assert log.plain_lines == told  # below the board and in the side panel: the story to this move
        fresh = [line.plain for entry in log._entries for line in entry.wrap(log._wrapped_at)]
        assert [line.plain for line in log._wrapped] == fresh  # stepping back wrapped nothing wrongly
    centre = "\n".join(line.plain for line in screen.board.centre._header_lines)  # type: ignore[attr-defined]
    for p, ps in enumerate(again.state.players):
        if not ps.bankrupt:
            assert f"{again.state.players[p].name}" in centre and money(ps.cash) in centre


async def test_stepping_lands_where_replaying_to_that_move_does(saves_root: Path) -> None:
    game, save_id = _saved(saves_root)
    past = Persistence(saves_root).past_game(save_id)
    assert past.moves == len(game.log) and past.over
    app = _app(saves_root, kind="replay", past=past)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.move == 0
        await pilot.press("right", "right", "right")
        assert screen.move == 3
        _shows(screen, game)
        await pilot.press("left")
        assert screen.move == 2
        _shows(screen, game)
        await pilot.press("end")
        assert screen.move == len(game.log)
        assert screen.past.position(screen.move).view == game.view(None)
        for _ in range(CHECKPOINT_EVERY + 3):  # back past a checkpoint, from the end of the game
            await pilot.press("left")
        _shows(screen, game)
        await pilot.press("up")  # to the start of the turn in play
        start = screen.move
        assert past.turn_at(start) > past.turn_at(start - 1)
        await pilot.press("up")  # and the one before
        assert past.turn_at(screen.move) == past.turn_at(start) - 1 and screen.move < start
        await pilot.press("down")
        assert screen.move == start
        _shows(screen, game)
        await pilot.press("home")
        assert screen.move == 0


async def test_jumping_to_a_turn(saves_root: Path) -> None:
    game, save_id = _saved(saves_root)
    app = _app(saves_root, kind="replay", past=Persistence(saves_root).past_game(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("t", "4", "0", "enter")
        await pilot.pause()
        assert _replayed(game, screen.move).state.turn == 39  # turn 40, as the screen counts
        assert _replayed(game, screen.move - 1).state.turn == 38  # at its very start
        assert "turn 40 of" in str(screen.query_one("#status").render())
        _shows(screen, game)
        await pilot.press("t", "9", "9", "9", "enter")  # no such turn: said, and nothing moves
        await pilot.pause()
        assert _replayed(game, screen.move).state.turn == 39
        assert any("The turns run from 1 to" in n.message for n in app._notifications)
        await pilot.press("left", "right", "right")  # the arrows are the screen's again
        assert _replayed(game, screen.move).state.turn == 39
        await pilot.press("t", "5", "escape")  # a jump left half typed: nothing moves, the screen stays
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and not screen.query("#jump")
        assert _replayed(game, screen.move).state.turn == 39


async def test_a_game_in_progress_replays_and_is_left_as_it_was(saves_root: Path) -> None:
    going = GAMES["classic, 2 players"].start()
    play(going, stop=lambda g: g.state.turn >= 11)
    with SaveStore(saves_root).create(going, seats_of(going), "Still going") as session:
        path = session.path
    before = path.read_bytes()
    app = _app(saves_root, kind="replay")  # no game named: the saved games to choose from
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and not screen.past.over
        await pilot.press("end")
        assert screen.past.position(screen.move).view == going.view(None)
        await pilot.press("space")  # played to its end: plays again from the start
        assert screen.playing and screen.move == 0
        await pilot.press("space", "escape")
    assert path.read_bytes() == before


async def test_a_damaged_save_is_answered_in_words_and_left_alone(saves_root: Path) -> None:
    _saved(saves_root)
    broken = saves_root / "broken-deadbeef.json"
    broken.write_text('{"format_version": 1, "title": "cut')
    app = _app(saves_root, kind="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        app.replay_game(str(broken))
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        assert any("cut short" in n.message for n in app._notifications)
    assert broken.read_text() == '{"format_version": 1, "title": "cut'


async def test_a_demo_plays_on_as_it_is_watched() -> None:
    start = GAMES["classic, 2 players"].start()
    past = PastGame(start.initial, ["Ada", "Grace"], first_events=start.opening)
    bots = {0: SimpleOpponent(), 1: SimpleOpponent()}
    app = LandlordsApp(
        AppOptions(theme="dark"), Opening(kind="replay", past=past, grow=lambda: past.play_on(bots))
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.playing
        await pilot.press("space")  # pause
        assert not screen.playing
        played = past.moves
        await pilot.press("right", "right")
        assert past.moves >= played + 1 and screen.move >= 2
        await pilot.press("down")
        assert past.turn_at(screen.move) >= 1
        await pilot.press("left")
        assert screen.move < past.moves or past.over
        simple = Game.replay(start.initial, [])
        play(simple, stop=lambda g: len(g.log) >= past.moves)  # the same simple players, the same game
        assert past.position(past.moves).view == simple.view(None)


async def test_the_help_tells_the_replays_keys(saves_root: Path) -> None:
    _, save_id = _saved(saves_root)
    app = _app(saves_root, kind="replay", past=Persistence(saves_root).past_game(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = "\n".join(str(w.render()) for w in app.screen.query(Static))
        assert "go to a turn" in text and "roll the dice" not in text
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_replay_screen(snap_compare: Callable[..., bool], tmp_path: Path, size: tuple[int, int]) -> None:
    """The real board at turn 30 of a saved game: the cash in the centre (and the holdings beside it on a
    large screen), the log under it where there is room, the replay's keys in the footer."""
    _, save_id = _saved(tmp_path)
    past = Persistence(tmp_path).past_game(save_id)
    app = LandlordsApp(AppOptions(theme="dark"), Opening(kind="replay", past=past, turn=30))
    assert snap_compare(app, terminal_size=size)
