"""`landlords simulate --shard I/N` and `landlords merge`: a run spread over shards comes together into
exactly the report of the run played in one go, and a wrong set of shards is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.main import main
from engine.tools.shards import share


def shards(folder: Path, capsys: pytest.CaptureFixture[str], run: list[str], count: int) -> list[str]:
    """Play each shard of `run`, keeping what it prints in a file of its own in `folder`; their names."""
    folder.mkdir(exist_ok=True)
    names = []
    for index in range(1, count + 1):
        assert main(["simulate", *run, "--jobs", "1", "--shard", f"{index}/{count}"]) == 0
        path = folder / f"shard-{index}.json"
        path.write_text(capsys.readouterr().out, encoding="utf-8")
        names.append(str(path))
    return names


@pytest.mark.parametrize(
    "run",
    [
        ["--games", "10", "--seed", "5"],
        ["--games", "7", "--seed", "2", "--bots", "hard,normal,easy", "--max-turns", "150"],
    ],
    ids=["simple", "bots"],
)
def test_three_shards_merged_equal_the_run_in_one_go(
    run: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = shards(tmp_path, capsys, run, 3)
    assert main(["simulate", *run, "--jobs", "1", "--json"]) == 0
    whole = capsys.readouterr().out
    assert main(["merge", names[2], names[0], names[1], "--json"]) == 0  # in any order
    assert capsys.readouterr().out == whole
    if "--bots" not in run:  # the tables too (the same report, printed the other way)
        assert main(["simulate", *run, "--jobs", "1"]) == 0
        tables = capsys.readouterr().out
        assert main(["merge", *names]) == 0
        assert capsys.readouterr().out == tables
    records = [json.loads(Path(n).read_text(encoding="utf-8")) for n in names]
    assert [r["shard"]["games"] for r in records] == [share(int(run[1]), i, 3)[1] for i in (1, 2, 3)]


def test_the_shares_cover_every_game_once_in_order() -> None:
    for games in (1, 5, 10, 999):
        for count in range(1, min(games, 12) + 1):
            parts = [share(games, i, count) for i in range(1, count + 1)]
            assert [f for f, _ in parts] == [sum(n for _, n in parts[:k]) for k in range(count)]
            assert sum(n for _, n in parts) == games and min(n for _, n in parts) >= games // count


def test_a_wrong_set_of_shards_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = shards(tmp_path, capsys, ["--games", "4", "--seed", "1", "--max-turns", "200"], 2)
    other = shards(tmp_path / "other", capsys, ["--games", "4", "--seed", "2", "--max-turns", "200"], 2)
    not_a_shard = tmp_path / "report.json"
    not_a_shard.write_text('{"games": 4}', encoding="utf-8")
    cases = {
        "missing": ([names[0]], "shard 2 of 2 missing"),
        "twice": ([names[0], names[0], names[1]], "both shard 1 of 2"),
        "another run": ([names[0], other[1]], "another run"),
        "not a shard": ([names[0], str(not_a_shard)], "not a shard's record"),
        "no file": ([names[0], str(tmp_path / "none.json")], "none.json"),
    }
    for case, (given, said) in cases.items():
        assert main(["merge", *given]) == 2, case
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1 and "Traceback" not in err, (case, err)


@pytest.mark.parametrize(
    ("shard", "said"), [("3/2", "shard 3 of 2"), ("2", "is not I/N"), ("0/2", "counted from 1"), ("a/b", "a")]
)
def test_a_shard_that_is_not_one_is_refused(
    shard: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--games", "4", "--shard", shard])
    assert stop.value.code == 2 and said in capsys.readouterr().err


def test_more_shards_than_games_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--shard", "1/3"]) == 2
    assert "leave some empty" in capsys.readouterr().err
