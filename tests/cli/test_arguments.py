"""Every command-line argument is checked where it is parsed: a value out of range, or markup where a
name or a path goes, gets one clear line and exit status 2, never a traceback or a quiet success."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main

from hostile import unsafe

HUGE = "999999999999999999999999999999"


def _landlords(*argv: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cli.main", *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "--players", HUGE], "argument --players: must be at most 9, not " + HUGE),
        (["simulate", "--players", "1"], "argument --players: must be at least 2, not 1"),
        (["simulate", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["simulate", "--games", HUGE], "argument --games: must be at most 1,000,000"),
        (["simulate", "--max-turns", "-5"], "argument --max-turns: must be at least 1, not -5"),
        (["simulate", "--seed", "-1"], "argument --seed: must be at least 0, not -1"),
        (["simulate", "--seed", "2" + "0" * 20], "argument --seed: must be at most 18,446,744,073,709,551"),
        (["simulate", "--games", "many"], "argument --games: 'many' is not a whole number"),
        (["demo", "--turns", "-1"], "argument --turns: must be at least 1, not -1"),
        (["demo", "--turns", "0"], "argument --turns: must be at least 1, not 0"),
        (["demo", "--seed", HUGE + HUGE], "argument --seed: must be at most"),
        (["new", "--seed", "-3"], "argument --seed: must be at least 0, not -3"),
        (["replay", "x", "--to", "0"], "argument --to: turns are counted from 1"),
        (["replay", "x", "--to", HUGE], "argument --to: must be at most 100,000"),
        (["serve", "--rooms", "0"], "argument --rooms: must be at least 1, not 0"),
        (["serve", "--rooms", "many"], "argument --rooms: 'many' is not a whole number"),
        (["serve", "--over-room-kept", "-1"], "argument --over-room-kept: must be at least 0, not -1"),
        (["serve", "--over-room-kept", "1h"], "argument --over-room-kept: '1h' is not a whole number"),
        (["serve", "--lease", "-5"], "argument --lease: must be at least 3, not -5"),
        (["serve", "--lease", "0.5"], "argument --lease: '0.5' is not a whole number"),
        (["--theme", "\x1b]0;PWNED\x07"], "argument --theme: invalid choice: '\\x1b]0;PWNED\\x07'"),
    ],
)
def test_out_of_range_arguments_get_one_clear_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and unsafe(err) == []


def test_the_reported_cases_end_in_one_line_and_status_2(tmp_path: Path) -> None:
    """As the audit ran them: each once ended in a traceback or in status 0."""
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    cases = [
        (["simulate", "--players", HUGE], "must be at most 9"),
        (["simulate", "--bots", "[/],hard"], "--bots: unknown bot level [/]; choose from easy, normal"),
        (["saves", "list", "--saves-dir", "x[/]"], "No saved games in x[/]."),
        (["demo", "--turns", "-1"], "must be at least 1"),
        (["saves", "list", "--saves-dir", str(a_file)], f"landlords: {a_file}: not a folder"),
    ]
    for argv, says in cases:
        result = _landlords(*argv)
        assert "Traceback" not in result.stderr, argv
        assert says in result.stdout + result.stderr, (argv, result)
        expected = 0 if argv[-1] == "x[/]" else 2  # no folder yet is no error: nothing was saved
        assert result.returncode == expected, (argv, result)


def test_an_unreadable_or_wrong_saves_folder_is_an_error_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    for argv in (["saves", "list"], ["saves", "show", "x"], ["resume", "--status"], ["replay", "x"]):
        assert main([*argv, "--saves-dir", str(a_file)]) == 2
        assert capsys.readouterr().err == f"landlords: {a_file}: not a folder\n"


def test_serve_over_room_kept_sets_how_long_a_room_over_stays_in_the_lobby() -> None:
    from cli.main import build_parser
    from cli.serve import limits_of
    from server.base.config import Limits

    parser = build_parser(subcommands=["serve"])
    assert limits_of(parser.parse_args(["serve", "--over-room-kept", "600"])) == Limits(over_room_kept=600.0)
    assert limits_of(parser.parse_args(["serve", "--over-room-kept", "0"])).over_room_kept == 0.0
    assert limits_of(parser.parse_args(["serve"])).over_room_kept == 3600.0


def test_serve_rooms_limits_the_rooms_made_on_the_server() -> None:
    """`serve --rooms N` is the limit of rooms in all that a new room is checked against; the other limits
    stay as they are by default."""
    from cli.main import build_parser
    from cli.serve import limits_of
    from server.base.config import Limits
    from server.tables.making import make_plan
    from server.tables.plans import RoomRequest, SeatPlan, TableError

    limits = limits_of(build_parser(subcommands=["serve"]).parse_args(["serve", "--rooms", "2"]))
    assert limits == Limits(rooms=2)
    assert limits_of(build_parser(subcommands=["serve"]).parse_args(["serve"])) == Limits()

    def asked(creator: str, name: str) -> RoomRequest:
        return RoomRequest(
            creator, creator, name, "classic", {}, [SeatPlan("person"), SeatPlan("person")], 60, "normal"
        )

    made = [make_plan([], limits, asked("ada", "One"))]
    made.append(make_plan(made, limits, asked("bob", "Two")))
    with pytest.raises(TableError, match="as many rooms as it can hold"):
        make_plan(made, limits, asked("cy", "Three"))
