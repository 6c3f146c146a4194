"""`landlords simulate --bots`: the tournament report, its JSON, and clear answers to bad input."""

from __future__ import annotations

import json
import re

import pytest

from cli.main import main


def test_a_tournament_prints_wins_per_level_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--bots", "hard,normal,easy", "--games", "3", "--seed", "2", "--max-turns", "400"])
        == 0
    )
    out = capsys.readouterr().out
    for words in ("hard", "normal", "easy", "95% interval", "3 games", "average length", "cap of 400 turns"):
        assert words in out


def test_the_json_report_has_games_and_wins_by_level(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--bots",
        "Normal, easy",
        "--games",
        "4",
        "--seed",
        "5",
        "--json",
        "--max-turns",
        "300",
    ]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4
    assert set(data["wins_by_level"]) == {"normal", "easy"}
    assert sum(data["wins_by_level"].values()) + data["capped"] == 4
    assert data["lineup"] == ["normal", "easy"] and data["seed"] == 5 and data["max_turns"] == 300
    assert 0 <= data["levels"]["normal"]["ci95"][0] <= data["levels"]["normal"]["share"]


def test_the_same_seed_gives_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--bots",
        "hard,random",
        "--games",
        "2",
        "--seed",
        "8",
        "--json",
        "--max-turns",
        "200",
    ]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "hard,wizard"], "unknown bot level wizard"),
        (["--bots", "hard"], "at least 2 seats"),
        (["--bots", "hard,easy", "--players", "3"], "does not match"),
        (["--bots", ",".join(["easy"] * 9)], "2 to 8 players"),
        (["--bots", "[/],hard"], "unknown bot level [/]"),  # quoted as typed, never read as markup
    ],
)
def test_bad_input_gets_a_clear_answer_and_no_traceback(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args, "--games", "1"] if "--games" not in args else ["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_without_bots_the_simple_players_report_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"games", "rolls", "wins", "turns", "capped", "landings", "scores", "top_buyer"}
    assert len(data["wins"]) == 4 and len(data["scores"]["average_by_seat"]) == 4


def test_the_1904_report_says_how_often_somebody_went_to_the_poorhouse(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--edition", "landlords-1904", "--games", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["capped"] == 0 and set(data["poorhouse"]) == {"games", "share", "visits"}
    assert main(["simulate", "--edition", "landlords-1904", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "poorhouse" in out and "Average final worth by seat" in out


def test_finance_games_run_to_an_end_headless(capsys: pytest.CaptureFixture[str]) -> None:
    """`landlords simulate --edition finance-1936`: the simple players and the bots finish their games."""
    assert main(["simulate", "--edition", "finance-1936", "--games", "6", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6 and data["capped"] == 0 and sum(data["wins"]) == 6
    landings = data["landings"]
    assert len(landings) == 40 and all(landings[s] == 0 for s in (20, 30))  # nobody rests on them
    args = ["simulate", "--edition", "finance-1936", "--bots", "hard,normal,easy", "--games", "3", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "finance-1936" and data["capped"] == 0


def test_the_report_says_who_was_first_to_three_houses_and_how_often_that_won(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--bots", "hard,normal,normal,normal", "--games", "8", "--seed", "3", "--jobs", "1"]
    assert main([*args, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["figures"]
    hard = figures["hard"]
    assert 0 < hard["first_to_three_houses"] <= 1 and 0 <= hard["won_when_first"] <= 1
    assert main(args) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "First to three houses on every lot of a group: hard in " in out
    assert f"hard in {100 * hard['first_to_three_houses']:.0f}% of its games" in out


def test_the_manners_table_keeps_a_level_to_a_line_in_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert (
        main(
            ["simulate", "--bots", "hard,normal,normal,normal", "--games", "4", "--seed", "2", "--jobs", "1"]
        )
        == 0
    )
    out = capsys.readouterr().out
    table = out[out.index("At the table") :]
    rows = [line for line in table.splitlines() if line.startswith("│ ")]
    assert [row.split()[1] for row in rows] == ["hard", "normal"]  # no row wrapped onto a second line
    assert max(len(line) for line in table.splitlines() if line.startswith(("│", "┃", "┏", "┗"))) <= 80
    assert re.search(r"\d\.\d\dx, most \d\.\d\dx", rows[0])


def test_the_tables_say_what_was_played_and_where_go_to_jail_is_counted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table said nobody ever landed on Go To Jail (those rolls end on Jail) and not what it played."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["simulate", "--games", "2", "--seed", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games of Classic (classic) between 4 of the engine's simple players (")
    row = next(line for line in out.splitlines() if "Go To Jail" in line)
    assert "Go To Jail (counted on Jail)" in row and row.split("│")[3].strip() == "-"
    assert main(["simulate", "--bots", "normal,easy", "--games", "2", "--seed", "3", "--jobs", "1"]) == 0
    assert "2 games of Classic (classic); average length" in capsys.readouterr().out
