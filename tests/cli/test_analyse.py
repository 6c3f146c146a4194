"""`landlords analyse` and `landlords simulate --save-games`: every game a run plays kept as a save that
loads, replays and can be analysed at any turn; bad input answered in one line, nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli.main import main
from engine.chances import SHOWN_PLAYOUTS
from room.chance_words import model_error
from saves import SaveStore


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three games of a bot tournament, kept by `--save-games`."""
    folder = tmp_path_factory.mktemp("kept")
    run = ["simulate", "--games", "3", "--seed", "4", "--bots", "hard,normal,easy,normal", "--jobs", "1"]
    code = main([*run, "--save-games", str(folder), "--json"])
    assert code == 0
    return folder


def test_every_game_of_a_run_is_kept_as_a_save_that_replays(kept: Path) -> None:
    files = sorted(p.name for p in kept.iterdir())
    assert files == ["game-00000.json", "game-00001.json", "game-00002.json"]
    store = SaveStore(kept)
    for name in files:
        loaded = store.load(str(kept / name))  # loading replays the log and checks it against the snapshot
        levels = [seat.level or "" for seat in loaded.seats]
        assert sorted(levels) == ["easy", "hard", "normal", "normal"]
        assert loaded.game.state.winner is not None or loaded.game.state.turn >= 1000


def analyse(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(["analyse", *words])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_winner_of_a_finished_game_has_every_chance(
    kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = analyse(capsys, str(kept / "game-00001.json"), "--json")
    assert code == 0
    data = json.loads(out)
    winner = SaveStore(kept).load(str(kept / "game-00001.json")).game.state.winner
    assert data["edition"] == "classic" and data["playouts"] == SHOWN_PLAYOUTS  # the panel's count
    for p in data["players"]:
        expected = 1.0 if p["seat"] == winner else 0.0
        assert (p["win"], p["low"], p["high"]) == (expected, expected, expected)
        assert p["name"] == f"Bot {p['seat'] + 1}"


def test_a_position_after_turn_n(kept: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = str(kept / "game-00000.json")
    code, out, _ = analyse(capsys, game, "--turn", "40", "--playouts", "50", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["turn"] == 40 and data["playouts"] == 0  # classic: its learned value alone, no playouts
    assert all(p["playouts_low"] == p["win"] == p["playouts_high"] for p in data["players"])
    assert sum(p["win"] for p in data["players"]) == pytest.approx(1.0)
    assert all(0 <= p["low"] <= p["win"] <= p["high"] <= 1 for p in data["players"])
    # the range shown counts the model's measured error as well as the playouts' luck
    error = data["model_error"]
    assert error == model_error("classic") > 0
    for p in data["players"]:
        assert p["low"] == pytest.approx(max(0.0, p["playouts_low"] - error))
        assert p["high"] == pytest.approx(min(1.0, p["playouts_high"] + error))
    code, table, _ = analyse(capsys, game, "--turn", "40", "--playouts", "50")
    assert code == 0 and "after 40 turns" in table and "Chance to win" in table and "no playouts" in table
    assert re.search(r"about \d+%\W+\d+-\d+%", table) and not re.search(r"\d\.\d+%", table)  # whole percents


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--turn", "100000"], "has been played for"),
        (["--playouts", "0"], "at least one playout"),
        (["--turn", "-3"], "a turn is 0 or more"),
    ],
)
def test_bad_requests_get_one_line_and_status_two(
    kept: Path, capsys: pytest.CaptureFixture[str], words: list[str], said: str
) -> None:
    before = sorted(kept.iterdir())
    try:
        code, out, err = analyse(capsys, str(kept / "game-00000.json"), *words)
    except SystemExit as exc:  # argparse refuses a malformed number itself, with its usage line
        code, out, err = int(str(exc.code)), *capsys.readouterr()
    assert code == 2 and out == "" and said in err
    assert sorted(kept.iterdir()) == before


def test_a_file_that_is_not_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": "there"}')
    code, out, err = analyse(capsys, str(bad))
    assert code == 2 and out == "" and err.count("\n") == 1 and "not a landlords save" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json"]
    code, _, err = analyse(capsys, "./no-such-file.json")
    assert code == 2 and "no such save file" in err


def test_simulate_refuses_a_folder_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / ("a-folder-with-a-long-name-" * 4) / "a-file"  # longer than a line of 80
    blocker.parent.mkdir()
    blocker.write_text("")
    code = main(["simulate", "--games", "1", "--save-games", str(blocker / "games"), "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err  # one line to a pipe, however long the path
    assert "--save-games" in err and "cannot be made" in err and str(blocker) in err
