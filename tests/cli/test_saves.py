"""`landlords saves list | show | delete`, `landlords resume` and `landlords replay`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli.main import main
from engine import Game, new_game
from engine.core.fairness import fingerprint
from saves import SaveStore, Seat
from tui import terminal

from saved_games import GAMES, finished, play, seats_of


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A saves folder with a finished game, a game in progress (played last) and a damaged file."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("LANDLORDS_SAVES", raising=False)
    store = SaveStore(tmp_path)
    done, _ = finished(GAMES["modern, Short Game"])
    with store.create(done, seats_of(done), "Over and done"):
        pass
    going = GAMES["classic, 2 players"].start()
    play(going, stop=lambda g: g.state.turn >= 11 and g.state.pending.kind == "end_turn")  # type: ignore[union-attr]
    with store.create(going, seats_of(going), "Still going"):
        pass
    (tmp_path / "broken-deadbeef.json").write_text('{"format_version": 1, "title": "cut')
    return tmp_path


@pytest.fixture
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if run from a terminal, for `resume` to get as far as the save (it plays in no test)."""
    monkeypatch.setattr(terminal, "missing", lambda: False)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _id(folder: Path, title: str) -> str:
    return next(s.id for s in SaveStore(folder).list() if s.title == title)


def test_list_shows_a_table_and_the_damaged_files(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "saves", "list", "--saves-dir", str(folder))
    assert status == 0
    rows = [line for line in out.splitlines() if "Still going" in line or "Over and done" in line]
    assert "Still going" in rows[0] and "Over and done" in rows[1]  # the last played first
    assert re.search(
        r"Still going .*Classic .*Ada, Grace \(bot, easy\) .*turn 12 .*"
        r"[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d\d [AP]M",  # the date as the player's language writes it
        rows[0],
    )
    assert re.search(
        r"Over and done .*Modern .*Ada, Grace \(bot, easy\), Linus \(bot, normal\) .*over: \w+ won", rows[1]
    )
    assert "1 file could not be read:" in out
    assert "broken-deadbeef.json: the file is cut short" in out


def test_the_folder_comes_from_the_option_or_the_environment(
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    empty = tmp_path_factory.mktemp("empty")
    assert _run(capsys, "saves", "--saves-dir", str(empty), "list")[1] == f"No saved games in {empty}.\n"
    assert _run(capsys, "saves", "--saves-dir", str(empty))[1] == f"No saved games in {empty}.\n"
    monkeypatch.setenv("LANDLORDS_SAVES", str(folder))
    assert "Still going" in _run(capsys, "saves")[1]
    assert "No saved games" in _run(capsys, "saves", "list", "--saves-dir", str(empty))[1]


def test_show_tells_everything_about_one_game(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_id = _id(folder, "Still going")
    status, out, _ = _run(capsys, "saves", "show", save_id[:4], "--saves-dir", str(folder))
    assert status == 0
    assert f"Still going ({save_id})" in out
    assert "Classic edition, 2 players; turn 12" in out
    assert "Waiting for Grace to end the turn." in out
    for label in ("Rules", "as printed", "Seed", "Moves", "Created", "Saved by", "File"):
        assert label in out
    assert re.search(r"Ada\s+\$[\d,]+\s+\d+\s+\$[\d,]+", out)


def test_show_tells_the_rules_in_words(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_id = _id(folder, "Over and done")
    status, out, _ = _run(capsys, "saves", "show", save_id, "--saves-dir", str(folder))
    assert status == 0
    rules = next(line for line in out.splitlines() if line.startswith("Rules"))
    assert "the Short Game" in rules and "True" not in rules and "False" not in rules


def test_delete_asks_first_unless_told_not_to(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_id = _id(folder, "Over and done")
    status, _, err = _run(capsys, "saves", "delete", save_id, "--saves-dir", str(folder))
    assert status == 2
    assert err.startswith("landlords: not deleting 'Over and done'") and err.endswith("add --yes\n")
    assert len(SaveStore(folder).list()) == 2
    status, out, _ = _run(capsys, "saves", "delete", save_id, "--yes", "--saves-dir", str(folder))
    assert status == 0 and out.startswith("Deleted 'Over and done'")
    assert [s.title for s in SaveStore(folder).list()] == ["Still going"]
    status, out, _ = _run(capsys, "saves", "delete", "deadbeef", "-y", "--saves-dir", str(folder))
    assert status == 0 and "broken-deadbeef.json (unreadable)" in out
    assert SaveStore(folder).damaged() == []


def test_resume_status_shows_where_the_last_game_stands(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(capsys, "resume", "--status", "--saves-dir", str(folder))
    assert status == 0
    assert out.startswith("Still going (")
    assert "This turn so far:" in out and "Turn 12:" in out
    assert "Waiting for Grace to end the turn." in out
    assert err == "landlords: 1 damaged save skipped (see `landlords saves list`)\n"
    status, out, _ = _run(
        capsys, "resume", "--status", _id(folder, "Over and done"), "--saves-dir", str(folder)
    )
    assert status == 0 and "The last turn:" in out and "Game over:" in out


@pytest.mark.usefixtures("a_terminal")
def test_resume_and_replay_fail_in_one_line(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = [
        (("resume", "nope"), f"landlords: {folder}: no saved game has the id 'nope'\n"),
        (("resume", "deadbeef"), f"landlords: {folder / 'broken-deadbeef.json'}: the file is cut short"),
        (("replay", "deadbeef"), f"landlords: {folder / 'broken-deadbeef.json'}: the file is cut short"),
        (("saves", "show", "nope"), f"landlords: {folder}: no saved game has the id 'nope'\n"),
    ]
    for argv, expected in cases:
        status, out, err = _run(capsys, *argv, "--saves-dir", str(folder))
        assert (status, out) == (2, "")
        assert err.startswith(expected) and err.count("\n") == 1, err


@pytest.mark.usefixtures("a_terminal")
def test_resume_refuses_a_game_open_elsewhere(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, session = SaveStore(folder).open(_id(folder, "Still going"))
    with session:
        status, _, err = _run(capsys, "resume", "--saves-dir", str(folder))
    assert status == 2 and "this game is open in another landlords (process" in err


@pytest.mark.usefixtures("a_terminal")
def test_resume_with_no_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "resume", "--saves-dir", str(tmp_path / "none"))
    assert status == 2 and err == f"landlords: there are no saved games in {tmp_path / 'none'}\n"


def test_replay_tells_the_game_turn_by_turn(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_id = _id(folder, "Still going")
    status, out, _ = _run(capsys, "replay", save_id, "--to", "3", "--saves-dir", str(folder))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"Still going ({save_id}): Classic edition"
    assert lines[1] == "Players: Ada, Grace (bot, easy)"
    headers = [line for line in lines if line.startswith("Turn ")]
    assert headers == ["Turn 1: Ada to play.", "Turn 2: Grace to play.", "Turn 3: Ada to play."]
    assert any(line.startswith("  Ada rolled ") for line in lines)
    assert lines[-1] == "(Stopped after turn 3; the game is at turn 12.)"
    status, out, _ = _run(capsys, "replay", save_id, "--saves-dir", str(folder))
    headers = [line for line in out.splitlines() if line.startswith("Turn ")]
    assert len(headers) == 12 and headers[-1] == "Turn 12: Grace to play."
    assert out.splitlines()[-1] == "(The game goes on from turn 12.)"


def test_replay_tells_the_deal_of_a_dealt_game(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "replay", _id(folder, "Over and done"), "--saves-dir", str(folder))
    assert status == 0
    assert "  Ada was dealt " in out  # the Short Game's opening deal, which the log does not hold
    assert out.splitlines()[-1].startswith("  Game over: ")


def test_a_bad_turn_number_is_refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["replay", "x", "--to", "0", "--saves-dir", str(folder)])
    assert exit_.value.code == 2
    assert "turns are counted from 1" in capsys.readouterr().err


def test_replay_of_a_game_begun_from_a_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game set up from a prepared state (not by `new_game`) still replays, from its first turn."""
    game, _ = finished(GAMES["classic, 2 players"])
    middle = Game.from_state(Game.replay(game.initial, game.log[:50]).state)
    play(middle, stop=lambda g: len(g.log) >= 20)
    with SaveStore(tmp_path).create(middle, seats_of(middle), "From a position") as session:
        pass
    status, out, _ = _run(capsys, "replay", session.id, "--saves-dir", str(tmp_path))
    assert status == 0
    first_turn = next(line for line in out.splitlines() if line.startswith("Turn "))
    assert (
        first_turn
        == f"Turn {middle.initial.turn + 1}: {middle.initial.players[middle.initial.current].name} to play."
    )


def test_names_and_titles_are_printed_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Square brackets in a title or a name are text, not terminal markup."""
    monkeypatch.setenv("COLUMNS", "200")
    game = new_game("classic", ["[red]Eve[/red]", "Bob"], seed=3)
    seats = [Seat(name="[red]Eve[/red]", kind="human"), Seat(name="Bob", kind="bot", level="hard")]
    with SaveStore(tmp_path).create(game, seats, "[bold]Odd[/bold] one") as session:
        pass
    for argv in (("saves", "list"), ("saves", "show", session.id), ("resume", "--status", session.id)):
        status, out, _ = _run(capsys, *argv, "--saves-dir", str(tmp_path))
        assert status == 0
        assert "[bold]Odd[/bold] one" in out and "[red]Eve[/red]" in out, argv


def test_show_counts_the_turns_as_the_game_over_screen_and_the_list_do(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game-over screen said 80 turns where `saves show` said 79 (the turns before the last)."""
    done = SaveStore(folder).load(_id(folder, "Over and done")).game.state
    out = _run(capsys, "saves", "show", _id(folder, "Over and done"), "--saves-dir", str(folder))[1]
    moves = next(line for line in out.splitlines() if line.startswith("Moves")).rstrip()
    assert f" commands, {done.turn + 1} turns played; " in moves  # as "... wins ... 80 turns played"
    out = _run(capsys, "saves", "show", _id(folder, "Still going"), "--saves-dir", str(folder))[1]
    moves = next(line for line in out.splitlines() if line.startswith("Moves")).rstrip()
    assert " commands, 11 turns played, turn 12 under way; " in moves  # the list's "turn 12"


def test_list_and_show_mark_a_game_with_take_backs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    store = SaveStore(tmp_path)
    going = GAMES["classic, 2 players"].start()
    play(going, stop=lambda g: g.state.turn >= 3)
    with store.create(going, seats_of(going), "Taken back") as session:
        session.takebacks = 2
        session.save(going)
    _, out, _ = _run(capsys, "saves", "list", "--saves-dir", str(tmp_path))
    assert "moves taken back 2 times" in " ".join(out.split())
    _, out, _ = _run(capsys, "saves", "show", _id(tmp_path, "Taken back"), "--saves-dir", str(tmp_path))
    assert re.search(r"Take-backs\s+moves taken back 2 times", out)


def test_replay_text_is_the_same_narration(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--text` tells what `replay` told before the board (and still tells without a terminal)."""
    save_id = _id(folder, "Still going")
    _, told, _ = _run(capsys, "replay", save_id, "--to", "3", "--saves-dir", str(folder))
    status, out, _ = _run(capsys, "replay", save_id, "--text", "--to", "3", "--saves-dir", str(folder))
    assert status == 0 and out == told and "Turn 3: Ada to play." in out
    seed = SaveStore(folder).load(save_id).game.initial.seed
    pledge = next(line for line in out.splitlines() if line.strip())  # after the title and the players
    assert out.index("Fair dice: ") < out.index("Turn 1:")
    assert f"whose SHA-256 is {fingerprint(seed)}" in out and pledge


@pytest.mark.usefixtures("a_terminal")
def test_replay_of_a_damaged_file_says_so_in_one_line_and_leaves_it(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = folder / "broken-deadbeef.json"
    before = broken.read_bytes()
    for extra in ((), ("--text",)):
        status, out, err = _run(capsys, "replay", str(broken), *extra, "--saves-dir", str(folder))
        assert (status, out) == (2, "")
        assert err.startswith(f"landlords: {broken}: the file is cut short") and err.count("\n") == 1
    foreign = folder / "notes.txt"
    foreign.write_text("shopping: bread, milk\n")
    status, _, err = _run(capsys, "replay", str(foreign), "--saves-dir", str(folder))
    assert status == 2 and err.startswith(f"landlords: {foreign}: ") and err.count("\n") == 1
    assert broken.read_bytes() == before and foreign.read_text() == "shopping: bread, milk\n"


def test_replay_with_no_game_needs_a_terminal_not_a_name(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With no GAME the saved games are offered on screen, never a usage error; without a terminal that
    screen cannot be drawn, and `--text` needs a game named."""
    status, _, err = _run(capsys, "replay", "--saves-dir", str(folder))
    assert status == 2 and "usage" not in err and err.strip() == terminal.NEEDS_TERMINAL.strip()
    status, _, err = _run(capsys, "replay", "--text", "--saves-dir", str(folder))
    assert status == 2 and "name the game to tell as text" in err and err.count("\n") == 1


@pytest.mark.parametrize("lines", [False, True], ids=["table", "plain"])
def test_a_save_timed_at_the_edge_of_the_calendar_is_listed_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: bool
) -> None:
    """A save's times are text in a file: year 1 with an offset east of UTC has no local time."""
    store = SaveStore(tmp_path)
    game = GAMES["classic, 2 players"].start()
    with store.create(game, seats_of(game), "Edge of time"):
        pass
    (path,) = tmp_path.glob("*.json")
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'"updated":\s*"[^"]*"', '"updated": "0001-01-01T00:00:00+14:00"', text, count=1)
    path.write_text(text, encoding="utf-8")
    argv = [*(["--plain"] if lines else []), "saves", "list", "--saves-dir", str(tmp_path)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "Edge of time" in out and "Traceback" not in err


def test_the_list_and_show_name_the_edition_in_the_readers_language(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "--lang", "es", "saves", "list", "--saves-dir", str(folder))
    assert status == 0
    row = next(line for line in out.splitlines() if "Still going" in line)
    assert "Clásico" in row and "Classic" not in row, row
    assert "(bot, fácil)" in row, row  # the bot's level in the same language
    status, out, _ = _run(
        capsys, "--lang", "es", "saves", "show", _id(folder, "Still going"), "--saves-dir", str(folder)
    )
    assert status == 0 and "Clásico" in out and "Classic" not in out, out
