"""What the line mode says: `brief` by default (the bots' asides and the bookkeeping left out, said once at
the start), the person's choice kept in a settings file for their next game (a new one, or one taken up
again with `resume --plain`), and a settings file that cannot be read taken for the default, never a
traceback."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from cli.main import main
from engine import RuleOptions, new_game
from lines.local import play
from lines.session import BRIEF_LEAVES_OUT
from lines.settings import BRIEF, ENV_VAR, FILE, MOST_BYTES, Settings, load, save, settings_file
from room import Room, Seat
from room.opponents import make_opponents

from linetable import LineTable, line_table, words_now

BRIEF_START = "You hear the moves only; type verbose for every event and the bots' reasons."
VERBOSE_START = "You hear every event and the bots' reasons; type brief for the moves only."

Capture = pytest.CaptureFixture[str]


def _asides(room: Room) -> set[str]:
    """The sentences of what `brief` leaves out that happened in the room (the bots' reasons...)."""
    return {room.narrate(e) for e in room.history() if e.kind in BRIEF_LEAVES_OUT}


def _turns(lt: LineTable, count: int) -> None:
    for _ in range(count):
        legal = words_now(lt.table())
        lt.type(next((w for w in ("roll", "end", "decline", "pass") if w in legal), "pass"))


def _room(seed: int = 2) -> Room:
    seats = [Seat(name="Vera", kind="human"), Seat(name="Ada", kind="bot", level="easy")]
    game = new_game("classic", ["Vera", "Ada"], seed=seed, rules=RuleOptions(short_game=True))
    return Room(game, seats, make_opponents(seats, seed))


TURNS = "roll\ndecline\npass\nend\n" * 8
"""A few turns typed at this terminal (what is not allowed at that moment is refused and changes nothing)."""


def _played(typed: str) -> tuple[str, Room]:
    """A new game against a bot at this terminal (`lines.local.play`), with `typed` as its input."""
    room = _room()
    out = io.StringIO()
    assert play(room, "instant", io.StringIO(typed), out) == 0
    return out.getvalue(), room


def test_a_new_line_session_is_brief_and_says_once_that_verbose_tells_everything() -> None:
    lt = line_table("classic", 2)
    _turns(lt, 6)
    said = lt.transcript.splitlines()
    assert said[1].endswith(BRIEF_START) and lt.transcript.count(BRIEF_START) == 1
    assert _asides(lt.room), "the bots gave their reasons in these turns"
    assert not _asides(lt.room) & set(said), "brief leaves them out"
    lt.type("verbose")
    _turns(lt, 6)
    after = set(lt.transcript.split("> verbose\n", 1)[1].splitlines())
    assert _asides(lt.room) & after, "verbose tells them from then on"


def test_verbose_chosen_at_this_terminal_holds_for_the_next_game() -> None:
    first, _room_played = _played("verbose\nroll\n")
    assert BRIEF_START in first and "Verbose: every event and the bots' reasons." in first
    assert load() == Settings(verbose=True)
    again, room = _played(TURNS)
    assert VERBOSE_START in again and BRIEF_START not in again
    assert _asides(room), "the bot gave its reasons in these turns"
    assert all(aside in again for aside in _asides(room)), "the bots' reasons are told from the start"
    _played("brief\nmine\n")
    assert load() == Settings(verbose=False, only_mine=True)
    assert json.loads(settings_file().read_text())["lines"] == {"verbose": False, "mine": True}


def test_the_choice_holds_when_a_saved_game_is_taken_up_again(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture, tmp_path: Path
) -> None:
    common = ["--speed", "instant", "--saves-dir", str(tmp_path / "saves"), "--name", "Vera"]
    monkeypatch.setattr("sys.stdin", io.StringIO("quick\nroll\nquit\n"))
    assert main(["--plain", *common]) == 0
    assert BRIEF_START in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("verbose\nquit\n"))
    assert main(["resume", "--plain", *common]) == 0
    assert BRIEF_START in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["resume", "--plain", *common]) == 0
    out = capsys.readouterr().out
    assert VERBOSE_START in out and BRIEF_START not in out


def test_a_lesson_in_brief_still_tells_its_explanations(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("roll\nbuy\nend\nquit\n"))
    argv = ["learn", "--plain", "--speed", "instant", "--saves-dir", str(tmp_path), "--name", "Vera"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert BRIEF_START in out
    assert out.count("Lesson: ") >= 2  # the welcome, and what the first throw brought


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"lines": "verbose"}',
        b'{"lines": {"verbose": "yes", "mine": 1}}',
        b"[" * 30_000 + b"]" * 30_000,
        b'{"lines": {"verbose": true}, "pad": "' + b"x" * MOST_BYTES + b'"}',
    ],
    ids=["not-json", "not-utf8", "a-list", "a-string", "not-booleans", "too-deep", "too-large"],
)
def test_a_settings_file_that_cannot_be_read_means_the_default(content: bytes) -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_bytes(content)
    assert load() == BRIEF
    out, _room_played = _played("roll\n")
    assert BRIEF_START in out and "Traceback" not in out


def test_a_settings_file_that_is_a_folder_means_the_default_and_a_choice_says_it_was_not_kept() -> None:
    settings_file().mkdir(parents=True)
    assert load() == BRIEF
    out, _room_played = _played("verbose\nroll\n")
    assert BRIEF_START in out and "Verbose: every event and the bots' reasons." in out
    assert "This holds for this game; it could not be kept for the next" in out


def test_the_settings_file_keeps_what_else_it_holds_and_where_it_is_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert settings_file() == Path(os.environ[ENV_VAR]) / FILE
    assert settings_file(tmp_path) == tmp_path / FILE
    monkeypatch.delenv(ENV_VAR)
    import platformdirs

    assert settings_file() == platformdirs.user_config_path("landlords") / FILE
    path = tmp_path / FILE
    path.write_text(json.dumps({"other": [1, 2]}))
    assert save(Settings(verbose=True), path) is None
    assert json.loads(path.read_text()) == {"other": [1, 2], "lines": {"verbose": True, "mine": False}}
    assert load(path) == Settings(verbose=True)
    assert [p.name for p in tmp_path.iterdir()] == [FILE], "no half-written copy left behind"


def test_settings_are_kept_as_the_words_that_choose_them() -> None:
    every = [Settings(v, m) for v in (False, True) for m in (False, True)]
    assert [s.words for s in every] == ["brief", "brief mine", "verbose", "verbose mine"]
    assert all(Settings.of_words(s.words) == s for s in every)
    assert Settings.of_words("loud") is None and Settings.of_words("brief mine mine") is None
    assert Settings.of_words("") is None and Settings.of_words("mine") is None
